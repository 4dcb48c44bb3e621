import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid, customType,
} from 'drizzle-orm/pg-core';
import { ROLES, stamp } from './columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A municipality or company: owns users, projects and reference data. */
export const client = pgTable('client', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** SAML single sign-on: when set, client-status reports saml. */
  samlEntryPoint: text(),
  samlIdpCert: text(),
  samlMetadataUrl: text(),
  samlIssuer: text(),
  /** Staff recorded that the client's identity provider asks a second factor: no MFA step after SAML (issue 33.3). */
  samlIdpDoesMfa: boolean().notNull().default(false),
  /** The longest validity, in days, a BI link's owner may choose for its password (staff set it; issue 25 item 8). */
  biPasswordMaxDays: integer().notNull().default(365),
  createdAt: stamp(),
});

export const appUser = pgTable('app_user', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  /** Stored lower-case; unique over all clients because sign-in is by e-mail alone. */
  email: text().notNull(),
  role: text({ enum: ROLES }).notNull().default('NON'),
  isActive: boolean().notNull().default(true),
  isStaff: boolean().notNull().default(false),
  blocked: boolean().notNull().default(false),
  mfaForced: boolean().notNull().default(false),
  mfaVerified: boolean().notNull().default(false),
  /** TOTP secret, encrypted with the server's key (see server/auth/crypto.ts). */
  mfaSecret: text(),
  /** Last accepted TOTP time step: a code is accepted once only. */
  mfaLastStep: integer(),
  passwordHash: text(),
  passwordChangedAt: timestamp({ withTimezone: true, mode: 'date' }),
  passwordResetRequired: boolean().notNull().default(false),
  /** Version stamp of the accepted terms of use; accepted means equal to the current version. */
  termsConditionsAccepted: text(),
  lastLogin: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: stamp(),
}, (t) => [
  uniqueIndex('app_user_email_key').on(t.email),
  index('app_user_client_idx').on(t.clientId),
]);

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export const refreshToken = pgTable('refresh_token', {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull(),
  /** All tokens rotated from one sign-in share a family; reuse of a rotated token revokes it. */
  family: uuid().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** 'rotated' (replaced by its successor), 'logout', 'blocked', 'reuse', 'password'. */
  revokedReason: text(),
  createdAt: stamp(),
}, (t) => [
  uniqueIndex('refresh_token_hash_key').on(t.tokenHash),
  index('refresh_token_user_idx').on(t.userId),
  /** The bearer hook asks on every request whether the token's session (family) still lives (issue 33.4). */
  index('refresh_token_family_idx').on(t.family),
]);

export const auditLog = pgTable('audit_log', {
  id: serial().primaryKey(),
  clientId: integer().references(() => client.id, { onDelete: 'cascade' }),
  userId: integer().references(() => appUser.id, { onDelete: 'set null' }),
  userNameFull: text().notNull().default(''),
  description: text().notNull(),
  ipaddress: text().notNull().default(''),
  timestamp: stamp(),
}, (t) => [index('audit_log_client_time_idx').on(t.clientId, t.timestamp)]);

/** Sign-in attempts, for the per-account and per-IP limits. */
export const loginAttempt = pgTable('login_attempt', {
  id: serial().primaryKey(),
  email: text().notNull(),
  ip: text().notNull(),
  success: boolean().notNull(),
  /** What was attempted: login, login-mfa, reset. */
  kind: text().notNull().default('login'),
  at: stamp(),
}, (t) => [
  index('login_attempt_email_idx').on(t.email, t.at),
  index('login_attempt_ip_idx').on(t.ip, t.at),
]);

/**
 * Fixed-window request counters shared by every server instance (server/services/rateWindow.ts): one row
 * per thing counted and whose, e.g. 'bi-pull:user:12', 'bi-pull:ip:203.0.113.7', 'bi-link:user:12'.
 */
export const rateWindow = pgTable('rate_window', {
  key: text().primaryKey(),
  windowStart: stamp(),
  count: integer().notNull(),
}, (t) => [index('rate_window_start_idx').on(t.windowStart)]);

/** Secrets generated on first start (JWT signing key, encryption key), shared by all instances. */
export const appSecret = pgTable('app_secret', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: stamp(),
});

export const passwordResetToken = pgTable('password_reset_token', {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull(),
  /** Set once the MFA step of the reset passed; the set-password call must present it. */
  mfaTokenHash: text(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: stamp(),
});

/** Files (attachments, saved models, reports) live in the database. */
export const storedFile = pgTable('stored_file', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  filename: text().notNull(),
  contentType: text().notNull().default('application/octet-stream'),
  size: integer().notNull(),
  data: bytea().notNull(),
  createdAt: stamp(),
});

export const subregion = pgTable('subregion', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  description: text().notNull(),
}, (t) => [uniqueIndex('subregion_client_description_key').on(t.clientId, sql`lower(${t.description})`)]);

export const userSubregion = pgTable('user_subregion', {
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  subregionId: integer().notNull().references(() => subregion.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('user_subregion_key').on(t.userId, t.subregionId)]);

export const typeProject = pgTable('type_project', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  description: text().notNull(),
  /** 'Onbepaald': cannot be renamed or deleted; projects of a deleted type move to it. */
  isDefault: boolean().notNull().default(false),
}, (t) => [uniqueIndex('type_project_client_description_key').on(t.clientId, sql`lower(${t.description})`)]);

export const phase = pgTable('phase', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  description: text().notNull(),
  /** The administrator's order (Fasedefinities): every list shows the phases by position, then id. */
  position: integer().notNull().default(0),
}, (t) => [uniqueIndex('phase_client_description_key').on(t.clientId, sql`lower(${t.description})`)]);

export const categoryAttachment = pgTable('category_attachment', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  /** 'Ongecategoriseerd': cannot be renamed or deleted; attachments of a deleted category move to it. */
  isDefault: boolean().notNull().default(false),
}, (t) => [uniqueIndex('category_attachment_client_name_key').on(t.clientId, sql`lower(${t.name})`)]);

/** Spreadsheet model templates (the model's type). */
export const templateModel = pgTable('template_model', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  fileId: integer().references(() => storedFile.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('template_model_client_name_key').on(t.clientId, sql`lower(${t.name})`)]);

export const templateReport = pgTable('template_report', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  nModelsMin: integer().notNull().default(1),
  nModelsMax: integer().notNull().default(100),
  fileId: integer().references(() => storedFile.id, { onDelete: 'set null' }),
}, (t) => [uniqueIndex('template_report_client_name_key').on(t.clientId, sql`lower(${t.name})`)]);

export const userTemplateReport = pgTable('user_template_report', {
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  templateReportId: integer().notNull().references(() => templateReport.id, { onDelete: 'cascade' }),
}, (t) => [uniqueIndex('user_template_report_key').on(t.userId, t.templateReportId)]);

/** A record of global parameters applied to models (POST parameter/). */
export const parameterApplication = pgTable('parameter_application', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  userId: integer().references(() => appUser.id, { onDelete: 'set null' }),
  parameters: jsonb().notNull(),
  modelIds: jsonb().$type<number[]>().notNull(),
  createdAt: stamp(),
});

/**
 * Invitations (issue 25.1): a single-use link where a new user sets their own password. Only the
 * token's SHA-256 is stored; a new invitation revokes the unused ones before it.
 */
export const userInvitation = pgTable('user_invitation', {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  revokedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: stamp(),
}, (t) => [
  uniqueIndex('user_invitation_token_hash_key').on(t.tokenHash),
  index('user_invitation_user_idx').on(t.userId),
]);

/** MFA recovery codes (issue 25.2): ten per setup, stored as SHA-256, each accepted once. */
export const mfaRecoveryCode = pgTable('mfa_recovery_code', {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  usedAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: stamp(),
}, (t) => [index('mfa_recovery_code_user_idx').on(t.userId)]);
