import { z } from 'zod';
import { nameProblem } from '../../lib/names.ts';
import { Id, IdParams, Ok } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Reference-data configuration (spec 2 §3, §5, §7, §8): role ADM of the caller's client.
// 409 on a duplicate name (DUPLICATE_REFERENCE_MESSAGE). DELETE {id}/ without ?force on an entry in
// use → 423; with ?force=true the effects of spec 2 §4 happen.

/** A name: non-empty after trim, none of < > : " / ? * | ('Voer een geldige naam in.'). */
const ConfigName = z.string().max(200).transform((s) => s.trim()).superRefine((s, c) => {
  const problem = nameProblem(s);
  if (problem) c.addIssue({ code: 'custom', message: problem });
});

export const Subregion = z.object({ id: z.number(), description: z.string(), outline_uri: z.string().nullable() });
export type Subregion = z.infer<typeof Subregion>;
export const SubregionList = z.array(Subregion);
/**
 * POST subregion/ → 201 Subregion. access_list: ids of users of the client who get access to the
 * new subregion (the creator always gets it); unknown ids are ignored.
 */
export const SubregionCreateBody = z.object({
  description: ConfigName,
  access_list: z.array(Id).optional(),
});
/** PUT/PATCH subregion/{id}/, type-project/{id}/, phase/{id}/. */
export const DescriptionBody = z.object({ description: ConfigName });

export const TypeProject = z.object({ id: z.number(), description: z.string(), is_default: z.boolean() });
export type TypeProject = z.infer<typeof TypeProject>;
export const TypeProjectList = z.array(TypeProject);

export const Phase = z.object({ id: z.number(), description: z.string() });
export type Phase = z.infer<typeof Phase>;
export const PhaseList = z.array(Phase);
/**
 * PUT phase/order/ (ADM): the client's phases in their new order, every one exactly once. Answer: the
 * list in that order; 409 when the list changed meanwhile (a phase added or deleted by someone else).
 */
export const PhaseOrderBody = z.object({ ids: z.array(z.number().int()).min(1).max(1000) });
export type PhaseOrderBody = z.infer<typeof PhaseOrderBody>;

export const CategoryAttachment = z.object({ id: z.number(), name: z.string(), is_default: z.boolean() });
export type CategoryAttachment = z.infer<typeof CategoryAttachment>;
export const CategoryAttachmentList = z.array(CategoryAttachment);
export const NameBody = z.object({ name: ConfigName });

/** ?force=true (also 1/yes/empty value) confirms a delete after a 423. */
export const ForceQuery = z.object({
  force: z.union([z.string(), z.boolean()]).optional()
    .transform((v) => v !== undefined && v !== false && !['false', '0', 'no'].includes(String(v).toLowerCase())),
});

const tags = ['configuration'];

/**
 * Create, read one, rename (PUT and PATCH alike) and delete of one reference list; its GET list is the
 * project area's (referenceDataEndpoints). A delete with `force` confirms what a 423 asked.
 */
function listEndpoints<R extends ConfigurationList, Row extends z.ZodType, Text extends z.ZodType>(list: R, row: Row, text: Text) {
  return {
    create: endpoint(list.create, { tags, body: text, response: { 201: row } }),
    get: endpoint(list.get, { tags, params: IdParams, response: { 200: row } }),
    put: endpoint(list.put, { tags, params: IdParams, body: text, response: { 200: row } }),
    patch: endpoint(list.patch, { tags, params: IdParams, body: text, response: { 200: row } }),
    remove: endpoint(list.remove, { tags, params: IdParams, query: ForceQuery, response: { 200: Ok } }),
  };
}
type ConfigurationList = (typeof routes.configuration)[keyof typeof routes.configuration];

/** Reference-data configuration (spec 2 §7). */
export const configurationEndpoints = {
  // A subregion is created with its access list and read as a one-row list.
  subregion: {
    ...listEndpoints(routes.configuration.subregion, Subregion, DescriptionBody),
    create: endpoint(routes.configuration.subregion.create, { tags, body: SubregionCreateBody, response: { 201: Subregion } }),
    get: endpoint(routes.configuration.subregion.get, { tags, params: IdParams, response: { 200: SubregionList } }),
  },
  typeProject: listEndpoints(routes.configuration.typeProject, TypeProject, DescriptionBody),
  phase: {
    ...listEndpoints(routes.configuration.phase, Phase, DescriptionBody),
    /** The client's phases in their new order (all of them); answers the list in that order. */
    order: endpoint(routes.configuration.phase.order, { tags, body: PhaseOrderBody, response: { 200: PhaseList } }),
  },
  category: listEndpoints(routes.configuration.category, CategoryAttachment, NameBody),
};
