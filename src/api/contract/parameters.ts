import { z } from 'zod';
import { MAX_PERIODS } from '../../model/modelData.ts';
import { PARAMETER_TYPES } from '../../model/baseParameters.ts';
import { isDateParameter } from '../../model/globalParameters.ts';
import { Id } from './common.ts';
import { INVALID_INPUT } from './messages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Global parameters (spec 2 §3, §5): POST parameter/ — staff (super-admin) only. The types, their labels and
// what each sets in a model: src/model/globalParameters.ts.

export const ParameterType = z.enum(PARAMETER_TYPES);
export type ParameterType = z.infer<typeof ParameterType>;

export const PERIOD_TYPES = ['Uitgangspunt', ...Array.from({ length: MAX_PERIODS }, (_, i) => `Per${String(i + 1).padStart(2, '0')}`)] as const;
export const PeriodType = z.enum(PERIOD_TYPES);
export type PeriodType = z.infer<typeof PeriodType>;

/** Date of a date parameter: YYYY-MM-DD with a year beginning with 1 to 3 (spec 2 §5). */
export const PARAMETER_DATE_PATTERN = /^[1-3]\d{3}-\d{2}-\d{2}$/;

/**
 * One value. Percentages are fractions 0..1 in value_float (0.02 = 2 %); date types use value_date.
 * ToekomstigeIndexGebruiker: per period, row_index 0..999; HistorischeIndexGebruiker: per year 2000..2039.
 */
export const ParameterRow = z.object({
  parameter_type: ParameterType,
  row_index: z.number().int().min(0, INVALID_INPUT).max(999, INVALID_INPUT).nullish(),
  period_type: PeriodType.nullish(),
  year: z.number().int().min(2000, INVALID_INPUT).max(2039, INVALID_INPUT).nullish(),
  value_float: z.number().min(0, INVALID_INPUT).max(1, INVALID_INPUT).nullish(),
  value_date: z.string().regex(PARAMETER_DATE_PATTERN, INVALID_INPUT).nullish(),
}).superRefine((r, c) => {
  const isDate = isDateParameter(r.parameter_type);
  if (isDate && !r.value_date) c.addIssue({ code: 'custom', path: ['value_date'], message: INVALID_INPUT });
  if (!isDate && (r.value_float === null || r.value_float === undefined)) c.addIssue({ code: 'custom', path: ['value_float'], message: INVALID_INPUT });
});
export type ParameterRow = z.infer<typeof ParameterRow>;

/** POST parameter/ and POST parameter/preview/: the values and the chosen models. */
export const ParameterSaveBody = z.object({
  parameters: z.array(ParameterRow).max(50_000),
  models: z.array(Id).min(1, 'Selecteer minstens één rekenmodel'),
});
export type ParameterSaveBody = z.infer<typeof ParameterSaveBody>;

/** A model left unchanged because the result would not be valid model data: each reason once, in Dutch. */
const RefusedModel = z.object({ model: z.number(), name: z.string(), problems: z.array(z.string()) });

/**
 * POST parameter/ → 200. `message` is the spec's success text only when no model was refused; the
 * browser tells the result per model from the lists (issue 23).
 */
export const ParameterSaveAnswer = z.object({
  message: z.string(),
  /** Online models whose model data was changed. */
  applied: z.array(z.number()),
  /** Online models whose parameters already had these values: not written, not in the audit log. */
  unchanged: z.array(z.number()),
  /** Spreadsheet models: recorded in parameter_application only (written into the workbook when opened). */
  recorded_only: z.array(z.number()),
  refused: z.array(RefusedModel),
});
export type ParameterSaveAnswer = z.infer<typeof ParameterSaveAnswer>;

const DateOrRate = z.union([z.number(), z.string()]).nullable();
/**
 * One parameter as the application would change it in a model: percentages as fractions, dates as
 * yyyy-mm-dd; `from`–`to` the model's own period labels of a run of periods with the same change
 * (both null for a base or single value).
 */
export const ParameterChange = z.object({
  parameter: ParameterType, from: z.string().nullable(), to: z.string().nullable(), before: DateOrRate, after: DateOrRate,
});
export type ParameterChange = z.infer<typeof ParameterChange>;
const BeforeAfter = z.object({ before: z.number().nullable(), after: z.number().nullable() });

/**
 * POST parameter/preview/ → 200: per chosen model what applying would do, computed and written nowhere.
 * outcome: 'changes' (the changes, EW and NCW before → after by the engine), 'unchanged', 'refused'
 * (with the reasons) or 'spreadsheet' (recorded, written into the workbook when it is opened).
 */
export const ParameterModelPreview = z.object({
  model: z.number(),
  name: z.string(),
  project_name: z.string(),
  version_name: z.string(),
  outcome: z.enum(['changes', 'unchanged', 'refused', 'spreadsheet']),
  changes: z.array(ParameterChange),
  ew: BeforeAfter.nullable(),
  ncw: BeforeAfter.nullable(),
  problems: z.array(z.string()),
  /** What else the change does to the model's data (period values that cannot stay on their date), in Dutch. */
  notes: z.array(z.string()),
});
export const ParameterPreviewAnswer = z.object({ models: z.array(ParameterModelPreview) });
export type ParameterPreviewAnswer = z.infer<typeof ParameterPreviewAnswer>;

const tags = ['parameters'];

/** Staff only (server/policies/admin.ts). */
export const parameterEndpoints = {
  preview: endpoint(routes.parameters.preview, { tags, body: ParameterSaveBody, response: { 200: ParameterPreviewAnswer } }),
  save: endpoint(routes.parameters.save, { tags, body: ParameterSaveBody, response: { 200: ParameterSaveAnswer } }),
};
