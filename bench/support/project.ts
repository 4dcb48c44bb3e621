import type { Db } from '../../server/db/index.ts';
import { project, projectRole } from '../../server/db/schema/index.ts';
import { type Tenant, createTenant } from '../../test/server/fixtures.ts';

/** A client with one project 'Bench' on which its administrator is project ADM: where a bench puts its versions and models. */
export async function benchProject(db: Db, now: Date): Promise<{ tenant: Tenant; projectId: number }> {
  const tenant = await createTenant(db, 'bench');
  const [p] = await db.insert(project).values({
    createdAt: now, timestampLastModified: now, clientId: tenant.clientId, name: 'Bench', subregionId: tenant.subregionId, typeProjectId: tenant.typeProjectId,
  }).returning();
  await db.insert(projectRole).values({ projectId: p!.id, userId: tenant.adm.id, role: 'ADM' });
  return { tenant, projectId: p!.id };
}
