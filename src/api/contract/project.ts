import { z } from 'zod';
import { Id, IdParams, OptionalText, Role, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { RequiredId, RequiredName } from './names.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { ProjectCapabilities } from './capabilities.ts';

// Projects (spec 1 §3, §7): /api/manager/project/…

/** One row of the project's rights table (spec 1: Naam / Rechten). */
export const ProjectRoleRow = z.object({
  id: z.number(), // user id
  name_full: z.string(),
  role: Role,
});
export type ProjectRoleRow = z.infer<typeof ProjectRoleRow>;

/** Role sent when creating or changing a project: user id and role. */
const ProjectRoleInput = z.object({ id: Id, role: Role });

/** GET project/?all=true — without `all`, hidden projects are left out. */
export const ProjectListQuery = z.object({
  all: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])]).optional()
    .transform((v) => v === true || v === 'true' || v === '1' || v === ''),
});

/** A row of GET project/. `role` and `project_role` are the same: the caller's role on the project. */
export const ProjectListItem = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string().nullable(),
  subregion: z.number(),
  subregion_name: z.string(),
  type_project: z.number(),
  type_project_name: z.string(),
  hidden: z.boolean(),
  role: Role,
  project_role: Role,
  created_at: Timestamp,
  timestamp_last_modified: Timestamp,
  ...ProjectCapabilities.shape,
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;
export const ProjectList = z.array(ProjectListItem);

/**
 * GET project/{id}/ (and the answer of POST/PUT/PATCH/duplicate).
 * `roles` is the rights table: one row per user of the client, only for project role ADM; null otherwise.
 */
export const ProjectDetail = ProjectListItem.extend({
  description: z.string().nullable(),
  organisation: z.string().nullable(),
  projectmanager: z.string().nullable(),
  author_name_full: z.string().nullable(),
  last_modified_by_name_full: z.string().nullable(),
  roles: z.array(ProjectRoleRow).nullable(),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

/** The fields a project is created and changed with. */
const projectFields = {
  name: RequiredName('project'),
  number: OptionalText,
  description: OptionalText,
  organisation: OptionalText,
  projectmanager: OptionalText,
  subregion: RequiredId,
  type_project: RequiredId,
};

/**
 * POST project/. Empty optional texts are stored as null. The creator always gets ADM;
 * `roles` (at least one row, spec 1 §5) sets the other users' roles.
 */
export const ProjectCreateBody = z.object({
  ...projectFields,
  roles: z.array(ProjectRoleInput, { error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE),
});
export type ProjectCreateBody = z.input<typeof ProjectCreateBody>;

/**
 * PUT project/{id}/ (all of name, subregion, type_project required) and PATCH (any subset).
 * `roles` may only be sent by a project ADM (403 otherwise); listed users get that role, others keep theirs;
 * the caller's own row is ignored (an ADM cannot lock himself out).
 */
const updateFields = {
  ...projectFields,
  hidden: z.boolean(),
  roles: z.array(ProjectRoleInput),
};
/**
 * `previous`: the values the form was loaded with (as GET project/{id}/ answered them). A save that would
 * overwrite a field or a user's role someone else changed since answers 409 (code 'stale',
 * STALE_EDIT_MESSAGE) and writes nothing; without `previous` nothing is checked.
 */
const ProjectPrevious = z.object({
  name: z.string(),
  number: z.string().nullable(),
  description: z.string().nullable(),
  organisation: z.string().nullable(),
  projectmanager: z.string().nullable(),
  subregion: z.number(),
  type_project: z.number(),
  hidden: z.boolean(),
  roles: z.array(ProjectRoleInput),
}).partial();
export const ProjectPutBody = z.object({
  ...updateFields,
  hidden: updateFields.hidden.optional(),
  roles: updateFields.roles.optional(),
  previous: ProjectPrevious.optional(),
});
export const ProjectPatchBody = z.object({ ...updateFields, previous: ProjectPrevious }).partial();
export type ProjectPutBody = z.input<typeof ProjectPutBody>;
export type ProjectPatchBody = z.input<typeof ProjectPatchBody>;

const tags = ['project'];

export const projectEndpoints = {
  // The answer carries an ETag; a client that sends it back in If-None-Match gets 304 when nothing changed.
  list: endpoint(routes.projects.list, { tags, query: ProjectListQuery, response: { 200: ProjectList, 304: z.null() } }),
  create: endpoint(routes.projects.create, { tags, body: ProjectCreateBody, response: { 201: ProjectDetail } }),
  get: endpoint(routes.projects.get, { tags, params: IdParams, response: { 200: ProjectDetail } }),
  put: endpoint(routes.projects.put, { tags, params: IdParams, body: ProjectPutBody, response: { 200: ProjectDetail } }),
  patch: endpoint(routes.projects.patch, { tags, params: IdParams, body: ProjectPatchBody, response: { 200: ProjectDetail } }),
  remove: endpoint(routes.projects.remove, { tags, params: IdParams, response: {} }),
  duplicate: endpoint(routes.projects.duplicate, { tags, params: IdParams, response: { 200: ProjectDetail } }),
};
