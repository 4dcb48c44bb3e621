// References and per-cell formulas of the workbook (A1 names, totals, index factors), split from
// workbook.ts because the engine's incremental edits write the same formulas the builder does.
import type { PeriodItem } from '../model/modelData.ts';
import { pctFormula } from '../model/percent.ts';
import { periodIndex } from './periods.ts';
import type { BaseParameter, ParameterKey } from '../model/baseParameters.ts';
import { toSerial } from './dates.ts';
import {
  FRACTION_ROWS, PARAMETER_ROWS, PERIOD_ROWS, SHEET, text, type Block, type EntrySheetLayout, type FactorSource, type IndexSetGroup, type RawCell, type WorkbookLayout,
} from './workbookLayout.ts';

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
export function ownFactorFormula(lay: EntrySheetLayout, row: number, k: number, src: FactorSource, setCols: WorkbookLayout['setCols']): RawCell {
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
export function ownChainStart(indexing: PeriodItem[]): number {
  let first = Infinity;
  for (const it of indexing) {
    const k = periodIndex(it.period);
    if (k === 0) return 1;
    first = Math.min(first, k + 1);
  }
  return first;
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
export const absoluteRef = (sheet: string, col: number, row: number) => a1(col, row, { sheet, absCol: true, absRow: true });
/**
 * A per-period value on another sheet (a set's factor row, a period property): the column is
 * relative, so every period's formula has the same shape and HyperFormula parses it once.
 */
export const periodRef = (sheet: string, col: number, row: number) => a1(col, row, { sheet, absRow: true });

/**
 * Totaal gefaseerd or Totaal geboekt of an entry row: its Financeel values plus its cells from
 * Procentueel values, the cells that exist one by one (`=CV3+CX3+CY3`). A range over empty cells
 * costs HyperFormula a graph vertex per empty cell (in the large model once 55k of them), a SUM over
 * the runs of filled cells a range vertex per run and a parse per pattern of runs; a chain of
 * references needs neither (formulaShapeCache.ts builds it without the parser). At most 80 cells (81 booked).
 */
export function entryTotalFormula(lay: EntrySheetLayout, cells: RawCell[], row: number, n: number, amount: keyof typeof AMOUNT_BLOCKS): string {
  const r = String(row + 1);
  // Totaal geboekt starts with what was realised before the start (calculation.md §8.2), so A deducts both.
  const realised = amount === 'booked' ? `=${colName(lay.col.realised_before_start!)}${r}` : '';
  let sum = realised;
  for (const block of AMOUNT_BLOCKS[amount]) {
    for (let c = lay.blockStart[block], end = c + n; c < end; c++) if (cells[c] != null) sum += (sum ? '+' : '=') + colName(c) + r;
  }
  // (`=N2` alone over an empty cell is empty in HyperFormula, 0 in Excel: `+0` makes it a number in both)
  return sum === realised && realised ? `${realised}+0` : sum || '=0';
}
/**
 * The Totaal row of an entry sheet in a nominal or booked period column: the cells that exist (up to
 * the NCW period the nominal amounts are the phased amounts, so those are added; after it the index-set
 * rows' nominal cells and the nominal cells of the entries with an own chain), one by one —
 * HyperFormula evaluates a chain of references faster than a SUM over many short ranges. Without a
 * sheet name a reference is short, so the formula stays far below Excel's 8,192 characters; a very
 * large model falls back to one range.
 */
const MAX_PLUS_REFS = 1000;
/** The most entries an index-set row adds (two cells each at most: within MAX_PLUS_REFS). */
export const GROUP_SIZE = MAX_PLUS_REFS / 2;
export function columnTotalFormula(lay: EntrySheetLayout, rows: RawCell[][], block: 'nominal' | 'booked', k: number): string {
  const blocks: readonly Block[] = block === 'booked' ? AMOUNT_BLOCKS.booked : k <= lay.ncwPeriod ? AMOUNT_BLOCKS.phased : ['nominal'];
  const groups = blocks[0] === 'nominal' ? lay.groups.map((g) => g.row) : [];
  return plusFormula(rows, [...entryRows(lay), ...groups], blocks.map((b) => lay.blockStart[b] + k - 1), (cols) => {
    // the entries as one range per block; the set rows (a few, below the Totaal row) one by one
    const setCells = groups.filter((r) => rows[r]![cols[0]!] != null).map((r) => `+${a1(cols[0]!, r)}`);
    return `=${cols.map((c) => `SUM(${a1(c, 1)}:${a1(c, lay.totalsRow - 1)})`).join('+')}${setCells.join('')}`;
  });
}
/** The sheet rows of an entry sheet's entries (1 to the row above Totaal). */
const entryRows = (lay: EntrySheetLayout) => Array.from({ length: lay.totalsRow - 1 }, (_, i) => i + 1);
/**
 * An entry's nominal cell in period k where its row has a phased amount then (its Financeel value or
 * its cell from a Procentueel one), else null: the cell the export and the template add (nominalAudit.ts).
 */
export function entryNominalCell(lay: EntrySheetLayout, cells: RawCell[], row: number, k: number, src: FactorSource, setCols: WorkbookLayout['setCols']): string | null {
  const [financial, fromPercentage] = AMOUNT_BLOCKS.phased.map((b) => cells[blockColumn(lay, b, k)] != null);
  return financial || fromPercentage ? nominalFormula(lay, row, k, src, setCols, fromPercentage!) : null;
}
/**
 * An index-set row's phased amount of period k (its Fasering € cell): the phased amounts of its
 * entries, one by one; null when none of them has one in that period.
 */
export function groupPhasedFormula(lay: EntrySheetLayout, rows: RawCell[][], group: IndexSetGroup, k: number): string | null {
  // A group holds at most GROUP_SIZE entries (entrySheet splits larger sets), so its sum stays a chain.
  const sum = plusFormula(rows, group.members, AMOUNT_BLOCKS.phased.map((b) => lay.blockStart[b] + k - 1), () => {
    throw new Error(`indexreeksrij ${group.row} heeft meer dan ${MAX_PLUS_REFS} bedragen`);
  });
  return sum === '=0' ? null : sum;
}
/**
 * The two cells of an index-set row in period k (after the NCW period): its entries' phased amounts
 * (Fasering €) and their nominal amount, that sum times the set's factor (Nominaal); both null when
 * none of its entries has a phased amount then.
 */
export function groupPeriodCells(lay: EntrySheetLayout, rows: RawCell[][], group: IndexSetGroup, k: number, setCols: WorkbookLayout['setCols']): { col: number; raw: RawCell }[] {
  const phased = groupPhasedFormula(lay, rows, group, k);
  const src: FactorSource = { own: false, hasBase: false, from: Infinity, last: 0, setRow: group.setRow };
  return [
    { col: blockColumn(lay, 'phasingF', k), raw: phased },
    { col: blockColumn(lay, 'nominal', k), raw: phased === null ? null : nominalFormula(lay, group.row, k, src, setCols, false) },
  ];
}
/**
 * The export's check of period k's nominal amounts (nominalAudit.ts): the entries' nominal cells, one by
 * one, less the Totaal row's nominal cell; 0 when the per-entry amounts add up to the total.
 */
export function nominalCheckFormula(lay: EntrySheetLayout, rows: RawCell[][], k: number): string {
  const col = blockColumn(lay, 'nominal', k);
  return `${plusFormula(rows, entryRows(lay), [col], () => `=SUM(${a1(col, 1)}:${a1(col, lay.totalsRow - 1)})`)}-${a1(col, lay.totalsRow)}`;
}
/** `=A2+B5+…` over the cells of `cols` in `sumRows` that exist ('=0' for none; above MAX_PLUS_REFS, `large`). */
function plusFormula(rows: RawCell[][], sumRows: readonly number[], cols: number[], large: (cols: number[]) => string): string {
  const names = cols.map(colName);
  let sum = '';
  let count = 0;
  for (const r of sumRows) {
    const cells = rows[r]!;
    for (let i = 0; i < cols.length; i++) {
      if (cells[cols[i]!] == null) continue;
      sum += (count++ === 0 ? '=' : '+') + names[i] + (r + 1);
    }
  }
  if (count === 0) return '=0';
  if (count > MAX_PLUS_REFS) return large(cols);
  return sum;
}
/** Costs or revenues of period k on Overzicht: the Totaal rows of the sections' entry sheets (nominal + booked). */
export function periodCashFlowFormula(lays: readonly EntrySheetLayout[], k: number): string {
  const t = (lay: EntrySheetLayout, b: Block) => a1(lay.blockStart[b] + k - 1, lay.totalsRow, { sheet: lay.sheet });
  return `=${lays.map((lay) => `${t(lay, 'nominal')}+${t(lay, 'booked')}`).join('+')}`;
}
export const YF_TRUE = 'TRUE()';

/** Uitgangspunten cells the formulas read (S, N and m as calculation.md names them). */
export const PARAMETER_REFS = {
  S: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.phasing_calculation_start_date),
  N: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.phasing_net_present_value_date),
  m: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.periodsPerYear),
  withdrawal: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.profit_withdrawal_to_ncw_date),
  /** B(0) (calculation.md §8.1). */
  openingBookValue: absoluteRef(SHEET.params, 1, PARAMETER_ROWS.opening_book_value),
};
/** The cell with the fraction of a percentage base parameter (the formulas read that, never the value as entered). */
export function fractionRef(key: ParameterKey): string {
  const row = FRACTION_ROWS[key];
  if (row === undefined) throw new Error(`${key} heeft geen fractierij op ${SHEET.params}`);
  return absoluteRef(SHEET.params, 1, row);
}

/** A base parameter's input cell on Uitgangspunten (the builder writes it, and the engine on an edit). */
export function parameterCell(p: BaseParameter, value: string | number | boolean | null | undefined): RawCell {
  switch (p.kind) {
    case 'date': return toSerial(value as string);
    case 'info': case 'choice': return text(value as string | null | undefined);
    case 'amount': return value ?? 0; // absent = 0 (a formula reading an empty cell alone is empty in HyperFormula)
    default: return value ?? null;
  }
}

export function itemMap(items: PeriodItem[]): Map<number, PeriodItem> {
  const m = new Map<number, PeriodItem>();
  for (const it of items) m.set(periodIndex(it.period), it);
  return m;
}
