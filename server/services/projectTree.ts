import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { model, project, versionModel } from '../db/schema/index.ts';
import { copyName, type NamedKind } from '../../src/lib/names.ts';
import { copyFileSql, deleteFiles } from '../storage/files.ts';

// The project → version → model tree: copies, deletes (with their stored files) and timestamps.

const likePrefix = (name: string) => `${name.replace(/ \(kopie(?: \d+)?\)$/, '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)} (kopie%`;

/** A free '… (kopie N)' name among the siblings. */
export async function freeCopyName(db: DbOrTx, kind: NamedKind, parentId: number, name: string): Promise<string> {
  const table = kind === 'project' ? sql`project WHERE client_id = ${parentId}`
    : kind === 'version' ? sql`version_model WHERE project_id = ${parentId}`
      : sql`model WHERE version_id = ${parentId}`;
  const { rows } = await db.execute<{ name: string }>(sql`SELECT name FROM ${table} AND lower(name) LIKE ${likePrefix(name)}`);
  return copyName(name, rows.map((r) => r.name));
}

interface Stamp { now: Date; userId: number }
/** A command's time and the user who runs it. */
export const stampOf = (c: { now: Date }, user: { id: number }): Stamp => ({ now: c.now, userId: user.id });

/** Marks the project (and version) as last edited now by the user. */
export async function touch(db: DbOrTx, s: Stamp, ids: { projectId?: number; versionId?: number }) {
  if (ids.versionId) {
    await db.update(versionModel).set({ timestampLastModified: s.now, lastModifiedBy: s.userId }).where(eq(versionModel.id, ids.versionId));
  }
  if (ids.projectId) {
    await db.update(project).set({ timestampLastModified: s.now, lastModifiedBy: s.userId }).where(eq(project.id, ids.projectId));
  }
}

export type IdMap = { old_id: number; new_id: number }[];
const valuesOf = (map: IdMap) => sql.raw(`(VALUES ${map.map((m) => `(${Number(m.old_id)}, ${Number(m.new_id)})`).join(', ')}) AS map(old_id, new_id)`);

/** The rows that own a stored file, by table: the column of their parent and the columns copied as they are. */
const FILE_ROWS = {
  saved_model: { parent: 'model_id', columns: 'active, filename_orig, filesize, timestamp_save, user_save' },
  attachment: { parent: 'version_id', columns: 'attachment_type, category_id, name, url_link, timestamp_upload' },
} as const;

/** Copies the file-owning rows of the mapped parents (old → new), each with a copy of its file: one statement a row. */
async function copyFileRows(db: DbOrTx, table: keyof typeof FILE_ROWS, parents: IdMap): Promise<void> {
  const t = sql.raw(table);
  const parent = sql.raw(FILE_ROWS[table].parent);
  const columns = sql.raw(FILE_ROWS[table].columns);
  const rows = (await db.execute<{ id: number; new_parent: number }>(sql`
    SELECT r.id, map.new_id AS new_parent FROM ${t} r JOIN ${valuesOf(parents)} ON r.${parent} = map.old_id
    WHERE r.file_id IS NOT NULL ORDER BY r.id`)).rows;
  for (const r of rows) {
    await db.execute(sql`
      WITH f AS (${copyFileSql(sql`SELECT file_id FROM ${t} WHERE id = ${r.id}`)})
      INSERT INTO ${t} (${parent}, file_id, ${columns})
      SELECT ${r.new_parent}, f.id, ${columns} FROM ${t}, f WHERE ${t}.id = ${r.id}`);
  }
}

/**
 * Copies the models of the mapped versions (old → new) set-based: models in one statement (mapped back by
 * their unique name), history rows one statement per file (the bytes are copied inside PostgreSQL).
 */
async function copyModelsOf(db: DbOrTx, versions: IdMap, s: Stamp, only?: { modelId: number; name: string }): Promise<IdMap> {
  if (!versions.length) return [];
  const filter = only ? sql`AND m.id = ${only.modelId}` : sql``;
  const name = only ? sql`${only.name}` : sql`m.name`;
  const models = (await db.execute<IdMap[number]>(sql`
    WITH ins AS (
      INSERT INTO model (version_id, name, description, type_model_id, model_platform, frozen, model_data, data_version,
                         created_at, created_by, timestamp_last_modified, last_modified_by)
      SELECT map.new_id, ${name}, m.description, m.type_model_id, m.model_platform, m.frozen, m.model_data, 0,
             ${s.now}, ${s.userId}, ${s.now}, ${s.userId}
      FROM model m JOIN ${valuesOf(versions)} ON m.version_id = map.old_id WHERE true ${filter}
      RETURNING id, version_id, name)
    SELECT m.id AS old_id, ins.id AS new_id FROM ins
    JOIN ${valuesOf(versions)} ON ins.version_id = map.new_id
    JOIN model m ON m.version_id = map.old_id AND ${only ? sql`m.id = ${only.modelId}` : sql`lower(m.name) = lower(ins.name)`}`)).rows;
  if (!models.length) return models;
  await copyFileRows(db, 'saved_model', models);
  return models;
}

/**
 * Copies the attachments (with their files), the map data (region outline, feature areas) and models of the
 * mapped versions; returns the models copied, old → new (their results follow the copy: resultsChanged).
 */
async function copyVersionContents(db: DbOrTx, versions: IdMap, s: Stamp): Promise<IdMap> {
  if (!versions.length) return [];
  await db.execute(sql`
    INSERT INTO version_region (version_id, geometry, area_m2, updated_at, updated_by)
    SELECT map.new_id, r.geometry, r.area_m2, r.updated_at, r.updated_by
    FROM version_region r JOIN ${valuesOf(versions)} ON r.version_id = map.old_id`);
  await db.execute(sql`
    INSERT INTO feature_area (version_id, name, function, geometry, area_m2, updated_at)
    SELECT map.new_id, f.name, f.function, f.geometry, f.area_m2, f.updated_at
    FROM feature_area f JOIN ${valuesOf(versions)} ON f.version_id = map.old_id ORDER BY f.id`);
  await db.execute(sql`
    INSERT INTO attachment (version_id, attachment_type, category_id, name, url_link, file_id, timestamp_upload)
    SELECT map.new_id, a.attachment_type, a.category_id, a.name, a.url_link, NULL, a.timestamp_upload
    FROM attachment a JOIN ${valuesOf(versions)} ON a.version_id = map.old_id WHERE a.file_id IS NULL ORDER BY a.id`);
  await copyFileRows(db, 'attachment', versions);
  return copyModelsOf(db, versions, s);
}

/** Copies a model (model data, history rows with their files) into a version; returns the new id. */
export async function copyModel(db: DbOrTx, srcId: number, toVersionId: number, name: string, s: Stamp): Promise<number> {
  const [src] = await db.select({ versionId: model.versionId }).from(model).where(eq(model.id, srcId));
  const map = await copyModelsOf(db, [{ old_id: src.versionId, new_id: toVersionId }], s, { modelId: srcId, name });
  return map[0].new_id;
}

/** Copies a version (attachments with files, models) into a project; returns the new id and the models copied (old → new). */
export async function copyVersion(db: DbOrTx, srcId: number, toProjectId: number, name: string, s: Stamp): Promise<{ id: number; models: IdMap }> {
  const [src] = await db.select().from(versionModel).where(eq(versionModel.id, srcId));
  const [created] = await db.insert(versionModel).values({
    projectId: toProjectId, name, description: src.description, phaseId: src.phaseId,
    createdAt: s.now, createdBy: s.userId, timestampLastModified: s.now, lastModifiedBy: s.userId,
  }).returning({ id: versionModel.id });
  const models = await copyVersionContents(db, [{ old_id: srcId, new_id: created.id }], s);
  return { id: created.id, models };
}

/** Copies all versions of a project (with everything below them) into another project; returns the new models' ids. */
export async function copyProjectTree(db: DbOrTx, srcProjectId: number, toProjectId: number, s: Stamp): Promise<number[]> {
  const versions = (await db.execute<IdMap[number]>(sql`
    WITH ins AS (
      INSERT INTO version_model (project_id, name, description, phase_id,
                                 created_at, created_by, timestamp_last_modified, last_modified_by)
      SELECT ${toProjectId}, v.name, v.description, v.phase_id,
             ${s.now}, ${s.userId}, ${s.now}, ${s.userId}
      FROM version_model v WHERE v.project_id = ${srcProjectId} ORDER BY v.id
      RETURNING id, name)
    SELECT v.id AS old_id, ins.id AS new_id FROM ins JOIN version_model v ON v.project_id = ${srcProjectId} AND lower(v.name) = lower(ins.name)`)).rows;
  return (await copyVersionContents(db, versions, s)).map((m) => m.new_id);
}

/** Ids of the stored files under a project, version or model (attachments and history). */
async function fileIdsUnder(db: DbOrTx, where: { projectId?: number; versionId?: number; modelId?: number }): Promise<number[]> {
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

