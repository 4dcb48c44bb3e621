import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, project, projectRole, subregion, typeProject } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { command } from './command.ts';
import { editableProject } from './editAccess.ts';
import * as policy from '../policies/projects.ts';
import { capabilityKey } from '../policies/capabilities.ts';
import { projectDetail, projectListJson, projectRights } from './projectRows.ts';
import { cachedAnswer } from './answerCache.ts';
import { copyProjectTree, deleteSubtree, freeCopyName, stampOf } from './projectTree.ts';
import { resultsChanged } from './modelResults.ts';
import { refuseStaleEdit, rolesByUser } from './staleEdit.ts';
import type { Role } from '../../src/api/contract/common.ts';
import type { z } from 'zod';
import type { ProjectCreateBody, ProjectDetail, ProjectPatchBody } from '../../src/api/contract/project.ts';
import type { DbOrTx } from '../db/index.ts';

/** The bodies as the contract's schemas hand them over (validated, optional texts as null). */
type ProjectCreate = z.output<typeof ProjectCreateBody>;
type ProjectUpdate = z.output<typeof ProjectPatchBody>;

/** GET project/: the caller's list as JSON bytes with an ETag, cached at the client's data revision. */
export const listProjects = (ctx: AppContext, user: UserRow, all: boolean, revision: number) =>
  cachedAnswer(ctx.db, `project:${capabilityKey(user)}:${all}`, revision, () => projectListJson(ctx.db, user, all));

export async function getProject(db: DbOrTx, user: UserRow, id: number): Promise<ProjectDetail> {
  const detail = await projectDetail(db, user, id);
  if (!detail) throw notFound();
  if (policy.canSeeRights(detail.project_role)) detail.roles = await projectRights(db, user.clientId, id);
  return detail;
}

async function checkReferences(db: DbOrTx, user: UserRow, f: ProjectUpdate) {
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

export async function createProject(ctx: AppContext, user: UserRow, body: ProjectCreate, ip: string) {
  policy.requireCreateProject(user);
  return command(ctx, { user, ip }, async (c) => {
    await checkReferences(c.tx, user, body);
    const [{ id }] = await c.tx.insert(project).values({
      clientId: user.clientId, name: body.name, number: body.number, description: body.description,
      organisation: body.organisation, projectmanager: body.projectmanager,
      subregionId: body.subregion, typeProjectId: body.type_project,
      createdAt: c.now, createdBy: user.id, timestampLastModified: c.now, lastModifiedBy: user.id,
    }).returning({ id: project.id });
    await c.tx.insert(projectRole).values({ projectId: id, userId: user.id, role: 'ADM' });
    await setRoles(c.tx, user, id, body.roles);
    await c.audit(`Project '${body.name}' aangemaakt`);
    return getProject(c.tx, user, id);
  });
}


/** 409 when the save would overwrite a field or a user's role changed after the form loaded (`previous`). */
async function refuseStaleProject(tx: DbOrTx, user: UserRow, id: number, body: ProjectUpdate) {
  const { previous, roles, ...fields } = body;
  if (!previous) return;
  const [row] = await tx.select().from(project).where(eq(project.id, id)).for('update');
  const stored = {
    name: row.name, number: row.number, description: row.description, organisation: row.organisation,
    projectmanager: row.projectmanager, subregion: row.subregionId, type_project: row.typeProjectId, hidden: row.hidden,
    ...(previous.roles && rolesByUser(await projectRights(tx, user.clientId, id))),
  };
  const { roles: previousRoles, ...previousFields } = previous;
  refuseStaleEdit('project', stored, { ...previousFields, ...rolesByUser(previousRoles, user.id) }, { ...fields, ...rolesByUser(roles, user.id) });
}

export async function updateProject(ctx: AppContext, user: UserRow, id: number, body: ProjectUpdate, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableProject(c, user, id);
    if (body.roles !== undefined) policy.requireRights(access.role);
    await refuseStaleProject(c.tx, user, id, body);
    await checkReferences(c.tx, user, body);
    const set: Partial<typeof project.$inferInsert> = { timestampLastModified: c.now, lastModifiedBy: user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.number !== undefined) set.number = body.number;
    if (body.description !== undefined) set.description = body.description;
    if (body.organisation !== undefined) set.organisation = body.organisation;
    if (body.projectmanager !== undefined) set.projectmanager = body.projectmanager;
    if (body.subregion !== undefined) set.subregionId = body.subregion;
    if (body.type_project !== undefined) set.typeProjectId = body.type_project;
    if (body.hidden !== undefined) set.hidden = body.hidden;
    await c.tx.update(project).set(set).where(eq(project.id, id));
    if (body.roles) await setRoles(c.tx, user, id, body.roles);
    await c.audit(`Project '${body.name ?? access.name}' gewijzigd`);
    return getProject(c.tx, user, id);
  });
}

export async function deleteProject(ctx: AppContext, user: UserRow, id: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const access = await editableProject(c, user, id);
    await deleteSubtree(c.tx, { projectId: id });
    await c.audit(`Project '${access.name}' verwijderd`);
  });
}

/** Copies the project with its whole tree in one command; the copy gets a free '(kopie)' name. */
export async function duplicateProject(ctx: AppContext, user: UserRow, id: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    await editableProject(c, user, id);
    const [src] = await c.tx.select().from(project).where(eq(project.id, id));
    const name = await freeCopyName(c.tx, 'project', user.clientId, src.name);
    const [{ id: newId }] = await c.tx.insert(project).values({
      clientId: src.clientId, name, number: src.number, description: src.description, organisation: src.organisation,
      projectmanager: src.projectmanager, subregionId: src.subregionId, typeProjectId: src.typeProjectId, hidden: src.hidden,
      createdAt: c.now, createdBy: user.id, timestampLastModified: c.now, lastModifiedBy: user.id,
    }).returning({ id: project.id });
    await c.tx.execute(sql`INSERT INTO project_role (project_id, user_id, role)
      SELECT ${newId}, user_id, role FROM project_role WHERE project_id = ${id}`);
    await c.tx.insert(projectRole).values({ projectId: newId, userId: user.id, role: 'ADM' })
      .onConflictDoUpdate({ target: [projectRole.projectId, projectRole.userId], set: { role: 'ADM' } });
    await resultsChanged(c, await copyProjectTree(c.tx, id, newId, stampOf(c, user)));
    await c.audit(`Project '${src.name}' gedupliceerd als '${name}'`);
    return getProject(c.tx, user, newId);
  });
}
