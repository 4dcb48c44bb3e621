import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { templateReport, userTemplateReport } from '../db/schema/index.ts';
import { type HttpError, badRequest, notFound } from '../errors.ts';
import { assertCanManageReportTemplates, assertCanReadReferenceData, seesAllReportTemplates } from '../policies/admin.ts';
import { deleteFiles, readFile, saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE, fileRefusal } from '../storage/xlsx.ts';
import { command } from './command.ts';
import { REPORT_TEMPLATE_MESSAGES } from '../../src/api/contract/messages.ts';
import type { TemplateReportCreateBody, TemplateReportItem, TemplateReportPatchBody } from '../../src/api/contract/templateReport.ts';
import { missingSheetsMessage } from '../../src/formulas/reportWorkbook.ts';
import { checkWorkbook } from '../threads/workbookThreads.ts';

// Report templates (spec 1 §7 template-report/; docs/reports.md): the list everybody reads (his grants;
// an admin all), and staff's upload, change, delete and download. Always within the caller's client.

type Row = typeof templateReport.$inferSelect;

const itemOf = (t: Pick<Row, 'id' | 'name' | 'description' | 'nModelsMin' | 'nModelsMax'>): TemplateReportItem => ({
  id: t.id, name: t.name, description: t.description, n_models_min: t.nModelsMin, n_models_max: t.nModelsMax,
});

const ITEM = {
  id: templateReport.id, name: templateReport.name, description: templateReport.description,
  nModelsMin: templateReport.nModelsMin, nModelsMax: templateReport.nModelsMax,
};
const byName = asc(sql`lower(${templateReport.name})`);

/** GET template-report/: an admin sees all (or, with a filter, only its own grants); others their grants. */
export async function listTemplateReports(ctx: AppContext, actor: UserRow, filter: string | undefined): Promise<TemplateReportItem[]> {
  assertCanReadReferenceData(actor);
  const rows = seesAllReportTemplates(actor) && !filter
    ? await ctx.db.select(ITEM).from(templateReport).where(eq(templateReport.clientId, actor.clientId)).orderBy(byName)
    : await ctx.db.select(ITEM).from(templateReport)
      .innerJoin(userTemplateReport, eq(userTemplateReport.templateReportId, templateReport.id))
      .where(and(eq(templateReport.clientId, actor.clientId), eq(userTemplateReport.userId, actor.id)))
      .orderBy(byName);
  return rows.map(itemOf);
}

/**
 * A template the user may report with: of his client, and granted to him unless he is an admin (who
 * uses all); 404 otherwise, so ids cannot be probed.
 */
export async function usableTemplate(db: DbOrTx, user: UserRow, id: number): Promise<Row> {
  const [row] = await db.select().from(templateReport).where(and(eq(templateReport.id, id), eq(templateReport.clientId, user.clientId)));
  if (!row) throw notFound();
  if (!seesAllReportTemplates(user)) {
    const [grant] = await db.select({ id: userTemplateReport.templateReportId }).from(userTemplateReport)
      .where(and(eq(userTemplateReport.userId, user.id), eq(userTemplateReport.templateReportId, id)));
    if (!grant) throw notFound();
  }
  return row;
}

/** The template row of the client (staff's calls; the policy was checked before). */
async function ownTemplate(db: DbOrTx, user: UserRow, id: number, lock = false): Promise<Row> {
  const q = db.select().from(templateReport).where(and(eq(templateReport.id, id), eq(templateReport.clientId, user.clientId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** Why an uploaded file cannot be a report template (too large unpacked, not an xlsx, a data sheet missing), or null. */
async function reportTemplateProblem(data: Uint8Array): Promise<HttpError | null> {
  const check = await checkWorkbook(data, { reportTemplate: true });
  if ('problem' in check) return fileRefusal(check.problem);
  return check.missingSheets.length ? badRequest([{ path: 'file', message: missingSheetsMessage(check.missingSheets) }]) : null;
}

/** POST template-report/ (staff): the workbook is checked before the command; the name is unique per client (409). */
export async function createTemplateReport(ctx: AppContext, user: UserRow, body: TemplateReportCreateBody, ip: string): Promise<TemplateReportItem> {
  assertCanManageReportTemplates(user);
  const problem = await reportTemplateProblem(body.file.data);
  if (problem) throw problem;
  return command(ctx, { user, ip }, async (c) => {
    const file = await saveFile(c.tx, { clientId: user.clientId, filename: body.file.filename, contentType: XLSX_CONTENT_TYPE, data: body.file.data, at: c.now });
    const [row] = await c.tx.insert(templateReport).values({
      clientId: user.clientId, name: body.name, description: body.description,
      nModelsMin: body.n_models_min, nModelsMax: body.n_models_max, fileId: file.id,
    }).returning();
    await c.audit(`Rapportagesjabloon '${body.name}' toegevoegd`);
    return itemOf(row!);
  });
}

/** PATCH template-report/{id}/ (staff): name, description, limits; the limits checked against the stored ones. */
export async function updateTemplateReport(ctx: AppContext, user: UserRow, id: number, body: TemplateReportPatchBody, ip: string): Promise<TemplateReportItem> {
  assertCanManageReportTemplates(user);
  return command(ctx, { user, ip }, async (c) => {
    const old = await ownTemplate(c.tx, user, id, true);
    const min = body.n_models_min ?? old.nModelsMin;
    const max = body.n_models_max ?? old.nModelsMax;
    if (max < min) throw badRequest([{ path: 'n_models_max', message: REPORT_TEMPLATE_MESSAGES.maxBelowMin }]);
    const [row] = await c.tx.update(templateReport).set({
      name: body.name ?? old.name,
      description: body.description === undefined ? old.description : body.description,
      nModelsMin: min, nModelsMax: max,
    }).where(eq(templateReport.id, id)).returning();
    await c.audit(`Rapportagesjabloon '${row!.name}' gewijzigd`);
    return itemOf(row!);
  });
}

/** DELETE template-report/{id}/ (staff): the row, its grants (cascade) and its file. */
export async function deleteTemplateReport(ctx: AppContext, user: UserRow, id: number, ip: string): Promise<void> {
  assertCanManageReportTemplates(user);
  await command(ctx, { user, ip }, async (c) => {
    const old = await ownTemplate(c.tx, user, id, true);
    await c.tx.delete(templateReport).where(eq(templateReport.id, id));
    if (old.fileId !== null) await deleteFiles(c.tx, [old.fileId]);
    await c.audit(`Rapportagesjabloon '${old.name}' verwijderd`);
  });
}

/** GET template-report/{id}/file/ (staff): the workbook, named after the template. */
export async function templateReportFile(ctx: AppContext, user: UserRow, id: number) {
  assertCanManageReportTemplates(user);
  const row = await ownTemplate(ctx.db, user, id);
  const file = row.fileId === null ? null : await readFile(ctx.db, user.clientId, row.fileId);
  if (!file) throw notFound();
  return { filename: `${row.name}.xlsx`, data: file.data };
}
