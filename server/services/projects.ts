import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, project, projectRole, subregion, typeProject } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { audit } from './audit.ts';
import * as policy from '../policies/projects.ts';
import { capabilityKey } from '../policies/capabilities.ts';
import { projectAccess, projectDetail, projectListJson, projectRights } from './projectRows.ts';
import { cachedAnswer } from './answerCache.ts';
import { copyProjectTree, deleteSubtree, freeCopyName, nameConflict } from './projectTree.ts';
import type { Role } from '../../src/api/contract/common.ts';
import type { ProjectDetail } from '../../src/api/contract/project.ts';
import type { DbOrTx } from '../db/index.ts';

export interface ProjectFields {
  name?: string;
  number?: string | null;
  description?: string | null;
  organisation?: string | null;
  projectmanager?: string | null;
  subregion?: number;
  type_project?: number;
  hidden?: boolean;
  roles?: { id: number; role: Role }[];
}

/** GET project/: the caller's list as JSON bytes with an ETag, cached at the client's data revision. */
export const listProjects = (ctx: AppContext, user: UserRow, all: boolean, revision: number) =>
  cachedAnswer(ctx.db, `project:${capabilityKey(user)}:${all}`, revision, () => projectListJson(ctx.db, user, all));

export async function getProject(db: DbOrTx, user: UserRow, id: number): Promise<ProjectDetail> {
  const detail = await projectDetail(db, user, id);
  if (!detail) throw notFound();
  if (policy.canSeeRights(detail.project_role)) detail.roles = await projectRights(db, user.clientId, id);
  return detail;
}

async function checkReferences(db: DbOrTx, user: UserRow, f: ProjectFields) {
  if (f.subregion !== undefined) {
    const [s] = await db.select({ id: subregion.id }).from(subregion)
      .where(and(eq(subregion.id, f.subregion), eq(subregion.clientId, user.clientId)));
    if (!s) throw new HttpError(400, 'Onbekend deelgebied.', { errors: [{ path: 'subregion', message: 'Onbekend deelgebied.' }] });
  }
  if (f.type_project !== undefined) {
    const [t] = await db.select({ id: typeProject.id }).from(typeProject)
      .where(and(eq(typeProject.id, f.type_project), eq(typeProject.clientId, user.clientId)));
    if (!t) throw new HttpError(400, 'Onbekend projecttype.', { errors: [{ path: 'type_project', message: 'Onbekend projecttype.' }] });
  }
}

/** Sets roles of users of the client on the project; unknown users are ignored, the caller's own row too. */
async function setRoles(db: DbOrTx, user: UserRow, projectId: number, roles: { id: number; role: Role }[]) {
  const wanted = new Map(roles.filter((r) => r.id !== user.id).map((r) => [r.id, r.role]));
  if (!wanted.size) return;
  const known = await db.select({ id: appUser.id }).from(appUser)
    .where(and(eq(appUser.clientId, user.clientId), inArray(appUser.id, [...wanted.keys()])));
  const values = known.map((u) => ({ projectId, userId: u.id, role: wanted.get(u.id)! }));
  if (values.length) {
    await db.insert(projectRole).values(values).onConflictDoUpdate({
      target: [projectRole.projectId, projectRole.userId], set: { role: sql`excluded.role` },
    });
  }
}

export async function createProject(ctx: AppContext, user: UserRow, body: Required<Omit<ProjectFields, 'hidden'>>, ip: string) {
  policy.requireCreateProject(user);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    await checkReferences(tx, user, body);
    let id: number;
    try {
      [{ id }] = await tx.insert(project).values({
        clientId: user.clientId, name: body.name, number: body.number, description: body.description,
        organisation: body.organisation, projectmanager: body.projectmanager,
        subregionId: body.subregion, typeProjectId: body.type_project,
        createdAt: now, createdBy: user.id, timestampLastModified: now, lastModifiedBy: user.id,
      }).returning({ id: project.id });
    } catch (e) {
      nameConflict(e, 'project');
    }
    await tx.insert(projectRole).values({ projectId: id, userId: user.id, role: 'ADM' });
    await setRoles(tx, user, id, body.roles);
    await audit(tx, { clientId: user.clientId, user, description: `Project '${body.name}' aangemaakt`, ip, at: now });
    return getProject(tx, user, id);
  });
}

export async function updateProject(ctx: AppContext, user: UserRow, id: number, body: ProjectFields, ip: string) {
  const access = await projectAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  if (body.roles !== undefined) policy.requireRights(access!.role);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    await checkReferences(tx, user, body);
    const set: Partial<typeof project.$inferInsert> = { timestampLastModified: now, lastModifiedBy: user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.number !== undefined) set.number = body.number;
    if (body.description !== undefined) set.description = body.description;
    if (body.organisation !== undefined) set.organisation = body.organisation;
    if (body.projectmanager !== undefined) set.projectmanager = body.projectmanager;
    if (body.subregion !== undefined) set.subregionId = body.subregion;
    if (body.type_project !== undefined) set.typeProjectId = body.type_project;
    if (body.hidden !== undefined) set.hidden = body.hidden;
    try {
      await tx.update(project).set(set).where(eq(project.id, id));
    } catch (e) {
      nameConflict(e, 'project');
    }
    if (body.roles) await setRoles(tx, user, id, body.roles);
    const name = body.name ?? access!.name;
    await audit(tx, { clientId: user.clientId, user, description: `Project '${name}' gewijzigd`, ip, at: now });
    return getProject(tx, user, id);
  });
}

export async function deleteProject(ctx: AppContext, user: UserRow, id: number, ip: string) {
  const access = await projectAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  await ctx.db.transaction(async (tx) => {
    await deleteSubtree(tx, { projectId: id });
    await audit(tx, { clientId: user.clientId, user, description: `Project '${access!.name}' verwijderd`, ip, at: now });
  });
}

/** Copies the project with its whole tree in one transaction; the copy gets a free '(kopie)' name. */
export async function duplicateProject(ctx: AppContext, user: UserRow, id: number, ip: string) {
  const access = await projectAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  const s = { now, userId: user.id };
  return ctx.db.transaction(async (tx) => {
    const [src] = await tx.select().from(project).where(eq(project.id, id));
    const name = await freeCopyName(tx, 'project', user.clientId, src.name);
    let newId: number;
    try {
      [{ id: newId }] = await tx.insert(project).values({
        clientId: src.clientId, name, number: src.number, description: src.description, organisation: src.organisation,
        projectmanager: src.projectmanager, subregionId: src.subregionId, typeProjectId: src.typeProjectId, hidden: src.hidden,
        createdAt: now, createdBy: user.id, timestampLastModified: now, lastModifiedBy: user.id,
      }).returning({ id: project.id });
    } catch (e) {
      nameConflict(e, 'project');
    }
    await tx.execute(sql`INSERT INTO project_role (project_id, user_id, role)
      SELECT ${newId}, user_id, role FROM project_role WHERE project_id = ${id}`);
    await tx.insert(projectRole).values({ projectId: newId, userId: user.id, role: 'ADM' })
      .onConflictDoUpdate({ target: [projectRole.projectId, projectRole.userId], set: { role: 'ADM' } });
    await copyProjectTree(tx, id, newId, s);
    await audit(tx, { clientId: user.clientId, user, description: `Project '${src.name}' gedupliceerd als '${name}'`, ip, at: now });
    return getProject(tx, user, newId);
  });
}
