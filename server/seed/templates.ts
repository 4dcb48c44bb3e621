import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { appUser, client, templateModel, templateReport, userTemplateReport } from '../db/schema/index.ts';
import { saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { TEMPLATE_FILENAME, TEMPLATE_NAME, buildModelTemplate } from '../../src/formulas/modelTemplate.ts';
import { SHIPPED_REPORT_TEMPLATES } from '../../src/formulas/reportTemplates.ts';

let shipped: Promise<Uint8Array> | undefined;
/** The shipped template's workbook, built once per process. */
export const shippedTemplate = () => (shipped ??= buildModelTemplate());

/**
 * Every start: a client without spreadsheet-model templates gets the shipped one, and a template row
 * without a file (data folders from before the template existed) gets the shipped workbook, so that a
 * new spreadsheet model always starts as a copy of a file. Each row has its own stored copy (files
 * belong to one client). Serialised by an advisory lock, so instances starting together store it once.
 * Returns how many rows got a file.
 */
export async function ensureTemplateModels(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('grondslag:template_model'))`);
    const bare = await tx.select({ id: client.id }).from(client)
      .where(sql`NOT EXISTS (SELECT 1 FROM template_model t WHERE t.client_id = ${client.id})`);
    if (bare.length) await tx.insert(templateModel).values(bare.map((c) => ({ clientId: c.id, name: TEMPLATE_NAME })));
    const empty = await tx.select({ id: templateModel.id, clientId: templateModel.clientId }).from(templateModel).where(isNull(templateModel.fileId));
    for (const t of empty) {
      const file = await saveFile(tx, { clientId: t.clientId, filename: TEMPLATE_FILENAME, contentType: XLSX_CONTENT_TYPE, data: await shippedTemplate(), at });
      await tx.update(templateModel).set({ fileId: file.id }).where(eq(templateModel.id, t.id));
    }
    return empty.length;
  });
}

const shippedReports = new Map<string, Promise<Uint8Array>>();
/** A shipped report template's workbook (by name), built once per process. */
export function shippedReportTemplate(name: string): Promise<Uint8Array> {
  const t = SHIPPED_REPORT_TEMPLATES.find((s) => s.name === name)!;
  let built = shippedReports.get(name);
  if (!built) shippedReports.set(name, (built = t.build()));
  return built;
}

/**
 * Every start: a client with no report template that has a workbook (a new client, or one that has
 * only file-less rows of older data folders) gets the shipped report templates
 * (src/formulas/reportTemplates.ts), granted to all its users (on a first start: the demo users; admins
 * see all templates anyway); and a file-less row with a shipped template's name gets its workbook. A
 * client that has templates of its own keeps exactly those: staff may delete a shipped one. Serialised
 * like ensureTemplateModels. Returns how many rows got a file.
 */
export async function ensureReportTemplates(db: Db, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('grondslag:template_report'))`);
    const bare = await tx.select({ id: client.id }).from(client)
      .where(sql`NOT EXISTS (SELECT 1 FROM template_report t WHERE t.client_id = ${client.id} AND t.file_id IS NOT NULL)`);
    for (const c of bare) {
      const have = new Set((await tx.select({ name: templateReport.name }).from(templateReport).where(eq(templateReport.clientId, c.id)))
        .map((r) => r.name.toLowerCase()));
      const added = SHIPPED_REPORT_TEMPLATES.filter((t) => !have.has(t.name.toLowerCase()));
      if (!added.length) continue;
      const rows = await tx.insert(templateReport).values(added.map((t) => ({
        clientId: c.id, name: t.name, description: t.description, nModelsMin: t.nModelsMin, nModelsMax: t.nModelsMax,
      }))).returning({ id: templateReport.id });
      const users = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.clientId, c.id));
      if (users.length) await tx.insert(userTemplateReport).values(users.flatMap((u) => rows.map((r) => ({ userId: u.id, templateReportId: r.id }))));
    }
    const byName = new Map(SHIPPED_REPORT_TEMPLATES.map((t) => [t.name.toLowerCase(), t]));
    const empty = await tx.select({ id: templateReport.id, clientId: templateReport.clientId, name: templateReport.name }).from(templateReport)
      .where(and(isNull(templateReport.fileId), inArray(sql`lower(${templateReport.name})`, [...byName.keys()])));
    for (const r of empty) {
      const t = byName.get(r.name.toLowerCase())!;
      const file = await saveFile(tx, { clientId: r.clientId, filename: t.filename, contentType: XLSX_CONTENT_TYPE, data: await shippedReportTemplate(t.name), at });
      await tx.update(templateReport).set({ fileId: file.id }).where(eq(templateReport.id, r.id));
    }
    return empty.length;
  });
}
