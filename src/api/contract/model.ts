import { z } from 'zod';
import { IdParams, MAX_ID, Ok, Role, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { RequiredId, namedFields } from './names.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { ModelCapabilities } from './capabilities.ts';

// Calculation models (spec 1 §3 "Model", "Saved model"): /api/manager/model/…

/** Wire values of the platform; the form's option 0 is 'spreadsheet', option 1 'online'. */
export const ModelPlatform = z.enum(['spreadsheet', 'online']);
export type ModelPlatform = z.infer<typeof ModelPlatform>;

/** GET model/?version_model_id=… ; without it: every model of every project the caller can read. */
export const ModelListQuery = z.object({
  version_model_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export const ModelItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Template model id (spreadsheet platform); null for none. */
  type_model: z.number().nullable(),
  type_model_name: z.string().nullable(),
  model_platform: ModelPlatform,
  frozen: z.boolean(),
  author_name_full: z.string().nullable(),
  created_at: Timestamp,
  timestamp_last_modified: Timestamp,
  last_modified_by_name_full: z.string().nullable(),
  mutations: z.array(z.object({ id: z.number(), name: z.string() })),
  project_role: Role,
  project_id: z.number(),
  version_id: z.number(),
  version_timestamp_last_modified: Timestamp,
  model_timestamp_last_modified: Timestamp,
  parameter_set: z.number().nullable(),
  force_template_migration: z.boolean(),
  /** Someone (anyone) has the model open (a model_session row exists). */
  already_open: z.boolean(),
  /** The caller is the one who has it open. */
  open_by_current_user: z.boolean(),
  /** The model's version has feature areas (map data): opening a spreadsheet model asks for them. */
  has_map_data: z.boolean(),
  /** The model a jaarovergang made this one from (issue 37.3), null for none or when that model is gone. */
  rolled_over_from_model_id: z.number().nullable(),
  ...ModelCapabilities.shape,
});
export type ModelItem = z.infer<typeof ModelItem>;
export const ModelList = z.array(ModelItem);

/**
 * POST model/. `model_platform` is honoured for staff only (spec: the platform field is super-admin only);
 * others always create 'spreadsheet' models. `type_model` (a template-model id) is required for the
 * spreadsheet platform; 0 or null means none (online). An online model starts with default model data.
 */
export const ModelCreateBody = z.object({
  ...namedFields('model'),
  type_model: z.number({ error: REQUIRED_MESSAGE }).int(REQUIRED_MESSAGE).min(0, REQUIRED_MESSAGE).max(MAX_ID, REQUIRED_MESSAGE).nullish(),
  version: RequiredId,
  model_platform: ModelPlatform.optional(),
});
export type ModelCreateBody = z.input<typeof ModelCreateBody>;

/**
 * PUT model/{id}/ (name required) and PATCH (any subset). Changing `frozen` needs project ADM (403).
 * A frozen model answers 423 'Dit rekenmodel is vergrendeld.' to a change of name or description,
 * unless the same request unfreezes it.
 */
export const ModelPutBody = z.object({
  ...namedFields('model'),
  frozen: z.boolean().optional(),
  /** The values the form was loaded with; a save over a newer change answers 409 (as a project's). */
  previous: z.object({ name: z.string(), description: z.string().nullable(), frozen: z.boolean() }).partial().optional(),
});
export const ModelPatchBody = ModelPutBody.partial();
export type ModelPutBody = z.input<typeof ModelPutBody>;
export type ModelPatchBody = z.input<typeof ModelPatchBody>;

/** POST model/{id}/move/: the target version (caller needs ADM/USR on both projects). Answer: the moved model. */
export const ModelMoveBody = z.object({ to_version: RequiredId });

/** GET model/{id}/session-edit/: the e-mail of the user who has the model open, null when nobody. */
export const SessionEdit = z.object({ email: z.string().nullable() });

/** A history entry of a spreadsheet model (staff with project ADM/USR only). */
export const SavedModelItem = z.object({
  id: z.number(),
  active: z.boolean(),
  filesize: z.number(),
  filename_orig: z.string(),
  timestamp_save: Timestamp,
  /** Full name of the user who saved it. */
  user_save: z.string().nullable(),
});
export type SavedModelItem = z.infer<typeof SavedModelItem>;
export const SavedModelList = z.array(SavedModelItem);

/** Path of model/{id}/saved-model/{saved_model_id}/. */
export const SavedModelParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  saved_model_id: z.coerce.number().int().positive().max(MAX_ID),
});

const tags = ['model'];

export const modelEndpoints = {
  // The list of one version carries an ETag (304 on If-None-Match when unchanged), as GET project/.
  list: endpoint(routes.models.list, { tags, query: ModelListQuery, response: { 200: ModelList, 304: z.null() } }),
  create: endpoint(routes.models.create, { tags, body: ModelCreateBody, response: { 201: ModelItem } }),
  get: endpoint(routes.models.get, { tags, params: IdParams, response: { 200: ModelItem } }),
  put: endpoint(routes.models.put, { tags, params: IdParams, body: ModelPutBody, response: { 200: ModelItem } }),
  patch: endpoint(routes.models.patch, { tags, params: IdParams, body: ModelPatchBody, response: { 200: ModelItem } }),
  remove: endpoint(routes.models.remove, { tags, params: IdParams, response: {} }),
  duplicate: endpoint(routes.models.duplicate, { tags, params: IdParams, response: { 200: ModelItem } }),
  move: endpoint(routes.models.move, { tags, params: IdParams, body: ModelMoveBody, response: { 200: ModelItem } }),
  sessionHolder: endpoint(routes.models.sessionHolder, { tags, params: IdParams, response: { 200: SessionEdit } }),
  endSession: endpoint(routes.models.endSession, { tags, params: IdParams, response: { 200: Ok } }),
  history: endpoint(routes.models.history, { tags, params: IdParams, response: { 200: SavedModelList } }),
  /** Multipart: the xlsx as `file`. */
  uploadHistory: endpoint(routes.models.uploadHistory, { tags, params: IdParams, response: { 201: Ok } }),
  downloadHistory: endpoint(routes.models.downloadHistory, {
    tags, params: SavedModelParams, response: {},
  }),
  activateHistory: endpoint(routes.models.activateHistory, {
    tags, params: SavedModelParams, response: { 200: SavedModelItem },
  }),
};
