import { z } from 'zod';
import { type SectionAmounts, type SectionColumnKey, sectionColumns } from '../../model/reportColumns.ts';
import { perSections } from '../../model/sections.ts';
import { type VarianceStepColumnKey, varianceColumns } from '../../model/varianceSteps.ts';

// The data contract of reports and BI links (issue 13; docs/reports.md): what a report template's data
// sheets hold and what a BI link serves as JSON, CSV and OData. One row per model (`Rekenmodellen`) and
// one per model × period (`Perioden`). The keys are the column headers of the data sheets, the JSON keys,
// the CSV header and the OData property names alike, so a template built in Excel and a Power BI query
// use the same words. Amounts follow the engine's sign convention (docs/decisions.md "The tool's
// overview"): costs and revenues positive, `saldo` is the book value (positive: still to be recovered).

/** How the models of a report or feed are named in their platform column. */
export const REPORT_PLATFORM = { online: 'Online', spreadsheet: 'Spreadsheet' } as const;

/**
 * An amount in euros. The feed rounds it to cents and declares it Edm.Decimal (server/services/biFeed.ts
 * finds the money columns by this schema), so a column added with it is money everywhere at once.
 */
export const Money = z.number();
/**
 * Per revenue section and per cost category an amount (src/model/reportColumns.ts: `opbrengsten_…`,
 * `kosten_…`), after the fixed columns, in both sets: the model's total and the period's amount. Null
 * when unknown (a spreadsheet model, whose workbook names no sections; a model that cannot be computed).
 */
const sectionMoney = () => Object.fromEntries(sectionColumns().map((c) => [c.key, Money.nullable()])) as Record<SectionColumnKey, z.ZodNullable<typeof Money>>;
/** yyyy-mm-dd, or null when the model does not say (a spreadsheet model's dates). */
const DateOrNull = z.string().nullable();

/** The fixed columns of one row of the `Rekenmodellen` sheet / entity set; the section columns follow (reportModelRow). */
const MODEL_COLUMNS = {
  rekenmodel_id: z.number().int(),
  project_id: z.number().int(),
  project: z.string(),
  projectnummer: z.string().nullable(),
  projecttype: z.string(),
  deelgebied: z.string(),
  versie_id: z.number().int(),
  versie: z.string(),
  rekenmodel: z.string(),
  platform: z.enum([REPORT_PLATFORM.online, REPORT_PLATFORM.spreadsheet]),
  /** Start and end of the calculation, and the NCW (net present value) date; null for spreadsheet models. */
  startdatum: DateOrNull,
  einddatum: DateOrNull,
  ncw_datum: DateOrNull,
  /** When the model (its data or its active history entry) last changed: ISO 8601 with time zone. */
  laatst_gewijzigd: z.string(),
  /** Eindwaarde and netto contante waarde; null when the model's results cannot be computed (see `fout`). */
  ew: Money.nullable(),
  ncw: Money.nullable(),
  verliesvoorziening: Money.nullable(),
  totale_kosten: Money.nullable(),
  totale_opbrengsten: Money.nullable(),
  /** Percentage of completion (0–1); null for spreadsheet models. */
  poc: z.number().nullable(),
  aantal_perioden: z.number().int(),
  /** Dutch reason why the results are missing (an invalid model, a workbook without result cells). */
  fout: z.string().nullable(),
};
/** One row of the `Rekenmodellen` sheet / entity set (built again when a section is added). */
export const reportModelRow = perSections(() => z.object({ ...MODEL_COLUMNS, ...sectionMoney() }));
/** zod infers no template-literal keys: the section columns' type is added by hand (their schema is sectionMoney). */
export type ReportModelRow = z.infer<z.ZodObject<typeof MODEL_COLUMNS>> & SectionAmounts;

/** The fixed columns of one row of the `Perioden` sheet / entity set (a model's period; `periode` counts from 1). */
const PERIOD_COLUMNS = {
  rekenmodel_id: z.number().int(),
  project: z.string(),
  rekenmodel: z.string(),
  periode: z.number().int(),
  label: z.string(),
  startdatum: DateOrNull,
  einddatum: DateOrNull,
  kosten: Money,
  opbrengsten: Money,
  /** Interest over the period; null for spreadsheet models (their workbooks do not name it). */
  rente: Money.nullable(),
  /** Book value at the end of the period (positive: still to be recovered). */
  saldo: Money,
};
export const reportPeriodRow = perSections(() => z.object({ ...PERIOD_COLUMNS, ...sectionMoney() }));
export type ReportPeriodRow = z.infer<z.ZodObject<typeof PERIOD_COLUMNS>> & SectionAmounts;

/** How the sheet `Verschillen` names the way a model's comparison was chosen (its default comparison). */
export const VARIANCE_CHOICE = { rolled_over_from: 'Jaarovergang', adopted_version: 'Laatst vastgestelde eerdere versie' } as const;

/** The steps' Δ EW and Δ NCW (src/model/varianceSteps.ts); null when the model has no verschillenanalyse (see `fout`). */
const stepMoney = () => Object.fromEntries(varianceColumns().map((c) => [c.key, Money.nullable()])) as Record<VarianceStepColumnKey, z.ZodNullable<typeof Money>>;

/** The columns of a row of the sheet `Verschillen` before the steps' (see reportVarianceRow). */
const VARIANCE_HEAD = {
  rekenmodel_id: z.number().int(),
  project_id: z.number().int(),
  project: z.string(),
  versie_id: z.number().int(),
  versie: z.string(),
  rekenmodel: z.string(),
  vergelijking_rekenmodel_id: z.number().int().nullable(),
  vergelijking_versie_id: z.number().int().nullable(),
  vergelijking_versie: z.string().nullable(),
  vergelijking_rekenmodel: z.string().nullable(),
  /** The comparison's version was 'Vastgesteld door de raad' that day (null: not vastgesteld). */
  vergelijking_vastgesteld_op: DateOrNull,
  vergelijking: z.enum([VARIANCE_CHOICE.rolled_over_from, VARIANCE_CHOICE.adopted_version]).nullable(),
  ew_vergelijking: Money.nullable(),
  ncw_vergelijking: Money.nullable(),
};
/** …and after them. */
const VARIANCE_TAIL = { ew: Money.nullable(), ncw: Money.nullable(), fout: z.string().nullable() };
/**
 * One row of the sheet `Verschillen` (issue 37.5): a model (B) against its default comparison (A) — the
 * model it was rolled over from, else the model of its name in the latest vastgestelde earlier version —
 * with EW and NCW of both and the five steps between them (calculation.md §9), or in `fout` why there are
 * none. Built again when a section is added (steps 4 and 5 have a column per section).
 */
export const reportVarianceRow = perSections(() => z.object({ ...VARIANCE_HEAD, ...stepMoney(), ...VARIANCE_TAIL }));
export type ReportVarianceRow = z.infer<z.ZodObject<typeof VARIANCE_HEAD & typeof VARIANCE_TAIL>> & Record<VarianceStepColumnKey, number | null>;

/** Both sets, models in the order asked for, periods per model in period order. */
export type ReportData = { rekenmodellen: ReportModelRow[]; perioden: ReportPeriodRow[] };

/**
 * What a report fills: both sets, and `verschillen` when its template has the sheet `Verschillen` (each row
 * is a verschillenanalyse, so it is computed only then; a BI link serves the two sets only).
 */
export type ReportSheetsData = ReportData & { verschillen?: ReportVarianceRow[] };

/** The column order of each set (data sheets, CSV), taken from the schemas so it is written once. */
export const reportModelColumns = () => Object.keys(reportModelRow().shape) as (keyof ReportModelRow)[];
export const reportPeriodColumns = () => Object.keys(reportPeriodRow().shape) as (keyof ReportPeriodRow)[];
export const reportVarianceColumns = () => Object.keys(reportVarianceRow().shape) as (keyof ReportVarianceRow)[];
