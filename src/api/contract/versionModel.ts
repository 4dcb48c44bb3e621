import { z } from 'zod';
import { CalendarDate, IdParams, MAX_ID, Role, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { RequiredId, RequiredName, namedFields } from './names.ts';
import { ADOPTION_MESSAGES, ROLLOVER_MESSAGES } from './messages.ts';
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
  /**
   * 'Vastgesteld door de raad' (issue 37.4): the council's date (yyyy-mm-dd) and note, who marked it and
   * when; all null when not vastgesteld. A vastgestelde version is frozen (its models cannot be unfrozen).
   */
  adopted_on: z.string().nullable(),
  adopted_note: z.string().nullable(),
  adopted_by_name_full: z.string().nullable(),
  adopted_at: Timestamp.nullable(),
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

/** The longest note of a vaststelling (a council decision's reference and a line of context). */
export const MAX_ADOPTION_NOTE = 2000;

/**
 * POST version-model/{id}/adopt/: mark the version 'Vastgesteld door de raad' (project ADM). `date` not
 * after today on the server's clock (checked by the server: 400 on `date`). Answer: the version.
 * DELETE …/adopt/ withdraws the mark (project ADM, audited); the models stay frozen.
 */
export const AdoptBody = z.object({
  date: CalendarDate.nullish().refine((v) => v != null, ADOPTION_MESSAGES.date).transform((v) => v!),
  note: z.string().max(MAX_ADOPTION_NOTE, ADOPTION_MESSAGES.noteLength(MAX_ADOPTION_NOTE)).nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
});
export type AdoptBody = z.input<typeof AdoptBody>;

/**
 * POST version-model/{id}/rollover/ (issue 37.3): the jaarovergang of every model of the version into a new
 * version. `name` defaults to '<versienaam> <year>', `year` to the year after the latest NCW date, `freeze` (freeze the old version) to true. With
 * `preview` nothing is written and the answer is 200 RolloverPreview; otherwise 201 with the new version.
 */
export const RolloverBody = z.object({
  /** Absent: the dialog's default, the year after the latest NCW date among the online models (the preview answers it). */
  year: z.number({ error: ROLLOVER_MESSAGES.year }).int(ROLLOVER_MESSAGES.year).min(1900, ROLLOVER_MESSAGES.year).max(2200, ROLLOVER_MESSAGES.year).optional(),
  name: RequiredName('version').optional(),
  freeze: z.boolean().optional().default(true),
  preview: z.boolean().optional().default(false),
});
export type RolloverBody = z.input<typeof RolloverBody>;

const BeforeAfter = z.object({ before: z.number().nullable(), after: z.number().nullable() });

/**
 * One model in the preview. An online model ('rolled'): EW and NCW before → after, the new opening book
 * value, the realised before the new start per section (euros at the new NCW date's price level; `nominal`
 * the sum as booked), every postponed amount (phasing of a period ≤ the new start that was not booked: from
 * the old period `from` to the new period `to`, in euros) and every dropped own index rate. A spreadsheet
 * model is copied as it is ('copied': 'wordt gekopieerd, niet overgezet').
 */
export const RolloverModelPreview = z.object({
  model: z.number(),
  name: z.string(),
  outcome: z.enum(['rolled', 'copied']),
  ew: BeforeAfter.nullable(),
  ncw: BeforeAfter.nullable(),
  opening_book_value: z.number().nullable(),
  realised: z.array(z.object({ section: z.string(), amount: z.number(), nominal: z.number() })),
  /** `amount`: euros (Financeel, re-priced to the new NCW date) or a share (Procentueel, a fraction: 0.4 = 40 %). */
  postponed: z.array(z.object({
    section: z.string(), entry: z.string(), from: z.string(), to: z.string(), amount: z.number(), value_type: z.enum(['Financeel', 'Procentueel']),
  })),
  /** `rate`: the own index rate as a fraction (0.03 = 3 %). */
  dropped_index_rates: z.array(z.object({ section: z.string(), entry: z.string(), period: z.string(), rate: z.number() })),
});
export type RolloverModelPreview = z.infer<typeof RolloverModelPreview>;
export const RolloverPreview = z.object({
  year: z.number(),
  /** The new version's name (the body's, or the default). */
  name: z.string(),
  freeze: z.boolean(),
  models: z.array(RolloverModelPreview),
});
export type RolloverPreview = z.infer<typeof RolloverPreview>;

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
  adopt: endpoint(routes.versions.adopt, { tags, params: IdParams, body: AdoptBody, response: { 200: VersionModel } }),
  withdrawAdoption: endpoint(routes.versions.withdrawAdoption, { tags, params: IdParams, response: { 200: VersionModel } }),
  rollover: endpoint(routes.versions.rollover, { tags, params: IdParams, body: RolloverBody, response: { 200: RolloverPreview, 201: VersionModel } }),
};
