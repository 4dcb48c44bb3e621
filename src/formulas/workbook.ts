// Workbook builder: model data → sheets of input cells and Excel-compatible formulas.
// The same sheets feed HyperFormula (engine.ts) and the xlsx export (export.ts), so the tool and an
// exported file hold exactly the same formulas. Layout notes: docs/calculation-engine.md.
import type { ModelData, NonResidentialEntry, OtherRevenueEntry, PeriodItem, SpaceUsageLocation } from '../api/contract/modelData.ts';
import { SPACE_USAGE_LOCATIONS } from '../api/contract/modelData.ts';
import { compareYmd, parseYmd, serialToIso, toSerial } from './dates.ts';
import { pctFormula, pctFormulaOnce } from './percent.ts';
import { MAX_PERIODS, type Period, generatePeriods, ncwPeriodIndex, periodIndex, periodsPerYear } from './periods.ts';
import { CREDIT_SET, DEBIT_SET, FUTURE_INDEX_GROUP, INTEREST_GROUP, PRICE_LEVEL_GROUP } from './modelConstants.ts';
import {
  type AnyEntry, COST_SECTION, type EntryKind, NON_RESIDENTIAL_SECTION, OTHER_REVENUE_SECTION, RESIDENTIAL_SECTION, REVENUE_SECTIONS, SECTIONS, type SectionDescriptor, entriesOf,
} from './sections.ts';

/** A raw cell as HyperFormula takes it: `=…` is a formula, `'…` a literal text, else a value. */
export type RawCell = number | string | boolean | null;
/** `pct`: a percentage in the model's notation (2.0 or 0.02); `fraction`: a fraction shown as a percentage (0.02 → 2.00%). */
export type Fmt = 'money' | 'factor' | 'date' | 'pct' | 'fraction' | 'area' | 'int' | 'text';

export interface SheetSpec {
  name: string;
  rows: RawCell[][];
  /** Number format of a cell (export only). */
  fmt: (row: number, col: number) => Fmt | undefined;
  frozenRows: number;
  frozenCols: number;
  widths: number[];
}

export const SHEET = {
  params: 'Uitgangspunten',
  sets: 'Parametersets',
  periods: 'Perioden',
  priceIndex: 'Prijsindex',
  cost: COST_SECTION.sheet,
  residential: RESIDENTIAL_SECTION.sheet,
  space: 'Ruimtegebruik',
  overview: 'Overzicht',
  result: 'Resultaat',
} as const;

/** Rows (0-based) of the Uitgangspunten sheet; values in column B. */
export const PARAMETER_ROWS = {
  project_name: 1,
  project_description: 2,
  project_number: 3,
  subregion: 4,
  organisation_name: 5,
  version_name: 6,
  model_name: 7,
  phasing_calculation_start_date: 8,
  phasing_price_reference_date: 9,
  phasing_net_present_value_date: 10,
  phasing_calculation_end_date: 11,
  phasing_period: 12,
  periodsPerYear: 13,
  interest_discount_rate_percentage: 14,
  discountFraction: 15,
  vat_rate_percentage: 16,
  vatFraction: 17,
  interest_calculation_method: 18,
  profit_withdrawal_to_ncw_date: 19,
  periodCount: 20,
} as const;

/** Rows (0-based) of the Perioden sheet; periods in columns B…. */
export const PERIOD_ROWS = { code: 0, label: 1, start: 2, end: 3, year: 4, firstOfYear: 5, weightAfterNcw: 6, containsNcw: 7 } as const;

/** Rows (0-based) of the Overzicht sheet; column B = total, periods from column C. */
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
  /** Revenues per revenue section (calculation.md §3b.5); the revenues row adds them up. */
  revenuesResidential: 13,
  revenuesNonResidential: 14,
  revenuesOther: 15,
} as const;
/** Row titles of the Overzicht sheet; the tool's overview uses the same words for the same rows. */
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
  revenuesResidential: RESIDENTIAL_SECTION.revenue!.title,
  revenuesNonResidential: NON_RESIDENTIAL_SECTION.revenue!.title,
  revenuesOther: OTHER_REVENUE_SECTION.revenue!.title,
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
/** Row titles of the Resultaat sheet; the tool's overview names its figures with the same words. */
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
const BLOCK_TITLE: Record<Block, string> = {
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

export type ComputedField = 'estimate' | 'historicIndex' | 'totalBooked' | 'amountAtNcw' | 'totalPhased' | 'residualToPhase';

interface ColDef {
  key: string;
  title: string;
  fmt: Fmt;
  width: number;
}
/** Input columns every entry has after its own estimate columns: index choice and phasing. */
const ENTRY_INDEX_AND_PHASING: ColDef[] = [
  { key: 'index_type', title: 'Prijsindex', fmt: 'text', width: 10 },
  { key: 'standard_index', title: 'Standaardindex', fmt: 'text', width: 16 },
  { key: 'phasing_section_type', title: 'Sectie', fmt: 'text', width: 12 },
  { key: 'phasing_method', title: 'Faseringsmethode', fmt: 'text', width: 12 },
  { key: 'start_date', title: 'Start fasering', fmt: 'date', width: 12 },
  { key: 'end_date', title: 'Eind fasering', fmt: 'date', width: 12 },
  { key: 'indexBase', title: 'Eigen index (uitgangspunt)', fmt: 'pct', width: 10 },
];
/** The head of every entry sheet: id, label and amount (Hoeveelheid for costs, Aantal for land sold). */
const entryHead = (amountTitle: string, amountWidth: number): ColDef[] => [
  { key: 'id', title: 'Id', fmt: 'int', width: 6 },
  { key: 'label', title: 'Omschrijving', fmt: 'text', width: 28 },
  { key: 'amount', title: amountTitle, fmt: 'money', width: amountWidth },
];
/** The estimate-method columns Woningbouw and Niet-Woningbouw share, in their places of each sheet. */
const LAND = {
  method: [
    { key: 'calculation_method', title: 'Methode', fmt: 'text', width: 16 },
    { key: 'calculation_date', title: 'Berekeningsdatum', fmt: 'date', width: 12 },
  ],
  quoteAndPlot: [
    { key: 'quote_excl_vat', title: 'Grondquote excl. btw', fmt: 'pct', width: 10 },
    { key: 'plot_price', title: 'Kavelprijs', fmt: 'money', width: 14 },
  ],
  perM2: [
    { key: 'square_meters', title: 'm²', fmt: 'money', width: 10 },
    { key: 'unit_price', title: 'Prijs per m²', fmt: 'money', width: 12 },
  ],
  residualCosts: [
    { key: 'building_costs', title: 'Bouwkosten per eenheid', fmt: 'money', width: 14 },
    { key: 'additional_costs_percentage', title: 'Bijkomende kosten', fmt: 'pct', width: 10 },
  ],
} satisfies Record<string, ColDef[]>;
const COST_INPUTS: ColDef[] = [
  ...entryHead('Hoeveelheid', 12),
  { key: 'unit', title: 'Eenheid', fmt: 'text', width: 10 },
  { key: 'price', title: 'Prijs', fmt: 'money', width: 14 },
  { key: 'date', title: 'Prijsdatum', fmt: 'date', width: 12 },
  ...ENTRY_INDEX_AND_PHASING,
];
const RES_INPUTS: ColDef[] = [
  ...entryHead('Aantal', 10),
  { key: 'tenure_type', title: 'Eigendom', fmt: 'text', width: 10 },
  ...LAND.method,
  { key: 'von_incl_vat', title: 'VON incl. btw', fmt: 'money', width: 14 },
  ...LAND.quoteAndPlot,
  { key: 'residence_type', title: 'Woningtype', fmt: 'text', width: 14 },
  ...LAND.perM2,
  { key: 'residual_von_incl_vat', title: 'Residueel: VON incl. btw', fmt: 'money', width: 14 },
  ...LAND.residualCosts,
  ...ENTRY_INDEX_AND_PHASING,
];
const NON_RES_INPUTS: ColDef[] = [
  ...entryHead('Aantal', 10),
  ...LAND.method,
  ...LAND.perM2,
  { key: 'value_excl_vat', title: 'Waarde excl. btw', fmt: 'money', width: 14 },
  ...LAND.quoteAndPlot,
  { key: 'residual_value_excl_vat', title: 'Residueel: waarde excl. btw', fmt: 'money', width: 14 },
  ...LAND.residualCosts,
  ...ENTRY_INDEX_AND_PHASING,
];
const OTHER_REVENUE_INPUTS: ColDef[] = [
  ...COST_INPUTS.slice(0, 6),
  { key: 'indexed', title: 'Geïndexeerd', fmt: 'text', width: 10 },
  ...ENTRY_INDEX_AND_PHASING,
];
const COMPUTED: ColDef[] = [
  { key: 'estimate', title: 'Raming', fmt: 'money', width: 14 },
  { key: 'historicIndex', title: 'Historische index', fmt: 'factor', width: 10 },
  { key: 'totalBooked', title: 'Totaal geboekt', fmt: 'money', width: 14 },
  { key: 'amountAtNcw', title: 'Bedrag op NCW-datum', fmt: 'money', width: 14 },
  { key: 'totalPhased', title: 'Totaal gefaseerd', fmt: 'money', width: 14 },
  { key: 'residualToPhase', title: 'Nog te faseren', fmt: 'money', width: 14 },
];

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
   * The period that contains the NCW date. Up to it the future index factor is 1 (no time passes
   * after N), so the nominal amount is the phased amount itself: nominal cells start after it.
   */
  ncwPeriod: number;
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

// ── per-cell formulas of the entry sheets (shared with the engine's incremental edits) ─────

const blockColumn = (lay: EntrySheetLayout, b: Block, k: number) => lay.blockStart[b] + k - 1;

/**
 * Phased from a Procentueel value: pct(value) × amount at NCW date. A Financeel value is itself the
 * phased amount, so a period's phased amount is its Financeel value or this cell (one of the two
 * inputs is empty), and Σ phased = SUM(Financeel values) + SUM(these cells).
 */
export function phasedFormula(lay: EntrySheetLayout, row: number, k: number): string {
  const p = a1(blockColumn(lay, 'phasingP', k), row);
  return `=${pctFormula(p)}*${a1(lay.col.amountAtNcw!, row, { absCol: true })}`;
}
/** Booked from a Procentueel book value: pct(value) × estimate (a Financeel value is itself the booked amount). */
export function bookedFormula(lay: EntrySheetLayout, row: number, k: number): string {
  const p = a1(blockColumn(lay, 'bookedP', k), row);
  return `=${pctFormula(p)}*${a1(lay.col.estimate!, row, { absCol: true })}`;
}
/**
 * The two blocks whose cells make up a period's amount: the Financeel input (the amount itself) and
 * the cell computed from a Procentueel input. One of the two inputs of a period is empty.
 */
export const AMOUNT_BLOCKS = { phased: ['phasingF', 'phased'], booked: ['bookedF', 'booked'] } as const satisfies Record<string, readonly [Block, Block]>;
/**
 * Nominal = phased × future index factor F_X(N → start(k)): the Financeel value, plus the phased cell
 * where the period has one (it holds, or held, a Procentueel value).
 */
export function nominalFormula(
  lay: EntrySheetLayout,
  row: number,
  k: number,
  src: FactorSource,
  setCols: WorkbookLayout['setCols'],
  withPhasedCell: boolean,
): string {
  const factor = factorRef(lay, row, k, src, setCols);
  const f = a1(blockColumn(lay, 'phasingF', k), row);
  return withPhasedCell ? `=(${f}+${a1(blockColumn(lay, 'phased', k), row)})*${factor}` : `=${f}*${factor}`;
}
/**
 * Own index-factor chain of an entry with indexing items: a per-period value replaces the rate of
 * its set (or of the entry's own base value, UITGANGSPUNT). Written without IF/ISBLANK so that it
 * is cheap to evaluate: (ov="") is 1 for an empty cell, and pct(x) = x/(1+99*(x>1)).
 */
function ownFactorFormula(lay: EntrySheetLayout, row: number, k: number, src: FactorSource, setCols: WorkbookLayout['setCols']): RawCell {
  if (k === 1) return 1;
  const ov = a1(blockColumn(lay, 'indexOverride', k - 1), row);
  const rate = src.hasBase
    ? pctFormula(a1(lay.col.indexBase!, row, { absCol: true }))
    : src.setRow === null
      ? '0'
      : periodRef(SHEET.sets, setCols.firstEffective + k - 2, src.setRow);
  const w = periodRef(SHEET.periods, k - 1, PERIOD_ROWS.weightAfterNcw);
  return `=${factorRef(lay, row, k - 1, src, setCols)}*(1+(${ov}="")*${rate}+${pctFormula(ov)})^${w}`;
}
/** The index factor of an entry in period k: its own chain where that has a cell, else its set's. */
function factorRef(lay: EntrySheetLayout, row: number, k: number, src: FactorSource, setCols: WorkbookLayout['setCols']): string {
  if (src.own && k >= src.from && k <= src.last) return a1(blockColumn(lay, 'indexFactor', k), row);
  return src.setRow === null ? '1' : periodRef(SHEET.sets, setCols.firstFactor + k - 1, src.setRow);
}
/** The first period of an entry's own index chain (see FactorSource.from). */
function ownChainStart(indexing: PeriodItem[]): number {
  let first = Infinity;
  for (const it of indexing) {
    const k = periodIndex(it.period);
    if (k === 0) return 1;
    first = Math.min(first, k + 1);
  }
  return first;
}

export interface WorkbookLayout {
  periods: Period[];
  n: number;
  m: 1 | 2 | 4;
  /** The entry sheet of each section. */
  sections: Record<EntryKind, EntrySheetLayout>;
  /** The same layouts, for callers that name the section. */
  cost: EntrySheetLayout;
  residential: EntrySheetLayout;
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

// ── helpers ────────────────────────────────────────────────────────────────────────────────

const COL_NAMES: string[] = [];
export function colName(c: number): string {
  const cached = COL_NAMES[c];
  if (cached !== undefined) return cached;
  let s = '';
  let n = c + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  COL_NAMES[c] = s;
  return s;
}
/** A sheet name as a reference writes it: quoted when it holds more than letters, digits and _ ('Niet-Woningbouw'). */
const sheetRef = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`);
const SHEET_PREFIX = new Map<string, string>();
/** A1 reference (0-based row/col), optional sheet and absolute markers. */
export function a1(col: number, row: number, opts?: { sheet?: string; absCol?: boolean; absRow?: boolean }): string {
  // Called for every reference of a build (≈ 60.000): the plain one without the option checks.
  if (opts === undefined) return colName(col) + (row + 1);
  let s = '';
  if (opts.sheet) {
    s = SHEET_PREFIX.get(opts.sheet) ?? '';
    if (!s) SHEET_PREFIX.set(opts.sheet, (s = `${sheetRef(opts.sheet)}!`));
  }
  return `${s}${opts.absCol ? '$' : ''}${colName(col)}${opts.absRow ? '$' : ''}${row + 1}`;
}
const absoluteRef = (sheet: string, col: number, row: number) => a1(col, row, { sheet, absCol: true, absRow: true });
/**
 * A per-period value on another sheet (a set's factor row, a period property): the column is
 * relative, so every period's formula has the same shape and HyperFormula parses it once.
 */
const periodRef = (sheet: string, col: number, row: number) => a1(col, row, { sheet, absRow: true });

/**
 * Totaal gefaseerd or Totaal geboekt of an entry row: its Financeel values plus its cells from
 * Procentueel values, the cells that exist one by one (`=CV3+CX3+CY3`). A range over empty cells
 * costs HyperFormula a graph vertex per empty cell (in the large model once 55k of them), a SUM over
 * the runs of filled cells a range vertex per run and a parse per pattern of runs; a chain of
 * references needs neither (formulaShapeCache.ts builds it without the parser). At most 80 cells.
 */
export function entryTotalFormula(lay: EntrySheetLayout, cells: RawCell[], row: number, n: number, amount: keyof typeof AMOUNT_BLOCKS): string {
  let sum = '';
  const r = String(row + 1);
  for (const block of AMOUNT_BLOCKS[amount]) {
    for (let c = lay.blockStart[block], end = c + n; c < end; c++) if (cells[c] != null) sum += (sum ? '+' : '=') + colName(c) + r;
  }
  return sum || '=0';
}
/**
 * The Totaal row of an entry sheet in a nominal or booked period column: the cells that exist (up to
 * the NCW period the nominal amounts are the phased amounts, so those are added), one by one —
 * HyperFormula evaluates a chain of references faster than a SUM over many short ranges. Without a
 * sheet name a reference is short, so the formula stays far below Excel's 8,192 characters; a very
 * large model falls back to one range.
 */
const MAX_PLUS_REFS = 1000;
export function columnTotalFormula(lay: EntrySheetLayout, rows: RawCell[][], block: 'nominal' | 'booked', k: number): string {
  const blocks: readonly Block[] = block === 'booked' ? AMOUNT_BLOCKS.booked : k <= lay.ncwPeriod ? AMOUNT_BLOCKS.phased : ['nominal'];
  const cols = blocks.map((b) => lay.blockStart[b] + k - 1);
  const names = cols.map(colName);
  let sum = '';
  let count = 0;
  for (let r = 1; r < lay.totalsRow; r++) {
    const cells = rows[r]!;
    for (let i = 0; i < cols.length; i++) {
      if (cells[cols[i]!] == null) continue;
      sum += (count++ === 0 ? '=' : '+') + names[i] + (r + 1);
    }
  }
  if (count === 0) return '=0';
  if (count > MAX_PLUS_REFS) return `=${cols.map((c) => `SUM(${a1(c, 1)}:${a1(c, lay.totalsRow - 1)})`).join('+')}`;
  return sum;
}
/** Costs or revenues of period k on Overzicht: the Totaal rows of the sections' entry sheets (nominal + booked). */
function periodCashFlowFormula(lays: readonly EntrySheetLayout[], k: number): string {
  const t = (lay: EntrySheetLayout, b: Block) => a1(lay.blockStart[b] + k - 1, lay.totalsRow, { sheet: lay.sheet });
  return `=${lays.map((lay) => `${t(lay, 'nominal')}+${t(lay, 'booked')}`).join('+')}`;
}
/** A literal text cell (never parsed as a number, date or formula). */
export const text = (s: string | null | undefined): RawCell => (s == null || s === '' ? null : `'${s}`);
const YF_TRUE = 'TRUE()';

const PARAMETER_REFS = {
  S: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.phasing_calculation_start_date),
  N: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.phasing_net_present_value_date),
  m: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.periodsPerYear),
  discount: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.discountFraction),
  vat: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.vatFraction),
  withdrawal: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.profit_withdrawal_to_ncw_date),
};

function itemMap(items: PeriodItem[]): Map<number, PeriodItem> {
  const m = new Map<number, PeriodItem>();
  for (const it of items) m.set(periodIndex(it.period), it);
  return m;
}

// ── the builder: one function per sheet ──────────────────────────────────────────────────────

/** What every sheet is built from: the model and its periods. */
interface BuildContext {
  model: ModelData;
  bp: ModelData['base_parameters'];
  periods: Period[];
  n: number;
  /** The period that contains the NCW date. */
  kN: number;
}
/** Perioden: period k (1-based) in column k (B = 1). */
const periodsCol = (k: number) => k;

/** Uitgangspunten: row, title and value of each parameter (the derived ones as formulas). */
const PARAMETER_CELLS: [keyof typeof PARAMETER_ROWS, string, (c: BuildContext) => RawCell][] = [
  ['project_name', 'Projectnaam', (c) => text(c.bp.project_info.project_name)],
  ['project_description', 'Omschrijving', (c) => text(c.bp.project_info.project_description)],
  ['project_number', 'Projectnummer', (c) => text(c.bp.project_info.project_number)],
  ['subregion', 'Deelgebied', (c) => text(c.bp.project_info.subregion)],
  ['organisation_name', 'Organisatie', (c) => text(c.bp.project_info.organisation_name)],
  ['version_name', 'Versie', (c) => text(c.bp.project_info.version_name)],
  ['model_name', 'Model', (c) => text(c.bp.project_info.model_name)],
  ['phasing_calculation_start_date', 'Startdatum berekening', (c) => toSerial(c.bp.phasing_calculation_start_date)],
  ['phasing_price_reference_date', 'Prijspeildatum', (c) => toSerial(c.bp.phasing_price_reference_date)],
  ['phasing_net_present_value_date', 'NCW-datum', (c) => toSerial(c.bp.phasing_net_present_value_date)],
  ['phasing_calculation_end_date', 'Einddatum berekening', (c) => toSerial(c.bp.phasing_calculation_end_date)],
  ['phasing_period', 'Faseringsperiode', (c) => text(c.bp.phasing_period)],
  ['periodsPerYear', 'Perioden per jaar', () => {
    const per = a1(1, PARAMETER_ROWS.phasing_period, { absCol: true, absRow: true });
    return `=IF(${per}="Annual",1,IF(${per}="SemiAnnual",2,4))`;
  }],
  ['interest_discount_rate_percentage', 'Rente- en disconteringsvoet', (c) => c.bp.interest_discount_rate_percentage],
  ['discountFraction', 'Disconteringsvoet (fractie)', () => `=${pctFormulaOnce(a1(1, PARAMETER_ROWS.interest_discount_rate_percentage))}`],
  ['vat_rate_percentage', 'Btw-percentage', (c) => c.bp.vat_rate_percentage],
  ['vatFraction', 'Btw (fractie)', () => `=${pctFormulaOnce(a1(1, PARAMETER_ROWS.vat_rate_percentage))}`],
  ['interest_calculation_method', 'Renteberekeningsmethode', (c) => text(c.bp.interest_calculation_method)],
  ['profit_withdrawal_to_ncw_date', 'Winstneming naar NCW-datum', (c) => c.bp.profit_withdrawal_to_ncw_date],
  ['periodCount', 'Aantal perioden', (c) => c.n],
];

function parametersSheet(c: BuildContext): SheetSpec {
  const R = PARAMETER_ROWS;
  const rows: RawCell[][] = Array.from({ length: R.periodCount + 1 }, () => [null, null]);
  rows[0] = [text('Parameter'), text('Waarde')];
  for (const [key, title, value] of PARAMETER_CELLS) rows[R[key]] = [text(title), value(c)];
  const fmt = (r: number): Fmt | undefined =>
    r >= R.phasing_calculation_start_date && r <= R.phasing_calculation_end_date
      ? 'date'
      : r === R.discountFraction || r === R.vatFraction
        ? 'factor'
        : r === R.interest_discount_rate_percentage || r === R.vat_rate_percentage
          ? 'pct'
          : r === R.periodsPerYear || r === R.periodCount
            ? 'int'
            : undefined;
  return { name: SHEET.params, rows, fmt: (r, col) => (col === 1 ? fmt(r) : 'text'), frozenRows: 1, frozenCols: 1, widths: [30, 22] };
}

function periodsSheet({ periods }: BuildContext): SheetSpec {
  const N = PARAMETER_REFS.N;
  const R = PERIOD_ROWS;
  const at = (k: number, row: number) => a1(periodsCol(k), row);
  const rows: RawCell[][] = [
    [text('Periode'), ...periods.map((p) => text(p.code))],
    [text('Label'), ...periods.map((p) => text(p.label))],
    [text('Begin'), ...periods.map((p) => p.startSerial)],
    [text('Eind (exclusief)'), ...periods.map((p) => p.endSerial)],
    [text('Jaar'), ...periods.map((p) => `=YEAR(${at(p.index, R.start)})`)],
    [text('Eerste periode van het jaar'), ...periods.map((p) => (p.index === 1 ? 1 : `=IF(${at(p.index, R.year)}<>${at(p.index - 1, R.year)},1,0)`))],
    [text('Jaarfractie na NCW-datum'), ...periods.map((p) => `=MAX(0,DAYS360(MAX(${at(p.index, R.start)},${N}),${at(p.index, R.end)},${YF_TRUE})/360)`)],
    [text('Bevat NCW-datum'), ...periods.map((p) => `=IF(AND(${at(p.index, R.start)}<=${N},${N}<${at(p.index, R.end)}),1,0)`)],
  ];
  const fmt = (r: number, c: number): Fmt | undefined =>
    c === 0 ? undefined : r === R.start || r === R.end ? 'date' : r === R.weightAfterNcw ? 'factor' : r === R.code || r === R.label ? 'text' : 'int';
  return { name: SHEET.periods, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [26, ...periods.map(() => 12)] };
}

/** Parametersets: the future-index and interest sets, a value per period label, the rate used and the factor. */
function parameterSetsSheet({ bp, periods, n }: BuildContext) {
  const setCols = { base: 2, firstValue: 3, firstEffective: 3 + n, firstFactor: 3 + 2 * n };
  const setRow = new Map<string, number>();
  const rows: RawCell[][] = [[
    text('Naam'),
    text('Groep'),
    text('Basiswaarde'),
    ...periods.map((p) => text(p.label)),
    ...periods.map((p) => text(`Jaarfractie ${p.label}`)),
    ...periods.map((p) => text(`Indexfactor ${p.label}`)),
  ]];
  for (const s of bp.parameter_sets.filter((s) => s.set_group !== PRICE_LEVEL_GROUP)) {
    const r = rows.length;
    setRow.set(`${s.set_group}|${s.set_name}`, r);
    const byLabel = new Map(s.set_values.map((v) => [v.period_label, v.period_value]));
    const base = a1(setCols.base, r, { absCol: true });
    rows.push([
      text(s.set_name),
      text(s.set_group),
      s.set_base_value,
      ...periods.map((p) => byLabel.get(p.label) ?? null),
      ...periods.map((p) => {
        const v = a1(setCols.firstValue + p.index - 1, r);
        return `=${pctFormulaOnce(`IF(ISBLANK(${v}),${base},${v})`)}`;
      }),
      ...periods.map((p) =>
        p.index === 1
          ? 1
          : `=${a1(setCols.firstFactor + p.index - 2, r)}*(1+${a1(setCols.firstEffective + p.index - 2, r)})^${periodRef(SHEET.periods, periodsCol(p.index - 1), PERIOD_ROWS.weightAfterNcw)}`,
      ),
    ]);
  }
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c < 2 ? 'text' : c >= setCols.firstEffective ? 'factor' : 'pct');
  const spec: SheetSpec = { name: SHEET.sets, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [30, 36, 12, ...periods.map(() => 10), ...periods.map(() => 12)] };
  return { spec, setRow, setCols };
}

/**
 * Prijsindex: the price-level sets per calendar year, from min(price dates, NCW year − 10) to the NCW
 * year; with `historicIndex`, the formula of an entry's hist(d → N) = index(N) / index(d).
 */
function priceIndexSheet({ model, bp }: BuildContext) {
  const N = PARAMETER_REFS.N;
  const nYear = parseYmd(bp.phasing_net_present_value_date).y;
  const dateYears = [
    ...model.cost_estimate.map((e) => parseYmd(e.estimate.date).y),
    ...model.residential_construction.map((e) => parseYmd(e.calculation_date).y),
  ];
  const firstYear = Math.min(nYear - 10, ...dateYears);
  const years = Array.from({ length: nYear - firstYear + 1 }, (_, i) => firstYear + i);
  const Y = years.length;
  const priceCols = { base: 1, atNcw: 2, firstValue: 3, firstRate: 3 + Y, firstCum: 3 + 2 * Y };
  const priceSetRow = new Map<string, number>();
  /** The rates and the cumulative index of a set's row, absolute (optionally with the sheet name). */
  const ranges = (r: number, sheet?: string) => {
    const range = (first: number) => `${a1(first, r, { sheet, absCol: true, absRow: true })}:${a1(first + Y - 1, r, { absCol: true, absRow: true })}`;
    return { rates: range(priceCols.firstRate), cumulative: range(priceCols.firstCum) };
  };
  /** index(1 Jan of the date's year) × (1 + rate of that year)^yf(1 Jan, date). */
  const indexAt = (r: number, dateRef: string, sheet?: string) => {
    const { rates, cumulative } = ranges(r, sheet);
    const yi = `YEAR(${dateRef})-${firstYear - 1}`;
    return `INDEX(${cumulative},1,${yi})*(1+INDEX(${rates},1,${yi}))^(DAYS360(DATE(YEAR(${dateRef}),1,1),${dateRef},${YF_TRUE})/360)`;
  };
  const rows: RawCell[][] = [[
    text('Naam'),
    text('Basiswaarde'),
    text('Index op NCW-datum'),
    ...years.map((y) => text(String(y))),
    ...years.map((y) => text(`Jaarfractie ${y}`)),
    ...years.map((y) => text(`Index 1-1-${y}`)),
  ]];
  for (const s of bp.parameter_sets.filter((s) => s.set_group === PRICE_LEVEL_GROUP)) {
    const r = rows.length;
    priceSetRow.set(s.set_name, r);
    const byLabel = new Map(s.set_values.map((v) => [v.period_label, v.period_value]));
    const base = a1(priceCols.base, r, { absCol: true });
    rows.push([
      text(s.set_name),
      s.set_base_value,
      `=${indexAt(r, N)}`,
      ...years.map((y) => byLabel.get(String(y)) ?? null),
      ...years.map((_, i) => {
        const v = a1(priceCols.firstValue + i, r);
        return `=${pctFormulaOnce(`IF(ISBLANK(${v}),${base},${v})`)}`;
      }),
      ...years.map((_, i) => (i === 0 ? 1 : `=${a1(priceCols.firstCum + i - 1, r)}*(1+${a1(priceCols.firstRate + i - 1, r)})`)),
    ]);
  }
  // hist(d → N) = index(N) / index(d); for d = N both are the same expression, so exactly 1 without
  // an IF (a price date after N is a validation error).
  const historicIndex = (dateRef: string, setName: string): string => {
    const r = priceSetRow.get(setName);
    if (r === undefined) return '=1';
    return `=${absoluteRef(SHEET.priceIndex, priceCols.atNcw, r)}/(${indexAt(r, dateRef, SHEET.priceIndex)})`;
  };
  const fmt = (r: number, c: number): Fmt | undefined =>
    r === 0 || c === 0 ? 'text' : c === priceCols.base || (c >= priceCols.firstValue && c < priceCols.firstRate) ? 'pct' : 'factor';
  const spec: SheetSpec = { name: SHEET.priceIndex, rows, fmt, frozenRows: 1, frozenCols: 1, widths: [20, 12, 14, ...years.flatMap(() => [10, 12, 12])] };
  return { spec, priceSetRow, priceCols, priceYears: { first: firstYear, last: nYear }, historicIndex };
}

/** What differs between the entry sheets: the section and its own input columns and estimate. */
interface EntrySheetKind<E extends AnyEntry> {
  section: SectionDescriptor<E>;
  inputs: ColDef[];
  /** The cells of the kind's own input columns (before ENTRY_INDEX_AND_PHASING). */
  inputCells: (e: E) => RawCell[];
  estimateFormula: (r: number, col: Record<string, number>) => string;
  /** The input column of the price date. */
  dateKey: string;
}

/** The cells of ENTRY_INDEX_AND_PHASING (without the own base index, which the builder writes). */
const indexAndPhasingCells = (e: AnyEntry, indexType: string, defaultIndex: string): RawCell[] => [
  text(indexType),
  text(e.indexing.standard_index ?? defaultIndex),
  text(e.phasing.phasing_section_type),
  text(e.phasing.phasing_method),
  toSerial(e.phasing.start_date),
  toSerial(e.phasing.end_date),
];

const COST_SHEET: EntrySheetKind<ModelData['cost_estimate'][number]> = {
  section: COST_SECTION,
  inputs: COST_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.estimate.amount,
    text(e.estimate.unit),
    e.estimate.price,
    toSerial(e.estimate.date),
  ],
  estimateFormula: (r, col) => `=${a1(col.amount!, r, { absCol: true })}*${a1(col.price!, r, { absCol: true })}`,
  dateKey: 'date',
};

const RESIDENTIAL_SHEET: EntrySheetKind<ModelData['residential_construction'][number]> = {
  section: RESIDENTIAL_SECTION,
  inputs: RES_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.amount,
    text(e.tenure_type),
    text(e.calculation_method),
    toSerial(e.calculation_date),
    e.land_share_data?.von_incl_vat ?? null,
    e.land_share_data?.quote_excl_vat ?? null,
    e.plot_price ?? null,
    text(e.residence_type),
    e.price_per_square_meter_data?.square_meters ?? null,
    e.price_per_square_meter_data?.unit_price ?? null,
    e.residual_data?.von_incl_vat ?? null,
    e.residual_data?.building_costs ?? null,
    e.residual_data?.additional_costs_percentage ?? null,
  ],
  estimateFormula: (r, col) => {
    const R = (k: string) => a1(col[k]!, r, { absCol: true });
    return (
      `=IF(${R('calculation_method')}="LandShare",${R('amount')}*${R('von_incl_vat')}/(1+${PARAMETER_REFS.vat})*${pctFormulaOnce(R('quote_excl_vat'))},` +
      `IF(${R('calculation_method')}="PlotPrice",${R('amount')}*${R('plot_price')},` +
      `IF(${R('calculation_method')}="PricePerSquareMeter",${R('amount')}*${R('square_meters')}*${R('unit_price')},` +
      `IF(${R('calculation_method')}="Residual",${residualFormula(R('amount'), `${R('residual_von_incl_vat')}/(1+${PARAMETER_REFS.vat})`, R)},0))))`
    );
  },
  dateKey: 'calculation_date',
};

/** §3b.1: amount × max(0, value excl. VAT − building costs × (1 + pct(additional costs))). */
function residualFormula(amount: string, valueExclVat: string, R: (k: string) => string): string {
  return `${amount}*MAX(0,${valueExclVat}-${R('building_costs')}*(1+${pctFormulaOnce(R('additional_costs_percentage'))}))`;
}

const NON_RESIDENTIAL_SHEET: EntrySheetKind<NonResidentialEntry> = {
  section: NON_RESIDENTIAL_SECTION,
  inputs: NON_RES_INPUTS,
  inputCells: (e) => [
    e.id,
    text(e.label),
    e.amount,
    text(e.calculation_method),
    toSerial(e.calculation_date),
    e.price_per_square_meter_data?.square_meters ?? null,
    e.price_per_square_meter_data?.unit_price ?? null,
    e.land_share_data?.value_excl_vat ?? null,
    e.land_share_data?.quote_excl_vat ?? null,
    e.plot_price ?? null,
    e.residual_data?.value_excl_vat ?? null,
    e.residual_data?.building_costs ?? null,
    e.residual_data?.additional_costs_percentage ?? null,
  ],
  estimateFormula: (r, col) => {
    const R = (k: string) => a1(col[k]!, r, { absCol: true });
    const method = R('calculation_method');
    return (
      `=IF(${method}="PricePerSquareMeter",${R('amount')}*${R('square_meters')}*${R('unit_price')},` +
      `IF(${method}="LandShare",${R('amount')}*${R('value_excl_vat')}*${pctFormulaOnce(R('quote_excl_vat'))},` +
      `IF(${method}="PlotPrice",${R('amount')}*${R('plot_price')},` +
      `IF(${method}="Residual",${residualFormula(R('amount'), R('residual_value_excl_vat'), R)},0))))`
    );
  },
  dateKey: 'calculation_date',
};

const OTHER_REVENUE_SHEET: EntrySheetKind<OtherRevenueEntry> = {
  section: OTHER_REVENUE_SECTION,
  inputs: OTHER_REVENUE_INPUTS,
  inputCells: (e) => [...COST_SHEET.inputCells(e), e.indexed !== false],
  estimateFormula: COST_SHEET.estimateFormula,
  dateKey: 'date',
};

/** The entry sheet of each section, in the sections' order. */
const ENTRY_SHEETS: Record<EntryKind, EntrySheetKind<AnyEntry>> = {
  cost: COST_SHEET as EntrySheetKind<AnyEntry>,
  residential: RESIDENTIAL_SHEET as EntrySheetKind<AnyEntry>,
  non_residential: NON_RESIDENTIAL_SHEET as EntrySheetKind<AnyEntry>,
  other_revenue: OTHER_REVENUE_SHEET as EntrySheetKind<AnyEntry>,
};

/** Kostenraming or Woningbouw: one row per entry (inputs, computed columns, per-period blocks), then the Totaal row. */
function entrySheet<E extends AnyEntry>(
  { model, periods, n, kN }: BuildContext,
  kind: EntrySheetKind<E>,
  sets: ReturnType<typeof parameterSetsSheet>,
  historicIndex: (dateRef: string, setName: string) => string,
): { spec: SheetSpec; layout: EntrySheetLayout } {
  const { inputs } = kind;
  const { setRow, setCols } = sets;
  const entries = entriesOf(model, kind.section.kind) as E[];
  const col: Record<string, number> = {};
  inputs.forEach((c, i) => (col[c.key] = i));
  COMPUTED.forEach((c, i) => (col[c.key] = inputs.length + i));
  const first = inputs.length + COMPUTED.length;
  const blockStart = {} as Record<Block, number>;
  BLOCKS.forEach((b, i) => (blockStart[b] = first + i * n));
  const width = first + BLOCKS.length * n;
  const header: RawCell[] = [
    ...inputs.map((c) => text(c.title)),
    ...COMPUTED.map((c) => text(c.title)),
    ...BLOCKS.flatMap((b) => periods.map((p) => text(`${BLOCK_TITLE[b]} ${p.label}`))),
  ];
  const rows: RawCell[][] = [header];
  const rowOf = new Map<number, number>();
  const factor = new Map<number, FactorSource>();
  const lay: EntrySheetLayout = { sheet: kind.section.sheet, col, blockStart, rowOf, ids: entries.map((e) => e.id), width, factor, totalsRow: entries.length + 1, ncwPeriod: kN };
  for (const e of entries) {
    const r = rows.length;
    rowOf.set(e.id, r);
    const row: RawCell[] = new Array(width).fill(null);
    const ins = [...kind.inputCells(e), ...indexAndPhasingCells(e, kind.section.priceIndexOf(e), kind.section.defaultIndex)];
    for (let i = 0; i < ins.length; i++) row[i] = ins[i]!;
    const base = e.indexing.indexing_items.find((it) => it.period === 'UITGANGSPUNT');
    row[col.indexBase!] = base ? base.value : null;
    const R = (c: number) => a1(c, r, { absCol: true });
    row[col.estimate!] = kind.estimateFormula(r, col);
    // not indexed (a subsidy as granted, §3b.3): no price-level correction and no future factors
    const indexed = kind.section.indexed(e);
    row[col.historicIndex!] = indexed ? historicIndex(R(col[kind.dateKey]!), kind.section.priceIndexOf(e)) : 1;
    const x = `${R(col.estimate!)}*${R(col.historicIndex!)}-${R(col.totalBooked!)}`;
    row[col.amountAtNcw!] = `=ROUND(${x}+SIGN(${x})*0.0000001,2)`;
    row[col.residualToPhase!] = `=${R(col.amountAtNcw!)}-${R(col.totalPhased!)}`;
    const ph = itemMap(e.phasing.phasing_items);
    const bk = itemMap(e.bookvalue.bookvalue_items);
    const ix = itemMap(e.indexing.indexing_items);
    const stdName = e.indexing.standard_index ?? kind.section.defaultIndex;
    const ws = parseYmd(e.phasing.start_date);
    const we = parseYmd(e.phasing.end_date);
    let last = 0; // the last period of the phasing window, or a later phasing value
    for (const p of periods) if ((compareYmd(p.end, ws) > 0 && compareYmd(p.start, we) <= 0) || ph.has(p.index)) last = p.index;
    const src: FactorSource = {
      own: indexed && e.indexing.indexing_items.length > 0,
      hasBase: ix.has(0),
      from: ownChainStart(e.indexing.indexing_items),
      last,
      setRow: indexed ? setRow.get(`${FUTURE_INDEX_GROUP}|${stdName}`) ?? null : null,
    };
    factor.set(e.id, src);
    const at = (b: Block, k: number) => blockStart[b] + k - 1;
    // Nominal cells exist where a phasing value is after the NCW period (up to it nominal = phased);
    // a phased cell only where it is Procentueel (a Financeel value is the phased amount). Fewer
    // formulas is what makes the build fast.
    for (const [k, it] of ph) {
      if (k < 1 || k > n) continue;
      const isPercentage = it.value_type === 'Procentueel';
      row[at(isPercentage ? 'phasingP' : 'phasingF', k)] = it.value;
      if (isPercentage) row[at('phased', k)] = phasedFormula(lay, r, k);
      if (k > kN) row[at('nominal', k)] = nominalFormula(lay, r, k, src, setCols, isPercentage);
    }
    for (const [k, it] of bk) {
      if (k < 1 || k > n) continue;
      const isPercentage = it.value_type === 'Procentueel';
      row[at(isPercentage ? 'bookedP' : 'bookedF', k)] = it.value;
      if (isPercentage) row[at('booked', k)] = bookedFormula(lay, r, k);
    }
    for (const [k, it] of ix) if (k >= 1 && k <= n) row[at('indexOverride', k)] = it.value;
    if (src.own) for (let k = src.from; k <= last; k++) row[at('indexFactor', k)] = ownFactorFormula(lay, r, k, src, setCols);
    row[col.totalBooked!] = entryTotalFormula(lay, row, r, n, 'booked');
    row[col.totalPhased!] = entryTotalFormula(lay, row, r, n, 'phased');
    rows.push(row);
  }
  const totals: RawCell[] = new Array(width).fill(null);
  totals[col.label!] = text('Totaal');
  rows.push(totals);
  for (const b of ['nominal', 'booked'] as const) for (let k = 1; k <= n; k++) totals[blockStart[b] + k - 1] = columnTotalFormula(lay, rows, b, k);
  const fmts: Fmt[] = [...inputs.map((c) => c.fmt), ...COMPUTED.map((c) => c.fmt)];
  const fmt = (r: number, c: number): Fmt | undefined => {
    if (r === 0) return 'text';
    if (c < fmts.length) return fmts[c];
    const b = BLOCKS[Math.floor((c - first) / Math.max(1, n))];
    return b === 'indexFactor' ? 'factor' : b === 'indexOverride' || b === 'phasingP' || b === 'bookedP' ? 'pct' : 'money';
  };
  const widths = [...inputs.map((c) => c.width), ...COMPUTED.map((c) => c.width), ...BLOCKS.flatMap(() => periods.map(() => 13))];
  return { spec: { name: kind.section.sheet, rows, fmt, frozenRows: 1, frozenCols: 2, widths }, layout: lay };
}

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

/** Ruimtegebruik: the rows (id, label, m², location) and the totals per location and group, with the check. */
function spaceSheet({ bp }: BuildContext) {
  const rows: RawCell[][] = [[text('Id'), text('Omschrijving'), text('Oppervlakte (m²)'), text('Locatie'), null, text('Totalen'), text('m²')]];
  const spaceRow = new Map<number, number>();
  for (const s of bp.space_usage) {
    spaceRow.set(s.id, rows.length);
    rows.push([s.id, text(s.label ?? null), s.value ?? null, text(s.location ?? null), null, null, null]);
  }
  const lastSpace = rows.length - 1;
  const totals: [string, string, string][] = SPACE_USAGE_LOCATIONS.map((loc) => [
    loc,
    LOCATION_TITLES[loc],
    lastSpace >= 1 ? `=SUMIF($D$2:$D$${lastSpace + 1},"${loc}",$C$2:$C$${lastSpace + 1})` : '=0',
  ]);
  const tRef = (key: string) => `$G$${totals.findIndex((t) => t[0] === key) + 2}`;
  totals.push(['main_structure', 'Hoofdstructuur', `=${tRef('main_structure_paving')}+${tRef('main_structure_green')}+${tRef('main_structure_water')}`]);
  totals.push(['public_space', 'Openbare ruimte', `=${tRef('public_space_paving')}+${tRef('public_space_green')}+${tRef('public_space_water')}`]);
  totals.push(['marketable', 'Uitgeefbaar', `=${tRef('net_area_marketable_residential')}+${tRef('net_area_marketable_non_residential')}`]);
  totals.push(['excluded', 'Niet in exploitatie / te handhaven (totaal)', `=${tRef('excluded_or_to_be_maintained')}`]);
  // The gross area: the version region's m² taken over from the map, else the main structure. Its input is
  // the row below the totals (the locations, four groups, the gross area and the difference).
  const inputRow = SPACE_USAGE_LOCATIONS.length + 7;
  const grossInput = `$G$${inputRow + 1}`;
  totals.push(['gross', 'Bruto plangebied (gebied van de versie, anders hoofdstructuur)', `=IF(ISNUMBER(${grossInput}),${grossInput},${tRef('main_structure')})`]);
  totals.push(['difference', 'Verschil (openbare ruimte + uitgeefbaar + niet in exploitatie − bruto)', `=${tRef('public_space')}+${tRef('marketable')}+${tRef('excluded')}-${tRef('gross')}`]);
  const spaceTotalsRow: Record<string, number> = {};
  totals.forEach(([key, title, f], i) => {
    const r = i + 1;
    spaceTotalsRow[key] = r;
    while (rows.length <= r) rows.push([null, null, null, null, null, null, null]);
    rows[r]![5] = text(title);
    rows[r]![6] = f;
  });
  while (rows.length <= inputRow) rows.push([null, null, null, null, null, null, null]);
  rows[inputRow]![5] = text('Bruto plangebied uit de kaart (m², leeg: hoofdstructuur)');
  rows[inputRow]![6] = bp.gross_area ?? null;
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 ? 'text' : c === 2 || c === 6 ? 'area' : c === 0 ? 'int' : 'text');
  const spec: SheetSpec = { name: SHEET.space, rows, fmt, frozenRows: 1, frozenCols: 0, widths: [6, 28, 16, 36, 3, 60, 14] };
  return { spec, spaceRow, spaceTotalsRow };
}

/** The entry sheets of the sections whose cash flows go one way (costs out, revenues in), in the sections' order. */
const layoutsOf = (entrySheets: Record<EntryKind, EntrySheetLayout>, direction: 'out' | 'in') =>
  SECTIONS.filter((s) => s.direction === direction).map((s) => entrySheets[s.kind]);

/** Column of period k on Overzicht. */
const overviewCol = (k: number) => OVERVIEW_FIRST_PERIOD_COL + k - 1;

/**
 * Overzicht: per period costs and revenues (the entry sheets' Totaal rows), the cash flow, the rates,
 * the interest chain before withdrawal and — with withdrawal, from the NCW period — after it.
 */
function overviewSheet(
  { bp, periods, n, kN }: BuildContext,
  entrySheets: Record<EntryKind, EntrySheetLayout>,
  sets: ReturnType<typeof parameterSetsSheet>,
): SheetSpec {
  const O = OVERVIEW_ROWS;
  const last = overviewCol(n);
  const rows: RawCell[][] = Array.from({ length: O.revenuesOther + 1 }, () => new Array(last + 1).fill(null));
  rows[0] = [text('Omschrijving'), text('Totaal'), ...periods.map((p) => text(p.label))];
  for (const [k, r] of Object.entries(O)) rows[r]![0] = text(OVERVIEW_TITLES[k as keyof typeof O]);
  const debitRow = sets.setRow.get(`${INTEREST_GROUP}|${DEBIT_SET}`);
  const creditRow = sets.setRow.get(`${INTEREST_GROUP}|${CREDIT_SET}`);
  // The period containing the NCW date and the first period of each year are fixed by the dates
  // (a date change regenerates the sheets), so the chains refer to those cells directly: the
  // balance on 1 January for BBV is the balance cell of the period before the year's first period.
  const firstOfYear = (k: number) => periods.find((p) => p.year === periods[k - 1]!.year)!.index;
  // The chain after profit withdrawal differs from the one before only from the period that
  // contains N, so its cells start there (and do not exist without withdrawal): an edit then
  // recalculates one chain, not two. Before kN the results read the chain before withdrawal.
  const withdrawal = bp.profit_withdrawal_to_ncw_date;
  // The interest method shapes the chain's formulas like the withdrawal setting shapes the chain
  // (a change regenerates it): one method's formula evaluates at half the cost of all three in IFs.
  const method = bp.interest_calculation_method;
  const chain = (interest: number, balance: number, after: boolean) => {
    for (const p of periods) {
      const k = p.index;
      if (after && k < kN) continue;
      const c = overviewCol(k);
      const C = (row: number) => a1(c, row);
      const balanceAt = (kk: number) => (kk === 0 ? '0' : a1(overviewCol(kk), after && kk < kN ? O.balanceBefore : balance));
      const Bp = balanceAt(k - 1);
      const jan1 = balanceAt(firstOfYear(k) - 1);
      const M = `(${Bp}+${C(O.net)}/2)`;
      const debit = C(O.debitPeriod);
      const credit = C(O.creditPeriod);
      rows[interest]![c] =
        method === 'BBV' ? `=${jan1}*${debit}` : method === 'Traditional' ? `=${Bp}*IF(${Bp}>0,${debit},${credit})` : `=${M}*IF(${M}>0,${debit},${credit})`;
      rows[balance]![c] = `=${k === 1 ? '' : `${Bp}+`}${C(interest)}+${C(O.net)}${after && k === kN ? `+${C(O.withdrawal)}` : ''}`;
    }
  };
  const annualRate = (setRowOf: number | undefined, k: number) =>
    setRowOf === undefined ? `=${PARAMETER_REFS.discount}` : `=${periodRef(SHEET.sets, sets.setCols.firstEffective + k - 1, setRowOf)}`;
  for (const p of periods) {
    const k = p.index;
    const c = overviewCol(k);
    rows[O.costs]![c] = periodCashFlowFormula(layoutsOf(entrySheets, 'out'), k);
    for (const section of REVENUE_SECTIONS) rows[O[section.revenue!.key]]![c] = periodCashFlowFormula([entrySheets[section.kind]], k);
    rows[O.revenues]![c] = `=${REVENUE_SECTIONS.map((section) => a1(c, O[section.revenue!.key])).join('+')}`;
    rows[O.net]![c] = `=${a1(c, O.costs)}-${a1(c, O.revenues)}`;
    rows[O.debitAnnual]![c] = annualRate(debitRow, k);
    rows[O.creditAnnual]![c] = annualRate(creditRow, k);
    rows[O.debitPeriod]![c] = `=(1+${a1(c, O.debitAnnual)})^(1/${PARAMETER_REFS.m})-1`;
    rows[O.creditPeriod]![c] = `=(1+${a1(c, O.creditAnnual)})^(1/${PARAMETER_REFS.m})-1`;
    rows[O.withdrawal]![c] = k === kN && withdrawal ? `=${absoluteRef(SHEET.result, 1, RESULT_ROWS.profitWithdrawal)}` : 0;
  }
  chain(O.interestBefore, O.balanceBefore, false);
  if (withdrawal) chain(O.interest, O.balance, true);
  for (const r of [O.costs, O.revenues, O.net, O.interestBefore, O.withdrawal, ...REVENUE_SECTIONS.map((section) => O[section.revenue!.key])]) {
    rows[r]![OVERVIEW_TOTAL_COL] = `=SUM(${a1(overviewCol(1), r)}:${a1(last, r)})`;
  }
  if (withdrawal) {
    const before = kN > 1 ? `SUM(${a1(overviewCol(1), O.interestBefore)}:${a1(overviewCol(kN - 1), O.interestBefore)})+` : '';
    rows[O.interest]![OVERVIEW_TOTAL_COL] = `=${before}SUM(${a1(overviewCol(kN), O.interest)}:${a1(last, O.interest)})`;
  }
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c === 0 ? 'text' : r >= O.debitAnnual && r <= O.creditPeriod ? 'factor' : 'money');
  return { name: SHEET.overview, rows, fmt, frozenRows: 1, frozenCols: 2, widths: [40, 16, ...periods.map(() => 14)] };
}

/** Resultaat: EW and NCW before withdrawal, totals, POC, withdrawal, EW, NCW, verliesvoorziening, result at N. */
function resultSheet({ bp, n }: BuildContext, entrySheets: Record<EntryKind, EntrySheetLayout>): SheetSpec {
  const R = RESULT_ROWS;
  const O = OVERVIEW_ROWS;
  const lastPeriod = overviewCol(n);
  const endN = absoluteRef(SHEET.periods, periodsCol(n), PERIOD_ROWS.end);
  const rows: RawCell[][] = Array.from({ length: R.resultAtNcw + 1 }, () => [null, null]);
  rows[0] = [text('Resultaat'), text('Waarde')];
  const B = (r: number) => a1(1, r);
  const overview = (col: number, row: number) => a1(col, row, { sheet: SHEET.overview });
  const disc = `(1+${PARAMETER_REFS.discount})^(DAYS360(${PARAMETER_REFS.N},${endN},${YF_TRUE})/360)`;
  const sumTotal = (lays: readonly EntrySheetLayout[], key: string) => {
    const sums = lays.filter((lay) => lay.ids.length).map((lay) => `SUM(${a1(lay.col[key]!, 1, { sheet: lay.sheet })}:${a1(lay.col[key]!, lay.ids.length)})`);
    return sums.length ? sums.join('+') : '0';
  };
  const cells: [keyof typeof R, RawCell][] = [
    ['ewBeforeWithdrawal', `=-${overview(lastPeriod, O.balanceBefore)}`],
    ['ncwBeforeWithdrawal', `=${B(R.ewBeforeWithdrawal)}/${disc}`],
    ['totalCosts', `=${overview(OVERVIEW_TOTAL_COL, O.costs)}`],
    ['totalRevenues', `=${overview(OVERVIEW_TOTAL_COL, O.revenues)}`],
    ['bookedCosts', `=${sumTotal(layoutsOf(entrySheets, 'out'), 'totalBooked')}`],
    ['bookedRevenues', `=${sumTotal(layoutsOf(entrySheets, 'in'), 'totalBooked')}`],
    ['poc', `=IF(OR(${B(R.totalCosts)}=0,${B(R.totalRevenues)}=0),0,(${B(R.bookedCosts)}/${B(R.totalCosts)})*(${B(R.bookedRevenues)}/${B(R.totalRevenues)}))`],
    ['profitWithdrawal', `=IF(AND(${PARAMETER_REFS.withdrawal},${B(R.ncwBeforeWithdrawal)}>0),${B(R.poc)}*${B(R.ncwBeforeWithdrawal)},0)`],
    ['ew', `=-${overview(lastPeriod, bp.profit_withdrawal_to_ncw_date ? O.balance : O.balanceBefore)}`],
    ['ncw', `=${B(R.ew)}/${disc}`],
    ['verliesvoorziening', `=MAX(0,-${B(R.ncw)})`],
    ['resultAtNcw', `=${B(R.ncw)}+${B(R.profitWithdrawal)}`],
  ];
  for (const [key, f] of cells) rows[R[key]] = [text(RESULT_TITLES[key]), f];
  const fmt = (r: number, c: number): Fmt | undefined => (r === 0 || c === 0 ? 'text' : r === R.poc ? 'factor' : 'money');
  return { name: SHEET.result, rows, fmt, frozenRows: 1, frozenCols: 0, widths: [46, 18] };
}

/** Model data (validated) → sheets and layout. */
export function buildWorkbookSpec(model: ModelData): WorkbookSpec {
  const bp = model.base_parameters;
  const periods = generatePeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period, MAX_PERIODS);
  const iso = periods.map((p) => ({ start: serialToIso(p.startSerial), end: serialToIso(p.endSerial) }));
  const kN = ncwPeriodIndex(iso, bp.phasing_net_present_value_date) + 1;
  const c: BuildContext = { model, bp, periods, n: periods.length, kN };
  const sets = parameterSetsSheet(c);
  const prices = priceIndexSheet(c);
  const built = SECTIONS.map((s) => entrySheet(c, ENTRY_SHEETS[s.kind], sets, prices.historicIndex));
  const entrySheets = Object.fromEntries(SECTIONS.map((s, i) => [s.kind, built[i]!.layout])) as Record<EntryKind, EntrySheetLayout>;
  const space = spaceSheet(c);
  return {
    sheets: [
      parametersSheet(c),
      sets.spec,
      periodsSheet(c),
      prices.spec,
      ...built.map((b) => b.spec),
      space.spec,
      overviewSheet(c, entrySheets, sets),
      resultSheet(c, entrySheets),
    ],
    layout: {
      periods,
      n: periods.length,
      m: periodsPerYear(bp.phasing_period),
      sections: entrySheets,
      cost: entrySheets.cost,
      residential: entrySheets.residential,
      setRow: sets.setRow,
      priceSetRow: prices.priceSetRow,
      priceYears: prices.priceYears,
      spaceRow: space.spaceRow,
      spaceTotalsRow: space.spaceTotalsRow,
      setCols: sets.setCols,
      priceCols: prices.priceCols,
    },
  };
}
