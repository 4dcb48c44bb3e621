import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { categoryAttachment, phase, subregion, templateModel, typeProject } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { assertCanAddTemplateModel } from '../policies/admin.ts';
import { saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE, fileRefusal } from '../storage/xlsx.ts';
import { checkWorkbook, problemOf } from '../threads/workbookThreads.ts';
import { command } from './command.ts';
import { mapViewerOf, subregionOutlineUri, type MapViewer } from './mapviewerUris.ts';
import type { TemplateModelCreateBody, TemplateModelItem } from '../../src/api/contract/referenceData.ts';
import type { ProjectRoleRow } from '../../src/api/contract/project.ts';
import type { CategoryAttachment, Phase, Subregion, TypeProject } from '../../src/api/contract/configuration.ts';

// Reference-data lists for the project area, always of the caller's client.

/** The wire rows (src/api/contract/configuration.ts) of the four configurable kinds. */
/** A subregion row; its outline address depends on who asks (services/mapviewerUris.ts). */
export const subregionOut = (user: UserRow, viewer: MapViewer) => (s: typeof subregion.$inferSelect): Subregion =>
  ({ id: s.id, description: s.description, outline_uri: subregionOutlineUri(user, s.id, viewer) });
export const typeOut = (t: typeof typeProject.$inferSelect): TypeProject => ({ id: t.id, description: t.description, is_default: t.isDefault });
export const phaseOut = (p: typeof phase.$inferSelect): Phase => ({ id: p.id, description: p.description });
export const categoryOut = (c: typeof categoryAttachment.$inferSelect): CategoryAttachment => ({ id: c.id, name: c.name, is_default: c.isDefault });

export const listSubregions = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(subregion).where(eq(subregion.clientId, user.clientId)).orderBy(asc(sql`lower(${subregion.description})`)))
    .map(subregionOut(user, await mapViewerOf(ctx.db, user.clientId)));

export const listTypeProjects = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(typeProject).where(eq(typeProject.clientId, user.clientId)).orderBy(asc(sql`lower(${typeProject.description})`)))
    .map(typeOut);

export const listPhases = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(phase).where(eq(phase.clientId, user.clientId)).orderBy(asc(phase.position), asc(phase.id)))
    .map(phaseOut);

export const listCategories = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(categoryAttachment).where(eq(categoryAttachment.clientId, user.clientId)).orderBy(asc(sql`lower(${categoryAttachment.name})`)))
    .map(categoryOut);

/**
 * A staff upload of a spreadsheet-model template: the file must be an xlsx (signature, content type and
 * an openable workbook part), checked before the command; the name is unique within the client
 * (case-insensitively, template_model_client_name_key: the command answers its 409).
 */
export async function createTemplateModel(ctx: AppContext, user: UserRow, body: TemplateModelCreateBody, ip: string): Promise<TemplateModelItem> {
  assertCanAddTemplateModel(user);
  const problem = problemOf(await checkWorkbook(body.file.data));
  if (problem) throw fileRefusal(problem);
  const name = body.name?.trim() || body.file.filename.replace(/\.xlsx$/i, '');
  return command(ctx, { user, ip }, async (c) => {
    const file = await saveFile(c.tx, { clientId: user.clientId, filename: body.file.filename, contentType: XLSX_CONTENT_TYPE, data: body.file.data, at: c.now });
    const [row] = await c.tx.insert(templateModel).values({ clientId: user.clientId, name, fileId: file.id }).returning({ id: templateModel.id, name: templateModel.name });
    await c.audit(`Type rekenmodel '${name}' toegevoegd`);
    return row!;
  });
}

export const listTemplateModels = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select({ id: templateModel.id, name: templateModel.name }).from(templateModel)
    .where(eq(templateModel.clientId, user.clientId)).orderBy(asc(sql`lower(${templateModel.name})`)));

/**
 * Prefill of a new project's rights table: every active user of the client; users with access to the
 * subregion get their global role, the others NON.
 */
export async function subregionRoles(ctx: AppContext, user: UserRow, id: number): Promise<ProjectRoleRow[]> {
  const [s] = await ctx.db.select({ id: subregion.id }).from(subregion).where(and(eq(subregion.id, id), eq(subregion.clientId, user.clientId)));
  if (!s) throw notFound();
  const { rows } = await ctx.db.execute<ProjectRoleRow>(sql`
    SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name_full,
           CASE WHEN us.user_id IS NULL THEN 'NON' ELSE u.role END AS role
    FROM app_user u LEFT JOIN user_subregion us ON us.user_id = u.id AND us.subregion_id = ${id}
    WHERE u.client_id = ${user.clientId} AND u.is_active
    ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
  return rows;
}
