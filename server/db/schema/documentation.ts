import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { appUser, client, storedFile } from './tenancy.ts';
import { DOCUMENTATION_TYPES, stamp } from './columns.ts';

/**
 * Documentation entries of a client (spec 1 §3 Documentation): manuals and release notes with their PDF
 * (`file_id`), instructional videos with their link (`video_url`).
 */
export const documentation = pgTable('documentation', {
  id: serial().primaryKey(),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  description: text(),
  documentationType: text({ enum: DOCUMENTATION_TYPES }).notNull(),
  fileId: integer().references(() => storedFile.id, { onDelete: 'set null' }),
  videoUrl: text(),
  /** Order within its list (then the name). */
  sortOrder: integer().notNull().default(0),
  /**
   * Set on the entries the product ships (server/pdf/shipped.ts: 'manual', 'release_notes'), with the
   * hash of the shipped source their file was made from: a start with another hash replaces the file.
   */
  shippedKey: text(),
  shippedHash: text(),
  createdAt: stamp(),
  createdBy: integer().references(() => appUser.id, { onDelete: 'set null' }),
  updatedAt: stamp(),
}, (t) => [index('documentation_client_idx').on(t.clientId, t.documentationType, t.sortOrder)]);
