import { and, eq } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { phase, versionModel } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { audit } from './audit.ts';
import * as policy from '../policies/projects.ts';
import { projectAccess, versionAccess, versionDetail, versionListJson } from './projectRows.ts';
import { copyVersion, deleteSubtree, freeCopyName, nameConflict, touch } from './projectTree.ts';

export interface VersionFields { name?: string; description?: string | null; phase?: number }

export async function listVersions(ctx: AppContext, user: UserRow, projectId: number): Promise<string> {
  const json = await versionListJson(ctx.db, user, projectId);
  if (json === null) throw notFound();
  return json;
}

export async function getVersion(db: DbOrTx, user: UserRow, id: number) {
  const v = await versionDetail(db, user, id);
  if (!v) throw notFound();
  return v;
}

/** Phase 0 = none; any other value must be a phase of the client. */
async function phaseId(db: DbOrTx, user: UserRow, value: number | undefined): Promise<number | null | undefined> {
  if (value === undefined) return undefined;
  if (value === 0) return null;
  const [p] = await db.select({ id: phase.id }).from(phase).where(and(eq(phase.id, value), eq(phase.clientId, user.clientId)));
  if (!p) throw new HttpError(400, 'Onbekende fase.', { errors: [{ path: 'phase', message: 'Onbekende fase.' }] });
  return p.id;
}

export async function createVersion(ctx: AppContext, user: UserRow, body: Required<VersionFields> & { project: number }, ip: string) {
  const access = await projectAccess(ctx.db, user, body.project);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    let id: number;
    try {
      [{ id }] = await tx.insert(versionModel).values({
        projectId: body.project, name: body.name, description: body.description, phaseId: await phaseId(tx, user, body.phase),
        createdAt: now, createdBy: user.id, timestampLastModified: now, lastModifiedBy: user.id,
      }).returning({ id: versionModel.id });
    } catch (e) {
      nameConflict(e, 'version');
    }
    await touch(tx, { now, userId: user.id }, { projectId: body.project });
    await audit(tx, { clientId: user.clientId, user, description: `Versie '${body.name}' aangemaakt in project '${access!.name}'`, ip, at: now });
    return getVersion(tx, user, id);
  });
}

export async function updateVersion(ctx: AppContext, user: UserRow, id: number, body: VersionFields, ip: string) {
  const access = await versionAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    const set: Partial<typeof versionModel.$inferInsert> = { timestampLastModified: now, lastModifiedBy: user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    const ph = await phaseId(tx, user, body.phase);
    if (ph !== undefined) set.phaseId = ph;
    try {
      await tx.update(versionModel).set(set).where(eq(versionModel.id, id));
    } catch (e) {
      nameConflict(e, 'version');
    }
    await touch(tx, { now, userId: user.id }, { projectId: access!.projectId });
    await audit(tx, { clientId: user.clientId, user, description: `Versie '${body.name ?? access!.versionName}' gewijzigd`, ip, at: now });
    return getVersion(tx, user, id);
  });
}

export async function deleteVersion(ctx: AppContext, user: UserRow, id: number, ip: string) {
  const access = await versionAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  await ctx.db.transaction(async (tx) => {
    await deleteSubtree(tx, { versionId: id });
    await touch(tx, { now, userId: user.id }, { projectId: access!.projectId });
    await audit(tx, { clientId: user.clientId, user, description: `Versie '${access!.versionName}' verwijderd uit project '${access!.name}'`, ip, at: now });
  });
}

export async function duplicateVersion(ctx: AppContext, user: UserRow, id: number, ip: string) {
  const access = await versionAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    const name = await freeCopyName(tx, 'version', access!.projectId, access!.versionName);
    let newId: number;
    try {
      newId = await copyVersion(tx, id, access!.projectId, name, { now, userId: user.id });
    } catch (e) {
      nameConflict(e, 'version');
    }
    await touch(tx, { now, userId: user.id }, { projectId: access!.projectId });
    await audit(tx, { clientId: user.clientId, user, description: `Versie '${access!.versionName}' gedupliceerd als '${name}'`, ip, at: now });
    return getVersion(tx, user, newId);
  });
}

/** Moves a version to another project (ADM/USR on both); 409 when the target has a version of that name. */
export async function moveVersion(ctx: AppContext, user: UserRow, id: number, toProject: number, ip: string) {
  const access = await versionAccess(ctx.db, user, id);
  policy.requireEdit(access?.role);
  const target = await projectAccess(ctx.db, user, toProject);
  policy.requireEdit(target?.role);
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    try {
      await tx.update(versionModel).set({ projectId: toProject, timestampLastModified: now, lastModifiedBy: user.id })
        .where(eq(versionModel.id, id));
    } catch (e) {
      nameConflict(e, 'version');
    }
    await touch(tx, { now, userId: user.id }, { projectId: access!.projectId });
    await touch(tx, { now, userId: user.id }, { projectId: toProject });
    await audit(tx, {
      clientId: user.clientId, user, ip, at: now,
      description: `Versie '${access!.versionName}' verplaatst van project '${access!.name}' naar project '${target!.name}'`,
    });
    return getVersion(tx, user, id);
  });
}
