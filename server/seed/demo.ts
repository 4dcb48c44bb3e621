import { readFileSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import {
  appUser, client, model, project, projectRole, subregion, templateModel, typeProject, versionModel,
} from '../db/schema/index.ts';
import { startFromTemplate } from '../services/models.ts';

const workedExample = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const PROJECTS = [
  { name: 'Stationsgebied', number: '2024-001', type: 'Herstructurering', subregion: 'Centrum', organisation: 'Gemeente Voorbeeld', projectmanager: 'J. de Vries' },
  { name: 'Woonwijk De Weide', number: '2024-002', type: 'Woningbouw', subregion: 'Noord', organisation: 'Gemeente Voorbeeld', projectmanager: 'A. Jansen' },
  { name: 'Bedrijventerrein Zuid', number: null, type: 'Bedrijventerrein', subregion: 'Zuid', organisation: 'Ontwikkelaar B.V.', projectmanager: null },
];

/**
 * `npm run seed -- --demo`: sample projects in the first client, each with two versions of an
 * online model (the worked example of calculation.md) and a spreadsheet model. Projects that exist
 * are left alone. The demo users get ADM / USR / VWR on them, like their global roles. The spreadsheet
 * model starts as a copy of the client's first template (ensureTemplateModels gave it its file).
 */
export async function seedDemoProjects(db: Db, at = new Date()): Promise<number> {
  const [c] = await db.select().from(client).orderBy(client.id).limit(1);
  if (!c) throw new Error('Geen klant in de database; start de server eerst één keer.');
  const users = await db.select().from(appUser).where(and(eq(appUser.clientId, c.id), inArray(appUser.role, ['ADM', 'USR', 'VWR'])));
  const types = await db.select().from(typeProject).where(eq(typeProject.clientId, c.id));
  const subs = await db.select().from(subregion).where(eq(subregion.clientId, c.id));
  const [template] = await db.select().from(templateModel).where(eq(templateModel.clientId, c.id)).orderBy(templateModel.id).limit(1);
  const author = users.find((u) => u.role === 'ADM') ?? users[0];
  let created = 0;
  for (const p of PROJECTS) {
    const exists = await db.select({ id: project.id }).from(project).where(and(eq(project.clientId, c.id), eq(project.name, p.name)));
    if (exists.length) continue;
    await db.transaction(async (tx) => {
      const [row] = await tx.insert(project).values({
        clientId: c.id, name: p.name, number: p.number, organisation: p.organisation, projectmanager: p.projectmanager,
        description: `Voorbeeldproject ${p.name}`,
        typeProjectId: (types.find((t) => t.description === p.type) ?? types[0]).id,
        subregionId: (subs.find((s) => s.description === p.subregion) ?? subs[0]).id,
        createdBy: author?.id, lastModifiedBy: author?.id,
      }).returning();
      if (users.length) await tx.insert(projectRole).values(users.map((u) => ({ projectId: row.id, userId: u.id, role: u.role })));
      for (const versionName of ['Versie 1', 'Versie 2']) {
        const [v] = await tx.insert(versionModel).values({ projectId: row.id, name: versionName, createdBy: author?.id, lastModifiedBy: author?.id }).returning();
        const [, spreadsheet] = await tx.insert(model).values([
          { versionId: v.id, name: 'Grondexploitatie', modelPlatform: 'online', modelData: workedExample, createdBy: author?.id, lastModifiedBy: author?.id },
          { versionId: v.id, name: 'Rekenmodel Excel', modelPlatform: 'spreadsheet', typeModelId: template?.id ?? null, createdBy: author?.id, lastModifiedBy: author?.id },
        ]).returning({ id: model.id });
        if (template?.fileId) await startFromTemplate(tx, { modelId: spreadsheet!.id, templateFileId: template.fileId, userId: author?.id ?? null, at });
      }
    });
    created++;
  }
  return created;
}
