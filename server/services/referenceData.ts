import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { categoryAttachment, phase, subregion, templateModel, typeProject } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import type { ProjectRoleRow } from '../../src/api/contract/project.ts';
import type { CategoryAttachment, Phase, Subregion, TypeProject } from '../../src/api/contract/configuration.ts';

// Reference-data lists for the project area, always of the caller's client.

/** The wire rows (src/api/contract/configuration.ts) of the four configurable kinds. */
export const subregionOut = (s: typeof subregion.$inferSelect): Subregion => ({ id: s.id, description: s.description, outline_uri: s.outlineUri });
export const typeOut = (t: typeof typeProject.$inferSelect): TypeProject => ({ id: t.id, description: t.description, is_default: t.isDefault });
export const phaseOut = (p: typeof phase.$inferSelect): Phase => ({ id: p.id, description: p.description });
export const categoryOut = (c: typeof categoryAttachment.$inferSelect): CategoryAttachment => ({ id: c.id, name: c.name, is_default: c.isDefault });

export const listSubregions = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(subregion).where(eq(subregion.clientId, user.clientId)).orderBy(asc(sql`lower(${subregion.description})`)))
    .map(subregionOut);

export const listTypeProjects = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(typeProject).where(eq(typeProject.clientId, user.clientId)).orderBy(asc(sql`lower(${typeProject.description})`)))
    .map(typeOut);

export const listPhases = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(phase).where(eq(phase.clientId, user.clientId)).orderBy(asc(sql`lower(${phase.description})`)))
    .map(phaseOut);

export const listCategories = async (ctx: AppContext, user: UserRow) =>
  (await ctx.db.select().from(categoryAttachment).where(eq(categoryAttachment.clientId, user.clientId)).orderBy(asc(sql`lower(${categoryAttachment.name})`)))
    .map(categoryOut);

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
