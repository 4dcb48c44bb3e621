import { z } from 'zod';
import { IdParams, MAX_ID, Role, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { RequiredId, namedFields } from './names.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { AttachmentItem } from './attachment.ts';
import { VersionCapabilities } from './capabilities.ts';

// Versions of a project (spec 1 §3 "Version"): /api/manager/version-model/…

/** Phase: a phase id of the client, 0 = none (spec: phase >= 0). */
const PhaseRef = z.number({ error: REQUIRED_MESSAGE }).int(REQUIRED_MESSAGE).min(0, REQUIRED_MESSAGE).max(MAX_ID);

export const VersionModelListQuery = z.object({
  project_id: z.coerce.number({ error: 'project_id is verplicht.' }).int().positive().max(MAX_ID),
});

export const VersionModel = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Phase id, 0 = none. */
  phase: z.number(),
  phase_name: z.string().nullable(),
  project: z.number(),
  project_id: z.number(),
  created_at: Timestamp,
  timestamp_last_modified: Timestamp,
  author_name_full: z.string().nullable(),
  last_modified_by_name_full: z.string().nullable(),
  attachments: z.array(AttachmentItem),
  project_role: Role,
  viewer_uri: z.string().nullable(),
  outline_uri: z.string().nullable(),
  editor_uri: z.string().nullable(),
  /** True when the version has models and all of them are frozen. */
  frozen: z.boolean(),
  mutations: z.array(z.object({ id: z.number(), name: z.string() })),
  type_model: z.number().nullable(),
  /** The version has feature areas (map data). */
  has_map_data: z.boolean(),
  ...VersionCapabilities.shape,
});
export type VersionModel = z.infer<typeof VersionModel>;
export const VersionModelList = z.array(VersionModel);

/** POST version-model/. */
export const VersionModelCreateBody = z.object({
  ...namedFields('version'),
  phase: PhaseRef.optional().default(0),
  project: RequiredId,
});
export type VersionModelCreateBody = z.input<typeof VersionModelCreateBody>;

/** PUT version-model/{id}/ (name required) and PATCH (any subset). */
/** `previous`: the values the form was loaded with; a save over a newer change answers 409 (as a project's). */
export const VersionModelPutBody = z.object({
  ...namedFields('version'),
  phase: PhaseRef.optional(),
  previous: z.object({ name: z.string(), description: z.string().nullable(), phase: z.number() }).partial().optional(),
});
export const VersionModelPatchBody = VersionModelPutBody.partial();
export type VersionModelPutBody = z.input<typeof VersionModelPutBody>;
export type VersionModelPatchBody = z.input<typeof VersionModelPatchBody>;

/** POST version-model/{id}/move/: the target project (caller needs ADM/USR on both). Answer: the moved version. */
export const VersionModelMoveBody = z.object({ to_project: RequiredId });

const tags = ['version-model'];

export const versionModelEndpoints = {
  list: endpoint(routes.versions.list, { tags, query: VersionModelListQuery, response: { 200: VersionModelList } }),
  create: endpoint(routes.versions.create, { tags, body: VersionModelCreateBody, response: { 201: VersionModel } }),
  get: endpoint(routes.versions.get, { tags, params: IdParams, response: { 200: VersionModel } }),
  put: endpoint(routes.versions.put, { tags, params: IdParams, body: VersionModelPutBody, response: { 200: VersionModel } }),
  patch: endpoint(routes.versions.patch, { tags, params: IdParams, body: VersionModelPatchBody, response: { 200: VersionModel } }),
  remove: endpoint(routes.versions.remove, { tags, params: IdParams, response: {} }),
  duplicate: endpoint(routes.versions.duplicate, { tags, params: IdParams, response: { 200: VersionModel } }),
  move: endpoint(routes.versions.move, { tags, params: IdParams, body: VersionModelMoveBody, response: { 200: VersionModel } }),
};
