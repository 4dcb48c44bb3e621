import { z } from 'zod';
import { ModelData } from '../../model/modelSchema.ts';
import { IdParams, MAX_ID } from './common.ts';
import type { ResultsSummary } from '../../model/results.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// The online calculation tool's wire (spec 3 §7). The model data itself is the shared schema of
// modelData.ts, snake_case on the wire and in the engine (the client sends it with rawBody).

/** Who holds the model's edit session (model_session), as the tool sees it. */
export const SessionInfo = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  /** True when the caller holds it. */
  mine: z.boolean(),
  started_at: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Why the tool is read-only for the caller (null: it may save). */
export const ReadOnlyReason = z.enum(['role', 'frozen', 'session']).nullable();
export type ReadOnlyReason = z.infer<typeof ReadOnlyReason>;

export const ModelMeta = z.object({
  model_id: z.number().int(),
  model_name: z.string(),
  version_id: z.number().int(),
  version_name: z.string(),
  project_id: z.number().int(),
  project_name: z.string(),
  frozen: z.boolean(),
  /** The caller's role allows saving and the model is not frozen (a session of someone else is separate). */
  can_edit: z.boolean(),
  /** The optimistic-concurrency token: send it back with the save. */
  data_version: z.number().int(),
  session: SessionInfo.nullable(),
  read_only_reason: ReadOnlyReason,
  /** The version has feature areas: 'Overnemen uit kaart' can take their m² (issue 14). */
  has_map_data: z.boolean(),
  /** The version has a drawn region: 'Overnemen uit kaart' can take its m² as the gross area (issue 23). */
  has_version_region: z.boolean(),
});
export type ModelMeta = z.infer<typeof ModelMeta>;

/**
 * The results the server stored for the model's current save (model_result, issue 26): the tool paints
 * them while its engine is built. `data_version` is the save they were computed from; the tool shows
 * them only when it equals the model's. The results are src/formulas' ResultsSummary (camelCase, as the
 * engine's: the tool reads them as it reads the engine's).
 */
export const StoredToolResults = z.object({
  data_version: z.number().int(),
  format: z.number().int(),
  results: z.custom<ResultsSummary>((v) => typeof v === 'object' && v !== null),
});
export type StoredToolResults = z.infer<typeof StoredToolResults>;

/** GET /api/grexonline/model/{id}/ and the answer of a save: the model data (top level, as the spec's
 * call table says) plus what the tool shows around it; the GET adds the stored results (null: none for
 * this save yet). */
export const WorkbenchModel = ModelData.extend(ModelMeta.shape).extend({ stored_results: StoredToolResults.nullable().optional() });
export type WorkbenchModel = z.infer<typeof WorkbenchModel>;

/** POST /api/grexonline/model/{id}/: the whole model data and the data_version it was loaded at. */
// data_version is an int4 column, as the ids are.
export const SaveModelBody = ModelData.extend({ data_version: z.number().int().nonnegative().max(MAX_ID) });
export type SaveModelBody = z.infer<typeof SaveModelBody>;

/** POST/DELETE /api/grexonline/model/{id}/session/ */
export const SessionAnswer = z.object({
  /** The session is held by the caller after the call. */
  held: z.boolean(),
  session: SessionInfo.nullable(),
  read_only_reason: ReadOnlyReason,
  message: z.string(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;

const tags = ['grexonline'];

/** Model data stays snake_case on the client (wireKeys): it is the engine's format. */
export const workbenchEndpoints = {
  load: endpoint(routes.workbench.load, { tags, params: IdParams, response: { 200: WorkbenchModel } }),
  save: endpoint(routes.workbench.save, { tags, params: IdParams, body: SaveModelBody, response: { 200: WorkbenchModel } }),
  openSession: endpoint(routes.workbench.openSession, { tags, params: IdParams, response: { 200: SessionAnswer } }),
  closeSession: endpoint(routes.workbench.closeSession, { tags, params: IdParams, response: { 200: SessionAnswer } }),
};
