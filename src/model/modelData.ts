import { z } from 'zod';
import { CalendarDate } from './wireDate.ts';

// Model data of an online model (spec 3 §3), exactly as on the wire of GET/POST /api/grexonline/model/{id}/
// and as read by `npm run calc` (snake_case, dates yyyy-mm-dd, percentages as entered: 2.0 or 0.02): the base
// parameters, what every entry has, and each section's entry schema under the list its descriptor names
// (src/model/sections/). modelSchema.ts puts them together in the order of the sections; the descriptors
// import only the types from here, so the grids and screens read them without zod. These schemas check the
// shape only; the cross-field rules (dates in order, at most 40 periods, unique names, complete space-usage
// rows, …) live in `validateModelData` / `ValidatedModelData` in src/formulas/validate.ts, which give Dutch
// messages with the path of each problem.

const ModelDate = CalendarDate;

const Num = z.number().finite();

/** Hard limit of the model (spec 3 §9: base plus 40 periods). */
export const MAX_PERIODS = 40;

/** Period codes: the base (UITGANGSPUNT) and PER_01 … PER_40. */
const PERIOD_CODES = [
  'UITGANGSPUNT',
  ...Array.from({ length: MAX_PERIODS }, (_, i) => `PER_${String(i + 1).padStart(2, '0')}`),
] as const;
export const PeriodCode = z.enum(PERIOD_CODES);
export type PeriodCode = z.infer<typeof PeriodCode>;

export const PhasingPeriod = z.enum(['Annual', 'SemiAnnual', 'Quarterly']);
export type PhasingPeriod = z.infer<typeof PhasingPeriod>;

export const ValueType = z.enum(['Financeel', 'Procentueel']);
export type ValueType = z.infer<typeof ValueType>;

const Unit = z.enum([
  'Meter',
  'SquareMeter',
  'Hectare',
  'CubicMeter',
  'Pieces',
  'Item',
  'Percentage',
  'Euro',
  'Hours',
]);
type Unit = z.infer<typeof Unit>;

/**
 * The category of an entry (calculation.md §3b): each section has its own list (src/model/sections.ts),
 * so the cross-field validation checks it and names the section's choices in Dutch.
 */
const PhasingSectionType = z.string();

/** Entry-level phasing method (spec: "Financeel or percentage"). */
const PhasingMethod = z.enum(['Financeel', 'percentage']);
type PhasingMethod = z.infer<typeof PhasingMethod>;

const PhaseGroup = z.enum(['Cost', 'Revenue']);
type PhaseGroup = z.infer<typeof PhaseGroup>;

const InterestCalculationMethod = z.enum(['OrganizationSpecific', 'BBV', 'Traditional']);
type InterestCalculationMethod = z.infer<typeof InterestCalculationMethod>;

export const ParameterSetGroup = z.enum([
  'Interest_Percentage',
  'Indexing_FutureIndex',
  'Indexing_PriceLevelCorrectionToNCWDate',
]);
export type ParameterSetGroup = z.infer<typeof ParameterSetGroup>;

const TenureType = z.enum(['Rent', 'Purchased']);
type TenureType = z.infer<typeof TenureType>;

const ResidentialCalculationMethod = z.enum(['LandShare', 'PlotPrice', 'Residual', 'PricePerSquareMeter']);
const NonResidentialCalculationMethod = z.enum(['PricePerSquareMeter', 'LandShare', 'PlotPrice', 'Residual']);
type ResidentialCalculationMethod = z.infer<typeof ResidentialCalculationMethod>;

export const SPACE_USAGE_LOCATIONS = [
  'excluded_or_to_be_maintained',
  'main_structure_paving',
  'main_structure_green',
  'main_structure_water',
  'public_space_paving',
  'public_space_green',
  'public_space_water',
  'net_area_marketable_residential',
  'net_area_marketable_non_residential',
] as const;
export const SpaceUsageLocation = z.enum(SPACE_USAGE_LOCATIONS);
export type SpaceUsageLocation = z.infer<typeof SpaceUsageLocation>;

export const ProjectInfo = z.object({
  project_name: z.string().nullish(),
  project_description: z.string().nullish(),
  project_number: z.string().nullish(),
  subregion: z.string().nullish(),
  organisation_name: z.string().nullish(),
  version_name: z.string().nullish(),
  model_name: z.string().nullish(),
});
export type ProjectInfo = z.infer<typeof ProjectInfo>;

export const PhaseEntry = z.object({
  phase_name: z.string(),
  phase_group: PhaseGroup,
  phase_start_date: ModelDate,
  phase_end_date: ModelDate,
});
export type PhaseEntry = z.infer<typeof PhaseEntry>;

const ParameterSetValue = z.object({
  phasing_period: PhasingPeriod.nullish(),
  period_label: z.string(),
  period_value: Num,
});
type ParameterSetValue = z.infer<typeof ParameterSetValue>;

export const ParameterSet = z.object({
  set_name: z.string(),
  set_group: ParameterSetGroup,
  set_base_value: Num,
  set_values: z.array(ParameterSetValue),
});
export type ParameterSet = z.infer<typeof ParameterSet>;

/** A space-usage row. Label, value and location may be missing here so that an incomplete row gets
 * the spec's Dutch message from the cross-field validation instead of a schema error. */
export const SpaceUsageRow = z.object({
  id: z.number().int(),
  label: z.string().nullish(),
  value: z.number().nullish(),
  location: SpaceUsageLocation.nullish(),
});
export type SpaceUsageRow = z.infer<typeof SpaceUsageRow>;

export const BaseParameters = z.object({
  project_info: ProjectInfo,
  phasing_calculation_start_date: ModelDate,
  phasing_price_reference_date: ModelDate,
  phasing_net_present_value_date: ModelDate,
  phasing_calculation_end_date: ModelDate,
  phasing_period: PhasingPeriod,
  phasing_costs_revenues: z.array(PhaseEntry),
  interest_discount_rate_percentage: Num,
  vat_rate_percentage: Num,
  interest_calculation_method: InterestCalculationMethod,
  profit_withdrawal_to_ncw_date: z.boolean(),
  parameter_sets: z.array(ParameterSet),
  space_usage: z.array(SpaceUsageRow),
  /** Bruto plangebied in m²: the version region's area taken over from the map (issue 23); absent: the main structure's total. */
  gross_area: z.number().nonnegative().nullish(),
  /**
   * Boekwaarde per startdatum (calculation.md §8.1): the balance at S as the ledger shows it, the sign of B
   * (positive: more spent than received); absent = 0. The engine's B(0). (Issue 37: a base-parameter field.)
   */
  opening_book_value: Num.nullish(),
});
export type BaseParameters = z.infer<typeof BaseParameters>;

/** One value of a phasing, book-value or indexing list. */
export const PeriodItem = z.object({
  period: PeriodCode,
  value_type: ValueType,
  value: Num,
});
export type PeriodItem = z.infer<typeof PeriodItem>;

const Indexing = z.object({
  standard_index: z.string().nullish(),
  indexing_items: z.array(PeriodItem),
});
type Indexing = z.infer<typeof Indexing>;

const Phasing = z.object({
  phasing_section_type: PhasingSectionType,
  phasing_method: PhasingMethod,
  start_date: ModelDate,
  end_date: ModelDate,
  phasing_items: z.array(PeriodItem),
});
type Phasing = z.infer<typeof Phasing>;

const BookValue = z.object({
  bookvalue_items: z.array(PeriodItem),
  /**
   * Gerealiseerd vóór de startdatum (calculation.md §8.2), in euros at the price level of N; absent = 0. Inside
   * the opening book value, so never a cash flow again: it counts in A, in "totaal geboekt" and in POC. (Issue 37.)
   */
  realised_before_start: Num.nullish(),
});
type BookValue = z.infer<typeof BookValue>;

const CostEstimate = z.object({
  amount: Num,
  unit: Unit,
  price: Num,
  date: ModelDate,
  index_type: z.string().nullish(),
});
type CostEstimate = z.infer<typeof CostEstimate>;

/**
 * The input cells a formula may stand in: an entry's number fields and its period values
 * (`phasing:PER_03`). src/formulas/cellFormulas.ts keeps which fields each entry kind has.
 */
export const FORMULA_FIELD = /^(?:amount|price|von_incl_vat|quote_excl_vat|plot_price|square_meters|unit_price|value_excl_vat|residual_von_incl_vat|residual_value_excl_vat|building_costs|additional_costs_percentage|(?:phasing|bookvalue):PER_(?:0[1-9]|[1-3]\d|40)|indexing:(?:UITGANGSPUNT|PER_(?:0[1-9]|[1-3]\d|40)))$/;
/** Longest formula text kept (Excel's own limit is 8.192; a modeller's cell formula is far shorter). */
export const MAX_FORMULA_LENGTH = 1000;

/**
 * Formulas typed into an entry's input cells, by field (optional: older readers ignore it, and the
 * field's value stays the stored number). References are `[cost:12:amount]`, `[residential:4:phasing:PER_02]`
 * (docs/decisions.md, "Formulas stay formulas").
 */
const EntryFormulas = z.record(
  z.string(),
  z.string()
    .max(MAX_FORMULA_LENGTH, `Een formule mag niet langer zijn dan ${MAX_FORMULA_LENGTH} tekens.`)
    .regex(/^=\S/, 'Een formule begint met =.'),
).superRefine((formulas, ctx) => {
  // (a key schema's own message would be replaced by zod's generic one for records)
  for (const field of Object.keys(formulas)) {
    if (!FORMULA_FIELD.test(field)) ctx.addIssue({ code: 'custom', path: [field], message: 'In deze cel kan geen formule staan.' });
  }
}).optional();

export const CostEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  estimate: CostEstimate,
  indexing: Indexing,
  phasing: Phasing,
  bookvalue: BookValue,
  formulas: EntryFormulas,
});
export type CostEntry = z.infer<typeof CostEntry>;

const LandShareData = z.object({ von_incl_vat: Num, quote_excl_vat: Num });
const PricePerSquareMeterData = z.object({ square_meters: Num, unit_price: Num });

/** Residual land value per unit (calculation.md §3b.1): residential gives the V.O.N. incl. VAT, non-residential the value excl. VAT. */
const ResidentialResidualData = z.object({ von_incl_vat: Num, building_costs: Num, additional_costs_percentage: Num });
const NonResidentialResidualData = z.object({ value_excl_vat: Num, building_costs: Num, additional_costs_percentage: Num });
const NonResidentialLandShareData = z.object({ value_excl_vat: Num, quote_excl_vat: Num });

export const ResidentialEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  amount: Num,
  tenure_type: TenureType,
  calculation_method: ResidentialCalculationMethod,
  calculation_date: ModelDate,
  land_share_data: LandShareData.nullish(),
  plot_price: Num.nullish(),
  residence_type: z.string().nullish(),
  price_per_square_meter_data: PricePerSquareMeterData.nullish(),
  residual_data: ResidentialResidualData.nullish(),
  indexing: Indexing,
  phasing: Phasing,
  bookvalue: BookValue,
  formulas: EntryFormulas,
});
export type ResidentialEntry = z.infer<typeof ResidentialEntry>;

/** Niet-Woningbouw (calculation.md §3b.2); the category is `phasing.phasing_section_type`. */
export const NonResidentialEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  amount: Num,
  calculation_method: NonResidentialCalculationMethod,
  calculation_date: ModelDate,
  price_per_square_meter_data: PricePerSquareMeterData.nullish(),
  land_share_data: NonResidentialLandShareData.nullish(),
  plot_price: Num.nullish(),
  residual_data: NonResidentialResidualData.nullish(),
  indexing: Indexing,
  phasing: Phasing,
  bookvalue: BookValue,
  formulas: EntryFormulas,
});
export type NonResidentialEntry = z.infer<typeof NonResidentialEntry>;

/** Overige opbrengsten (calculation.md §3b.3): a cost entry's shape; `indexed` absent means true. */
export const OtherRevenueEntry = CostEntry.extend({ indexed: z.boolean().optional() });
export type OtherRevenueEntry = z.infer<typeof OtherRevenueEntry>;

/**
 * The list of entries of each section, under the key its descriptor names as `list`, in no particular
 * order (modelSchema.ts takes the sections' order). Absent means none for the sections added after the first
 * two, so models saved before them stay valid.
 */
export const ENTRY_LISTS = {
  cost_estimate: z.array(CostEntry),
  residential_construction: z.array(ResidentialEntry),
  non_residential_construction: z.array(NonResidentialEntry).optional(),
  other_revenues: z.array(OtherRevenueEntry).optional(),
};

/** The schema of the whole model data as the built-in sections make it (modelSchema.ts builds it from the descriptors). */
export type ModelDataObject = z.ZodObject<{ base_parameters: typeof BaseParameters } & typeof ENTRY_LISTS>;
/** The whole model data (load and save body): the base parameters and the sections' lists. */
export type ModelData = z.infer<ModelDataObject>;
