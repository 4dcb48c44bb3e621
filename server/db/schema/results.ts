import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { client } from './tenancy.ts';
import { model, savedModel } from './projects.ts';
import type { ModelResults } from '../../../src/formulas/modelResults.ts';

/**
 * A model's computed results (src/formulas/modelResults.ts) as of one save, stored so that reports and
 * BI feeds do not rebuild the engine per request (server/services/modelResults.ts). The save is the
 * model's `data_version` (online) and its active history entry (spreadsheet); a reader uses the row only
 * when both equal the model's current ones, and a write stores only the results of the current save.
 */
export const modelResult = pgTable('model_result', {
  modelId: integer().primaryKey().references(() => model.id, { onDelete: 'cascade' }),
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  /** model.data_version the results were computed from. */
  dataVersion: integer().notNull(),
  /** The active history entry they were read from; null for online models (and a spreadsheet model without a file). */
  savedModelId: integer().references(() => savedModel.id, { onDelete: 'cascade' }),
  computedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  results: jsonb().$type<ModelResults>().notNull(),
});
