// Where things are in the workbook: sheet names, rows, columns and the layout the builder hands back,
// split from workbook.ts so the engine, the export and the screens can read places without the builder.
import type { SpaceUsageLocation } from '../model/modelData.ts';
import type { Period } from './periods.ts';
import { BASE_PARAMETERS, type ParameterKey } from '../model/baseParameters.ts';
import type { EntryKind, Fmt } from '../model/section.ts';
import { perSections, revenueSections } from '../model/sections.ts';
import { COMPUTED_TITLES, type ComputedField } from '../model/results.ts';

/** A raw cell as HyperFormula takes it: `=…` is a formula, `'…` a literal text, else a value. */
export type RawCell = number | string | boolean | null;

export interface SheetSpec {
  name: string;
  rows: RawCell[][];
  /** Number format of a cell (export only). */
  fmt: (row: number, col: number) => Fmt | undefined;
  /**
   * Input cells that carry their number format while empty (export only; the template's Invoer): a value
   * the open-model job writes there, or a modeller types, shows as the row's others do.
   */
  formatWhenEmpty?: (row: number, col: number) => boolean;
  frozenRows: number;
  frozenCols: number;
  widths: number[];
}

export const SHEET = {
  params: 'Uitgangspunten',
  sets: 'Parametersets',
  periods: 'Perioden',
  priceIndex: 'Prijsindex',
  space: 'Ruimtegebruik',
  overview: 'Overzicht',
  result: 'Resultaat',
} as const;

/**
 * Rows the workbook adds to Uitgangspunten from the base parameters, each after the parameter named: the
 * periods per year (from the phasing period) and the number of periods (from the dates).
 */
export const DERIVED_PARAMETER_ROWS = {
  periodsPerYear: { after: 'phasing_period', title: 'Perioden per jaar' },
  periodCount: { after: 'profit_withdrawal_to_ncw_date', title: 'Aantal perioden' },
} as const;
type DerivedParameterRow = keyof typeof DERIVED_PARAMETER_ROWS;

/**
 * Rows (0-based) of the Uitgangspunten sheet, values in column B: the base parameters in their order
 * (src/model/baseParameters.ts) from row 1, a percentage's fraction row right after it, the derived rows
 * after theirs. `fraction` holds the fraction rows by the percentage's key.
 */
function parameterRows() {
  const rows: Record<string, number> = {};
  const fraction: Record<string, number> = {};
  let r = 1;
  for (const p of BASE_PARAMETERS) {
    rows[p.key] = r++;
    if (p.fraction) fraction[p.key] = r++;
    for (const [key, d] of Object.entries(DERIVED_PARAMETER_ROWS)) if (d.after === p.key) rows[key] = r++;
  }
  return { rows: rows as Record<ParameterKey | DerivedParameterRow, number>, fraction, last: r - 1 };
}
const UITGANGSPUNTEN = parameterRows();
export const PARAMETER_ROWS = UITGANGSPUNTEN.rows;
export const FRACTION_ROWS: Readonly<Partial<Record<ParameterKey, number>>> = UITGANGSPUNTEN.fraction;
export const LAST_PARAMETER_ROW = UITGANGSPUNTEN.last;

/** Rows (0-based) of the Perioden sheet; periods in columns B…. */
export const PERIOD_ROWS = { code: 0, label: 1, start: 2, end: 3, year: 4, firstOfYear: 5, weightAfterNcw: 6, containsNcw: 7 } as const;

/** Rows (0-based) of the Overzicht sheet; column B = total, periods from column C. The revenue sections' rows follow (revenueRows). */
export const OVERVIEW_ROWS = {
  costs: 1,
  revenues: 2,
  net: 3,
  debitAnnual: 4,
  creditAnnual: 5,
  debitPeriod: 6,
  creditPeriod: 7,
  interestBefore: 8,
  balanceBefore: 9,
  withdrawal: 10,
  interest: 11,
  balance: 12,
} as const;
/** The Overzicht's row of each revenue section's revenues (calculation.md §3b.5), after the others in the sections' order; the revenues row adds them up. */
export const revenueRows = perSections(() => new Map(revenueSections().map((s, i) => [s.kind, OVERVIEW_ROWS.balance + 1 + i])));
/** Row titles of the Overzicht sheet; the workbench's overview uses the same words for the same rows. */
export const OVERVIEW_TITLES: Record<keyof typeof OVERVIEW_ROWS, string> = {
  costs: 'Kosten',
  revenues: 'Opbrengsten',
  net: 'Saldo kasstroom (kosten − opbrengsten)',
  debitAnnual: 'Rente negatief saldo (jaar)',
  creditAnnual: 'Rente positief saldo (jaar)',
  debitPeriod: 'Rente negatief saldo (periode)',
  creditPeriod: 'Rente positief saldo (periode)',
  interestBefore: 'Rente (vóór winstneming)',
  balanceBefore: 'Boekwaarde (vóór winstneming)',
  withdrawal: 'Winstneming',
  interest: 'Rente (na winstneming, vanaf de NCW-periode)',
  balance: 'Boekwaarde (na winstneming, vanaf de NCW-periode)',
};
export const OVERVIEW_TOTAL_COL = 1;
export const OVERVIEW_FIRST_PERIOD_COL = 2;

/** Rows (0-based) of the Resultaat sheet; values in column B. */
export const RESULT_ROWS = {
  ewBeforeWithdrawal: 1,
  ncwBeforeWithdrawal: 2,
  totalCosts: 3,
  totalRevenues: 4,
  bookedCosts: 5,
  bookedRevenues: 6,
  poc: 7,
  profitWithdrawal: 8,
  ew: 9,
  ncw: 10,
  verliesvoorziening: 11,
  resultAtNcw: 12,
} as const;
/** Row titles of the Resultaat sheet; the workbench's overview names its figures with the same words. */
export const RESULT_TITLES: Record<keyof typeof RESULT_ROWS, string> = {
  ewBeforeWithdrawal: 'Eindwaarde vóór winstneming',
  ncwBeforeWithdrawal: 'NCW vóór winstneming',
  totalCosts: 'Totaal kosten',
  totalRevenues: 'Totaal opbrengsten',
  bookedCosts: 'Geboekte kosten',
  bookedRevenues: 'Geboekte opbrengsten',
  poc: 'POC (percentage of completion)',
  profitWithdrawal: 'Winstneming naar NCW-datum',
  ew: 'Eindwaarde (EW)',
  ncw: 'Netto contante waarde (NCW)',
  verliesvoorziening: 'Verliesvoorziening',
  resultAtNcw: 'Resultaat op NCW-datum (NCW + winstneming)',
};

/** Per-period column blocks of the entry sheets, in order. */
export const BLOCKS = ['phasingF', 'phasingP', 'bookedF', 'bookedP', 'indexOverride', 'phased', 'booked', 'indexFactor', 'nominal'] as const;
export type Block = (typeof BLOCKS)[number];
export const BLOCK_TITLE: Record<Block, string> = {
  phasingF: 'Fasering €',
  phasingP: 'Fasering %',
  bookedF: 'Boekwaarde €',
  bookedP: 'Boekwaarde %',
  indexOverride: 'Eigen index',
  phased: 'Gefaseerd uit %',
  booked: 'Geboekt uit %',
  indexFactor: 'Indexfactor',
  nominal: 'Nominaal',
};

/** The computed columns of every entry sheet, after the section's fields (their titles are the grids' too). */
export const COMPUTED: { key: ComputedField; title: string; fmt: Fmt; width: number }[] = (
  [['estimate', 'money', 14], ['historicIndex', 'factor', 10], ['totalBooked', 'money', 14], ['amountAtNcw', 'money', 14], ['totalPhased', 'money', 14], ['residualToPhase', 'money', 14]] as const
).map(([key, fmt, width]) => ({ key, title: COMPUTED_TITLES[key], fmt, width }));

export interface EntrySheetLayout {
  sheet: string;
  /** Column of each scalar input or computed field. */
  col: Record<string, number>;
  /** First column of each per-period block; period k (1-based) is at blockStart[b] + k − 1. */
  blockStart: Record<Block, number>;
  /** Sheet row (0-based) of each entry id; entries start at row 1. */
  rowOf: Map<number, number>;
  ids: number[];
  width: number;
  /** Where each entry's index factors come from: its own chain (with indexing items) or its set's row. */
  factor: Map<number, FactorSource>;
  /** Row (0-based) of the per-period totals of the nominal and booked blocks, below the entries. */
  totalsRow: number;
  /**
   * The index-set rows below the Totaal row (issue 38, "fewer cells"): the entries without an own index
   * chain have no nominal cells; per set, one row adds their phased amounts of a period (in its
   * Fasering € block) and multiplies that sum by the set's factor (in its Nominaal block). `setRow`
   * null: the entries that are not indexed (factor 1).
   */
  groups: IndexSetGroup[];
  /** The group of each entry row without an own chain. */
  groupOfRow: Map<number, IndexSetGroup>;
  /**
   * The period that contains the NCW date. Up to it the future index factor is 1 (no time passes
   * after N), so the nominal amount is the phased amount itself: nominal cells start after it.
   */
  ncwPeriod: number;
}

export interface IndexSetGroup {
  /** The set's row on Parametersets (null: not indexed, factor 1). */
  setRow: number | null;
  /** The group's row (0-based) on the entry sheet. */
  row: number;
  /** The sheet rows of its entries. */
  members: number[];
}

export interface FactorSource {
  own: boolean;
  /** The entry has its own base value (indexing item UITGANGSPUNT). */
  hasBase: boolean;
  /**
   * First period of the own chain: 1 with a base value; else the period after the first own value
   * (before it the entry's factor is its set's, so the chain refers to the set's factor there).
   */
  from: number;
  /** Last period of the own chain (the end of the phasing window, or a later phasing value). */
  last: number;
  /** Row of the entry's standard index on Parametersets (null: unknown set, factor 1). */
  setRow: number | null;
}

export interface WorkbookLayout {
  periods: Period[];
  n: number;
  m: 1 | 2 | 4;
  /** The entry sheet of each section. */
  sections: Record<EntryKind, EntrySheetLayout>;
  /** Row (0-based) of a future-index or interest set on Parametersets, key `group|name`. */
  setRow: Map<string, number>;
  /** Row (0-based) of a price-level set on Prijsindex, key = name. */
  priceSetRow: Map<string, number>;
  priceYears: { first: number; last: number };
  /** Row (0-based) of each space-usage id on Ruimtegebruik. */
  spaceRow: Map<number, number>;
  spaceTotalsRow: Record<string, number>;
  /** Parametersets columns. */
  setCols: { base: number; firstValue: number; firstEffective: number; firstFactor: number };
  priceCols: { base: number; atNcw: number; firstValue: number; firstRate: number; firstCum: number };
}

export interface WorkbookSpec {
  sheets: SheetSpec[];
  layout: WorkbookLayout;
}

/** A literal text cell (never parsed as a number, date or formula). */
export const text = (s: string | null | undefined): RawCell => (s == null || s === '' ? null : `'${s}`);
export const LOCATION_TITLES: Record<SpaceUsageLocation, string> = {
  excluded_or_to_be_maintained: 'Niet in exploitatie / te handhaven',
  main_structure_paving: 'Hoofdstructuur verharding',
  main_structure_green: 'Hoofdstructuur groen',
  main_structure_water: 'Hoofdstructuur water',
  public_space_paving: 'Openbare ruimte verharding',
  public_space_green: 'Openbare ruimte groen',
  public_space_water: 'Openbare ruimte water',
  net_area_marketable_residential: 'Uitgeefbaar wonen',
  net_area_marketable_non_residential: 'Uitgeefbaar niet-wonen',
};

/** Where the Parametersets sheet keeps each set: its row by 'group|name', and its columns (entry sheets read them). */
export interface ParameterSetsLayout {
  setRow: Map<string, number>;
  setCols: { base: number; firstValue: number; firstEffective: number; firstFactor: number };
}
