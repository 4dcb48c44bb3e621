// What a section of a model is (calculation.md §3, §3b): the descriptor type, its fields and the pieces the
// descriptors of src/model/sections/ are written with. A descriptor owns its fields in the workbook's column
// order — key, the one Dutch title, format, type, how to read and write it, grid hints — and the workbook,
// the engine's edits, the grids, the results, the Overzicht, the tool's screens, the report columns and the
// BI feed follow from it (sections.ts is the list). Only types come from modelData.ts, so nothing here
// brings zod along.
import type { BaseParameters, CostEntry, NonResidentialEntry, OtherRevenueEntry, PhaseEntry, ResidentialEntry, SpaceUsageLocation } from './modelData.ts';
import type { ZodType } from 'zod';
import { DEFAULT_PRICE_INDEX } from './modelConstants.ts';
import { formatDutchDate } from '../lib/dutchNumber.ts';

/** A section's own word for itself ('cost', 'residential', …): its descriptor's `kind`. */
export type EntryKind = string;
export type AnyEntry = CostEntry | ResidentialEntry | NonResidentialEntry | OtherRevenueEntry;
export type FieldValue = string | number | boolean | null;
export type Problems = { path: string; message: string }[];
/** How the engine's callers named a field edit of the first two sections before every section had `entryField` (src/formulas/engineModelEdits.ts reads them as it). */
export type OlderFieldEdit = 'costField' | 'residentialField';

/** Number format of a workbook cell. `pct`: a percentage in the model's notation (2.0 or 0.02); `fraction`: a fraction shown as a percentage. */
export type Fmt = 'money' | 'factor' | 'date' | 'pct' | 'fraction' | 'area' | 'int' | 'text';

export interface Choice {
  value: string;
  /** The Dutch word the user reads. */
  label: string;
}
/** The Raming sub-tab of each estimate method (the address words are src/app/routes.ts's). */
export type MethodGrid = 'landShare' | 'plotPrice' | 'residual' | 'pricePerM2';
export interface MethodChoice extends Choice {
  grid: MethodGrid;
}

/**
 * The grids of a section in the tool: Raming ('estimate'; a section with estimate methods has sub-tabs
 * instead: Algemeen, one per method, Grondopbrengst), Indexering, Fasering and Boekwaarde.
 */
export type EntryGrid = 'estimate' | 'general' | MethodGrid | 'revenue' | 'indexing' | 'phasing' | 'bookvalue';
/** How a grid cell shows and takes its value. */
export type GridKind = 'text' | 'number' | 'money' | 'pct' | 'date' | 'select' | 'factor' | 'int';
/**
 * Where a select column's choices come from: the section's categories or estimate methods, or a list the
 * workbench knows (src/workbench/sheets.ts): units, tenure, yes/no, phasing methods, and the model's
 * price-level or future-index sets by name.
 */
export type ChoiceSource = 'categories' | 'methods' | 'units' | 'tenure' | 'yesNo' | 'phasingMethods' | 'priceSets' | 'futureSets';

export interface GridHint {
  /** The grids that show the field. The label leads every grid (editable where posts are typed: Raming, Algemeen). */
  in: readonly EntryGrid[];
  kind: GridKind;
  /** Pixels. */
  width: number;
  choices?: ChoiceSource;
  /** Placed right after this column where the grid has it (a computed one, say), not in the fields' order. */
  after?: string;
  /** Shown as this period's value of the grid's item list and edited as one (the own base index). */
  period?: 'UITGANGSPUNT';
}

/** The model's dates a field's title may name (`<startdatum>`), shown in Dutch notation: the base parameter of each. */
export const TITLE_DATES = { '<startdatum>': 'phasing_calculation_start_date', '<NCW-datum>': 'phasing_net_present_value_date' } as const;
const TITLE_DATE = /<startdatum>|<NCW-datum>/g;
/** A title with the model's dates in it ('Gerealiseerd vóór 01-01-2024 (…)'). */
export const titleWithDates = (title: string, bp: BaseParameters) =>
  title.replace(TITLE_DATE, (d) => formatDutchDate(bp[TITLE_DATES[d as keyof typeof TITLE_DATES]]));
/** A title's text and the dates it names, in order (the workbook writes the dates as cells of Uitgangspunten). */
export function titleParts(title: string): { texts: string[]; dates: (typeof TITLE_DATES)[keyof typeof TITLE_DATES][] } {
  return { texts: title.split(TITLE_DATE), dates: (title.match(TITLE_DATE) ?? []).map((d) => TITLE_DATES[d as keyof typeof TITLE_DATES]) };
}

/** One field of an entry: a column of its section's sheet in the workbook and, with `grid`, of the tool's grids. */
export interface EntryField<E = AnyEntry> {
  key: string;
  /** The one Dutch title: the workbook's header and the grids'; it may name the model's dates (TITLE_DATES). */
  title: string;
  fmt: Fmt;
  /** The workbook's column width (characters). */
  width: number;
  /** number: a finite number (cell = the value); text: a string (cell = text); date: yyyy-mm-dd (cell = serial); boolean: true/false. */
  type: 'number' | 'text' | 'date' | 'boolean';
  /** The field may be cleared (null). */
  nullable?: true;
  /**
   * 'always': a change regenerates the workbook (an index set changes the factor sources); 'priceDate': when
   * the date lies before the price-index years.
   */
  reshapes?: 'always' | 'priceDate';
  get(e: E): FieldValue;
  /** How an edit writes it; absent: no edit changes it (the id, an index the section fixes, an item of a list). */
  set?(e: E, v: FieldValue): void;
  grid?: GridHint;
}

/**
 * How the workbook computes an entry's estimate (Raming) from its fields; src/formulas/entrySheets.ts writes
 * the formula. `product`: the fields multiplied. `landShare`: amount × value (÷ (1 + btw) when it includes
 * VAT) × quote. `residual` (§3b.1): amount × max(0, value (÷ (1 + btw)) − building costs × (1 + additional costs)).
 */
export type EstimateTerm =
  | { product: readonly string[] }
  | { landShare: { value: string; quote: string; inclVat: boolean } }
  | { residual: { value: string; inclVat: boolean; buildingCosts: string; additional: string } };
/** One term, or one per value of the method field (in this order; another value gives 0). */
export type Estimate = EstimateTerm | { method: string; cases: readonly (readonly [string, EstimateTerm])[] };

export interface SectionDescriptor<E extends AnyEntry = AnyEntry> {
  kind: EntryKind;
  /** The list in the model data (wire name). */
  list: string;
  /** The list's schema for a section defined outside src/model (the built-in sections' are modelData.ts's ENTRY_LISTS). */
  listSchema?: ZodType;
  /** The workbook sheet (also the export's). */
  sheet: string;
  /** Dutch name of the section (menu, screen title, messages). */
  title: string;
  /** The heading of its table of posts on the Overzicht. */
  postsTitle: string;
  /** The engine's older name of a field edit of this section (`entryField` is every section's). */
  olderFieldEdit?: OlderFieldEdit;
  /** The tool's screen: the spec's screen name, the address word, the menu's icon (a Blueprint icon) and whether Raming has sub-tabs (sectionScreens.ts). */
  screen: { name: string; slug: string; icon: string; subTabs: boolean };
  /** Costs flow out, revenues in. */
  direction: 'out' | 'in';
  /**
   * A revenue section's per-period revenues: the Overzicht's row title, how the row is computed (its
   * tooltip) and its name in the CLI's JSON (calculation.md §3b.5); null for costs.
   */
  revenue: { title: string; rule: string; cli: string } | null;
  /** The estimate methods offered (null: one estimate for every post), with their Dutch words. */
  methods: readonly MethodChoice[] | null;
  estimate: Estimate;
  /**
   * The phase group (Fasering tab) its entries' phasing lies within (issue 28); null: not tied to a
   * phase (a subsidy or contribution arrives when granted, not when land is issued — calculation.md §7b).
   */
  phaseGroup: PhaseEntry['phase_group'] | null;
  /** The categories offered (`phasing.phasing_section_type`), with their Dutch words. */
  categories: readonly Choice[];
  /** Values accepted from models saved before the categories were offered (shown as they are). */
  legacyCategories: readonly string[];
  defaultCategory: string;
  defaultPhasingMethod: E['phasing']['phasing_method'];
  /** Standard index (future index set) when the entry names none. */
  defaultIndex: string;
  /** The historic (price-level correction) index set of an entry. */
  priceIndexOf(e: E): string;
  /** The price date of an entry (its estimate's date), and the field that holds it. */
  priceDateOf(e: E): string;
  priceDateField: string;
  /** Where the price date and the price index live, for messages on the field. */
  priceDatePath: string;
  priceIndexPath: string;
  /** Labels must be unique in the section (spec 3 §5 for costs; checked on save). */
  uniqueLabels: boolean;
  messages: { priceDateAfterNcw: string };
  /** The Ruimtegebruik location whose m² its price-per-m² posts must match (§3b.6), or null. */
  marketableLand: SpaceUsageLocation | null;
  /** The section's own rules on one entry (its estimate method's inputs), paths relative to the entry. */
  entryProblems(e: E): Problems;
  /**
   * What the entry's estimate method still lacks, in words ('vul de kavelprijs in.'), or null. Such an
   * entry counts with € 0, as the workbook does an empty cell; the workbench names it (issue 23).
   */
  missingOf(e: E): string | null;
  /** A warning on the row that does not stop a save (a negative residual land value), or null. */
  warningOf(e: E, bp: BaseParameters): string | null;
  /** Whether the entry is indexed (historic index and future factors); false: amounts are nominal as granted. */
  indexed(e: E): boolean;
  /** The fields, in the workbook's column order (after them come the computed columns and the period blocks). */
  fields: readonly EntryField<E>[];
  /** A new entry with the section's defaults (id and label given). */
  newEntry(bp: BaseParameters, id: number, label: string): E;
}

export const choices = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Choice[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** The date a new entry's price refers to: the price reference date, at most the NCW date. */
export const newPriceDate = (bp: BaseParameters) =>
  bp.phasing_price_reference_date <= bp.phasing_net_present_value_date ? bp.phasing_price_reference_date : bp.phasing_net_present_value_date;

/** A new entry's index, phasing (over the whole calculation; sections.ts newEntry narrows it to its phase) and book values. */
export function newEntryLists<M extends string>(bp: BaseParameters, index: string, category: string, method: M) {
  return {
    indexing: { standard_index: index, indexing_items: [] },
    phasing: { phasing_section_type: category, phasing_method: method, start_date: bp.phasing_calculation_start_date, end_date: bp.phasing_calculation_end_date, phasing_items: [] },
    bookvalue: { bookvalue_items: [] },
  };
}

/** The fields every entry starts with: its id and its label (Omschrijving, which leads every grid). */
export function headFields<E extends AnyEntry>(): EntryField<E>[] {
  return [
    { key: 'id', title: 'Id', fmt: 'int', width: 6, type: 'number', get: (e) => e.id },
    { key: 'label', title: 'Omschrijving', fmt: 'text', width: 28, type: 'text', get: (e) => e.label, set: (e, v) => (e.label = v as string), grid: { in: [], kind: 'text', width: 200 } },
  ];
}

/**
 * The fields every entry ends with: its price index (fixed by the section unless `priceIndex` says how to
 * edit it), standard index, category, phasing method and window, its own base index and what was realised
 * before the start. `category` names
 * the grids that show the category besides Fasering, `after` where it goes in them.
 */
export function tailFields<E extends AnyEntry>(o: {
  defaultIndex: string;
  priceIndex?: Pick<EntryField<E>, 'get' | 'set' | 'grid'>;
  category?: Pick<GridHint, 'in' | 'after'>;
}): EntryField<E>[] {
  const priceIndex = o.priceIndex ?? { get: () => DEFAULT_PRICE_INDEX };
  return [
    { key: 'index_type', title: 'Prijsindex', fmt: 'text', width: 10, type: 'text', reshapes: 'always', ...priceIndex },
    {
      key: 'standard_index', title: 'Standaardindex', fmt: 'text', width: 16, type: 'text', reshapes: 'always',
      get: (e) => e.indexing.standard_index ?? o.defaultIndex, set: (e, v) => (e.indexing.standard_index = v as string),
      grid: { in: ['indexing'], kind: 'select', width: 140, choices: 'futureSets' },
    },
    {
      key: 'phasing_section_type', title: 'Categorie', fmt: 'text', width: 12, type: 'text',
      get: (e) => e.phasing.phasing_section_type, set: (e, v) => (e.phasing.phasing_section_type = v as never),
      grid: { in: [...(o.category?.in ?? []), 'phasing'], after: o.category?.after, kind: 'select', width: 130, choices: 'categories' },
    },
    {
      key: 'phasing_method', title: 'Faseringsmethode', fmt: 'text', width: 12, type: 'text',
      get: (e) => e.phasing.phasing_method, set: (e, v) => (e.phasing.phasing_method = v as never),
      grid: { in: ['phasing'], kind: 'select', width: 120, choices: 'phasingMethods' },
    },
    {
      key: 'start_date', title: 'Start fasering', fmt: 'date', width: 12, type: 'date',
      get: (e) => e.phasing.start_date, set: (e, v) => (e.phasing.start_date = v as string), grid: { in: ['phasing'], kind: 'date', width: 100 },
    },
    {
      key: 'end_date', title: 'Eind fasering', fmt: 'date', width: 12, type: 'date',
      get: (e) => e.phasing.end_date, set: (e, v) => (e.phasing.end_date = v as string), grid: { in: ['phasing'], kind: 'date', width: 100 },
    },
    {
      key: 'indexBase', title: 'Eigen index (uitgangspunt)', fmt: 'pct', width: 10, type: 'number', nullable: true,
      get: (e) => e.indexing.indexing_items.find((it) => it.period === 'UITGANGSPUNT')?.value ?? null,
      grid: { in: ['indexing'], kind: 'pct', width: 100, period: 'UITGANGSPUNT' },
    },
    // calculation.md §8.2 (issue 37): euros at the NCW date's price level, inside the opening book value; cleared means absent (= 0)
    {
      key: 'realised_before_start', title: 'Gerealiseerd vóór <startdatum> (prijspeil <NCW-datum>)', fmt: 'money', width: 14, type: 'number', nullable: true,
      get: (e) => e.bookvalue.realised_before_start ?? null,
      set: (e, v) => {
        if (v === null) delete e.bookvalue.realised_before_start;
        else e.bookvalue.realised_before_start = v as number;
      },
      grid: { in: ['bookvalue'], kind: 'money', width: 230 },
    },
  ];
}

/** A number field of the entry itself. */
export function numberField<E extends AnyEntry>(key: string, title: string, fmt: Fmt, width: number, grid: GridHint, nullable?: true): EntryField<E> {
  const holder = (e: E) => e as unknown as Record<string, number | null | undefined>;
  return {
    key, title, fmt, width, type: 'number', ...(nullable ? { nullable } : {}), grid,
    get: (e) => holder(e)[key] ?? null,
    set: (e, v) => (holder(e)[key] = v as number | null),
  };
}
