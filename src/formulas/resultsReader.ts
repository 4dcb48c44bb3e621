// Reads the typed results (src/model/results.ts) from the workbook and patches them from HyperFormula's change lists.
import type { CellValue, ExportedChange } from 'hyperformula';
import { ExportedCellChange } from 'hyperformula';
import {
  BLOCKS,
  type Block,
  type EntrySheetLayout,
  type RawCell,
  OVERVIEW_ROWS,
  OVERVIEW_FIRST_PERIOD_COL,
  OVERVIEW_TOTAL_COL,
  RESULT_ROWS,
  SHEET,
  revenueRows,
  type WorkbookLayout,
} from './workbookLayout.ts';
import { AMOUNT_BLOCKS } from './workbookRefs.ts';
import { serialToIso } from './dates.ts';
import { SECTIONS } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import type { ComputedField, EntryResult, PeriodResult, PeriodTotals, Results } from '../model/results.ts';

const RESULT_KEYS: Record<number, keyof Results> = {
  [RESULT_ROWS.ewBeforeWithdrawal]: 'ewBeforeWithdrawal',
  [RESULT_ROWS.ncwBeforeWithdrawal]: 'ncwBeforeWithdrawal',
  [RESULT_ROWS.totalCosts]: 'totalCosts',
  [RESULT_ROWS.totalRevenues]: 'totalRevenues',
  [RESULT_ROWS.bookedCosts]: 'bookedCosts',
  [RESULT_ROWS.bookedRevenues]: 'bookedRevenues',
  [RESULT_ROWS.poc]: 'poc',
  [RESULT_ROWS.profitWithdrawal]: 'profitWithdrawal',
  [RESULT_ROWS.ew]: 'ew',
  [RESULT_ROWS.ncw]: 'ncw',
  [RESULT_ROWS.verliesvoorziening]: 'verliesvoorziening',
  [RESULT_ROWS.resultAtNcw]: 'resultAtNcw',
};
const PERIOD_KEYS: Partial<Record<number, keyof PeriodResult>> = {
  [OVERVIEW_ROWS.costs]: 'costs',
  [OVERVIEW_ROWS.revenues]: 'revenues',
  [OVERVIEW_ROWS.net]: 'net',
  [OVERVIEW_ROWS.debitAnnual]: 'debitRateAnnual',
  [OVERVIEW_ROWS.creditAnnual]: 'creditRateAnnual',
  [OVERVIEW_ROWS.interestBefore]: 'interestBeforeWithdrawal',
  [OVERVIEW_ROWS.balanceBefore]: 'balanceBeforeWithdrawal',
  [OVERVIEW_ROWS.withdrawal]: 'withdrawal',
  [OVERVIEW_ROWS.interest]: 'interest',
  [OVERVIEW_ROWS.balance]: 'balance',
};
const TOTAL_KEYS: Partial<Record<number, Exclude<keyof PeriodTotals, 'sectionRevenues'>>> = {
  [OVERVIEW_ROWS.costs]: 'costs',
  [OVERVIEW_ROWS.revenues]: 'revenues',
  [OVERVIEW_ROWS.net]: 'net',
  [OVERVIEW_ROWS.interestBefore]: 'interestBeforeWithdrawal',
  [OVERVIEW_ROWS.withdrawal]: 'withdrawal',
  [OVERVIEW_ROWS.interest]: 'interest',
};
const COMPUTED_FIELDS: ComputedField[] = [
  'estimate',
  'historicIndex',
  'totalBooked',
  'amountAtNcw',
  'totalPhased',
  'residualToPhase',
];
/** Blocks whose cells are read as they are (phased and booked amounts are picked, see amountAt). */
const BLOCK_ARRAY: Partial<Record<Block, 'indexFactor' | 'nominal'>> = {
  indexFactor: 'indexFactor',
  nominal: 'nominal',
};

type Amount = keyof typeof AMOUNT_BLOCKS;

export interface SheetIds {
  /** The entry sheet of each section. */
  entries: Record<EntryKind, number>;
  overview: number;
  result: number;
  space: number;
  sets: number;
}

/** One number per period (a loop: Array.from over {length} is several times slower, 64.000 numbers a read). */
function perPeriod(n: number, value: (k: number) => number): number[] {
  const out = new Array<number>(n);
  for (let k = 0; k < n; k++) out[k] = value(k);
  return out;
}
function num(v: CellValue | undefined): number {
  if (typeof v === 'number') return v;
  if (v == null || v === '') return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number.NaN;
}

/** Column → what it holds, for one entry sheet. */
interface ColMap {
  computed: Map<number, ComputedField>;
  /** Columns of the Financeel inputs and of the cells computed from Procentueel ones. */
  amount: Map<number, { amount: Amount; k: number }>;
  block: Map<number, { arr: 'indexFactor' | 'nominal'; k: number }>;
}
function colMap(lay: EntrySheetLayout, n: number): ColMap {
  const computed = new Map<number, ComputedField>();
  for (const f of COMPUTED_FIELDS) computed.set(lay.col[f]!, f);
  const block = new Map<number, { arr: 'indexFactor' | 'nominal'; k: number }>();
  for (const b of BLOCKS) {
    const arr = BLOCK_ARRAY[b];
    if (!arr) continue;
    for (let k = 0; k < n; k++) block.set(lay.blockStart[b] + k, { arr, k });
  }
  const amount = new Map<number, { amount: Amount; k: number }>();
  for (const a of ['phased', 'booked'] as const) for (const b of AMOUNT_BLOCKS[a]) for (let k = 0; k < n; k++) amount.set(lay.blockStart[b] + k, { amount: a, k });
  return { computed, block, amount };
}

export class ResultsReader {
  readonly results: Results;
  /** Per entry sheet id: its section and what its columns hold. */
  private readonly entrySheets = new Map<number, { kind: EntryKind; cols: ColMap }>();
  /** The Overzicht's revenue rows: the section of each. */
  private readonly revenueKinds = new Map([...revenueRows()].map(([kind, row]) => [row, kind]));
  private readonly spaceKeys = new Map<number, string>();
  /** Index factors of each future-index set (Parametersets row → per period), shared by its entries. */
  private readonly setFactors = new Map<number, number[]>();
  /** Own index factors that equal their set's in the periods before `until`. */
  private readonly setFollowers: { setRow: number; factors: number[]; until: number }[] = [];
  /**
   * The entries without an own chain, by their set's Parametersets row: their nominal amounts after
   * the NCW period have no cells (the set's row on the entry sheet adds them), they are phased × the
   * set's factor, the product HyperFormula's nominal cell computed before.
   */
  private readonly setMembers = new Map<number, EntryResult[]>();

  constructor(
    private readonly layout: WorkbookLayout,
    private readonly ids: SheetIds,
    private readonly labels: Record<EntryKind, Map<number, string>>,
    /** The warning of each entry that has one, by `kind|id` (sections.ts warningOf). */
    private readonly warnings: Map<string, string>,
    sheetValues: (sheetId: number) => CellValue[][],
    /** The sheets' cell contents as built and edited: where an entry has a phased cell. */
    private readonly sheetRows: (sheet: string) => RawCell[][],
    private readonly cellValue: (sheetId: number, row: number, col: number) => CellValue,
  ) {
    for (const s of SECTIONS) this.entrySheets.set(ids.entries[s.kind]!, { kind: s.kind, cols: colMap(layout.sections[s.kind]!, layout.n) });
    for (const [k, r] of Object.entries(layout.spaceTotalsRow)) this.spaceKeys.set(r, k);
    const sets = sheetValues(ids.sets);
    for (const r of new Set(layout.setRow.values())) {
      this.setFactors.set(r, perPeriod(layout.n, (k) => num(sets[r]?.[layout.setCols.firstFactor + k])));
    }
    this.results = this.readAll(sheetValues);
  }

  private factorOf(lay: EntrySheetLayout, id: number, arr: (b: Block) => number[]): number[] {
    const src = lay.factor.get(id);
    const set = src?.setRow == null ? null : this.setFactors.get(src.setRow)!;
    if (src?.own) {
      // Before its own chain starts the entry follows its set (and keeps following it on edits).
      const own = arr('indexFactor');
      const until = Math.min(src.from - 1, this.layout.n);
      for (let k = 0; k < until; k++) own[k] = set ? set[k]! : 1;
      if (set && until > 0) this.setFollowers.push({ setRow: src.setRow!, factors: own, until });
      return own;
    }
    return set ?? new Array<number>(this.layout.n).fill(1);
  }

  /**
   * The Overzicht row that holds interest or balance after withdrawal in column c: the chain after
   * withdrawal exists only from the period that contains N, before that it is the chain before.
   */
  private afterRow(row: typeof OVERVIEW_ROWS.interest | typeof OVERVIEW_ROWS.balance, c: number): number {
    if (this.sheetRows(SHEET.overview)[row]![c] != null) return row;
    return row === OVERVIEW_ROWS.interest ? OVERVIEW_ROWS.interestBefore : OVERVIEW_ROWS.balanceBefore;
  }

  /**
   * The column that holds a period's phased or booked amount: the Financeel value where there is one
   * (it is the amount), else the cell computed from a Procentueel value (the engine keeps only one of
   * the two inputs of a period); -1 when the period has neither.
   */
  private amountCol(lay: EntrySheetLayout, cells: RawCell[], amount: Amount, k: number): number {
    const [input, computed] = AMOUNT_BLOCKS[amount];
    const ic = lay.blockStart[input] + k;
    const cc = lay.blockStart[computed] + k;
    return cells[ic] != null ? ic : cells[cc] != null ? cc : -1;
  }

  private readEntries(kind: EntryKind, lay: EntrySheetLayout, values: CellValue[][], errors: string[]): EntryResult[] {
    const n = this.layout.n;
    return lay.ids.map((id) => {
      const row = values[lay.rowOf.get(id)!] ?? [];
      const cells = this.sheetRows(lay.sheet)[lay.rowOf.get(id)!]!;
      const get = (c: number) => num(row[c]);
      const arr = (b: Block) => perPeriod(n, (k) => get(lay.blockStart[b] + k));
      const amounts = (amount: Amount) =>
        perPeriod(n, (k) => {
          const c = this.amountCol(lay, cells, amount, k);
          return c < 0 ? 0 : get(c);
        });
      const phased = amounts('phased');
      const src = lay.factor.get(id);
      const indexFactor = this.factorOf(lay, id, arr);
      const e: EntryResult = {
        kind,
        id,
        label: this.labels[kind].get(id) ?? '',
        estimate: get(lay.col.estimate!),
        historicIndex: get(lay.col.historicIndex!),
        totalBooked: get(lay.col.totalBooked!),
        amountAtNcw: get(lay.col.amountAtNcw!),
        totalPhased: get(lay.col.totalPhased!),
        residualToPhase: get(lay.col.residualToPhase!),
        phased,
        booked: amounts('booked'),
        indexFactor,
        // up to the NCW period the nominal amount is the phased amount (no nominal cell); after it an
        // entry with an own chain has its nominal cells, the others are phased × their set's factor
        nominal: perPeriod(n, (k) => (k < lay.ncwPeriod ? phased[k]! : src?.own ? get(lay.blockStart.nominal + k) : phased[k]! * indexFactor[k]!)),
        warning: this.warnings.get(`${kind}|${id}`) ?? null,
      };
      if (!src?.own && src?.setRow != null) {
        const members = this.setMembers.get(src.setRow);
        if (members) members.push(e);
        else this.setMembers.set(src.setRow, [e]);
      }
      for (const v of row) if (v != null && typeof v === 'object') errors.push(`${lay.sheet} ${id}: ${String((v as { value?: string }).value)}`);
      return e;
    });
  }

  /** Each revenue section's value of an Overzicht column, by its kind. */
  private byRevenueRow(value: (row: number) => number): Record<EntryKind, number> {
    const out: Record<EntryKind, number> = {};
    for (const [row, kind] of this.revenueKinds) out[kind] = value(row);
    return out;
  }

  private readAll(sheetValues: (sheetId: number) => CellValue[][]): Results {
    const errors: string[] = [];
    const L = this.layout;
    const ov = sheetValues(this.ids.overview);
    const rs = sheetValues(this.ids.result);
    const sp = sheetValues(this.ids.space);
    const periods: PeriodResult[] = L.periods.map((p) => {
      const c = OVERVIEW_FIRST_PERIOD_COL + p.index - 1;
      const g = (r: number) => num(ov[r]?.[c]);
      return {
        index: p.index,
        code: p.code,
        label: p.label,
        start: serialToIso(p.startSerial),
        end: serialToIso(p.endSerial),
        costs: g(OVERVIEW_ROWS.costs),
        revenues: g(OVERVIEW_ROWS.revenues),
        sectionRevenues: this.byRevenueRow(g),
        net: g(OVERVIEW_ROWS.net),
        debitRateAnnual: g(OVERVIEW_ROWS.debitAnnual),
        creditRateAnnual: g(OVERVIEW_ROWS.creditAnnual),
        interestBeforeWithdrawal: g(OVERVIEW_ROWS.interestBefore),
        balanceBeforeWithdrawal: g(OVERVIEW_ROWS.balanceBefore),
        withdrawal: g(OVERVIEW_ROWS.withdrawal),
        interest: g(this.afterRow(OVERVIEW_ROWS.interest, c)),
        balance: g(this.afterRow(OVERVIEW_ROWS.balance, c)),
      };
    });
    const r = (row: number) => num(rs[row]?.[1]);
    const total = (row: number) => num(ov[row]?.[OVERVIEW_TOTAL_COL]);
    const space = (key: string) => num(sp[L.spaceTotalsRow[key]!]?.[6]);
    const byLocation: Record<string, number> = {};
    for (const key of Object.keys(L.spaceTotalsRow)) byLocation[key] = space(key);
    const results: Results = {
      ew: r(RESULT_ROWS.ew),
      ncw: r(RESULT_ROWS.ncw),
      verliesvoorziening: r(RESULT_ROWS.verliesvoorziening),
      poc: r(RESULT_ROWS.poc),
      profitWithdrawal: r(RESULT_ROWS.profitWithdrawal),
      resultAtNcw: r(RESULT_ROWS.resultAtNcw),
      ewBeforeWithdrawal: r(RESULT_ROWS.ewBeforeWithdrawal),
      ncwBeforeWithdrawal: r(RESULT_ROWS.ncwBeforeWithdrawal),
      totalCosts: r(RESULT_ROWS.totalCosts),
      totalRevenues: r(RESULT_ROWS.totalRevenues),
      bookedCosts: r(RESULT_ROWS.bookedCosts),
      bookedRevenues: r(RESULT_ROWS.bookedRevenues),
      periods,
      periodTotals: {
        costs: total(OVERVIEW_ROWS.costs),
        revenues: total(OVERVIEW_ROWS.revenues),
        sectionRevenues: this.byRevenueRow(total),
        net: total(OVERVIEW_ROWS.net),
        interestBeforeWithdrawal: total(OVERVIEW_ROWS.interestBefore),
        withdrawal: total(OVERVIEW_ROWS.withdrawal),
        interest: total(this.afterRow(OVERVIEW_ROWS.interest, OVERVIEW_TOTAL_COL)),
      },
      entries: Object.fromEntries(SECTIONS.map((s) => [s.kind, this.readEntries(s.kind, L.sections[s.kind]!, sheetValues(this.ids.entries[s.kind]!), errors)])),
      spaceUsage: {
        byLocation,
        mainStructure: space('main_structure'),
        publicSpace: space('public_space'),
        marketable: space('marketable'),
        excluded: space('excluded'),
        gross: space('gross'),
        difference: space('difference'),
      },
      errors,
    };
    for (const row of [...ov, ...rs]) for (const v of row) if (v != null && typeof v === 'object') errors.push(String((v as { value?: string }).value));
    return results;
  }

  /** Apply HyperFormula's change list to the results (only what changed is touched). */
  patch(changes: ExportedChange[]): void {
    const R = this.results;
    const L = this.layout;
    for (const ch of changes) {
      if (!(ch instanceof ExportedCellChange)) continue;
      const { sheet, row, col } = ch.address;
      const v = num(ch.newValue);
      const entrySheet = this.entrySheets.get(sheet);
      if (entrySheet) {
        if (row === 0) continue;
        const entry = R.entries[entrySheet.kind]![row - 1];
        if (!entry) continue;
        const cm = entrySheet.cols;
        const f = cm.computed.get(col);
        if (f) {
          entry[f] = v;
          continue;
        }
        const lay = L.sections[entrySheet.kind]!;
        const b = cm.block.get(col);
        if (b) {
          if (b.arr !== 'indexFactor' || lay.factor.get(entry.id)?.own) entry[b.arr][b.k] = v;
          continue;
        }
        // A Financeel input or a cell computed from a Procentueel one: the period's amount is one of the two.
        const a = cm.amount.get(col);
        if (!a) continue;
        const at = this.amountCol(lay, this.sheetRows(lay.sheet)[row]!, a.amount, a.k);
        entry[a.amount][a.k] = at < 0 ? 0 : at === col ? v : num(this.cellValue(sheet, row, at));
        if (a.amount !== 'phased') continue;
        if (a.k < lay.ncwPeriod) entry.nominal[a.k] = entry.phased[a.k]!;
        else if (!lay.factor.get(entry.id)?.own) entry.nominal[a.k] = entry.phased[a.k]! * entry.indexFactor[a.k]!;
      } else if (sheet === this.ids.overview && col === OVERVIEW_TOTAL_COL) {
        const key = TOTAL_KEYS[row];
        if (key) R.periodTotals[key] = v;
        const revenue = this.revenueKinds.get(row);
        if (revenue) R.periodTotals.sectionRevenues[revenue] = v;
        if (row === OVERVIEW_ROWS.interestBefore && this.afterRow(OVERVIEW_ROWS.interest, col) === row) R.periodTotals.interest = v;
      } else if (sheet === this.ids.overview) {
        const key = PERIOD_KEYS[row];
        const revenue = this.revenueKinds.get(row);
        const k = col - OVERVIEW_FIRST_PERIOD_COL;
        if ((!key && !revenue) || k < 0 || k >= L.n) continue;
        if (revenue) {
          R.periods[k]!.sectionRevenues[revenue] = v;
          continue;
        }
        const p = R.periods[k] as unknown as Record<string, number>;
        p[key!] = v;
        if (row === OVERVIEW_ROWS.interestBefore && this.afterRow(OVERVIEW_ROWS.interest, col) === row) p.interest = v;
        if (row === OVERVIEW_ROWS.balanceBefore && this.afterRow(OVERVIEW_ROWS.balance, col) === row) p.balance = v;
      } else if (sheet === this.ids.result) {
        const key = RESULT_KEYS[row];
        if (key && col === 1) (R as unknown as Record<string, number>)[key] = v;
      } else if (sheet === this.ids.sets) {
        const arr = this.setFactors.get(row);
        const k = col - L.setCols.firstFactor;
        if (!arr || k < 0 || k >= L.n) continue;
        arr[k] = v;
        for (const f of this.setFollowers) if (f.setRow === row && k < f.until) f.factors[k] = v;
        for (const e of this.setMembers.get(row) ?? []) if (k >= L.sections[e.kind]!.ncwPeriod) e.nominal[k] = e.phased[k]! * v;
      } else if (sheet === this.ids.space && col === 6) {
        const key = this.spaceKeys.get(row);
        if (!key) continue;
        const S = R.spaceUsage;
        S.byLocation[key] = v;
        if (key === 'main_structure') S.mainStructure = v;
        else if (key === 'public_space') S.publicSpace = v;
        else if (key === 'marketable') S.marketable = v;
        else if (key === 'excluded') S.excluded = v;
        else if (key === 'gross') S.gross = v;
        else if (key === 'difference') S.difference = v;
      }
    }
  }
}
