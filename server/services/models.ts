import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { appUser, model, modelSession, project, savedModel, subregion, templateModel, versionModel } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { fullName } from './audit.ts';
import { command, type Command } from './command.ts';
import { editableModel, editableVersion, readableModel } from './editAccess.ts';
import * as policy from '../policies/projects.ts';
import { capabilityKey } from '../policies/capabilities.ts';
import { modelDetail, modelListJson, type ModelAccess } from './projectRows.ts';
import { copyModel, deleteSubtree, freeCopyName, stampOf, touch } from './projectTree.ts';
import { resultsChanged } from './modelResults.ts';
import { refuseStaleEdit } from './staleEdit.ts';
import { refuseWhileAdopted } from './adoption.ts';
import { defaultModelData } from '../../src/formulas/modelDefaults.ts';
import { cachedAnswer, type CachedAnswer } from './answerCache.ts';
import { copyFile, readFile, saveFile } from '../storage/files.ts';
import { fileRefusal } from '../storage/xlsx.ts';
import { checkWorkbook, problemOf } from '../threads/workbookThreads.ts';
import { REQUIRED_MESSAGE } from '../../src/lib/names.ts';
import type { z } from 'zod';
import type { ModelCreateBody, ModelPatchBody, ModelPlatform, SavedModelItem } from '../../src/api/contract/model.ts';
import { FROZEN_MESSAGE } from '../../src/api/contract/common.ts';
import type { UploadedFile } from '../../src/api/contract/attachment.ts';
import { MSG_SESSION_ENDED } from '../../src/api/contract/messages.ts';

const frozen = () => new HttpError(423, FROZEN_MESSAGE);

async function modelList(ctx: AppContext, user: UserRow, versionId: number | undefined): Promise<string> {
  const json = await modelListJson(ctx.db, user, versionId);
  if (json === null) throw notFound();
  return json;
}

/** GET model/: the models of a version (cached at the client's data revision) or all the caller sees. */
export async function listModels(ctx: AppContext, user: UserRow, versionId: number | undefined, revision: number): Promise<CachedAnswer | string> {
  if (versionId === undefined) return modelList(ctx, user, undefined);
  return cachedAnswer(ctx.db, `models:${capabilityKey(user)}:${versionId}`, revision, () => modelList(ctx, user, versionId));
}

export async function getModel(db: DbOrTx, user: UserRow, id: number) {
  const m = await modelDetail(db, user, id);
  if (!m) throw notFound();
  return m;
}

/** The bodies as the contract's schemas hand them over. */
type ModelCreate = z.output<typeof ModelCreateBody>;
type ModelUpdate = z.output<typeof ModelPatchBody>;

/** A new spreadsheet model's first, active history entry: a copy of its template's file. */
export async function startFromTemplate(tx: DbOrTx, m: { modelId: number; templateFileId: number; userId: number | null; at: Date }): Promise<void> {
  const fileId = await copyFile(tx, m.templateFileId);
  const [f] = await tx.execute<{ filename: string; size: number }>(sql`SELECT filename, size FROM stored_file WHERE id = ${fileId}`).then((r) => r.rows);
  await tx.insert(savedModel).values({ modelId: m.modelId, active: true, fileId, filenameOrig: f.filename, filesize: f.size, timestampSave: m.at, userSave: m.userId });
}

export async function createModel(ctx: AppContext, user: UserRow, body: ModelCreate, ip: string) {
  const platform: ModelPlatform = policy.canChoosePlatform(user) ? body.model_platform ?? 'spreadsheet' : 'spreadsheet';
  return command(ctx, { user, ip }, async (c) => {
    const { tx, now } = c;
    const access = await editableVersion(c, user, body.version);
    await refuseWhileAdopted(tx, body.version);
    let template: { id: number; fileId: number | null; name: string } | undefined;
    if (body.type_model) {
      [template] = await tx.select({ id: templateModel.id, fileId: templateModel.fileId, name: templateModel.name }).from(templateModel)
        .where(and(eq(templateModel.id, body.type_model), eq(templateModel.clientId, user.clientId)));
      if (!template) throw new HttpError(400, 'Onbekend type rekenmodel.', { errors: [{ path: 'type_model', message: 'Onbekend type rekenmodel.' }] });
    } else if (platform === 'spreadsheet') {
      throw new HttpError(400, REQUIRED_MESSAGE, { errors: [{ path: 'type_model', message: REQUIRED_MESSAGE }] });
    }
    let modelData = null;
    if (platform === 'online') {
      const [info] = await tx.select({
        projectName: project.name, projectDescription: project.description, projectNumber: project.number,
        organisation: project.organisation, subregion: subregion.description, versionName: versionModel.name,
      }).from(versionModel).innerJoin(project, eq(project.id, versionModel.projectId))
        .innerJoin(subregion, eq(subregion.id, project.subregionId)).where(eq(versionModel.id, body.version));
      modelData = defaultModelData({ ...info, modelName: body.name });
    }
    const [{ id }] = await tx.insert(model).values({
      versionId: body.version, name: body.name, description: body.description, typeModelId: template?.id ?? null,
      modelPlatform: platform, modelData, createdAt: now, createdBy: user.id, timestampLastModified: now, lastModifiedBy: user.id,
    }).returning({ id: model.id });
    if (platform === 'spreadsheet' && template?.fileId) await startFromTemplate(tx, { modelId: id, templateFileId: template.fileId, userId: user.id, at: now });
    await resultsChanged(c, [id]); // the default data, or the template's workbook
    await touch(tx, stampOf(c, user), { projectId: access.projectId, versionId: body.version });
    await c.audit(`Rekenmodel '${body.name}' aangemaakt in versie '${access.versionName}'`);
    return getModel(tx, user, id);
  });
}

export async function updateModel(ctx: AppContext, user: UserRow, id: number, body: ModelUpdate, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableModel(c, user, id);
    const [current] = await c.tx.select({ name: model.name, description: model.description, frozen: model.frozen }).from(model).where(eq(model.id, id)).for('update');
    const { previous, ...next } = body;
    refuseStaleEdit('model', current, previous, next);
    const toggles = body.frozen !== undefined && body.frozen !== current.frozen;
    if (toggles) policy.requireFrozenToggle(access.role);
    if (toggles && !body.frozen) await refuseWhileAdopted(c.tx, access.versionId);
    const renames = body.name !== undefined && body.name !== current.name;
    const redescribes = body.description !== undefined && body.description !== current.description;
    if (current.frozen && (body.frozen ?? true) && (renames || redescribes)) throw frozen();
    const set: Partial<typeof model.$inferInsert> = { timestampLastModified: c.now, lastModifiedBy: user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    if (body.frozen !== undefined) set.frozen = body.frozen;
    await c.tx.update(model).set(set).where(eq(model.id, id));
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: access.versionId });
    const what = toggles ? (body.frozen ? 'vergrendeld' : 'ontgrendeld') : 'gewijzigd';
    await c.audit(`Rekenmodel '${body.name ?? current.name}' in versie '${access.versionName}' ${what}`);
    return getModel(c.tx, user, id);
  });
}

export async function deleteModel(ctx: AppContext, user: UserRow, id: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const access = await editableModel(c, user, id);
    await deleteSubtree(c.tx, { modelId: id });
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: access.versionId });
    await c.audit(`Rekenmodel '${access.modelName}' verwijderd uit versie '${access.versionName}'`);
  });
}

export async function duplicateModel(ctx: AppContext, user: UserRow, id: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableModel(c, user, id);
    const name = await freeCopyName(c.tx, 'model', access.versionId, access.modelName);
    const newId = await copyModel(c.tx, id, access.versionId, name, stampOf(c, user));
    await resultsChanged(c, [newId]);
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: access.versionId });
    await c.audit(`Rekenmodel '${access.modelName}' in versie '${access.versionName}' gedupliceerd als '${name}'`);
    return getModel(c.tx, user, newId);
  });
}

export async function moveModel(ctx: AppContext, user: UserRow, id: number, toVersion: number, ip: string) {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableModel(c, user, id);
    const target = await editableVersion(c, user, toVersion);
    if (access.frozen) throw frozen();
    await refuseWhileAdopted(c.tx, toVersion);
    await c.tx.update(model).set({ versionId: toVersion, timestampLastModified: c.now, lastModifiedBy: user.id }).where(eq(model.id, id));
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: access.versionId });
    await touch(c.tx, stampOf(c, user), { projectId: target.projectId, versionId: toVersion });
    await c.audit(`Rekenmodel '${access.modelName}' verplaatst van versie '${access.versionName}' naar versie '${target.versionName}' (project '${target.name}')`);
    return getModel(c.tx, user, id);
  });
}

// ---------- edit session ----------

export async function sessionHolder(ctx: AppContext, user: UserRow, id: number): Promise<{ email: string | null }> {
  const access = await readableModel(ctx.db, user, id);
  if (access.sessionUserId === null) return { email: null };
  const [u] = await ctx.db.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, access.sessionUserId));
  return { email: u?.email ?? null };
}

export async function endSession(ctx: AppContext, user: UserRow, id: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const access = await readableModel(c.tx, user, id);
    policy.requireEndSession(user, access.role, access.sessionUserId);
    const gone = await c.tx.delete(modelSession).where(eq(modelSession.modelId, id)).returning();
    if (gone.length) await c.audit(`Sessie van rekenmodel '${access.modelName}' in versie '${access.versionName}' beëindigd`);
  });
  return { message: MSG_SESSION_ENDED };
}

// ---------- history (saved models) ----------

/** The model whose history the caller reads (list, download) or, with `manage`, changes (upload, activate). */
async function historyModel(db: DbOrTx, user: UserRow, id: number, manage: boolean) {
  const access = await readableModel(db, user, id);
  if (manage) policy.requireManageModelHistory(user, access.role);
  else policy.requireSeeModelHistory(access.role);
  return access;
}

const savedModelColumns = {
  id: savedModel.id, active: savedModel.active, filesize: savedModel.filesize, filenameOrig: savedModel.filenameOrig,
  timestampSave: savedModel.timestampSave, firstName: appUser.firstName, lastName: appUser.lastName,
};
type SavedRow = { id: number; active: boolean; filesize: number; filenameOrig: string; timestampSave: Date; firstName: string | null; lastName: string | null };
const toItem = (r: SavedRow): SavedModelItem => ({
  id: r.id, active: r.active, filesize: r.filesize, filename_orig: r.filenameOrig, timestamp_save: r.timestampSave.toISOString(),
  user_save: r.firstName === null ? null : fullName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
});

export async function listSavedModels(ctx: AppContext, user: UserRow, id: number): Promise<SavedModelItem[]> {
  await historyModel(ctx.db, user, id, false);
  const rows = await ctx.db.select(savedModelColumns).from(savedModel).leftJoin(appUser, eq(appUser.id, savedModel.userSave))
    .where(eq(savedModel.modelId, id)).orderBy(desc(savedModel.timestampSave), desc(savedModel.id));
  return rows.map(toItem);
}

/**
 * A new history entry from an uploaded file; it becomes the active one. Any file is kept (the spec asks
 * for none in particular), but not a zip that unpacks beyond the caps: every reader of the model would refuse it.
 */
export async function uploadSavedModel(
  ctx: AppContext, user: UserRow, id: number, file: UploadedFile, ip: string,
) {
  if (problemOf(await checkWorkbook(file.data)) === 'too-large') throw fileRefusal('too-large');
  await command(ctx, { user, ip }, async (c) => {
    const access = await historyModel(c.tx, user, id, true);
    await addSavedModel(c, user, access, file);
    await c.audit(`Bestand '${file.filename}' geüpload naar de historie van rekenmodel '${access.modelName}' in versie '${access.versionName}'`);
  });
}

/**
 * Stores `file` as the model's new active history entry, saved by `user` now (the history upload, a
 * save from Excel through WebDAV). The model row is locked first, so two saves at once queue and the
 * second one's deactivation sees the first one's entry: one active entry, never two. 423 when frozen.
 * Returns the new stored file's id.
 */
export async function addSavedModel(c: Command, user: UserRow, access: ModelAccess, file: UploadedFile): Promise<number> {
  const [locked] = await c.tx.select({ frozen: model.frozen }).from(model).where(eq(model.id, access.modelId)).for('update');
  if (locked.frozen) throw frozen();
  const stored = await saveFile(c.tx, { clientId: user.clientId, filename: file.filename, contentType: file.contentType, data: file.data, at: c.now });
  await c.tx.update(savedModel).set({ active: false }).where(eq(savedModel.modelId, access.modelId));
  await c.tx.insert(savedModel).values({
    modelId: access.modelId, active: true, fileId: stored.id, filenameOrig: file.filename, filesize: stored.size, timestampSave: c.now, userSave: user.id,
  });
  await resultsChanged(c, [access.modelId]);
  await touchModel(c, user, access);
  return stored.id;
}

/** Marks the model, its version and its project as last edited now by the user. */
async function touchModel(c: Command, user: UserRow, access: ModelAccess) {
  await c.tx.update(model).set({ timestampLastModified: c.now, lastModifiedBy: user.id }).where(eq(model.id, access.modelId));
  await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: access.versionId });
}

export async function downloadSavedModel(ctx: AppContext, user: UserRow, id: number, savedId: number) {
  await historyModel(ctx.db, user, id, false);
  const [row] = await ctx.db.select({ fileId: savedModel.fileId, filenameOrig: savedModel.filenameOrig }).from(savedModel)
    .where(and(eq(savedModel.id, savedId), eq(savedModel.modelId, id)));
  if (!row) throw notFound();
  const file = await readFile(ctx.db, user.clientId, row.fileId);
  if (!file) throw notFound();
  return { filename: row.filenameOrig, data: file.data };
}

/** Makes one history entry the active one (exactly one is active). */
export async function activateSavedModel(ctx: AppContext, user: UserRow, id: number, savedId: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const access = await historyModel(c.tx, user, id, true);
    const [exists] = await c.tx.select({ id: savedModel.id, filenameOrig: savedModel.filenameOrig }).from(savedModel)
      .where(and(eq(savedModel.id, savedId), eq(savedModel.modelId, id)));
    if (!exists) throw notFound();
    if (access.frozen) throw frozen();
    await c.tx.update(savedModel).set({ active: sql`${savedModel.id} = ${savedId}` }).where(eq(savedModel.modelId, id));
    await resultsChanged(c, [id]);
    await touchModel(c, user, access);
    await c.audit(`Historie-item '${exists.filenameOrig}' van rekenmodel '${access.modelName}' in versie '${access.versionName}' geactiveerd`);
  });
  const [row] = await ctx.db.select(savedModelColumns).from(savedModel).leftJoin(appUser, eq(appUser.id, savedModel.userSave))
    .where(eq(savedModel.id, savedId));
  return toItem(row);
}
