import { z } from 'zod';
import { UploadedFile } from './attachment.ts';
import { IdParams, Ok, OptionalText } from './common.ts';
import { REPORT_TEMPLATE_MESSAGES as MSG } from './messages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Report templates (spec 1 §2 Reports, §7 template-report/; docs/reports.md): xlsx workbooks with the data
// sheets `Rekenmodellen` and `Perioden`, each with the number of models a report over it takes. Everybody
// lists the templates granted to him (admins: all); staff uploads, changes and deletes them.

/** The most models a template may ask for (POST report/ takes at most 1000 ids). */
export const REPORT_MODELS_LIMIT = 1000;

/** GET template-report/?filter=authorised → only the caller's grants (an admin sees all without it). */
export const TemplateReportQuery = z.object({ filter: z.string().optional() });

/** A row of GET template-report/: what the Reports screen shows and checks the selection against. */
export const TemplateReportItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  n_models_min: z.number().int(),
  n_models_max: z.number().int(),
});
export type TemplateReportItem = z.infer<typeof TemplateReportItem>;
export const TemplateReportList = z.array(TemplateReportItem);

/** A limit as typed in a form or sent as a multipart field (text): a whole number ≥ 1. */
const limit = (message: string) => z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(REPORT_MODELS_LIMIT, { error: MSG.tooMany });

const Name = z.string({ error: MSG.name }).trim().min(1, { error: MSG.name }).max(200);

const maxNotBelowMin = (b: { n_models_min?: number; n_models_max?: number }) =>
  b.n_models_min === undefined || b.n_models_max === undefined || b.n_models_max >= b.n_models_min;

/**
 * POST template-report/ (staff; multipart/form-data): the workbook as the part `file` (an xlsx with the
 * sheets Rekenmodellen and Perioden), `name`, `description` (optional) and the limits. 201 with the item.
 */
export const TemplateReportCreateBody = z.object({
  name: Name,
  description: OptionalText,
  n_models_min: limit(MSG.min),
  n_models_max: limit(MSG.max),
  file: UploadedFile,
}).refine(maxNotBelowMin, { error: MSG.maxBelowMin, path: ['n_models_max'] });
export type TemplateReportCreateBody = z.output<typeof TemplateReportCreateBody>;

/** PATCH template-report/{id}/ (staff): any of name, description and the limits; 200 with the item. */
export const TemplateReportPatchBody = z.object({
  name: Name.optional(),
  description: OptionalText.optional(),
  n_models_min: limit(MSG.min).optional(),
  n_models_max: limit(MSG.max).optional(),
}).refine(maxNotBelowMin, { error: MSG.maxBelowMin, path: ['n_models_max'] });
export type TemplateReportPatchBody = z.output<typeof TemplateReportPatchBody>;

const tags = ['report'];

export const templateReportEndpoints = {
  list: endpoint(routes.templateReports.list, { tags, query: TemplateReportQuery, response: { 200: TemplateReportList } }),
  /** Multipart: the fields, then the xlsx as `file`. */
  create: endpoint(routes.templateReports.create, {
    tags, body: TemplateReportCreateBody, response: { 201: TemplateReportItem },
  }),
  update: endpoint(routes.templateReports.update, { tags, params: IdParams, body: TemplateReportPatchBody, response: { 200: TemplateReportItem } }),
  remove: endpoint(routes.templateReports.remove, { tags, params: IdParams, response: { 200: Ok } }),
  file: endpoint(routes.templateReports.file, { tags, params: IdParams, response: {} }),
};
