import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { attachment, model, project, savedModel, versionModel } from '../db/schema/index.ts';
import { HttpError, isUniqueViolation } from '../errors.ts';
import { DUPLICATE_NAME_MESSAGE, copyName, type NamedKind } from '../../src/lib/names.ts';
import { copyFile, deleteFiles } from '../storage/files.ts';

// The project → version → model tree: copies, deletes (with their stored files) and timestamps.

/** Turns a unique-index violation into the spec's 409 for the kind of name; rethrows anything else. */
export function nameConflict(e: unknown, kind: NamedKind): never {
  if (isUniqueViolation(e)) throw new HttpError(409, DUPLICATE_NAME_MESSAGE[kind]);
  throw e;
}

const likePrefix = (name: string) => `${name.replace(/ \(kopie(?: \d+)?\)$/, '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)} (kopie%`;

/** A free '… (kopie N)' name among the siblings. */
export async function freeCopyName(db: DbOrTx, kind: NamedKind, parentId: number, name: string): Promise<string> {
  const table = kind === 'project' ? sql`project WHERE client_id = ${parentId}`
    : kind === 'version' ? sql`version_model WHERE project_id = ${parentId}`
      : sql`model WHERE version_id = ${parentId}`;
  const { rows } = await db.execute<{ name: string }>(sql`SELECT name FROM ${table} AND lower(name) LIKE ${likePrefix(name)}`);
  return copyName(name, rows.map((r) => r.name));
}

export interface Stamp { now: Date; userId: number }

/** Marks the project (and version) as last edited now by the user. */
export async function touch(db: DbOrTx, s: Stamp, ids: { projectId?: number; versionId?: number }) {
  if (ids.versionId) {
    await db.update(versionModel).set({ timestampLastModified: s.now, lastModifiedBy: s.userId }).where(eq(versionModel.id, ids.versionId));
  }
  if (ids.projectId) {
    await db.update(project).set({ timestampLastModified: s.now, lastModifiedBy: s.userId }).where(eq(project.id, ids.projectId));
  }
}

/** Copies a model (model data, history rows with their files) into a version; returns the new id. */
export async function copyModel(db: DbOrTx, srcId: number, toVersionId: number, name: string, s: Stamp): Promise<number> {
  const [src] = await db.select().from(model).where(eq(model.id, srcId));
  const [created] = await db.insert(model).values({
    versionId: toVersionId, name, description: src.description, typeModelId: src.typeModelId,
    modelPlatform: src.modelPlatform, frozen: src.frozen, modelData: src.modelData, dataVersion: 0,
    createdAt: s.now, createdBy: s.userId, timestampLastModified: s.now, lastModifiedBy: s.userId,
  }).returning({ id: model.id });
  const history = await db.select().from(savedModel).where(eq(savedModel.modelId, srcId)).orderBy(savedModel.id);
  for (const h of history) {
    await db.insert(savedModel).values({
      modelId: created.id, active: h.active, fileId: await copyFile(db, h.fileId), filenameOrig: h.filenameOrig,
      filesize: h.filesize, timestampSave: h.timestampSave, userSave: h.userSave,
    });
  }
  return created.id;
}

/** Copies a version (attachments with files, models) into a project; returns the new id. */
export async function copyVersion(db: DbOrTx, srcId: number, toProjectId: number, name: string, s: Stamp): Promise<number> {
  const [src] = await db.select().from(versionModel).where(eq(versionModel.id, srcId));
  const [created] = await db.insert(versionModel).values({
    projectId: toProjectId, name, description: src.description, phaseId: src.phaseId,
    outlineUri: src.outlineUri, editorUri: src.editorUri, viewerUri: src.viewerUri,
    createdAt: s.now, createdBy: s.userId, timestampLastModified: s.now, lastModifiedBy: s.userId,
  }).returning({ id: versionModel.id });
  const atts = await db.select().from(attachment).where(eq(attachment.versionId, srcId)).orderBy(attachment.id);
  for (const a of atts) {
    await db.insert(attachment).values({
      versionId: created.id, attachmentType: a.attachmentType, categoryId: a.categoryId, name: a.name,
      urlLink: a.urlLink, fileId: a.fileId === null ? null : await copyFile(db, a.fileId), timestampUpload: a.timestampUpload,
    });
  }
  const models = await db.select({ id: model.id, name: model.name }).from(model).where(eq(model.versionId, srcId)).orderBy(model.id);
  for (const m of models) await copyModel(db, m.id, created.id, m.name, s);
  return created.id;
}

/** Ids of the stored files under a project, version or model (attachments and history). */
export async function fileIdsUnder(db: DbOrTx, where: { projectId?: number; versionId?: number; modelId?: number }): Promise<number[]> {
  const versionFilter = where.projectId !== undefined ? sql`v.project_id = ${where.projectId}` : sql`v.id = ${where.versionId ?? -1}`;
  const { rows } = where.modelId !== undefined
    ? await db.execute<{ id: number }>(sql`SELECT file_id AS id FROM saved_model WHERE model_id = ${where.modelId}`)
    : await db.execute<{ id: number }>(sql`
      SELECT sm.file_id AS id FROM saved_model sm JOIN model m ON m.id = sm.model_id JOIN version_model v ON v.id = m.version_id WHERE ${versionFilter}
      UNION ALL
      SELECT at.file_id FROM attachment at JOIN version_model v ON v.id = at.version_id WHERE ${versionFilter} AND at.file_id IS NOT NULL`);
  return rows.map((r) => r.id);
}

/** Deletes a project, version or model and the stored files of its subtree (rows cascade). */
export async function deleteSubtree(db: DbOrTx, where: { projectId?: number; versionId?: number; modelId?: number }) {
  const files = await fileIdsUnder(db, where);
  if (where.projectId !== undefined) await db.delete(project).where(eq(project.id, where.projectId));
  else if (where.versionId !== undefined) await db.delete(versionModel).where(eq(versionModel.id, where.versionId));
  else if (where.modelId !== undefined) await db.delete(model).where(eq(model.id, where.modelId));
  await deleteFiles(db, files);
}

