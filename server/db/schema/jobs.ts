import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, client, storedFile } from './tenancy.ts';
import { model, versionModel } from './projects.ts';
import { JOB_KINDS, JOB_STATUSES, MAPVIEWER_ERROR_VALUES, SPACE_USAGE_LOCATION_VALUES, stamp } from './columns.ts';

/**
 * A job a user asked for (open a spreadsheet model, build a report): the row the browser polls. It is
 * inserted in the same transaction as the pg-boss job that runs it (server/jobs); the worker writes
 * progress and the result here. Only its owner (user_id) can poll it or fetch its file.
 */
export const job = pgTable('job', {
  /** The task id of the spec (open_model_task, report uuid). */
  id: uuid().primaryKey().defaultRandom(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  kind: text({ enum: JOB_KINDS }).notNull(),
  modelId: integer().references(() => model.id, { onDelete: 'cascade' }),
  /** What the job was asked to do (its own shape per kind). */
  params: jsonb().notNull().default({}),
  status: text({ enum: JOB_STATUSES }).notNull().default('queued'),
  /** Dutch text of the current step, and 0–100. */
  progressText: text().notNull().default('In de wachtrij'),
  progressPct: integer().notNull().default(0),
  /** Dutch message of a failure; the map error value of a 424. */
  error: text(),
  mapviewerError: text({ enum: MAPVIEWER_ERROR_VALUES }),
  /** The produced file: served at /files/{file_uuid}/{result_filename} until expires_at. */
  resultFileId: integer().references(() => storedFile.id, { onDelete: 'set null' }),
  fileUuid: uuid(),
  resultFilename: text(),
  /** Kind-specific answer fields (open-model: edit_url). */
  result: jsonb(),
  attempts: integer().notNull().default(0),
  createdAt: stamp(),
  startedAt: timestamp({ withTimezone: true, mode: 'date' }),
  finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (t) => [
  uniqueIndex('job_file_uuid_key').on(t.fileUuid),
  index('job_user_idx').on(t.userId),
]);

/**
 * A WebDAV address of one opened spreadsheet model (the edit_url of open-model-task): an unguessable,
 * expiring path under which Excel or LibreOffice locks, reads and saves the file. Stored as a hash.
 */
export const editLink = pgTable('edit_link', {
  id: serial().primaryKey(),
  tokenHash: text().notNull(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  modelId: integer().notNull().references(() => model.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  /** The file name in the address (the opened file's filename_orig). */
  filename: text().notNull(),
  /** What a GET of the address serves: the opened file, then the last file saved through it. */
  fileId: integer().notNull().references(() => storedFile.id),
  createdAt: stamp(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [uniqueIndex('edit_link_token_key').on(t.tokenHash)]);

// Map data of a version (the map viewer stores them, issue 14; the open-model job reads the space usage).

/** The outline of a version's region: GeoJSON geometry in WGS84, its area computed by the server. */
export const versionRegion = pgTable('version_region', {
  versionId: integer().primaryKey().references(() => versionModel.id, { onDelete: 'cascade' }),
  geometry: jsonb().notNull(),
  areaM2: doublePrecision('area_m2').notNull(),
  updatedAt: stamp(),
  updatedBy: integer().references(() => appUser.id, { onDelete: 'set null' }),
});

/** A feature area of a version: a polygon with a name and a function (a space-usage location). */
export const featureArea = pgTable('feature_area', {
  id: serial().primaryKey(),
  versionId: integer().notNull().references(() => versionModel.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  function: text({ enum: SPACE_USAGE_LOCATION_VALUES }).notNull(),
  geometry: jsonb().notNull(),
  areaM2: doublePrecision('area_m2').notNull(),
  updatedAt: stamp(),
}, (t) => [index('feature_area_version_idx').on(t.versionId)]);
