import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { client } from './tenancy.ts';

/**
 * The data revision of a client: raised (by the triggers of server/db/revision.ts, at commit) by every
 * write to the rows that cached answers are made of — projects, project roles, versions, models, edit
 * sessions, subregions, project types, model templates and user names. A cached answer built after
 * reading revision r is valid while the revision is still r. No row yet means revision 0.
 */
export const dataRevision = pgTable('data_revision', {
  clientId: integer().primaryKey().references(() => client.id, { onDelete: 'cascade' }),
  revision: bigint({ mode: 'number' }).notNull().default(0),
});
