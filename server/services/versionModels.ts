import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { VersionModelCreateBody, VersionModelPatchBody } from '../../src/api/contract/versionModel.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { phase, versionModel } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { command } from './command.ts';
import { editableProject, editableVersion } from './editAccess.ts';
import { versionDetail, versionListJson } from './projectRows.ts';
import { copyVersion, deleteSubtree, freeCopyName, stampOf, touch } from './projectTree.ts';
import { resultsChanged } from './modelResults.ts';
import { refuseStaleEdit } from './staleEdit.ts';

/** The bodies as the contract's schemas hand them over. */
type VersionCreate = z.output<typeof VersionModelCreateBody>;
type VersionUpdate = z.output<typeof VersionModelPatchBody>;

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



export async function createVersion(ctx: AppContext, user: UserRow, body: VersionCreate, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableProject(c, user, body.project);
    const [{ id }] = await c.tx.insert(versionModel).values({
      projectId: body.project, name: body.name, description: body.description, phaseId: await phaseId(c.tx, user, body.phase),
      createdAt: c.now, createdBy: user.id, timestampLastModified: c.now, lastModifiedBy: user.id,
    }).returning({ id: versionModel.id });
    await touch(c.tx, stampOf(c, user), { projectId: body.project });
    await c.audit(`Versie '${body.name}' aangemaakt in project '${access.name}'`);
    return getVersion(c.tx, user, id);
  });
}

export async function updateVersion(ctx: AppContext, user: UserRow, id: number, body: VersionUpdate, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    const { previous, ...next } = body;
    if (previous) {
      const [row] = await c.tx.select().from(versionModel).where(eq(versionModel.id, id)).for('update');
      refuseStaleEdit('version', { name: row.name, description: row.description, phase: row.phaseId ?? 0 }, previous, next);
    }
    const set: Partial<typeof versionModel.$inferInsert> = { timestampLastModified: c.now, lastModifiedBy: user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    const ph = await phaseId(c.tx, user, body.phase);
    if (ph !== undefined) set.phaseId = ph;
    await c.tx.update(versionModel).set(set).where(eq(versionModel.id, id));
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId });
    await c.audit(`Versie '${body.name ?? access.versionName}' gewijzigd`);
    return getVersion(c.tx, user, id);
  });
}

export async function deleteVersion(ctx: AppContext, user: UserRow, id: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    await deleteSubtree(c.tx, { versionId: id });
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId });
    await c.audit(`Versie '${access.versionName}' verwijderd uit project '${access.name}'`);
  });
}

export async function duplicateVersion(ctx: AppContext, user: UserRow, id: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    const s = stampOf(c, user);
    const name = await freeCopyName(c.tx, 'version', access.projectId, access.versionName);
    const { id: newId, models } = await copyVersion(c.tx, id, access.projectId, name, s);
    await resultsChanged(c, models.map((m) => m.new_id));
    await touch(c.tx, s, { projectId: access.projectId });
    await c.audit(`Versie '${access.versionName}' gedupliceerd als '${name}'`);
    return getVersion(c.tx, user, newId);
  });
}

/** Moves a version to another project (ADM/USR on both); 409 when the target has a version of that name. */
export async function moveVersion(ctx: AppContext, user: UserRow, id: number, toProject: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, id);
    const target = await editableProject(c, user, toProject);
    const s = stampOf(c, user);
    await c.tx.update(versionModel).set({ projectId: toProject, timestampLastModified: c.now, lastModifiedBy: user.id })
      .where(eq(versionModel.id, id));
    await touch(c.tx, s, { projectId: access.projectId });
    await touch(c.tx, s, { projectId: toProject });
    await c.audit(`Versie '${access.versionName}' verplaatst van project '${access.name}' naar project '${target.name}'`);
    return getVersion(c.tx, user, id);
  });
}
