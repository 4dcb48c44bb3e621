import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser, categoryAttachment, client, phase, storedFile, subregion, templateModel, typeProject } from './tenancy.ts';
import { ATTACHMENT_TYPES, MODEL_PLATFORMS, ROLES, stamp } from './columns.ts';

const userRef = () => integer().references(() => appUser.id, { onDelete: 'set null' });

export const project = pgTable('project', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  number: text(),
  description: text(),
  organisation: text(),
  projectmanager: text(),
  subregionId: integer().notNull().references(() => subregion.id, { onDelete: 'cascade' }),
  typeProjectId: integer().notNull().references(() => typeProject.id),
  hidden: boolean().notNull().default(false),
  createdAt: stamp(),
  createdBy: userRef(),
  timestampLastModified: stamp(),
  lastModifiedBy: userRef(),
}, (t) => [
  uniqueIndex('project_client_name_key').on(t.clientId, sql`lower(${t.name})`),
  index('project_client_modified_idx').on(t.clientId, t.timestampLastModified),
]);

/** The caller's role on a project; no row means no access at all. */
export const projectRole = pgTable('project_role', {
  projectId: integer().notNull().references(() => project.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  role: text({ enum: ROLES }).notNull(),
}, (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_role_user_idx').on(t.userId)]);

export const versionModel = pgTable('version_model', {
  id: serial().primaryKey(),
  projectId: integer().notNull().references(() => project.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  phaseId: integer().references(() => phase.id, { onDelete: 'set null' }),
  createdAt: stamp(),
  createdBy: userRef(),
  timestampLastModified: stamp(),
  lastModifiedBy: userRef(),
  /**
   * 'Vastgesteld door de raad' (issue 37.4): the council's date (yyyy-mm-dd), its note, and who marked it
   * when. All four null when not vastgesteld; while set, the version's models stay frozen.
   */
  adoptedOn: date({ mode: 'string' }),
  adoptedNote: text(),
  adoptedBy: userRef(),
  adoptedAt: timestamp({ withTimezone: true, mode: 'date' }),
}, (t) => [uniqueIndex('version_model_project_name_key').on(t.projectId, sql`lower(${t.name})`)]);

export const model = pgTable('model', {
  id: serial().primaryKey(),
  versionId: integer().notNull().references(() => versionModel.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  typeModelId: integer().references(() => templateModel.id, { onDelete: 'set null' }),
  modelPlatform: text({ enum: MODEL_PLATFORMS }).notNull().default('online'),
  frozen: boolean().notNull().default(false),
  /** Online platform: base_parameters, cost_estimate, residential_construction. */
  modelData: jsonb(),
  /** Bumped on every save of the model data: the optimistic-concurrency token. */
  dataVersion: integer().notNull().default(0),
  /** The model a jaarovergang made this one from (issue 37.3): the verschillenanalyse's default comparison. */
  rolledOverFromModelId: integer().references((): AnyPgColumn => model.id, { onDelete: 'set null' }),
  createdAt: stamp(),
  createdBy: userRef(),
  timestampLastModified: stamp(),
  lastModifiedBy: userRef(),
}, (t) => [uniqueIndex('model_version_name_key').on(t.versionId, sql`lower(${t.name})`)]);

/** Who has a model open for editing. */
export const modelSession = pgTable('model_session', {
  modelId: integer().primaryKey().references(() => model.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  startedAt: stamp(),
  /**
   * The WebDAV lock of an opened spreadsheet model (server/webdav): the lock is the edit session, so
   * ending the session releases it. Null while the session holds no lock.
   */
  lockToken: text(),
  lockOwner: text(),
  lockExpiresAt: timestamp({ withTimezone: true, mode: 'date' }),
});

/** History of a spreadsheet model: exactly one entry is active. */
export const savedModel = pgTable('saved_model', {
  id: serial().primaryKey(),
  modelId: integer().notNull().references(() => model.id, { onDelete: 'cascade' }),
  active: boolean().notNull().default(false),
  fileId: integer().notNull().references(() => storedFile.id),
  filenameOrig: text().notNull(),
  filesize: integer().notNull(),
  timestampSave: stamp(),
  userSave: userRef(),
}, (t) => [index('saved_model_model_idx').on(t.modelId)]);

export const attachment = pgTable('attachment', {
  id: serial().primaryKey(),
  versionId: integer().notNull().references(() => versionModel.id, { onDelete: 'cascade' }),
  attachmentType: text({ enum: ATTACHMENT_TYPES }).notNull(),
  categoryId: integer().notNull().references(() => categoryAttachment.id),
  name: text().notNull(),
  urlLink: text(),
  fileId: integer().references(() => storedFile.id),
  timestampUpload: stamp(),
}, (t) => [index('attachment_version_idx').on(t.versionId)]);

