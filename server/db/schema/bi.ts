import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, client } from './tenancy.ts';
import { model } from './projects.ts';
import { stamp } from './columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A BI link (spec 1 §3 "BI link"): a user's feed of chosen models' report rows, pulled by Power BI or
 * Excel with HTTP Basic authentication (the fixed user name and a generated password). It belongs to
 * its owner; the feed serves only the models the owner can still read.
 */
export const biLink = pgTable('bi_link', {
  id: serial().primaryKey(),
  /** The unguessable part of the feed's address. */
  uuid: uuid().notNull().defaultRandom(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  description: text().notNull(),
  createdAt: stamp(),
  lastAccessedAt: at(),
  lastIp: text(),
  /** SHA-256 (hex) of the current password, a 192-bit random token (docs/decisions.md "BI links"). */
  passwordHash: text(),
  passwordExpiresAt: at(),
  /** The rate limit's fixed window: its start and the pulls counted in it (services/biLinks.ts). */
  pullWindowStart: at(),
  pullCount: integer().notNull().default(0),
}, (t) => [
  uniqueIndex('bi_link_uuid_key').on(t.uuid),
  index('bi_link_user_idx').on(t.userId),
]);

/** The models of a BI link, in the order chosen. */
export const biLinkModel = pgTable('bi_link_model', {
  linkId: integer().notNull().references(() => biLink.id, { onDelete: 'cascade' }),
  modelId: integer().notNull().references(() => model.id, { onDelete: 'cascade' }),
  position: integer().notNull(),
}, (t) => [
  primaryKey({ columns: [t.linkId, t.modelId] }),
  index('bi_link_model_model_idx').on(t.modelId),
]);
