// The calculation engine: model data → HyperFormula workbook → typed results, with incremental
// edits. Runs in the browser and in Node (no DOM, no Node APIs).
import { type CellValue, type ConfigParams, type ExportedChange, HyperFormula, type RawCellContent } from 'hyperformula';
import type { ModelData, ParameterSetGroup, PeriodCode, PeriodItem, SpaceUsageLocation, ValueType } from '../api/contract/modelData.ts';
import { WIRE_DATE } from '../api/contract/common.ts';
import { cloneData } from '../lib/cloneData.ts';
import { parseYmd, toSerial } from './dates.ts';
import { type FieldRef, dropDanglingFormulas, formulasOf, hasFormulas, nameReferences, periodField, refKey, settleFormulas, valueEdit } from './cellFormulas.ts';
import { type CostScalarField, type EntryField, type ResidentialScalarField } from './entryFields.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import { periodIndex } from './periods.ts';
import { type Results, ResultsReader, type SheetIds } from './results.ts';
import { type AnyEntry, type EntryKind, SECTIONS, entriesOf, entryPath, sectionOf } from './sections.ts';
import { type Problem, PRICE_LEVEL_GROUP, type ValidationResult, validateModelData } from './validate.ts';
import { entriesOutsidePhase, entryOutsidePhase } from './phaseWindow.ts';
import {
  type Block,
  type EntrySheetLayout,
  type FactorSource,
  type RawCell,
  SHEET,
  type SheetSpec,
  PARAMETER_ROWS,
  type WorkbookLayout,
  type WorkbookSpec,
  AMOUNT_BLOCKS,
  BLOCKS,
  bookedFormula,
  buildWorkbookSpec,
  nominalFormula,
  columnTotalFormula,
  phasedFormula,
  entryTotalFormula,
  text,
  a1,
} from './workbook.ts';


const isWireDate = (v: unknown): v is string => typeof v === 'string' && WIRE_DATE.test(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const problem = (path: string, message: string): Problem => ({ path, message });
/**
 * An own index value that changes the shape of the entry's index chain: the first one (the chain
 * appears), a base value added or removed, or a value before the chain's first period.
 */
const indexingReshapes = (src: FactorSource, k: number, value: number | null): boolean =>
  !src.own || (k === 0 && (value === null) === src.hasBase) || (value !== null && k >= 1 && k + 1 < src.from);
type ParameterField =
  | 'phasing_calculation_start_date' | 'phasing_price_reference_date' | 'phasing_net_present_value_date'
  | 'phasing_calculation_end_date' | 'phasing_period' | 'interest_discount_rate_percentage' | 'vat_rate_percentage'
  | 'interest_calculation_method' | 'profit_withdrawal_to_ncw_date';

/** One edit of an input. Dates are `yyyy-mm-dd`; `null` clears a period value. */
export type Edit =
  | {
      kind: 'entryItem';
      entry: EntryKind;
      id: number;
      list: 'phasing' | 'bookvalue' | 'indexing';
      period: PeriodCode;
      value: number | null;
      /** Defaults to the existing item's type, else Financeel (phasing/bookvalue) or Procentueel (indexing). */
      valueType?: ValueType;
    }
  | { kind: 'costField'; id: number; field: CostScalarField; value: string | number }
  | { kind: 'residentialField'; id: number; field: ResidentialScalarField; value: string | number | null }
  /** A scalar field of an entry of any section (sections.ts `fields`): the new sections' edits. */
  | { kind: 'entryField'; entry: EntryKind; id: number; field: string; value: string | number | boolean | null }
  | { kind: 'parameter'; field: ParameterField; value: string | number | boolean }
  /** A parameter-set value: `label` null edits the base value (periods without a value follow it). */
  | { kind: 'setValue'; group: ParameterSetGroup; name: string; label: string | null; value: number | null }
  | { kind: 'space'; id: number; field: 'label' | 'value' | 'location'; value: string | number | null }
  /** The formula of an entry's input cell (cellFormulas.ts); null removes it. The batch then computes its value. */
  | { kind: 'formula'; entry: EntryKind; id: number; field: string; text: string | null };

/** The edit of an entry's scalar field. */
export function fieldEdit(entry: EntryKind, id: number, field: string, value: string | number | boolean | null): Edit {
  if (entry === 'cost') return { kind: 'costField', id, field, value } as Edit;
  if (entry === 'residential') return { kind: 'residentialField', id, field, value } as Edit;
  return { kind: 'entryField', entry, id, field, value };
}

/**
 * The edits that change an entry's phasing method: the method decides how every phasing value of the
 * row is read, so each value is stamped with the method's value type in the same batch.
 */
export function phasingMethodEdits(entry: EntryKind, e: AnyEntry, method: 'Financeel' | 'percentage'): Edit[] {
  const valueType: ValueType = method === 'percentage' ? 'Procentueel' : 'Financeel';
  return [
    fieldEdit(entry, e.id, 'phasing_method', method),
    ...e.phasing.phasing_items.map((it): Edit => ({ kind: 'entryItem', entry, id: e.id, list: 'phasing', period: it.period, value: it.value, valueType })),
  ];
}

/** One cell to write: a value, a `'` text or an `=` formula. */
type CellWrite = { sheet: string; row: number; col: number; raw: RawCell };

/** A whole model set (`setModel`): HyperFormula's changes, or the problems (nothing changed). */
type ModelResult = { ok: true; changes: ExportedChange[]; rebuilt: boolean } | { ok: false; problems: Problem[] };
/** A batch of edits; `inverse` are the edits that put back what it overwrote, in the order to apply them (undo). */
type EditResult = { ok: true; changes: ExportedChange[]; rebuilt: boolean; inverse: Edit[] } | { ok: false; problems: Problem[] };
/** What applying one edit to the model copy asks for: cell writes done, a regenerated workbook, or a refusal. */
type Applied = 'ok' | 'sync' | Problem;
type BuildResult = { ok: true; engine: GrexEngine } | { ok: false; problems: Problem[] };

interface EngineOptions {
  /** HyperFormula undo stack depth (0 = off, the default: the engine is the source of truth). */
  undoLimit?: number;
  /** Extra HyperFormula configuration (e.g. for Handsontable). licenseKey is always 'gpl-v3'. */
  hyperformula?: Partial<ConfigParams>;
}

/** HyperFormula's settings for the engine's workbooks (also for a saved spreadsheet model that is recalculated). */
export const HF_CONFIG = { licenseKey: 'gpl-v3', useArrayArithmetic: false, smartRounding: false } as const satisfies Partial<ConfigParams>;

function toRaw(rows: RawCell[][]): RawCellContent[][] {
  return rows as RawCellContent[][];
}

const phaseKey = (p: Problem) => `${p.path} ${p.message}`;

export class GrexEngine {
  readonly hf: HyperFormula;
  private model: ModelData;
  /**
   * The phase-bound problems the model had when opened or last changed as a whole: a model saved before
   * the rule still opens and edits (a save refuses it), but an edit may not add a new one (issue 28).
   */
  private phaseProblems: Set<string>;
  private spec: WorkbookSpec;
  private reader!: ResultsReader;
  private ids!: SheetIds;
  private readonly sheetIdByName = new Map<string, number>();
  private readonly sheetIndex = new Map<string, number>();

  /** Validate model data and build the engine; invalid data gives the Dutch problems, never throws. */
  static create(input: unknown, options: EngineOptions = {}): BuildResult {
    const v = validateModelData(input);
    if (!v.ok) return v;
    return { ok: true, engine: new GrexEngine(v.data, options) };
  }

  /** Build from model data that already passed `validateModelData`. */
  constructor(model: ModelData, options: EngineOptions = {}) {
    startHyperFormula(); // before the first workbook; once per process (hyperformulaSpeedups.ts)
    this.model = cloneData(model);
    this.spec = buildWorkbookSpec(this.model);
    this.phaseProblems = new Set(entriesOutsidePhase(this.model, SECTIONS).map(phaseKey));
    const sheets: Record<string, RawCellContent[][]> = {};
    for (const s of this.spec.sheets) sheets[s.name] = toRaw(s.rows);
    this.hf = HyperFormula.buildFromSheets(sheets, { ...HF_CONFIG, undoLimit: options.undoLimit ?? 0, ...options.hyperformula });
    this.spec.sheets.forEach((s, i) => {
      this.sheetIdByName.set(s.name, this.hf.getSheetId(s.name)!);
      this.sheetIndex.set(s.name, i);
    });
    this.ids = {
      entries: Object.fromEntries(SECTIONS.map((s) => [s.kind, this.sheetId(s.sheet)])) as Record<EntryKind, number>,
      overview: this.sheetId(SHEET.overview),
      result: this.sheetId(SHEET.result),
      space: this.sheetId(SHEET.space),
      sets: this.sheetId(SHEET.sets),
    };
    this.readAll();
  }

  private readAll(): void {
    const labels = Object.fromEntries(SECTIONS.map((s) => [s.kind, new Map(entriesOf(this.model, s.kind).map((e) => [e.id, e.label]))])) as Record<EntryKind, Map<number, string>>;
    const warnings = this.entryWarnings();
    this.reader = new ResultsReader(
      this.spec.layout,
      this.ids,
      labels,
      warnings,
      (id) => this.filledCellValues(id),
      (name) => this.sheetRows(name),
      (sheet, row, col) => this.hf.getCellValue({ sheet, row, col }),
    );
  }

  /** The row warnings of the entries (sections.ts warningOf), by `kind|id`. */
  private entryWarnings(): Map<string, string> {
    const out = new Map<string, string>();
    for (const s of SECTIONS) {
      for (const e of entriesOf(this.model, s.kind)) {
        const w = s.warningOf(e, this.model.base_parameters);
        if (w) out.set(`${s.kind}|${e.id}`, w);
      }
    }
    return out;
  }

  private refreshWarnings(): void {
    const warnings = this.entryWarnings();
    for (const s of SECTIONS) for (const shown of this.reader.results[s.results]) shown.warning = warnings.get(`${s.kind}|${shown.id}`) ?? null;
  }

  /** The current results (kept up to date by every edit; do not mutate). */
  get results(): Results {
    return this.reader.results;
  }
  get layout(): WorkbookLayout {
    return this.spec.layout;
  }
  /** The sheets as built (input values and formula texts), in sheet order. */
  get sheets(): readonly SheetSpec[] {
    return this.spec.sheets;
  }
  /** The engine's copy of the model data, with every edit applied (do not mutate; use edits). */
  get modelData(): ModelData {
    return this.model;
  }
  sheetId(name: string): number {
    const id = this.sheetIdByName.get(name);
    if (id === undefined) throw new Error(`Onbekend werkblad ${name}`);
    return id;
  }
  /** Validate the current model data (e.g. before saving). */
  validate(): ValidationResult {
    return validateModelData(this.model);
  }

  /** Apply one edit. */
  applyEdit(edit: Edit): EditResult {
    return this.applyEdits([edit]);
  }

  /**
   * Apply several edits as one batch: HyperFormula recalculates once. Edits of cells are written
   * in place; edits that change the layout (dates, phasing period, an entry's index set, a price
   * date before the price-index years) regenerate the workbook in the same HyperFormula instance.
   * If such an edit makes the model invalid, nothing is applied and the problems are returned.
   */
  applyEdits(edits: Edit[]): EditResult {
    const writes: CellWrite[] = [];
    let needSync = false;
    // A refused edit changes nothing itself; the edits before it in the batch are undone from the
    // journal, so a batch is applied whole or not at all.
    this.journal = [];
    this.journaled.clear();
    this.inverse = [];
    for (const e of edits) {
      const r = this.applyToModel(e, writes);
      if (r === 'sync') needSync = true;
      else if (r !== 'ok') {
        this.rollback();
        return { ok: false, problems: [r] };
      }
    }
    // Formulas that refer to a changed cell (or were just typed) get their new values in the same batch.
    const settled = this.settle(edits, writes);
    if (settled === 'sync') needSync = true;
    else if (settled !== 'ok') {
      this.rollback();
      return { ok: false, problems: settled };
    }
    if (needSync) {
      const v = validateModelData(this.model);
      const phase = entriesOutsidePhase(this.model, SECTIONS);
      const added = phase.filter((p) => !this.phaseProblems.has(phaseKey(p)));
      if (!v.ok || added.length) {
        this.rollback();
        return { ok: false, problems: v.ok ? added : v.problems };
      }
      this.phaseProblems = new Set(phase.map(phaseKey));
    }
    this.journal = [];
    this.journaled.clear();
    const inverse = this.inverse.reverse();
    this.inverse = [];
    if (needSync) return { ok: true, changes: this.sync(), rebuilt: true, inverse };
    const changes = this.writeCells(writes);
    this.reader.patch(changes);
    return { ok: true, changes, rebuilt: false, inverse };
  }

  /** The values of the formulas that depend on the batch's cells, applied as edits of the batch. */
  private settle(edits: Edit[], writes: CellWrite[]): 'ok' | 'sync' | Problem[] {
    if (!hasFormulas(this.model)) return 'ok';
    const touched = new Set<string>();
    for (const e of edits) {
      if (e.kind === 'entryItem') touched.add(refKey({ entry: e.entry, id: e.id, field: `${e.list}:${e.period}` }));
      else if (e.kind === 'costField' || e.kind === 'residentialField') touched.add(refKey({ entry: e.kind === 'costField' ? 'cost' : 'residential', id: e.id, field: e.field }));
      else if (e.kind === 'entryField') touched.add(refKey({ entry: e.entry, id: e.id, field: e.field }));
      else if (e.kind === 'formula') touched.add(refKey(e));
    }
    if (touched.size === 0) return 'ok';
    const s = settleFormulas(this.model, touched);
    if (!s.ok) return s.problems;
    let sync = false;
    for (const { ref, value } of s.values) {
      const r = this.applyToModel(valueEdit(this.model, ref, value), writes);
      if (r === 'sync') sync = true;
      else if (r !== 'ok') return [r];
    }
    return sync ? 'sync' : 'ok';
  }

  /** The inverse of each edit of the batch so far, in the order applied (applyToModel records them). */
  private inverse: Edit[] = [];

  /**
   * Copies of the parts of the model data a batch changes: an entry, a set, a space-usage row, a base
   * parameter. None contains another, so restoring them puts the model back whatever the order.
   */
  private journal: { container: Record<string | number, unknown>; key: string | number; saved: unknown }[] = [];
  private readonly journaled = new Map<object, Set<string | number>>();
  /** Keep a copy of container[key] before the batch's first change to it. */
  private touch(container: object, key: string | number): void {
    let keys = this.journaled.get(container);
    if (!keys) this.journaled.set(container, (keys = new Set()));
    if (keys.has(key)) return;
    keys.add(key);
    const c = container as Record<string | number, unknown>;
    this.journal.push({ container: c, key, saved: cloneData(c[key]) });
  }
  /** Undo a refused batch (labels of earlier edits were written to the results too). */
  private rollback(): void {
    if (this.journal.length === 0) return;
    for (let i = this.journal.length - 1; i >= 0; i--) {
      const j = this.journal[i]!;
      j.container[j.key] = j.saved;
    }
    this.journal = [];
    this.readAll();
  }

  private sheetRows(name: string): RawCell[][] {
    return this.spec.sheets[this.sheetIndex.get(name)!]!.rows;
  }

  /**
   * Write cells in one batch: unchanged cells are skipped, adjacent cells of a row go in one call.
   * Totals sum only the cells that exist (workbook.ts), so a period cell that appears brings the
   * totals of its entry row and of its period on Overzicht along.
   */
  private writeCells(writes: CellWrite[]): ExportedChange[] {
    // The last write of a cell wins; cells keyed by number (sheet, row, column < 2048) in sheet order.
    const byCell = new Map<number, CellWrite>();
    for (const w of writes) byCell.set((this.sheetIndex.get(w.sheet)! * 2 ** 21 + w.row) * 2 ** 11 + w.col, w);
    const keys = [...byCell.keys()].sort((a, b) => a - b);
    const list: CellWrite[] = [];
    for (const key of keys) {
      const w = byCell.get(key)!;
      if (this.sheetRows(w.sheet)[w.row]![w.col] !== w.raw) list.push(w);
    }
    if (list.length === 0) return [];
    const grown = { rows: new Set<string>(), periods: new Set<string>() };
    for (const w of list) {
      const rows = this.sheetRows(w.sheet);
      const lay = this.entryLayoutOfSheet(w.sheet);
      if (lay && rows[w.row]![w.col] == null) {
        const at = this.blockAt(lay, w.col);
        if (at) {
          // a phased or booked amount's cell: its row's total, and its period's (up to the NCW period
          // the Totaal row adds the phased amounts themselves); a nominal cell: its period's total
          const amount = (['phased', 'booked'] as const).find((a) => (AMOUNT_BLOCKS[a] as readonly Block[]).includes(at.block));
          if (amount) grown.rows.add(`${w.sheet}|${w.row}`);
          if (at.block === 'nominal' || (amount === 'phased' && at.k <= lay.ncwPeriod)) grown.periods.add(`${w.sheet}|nominal|${at.k}`);
          if (amount === 'booked') grown.periods.add(`${w.sheet}|booked|${at.k}`);
        }
      }
      rows[w.row]![w.col] = w.raw;
    }
    const totals = this.totalWrites(grown);
    if (totals.length > 0) {
      list.push(...totals);
      list.sort((a, b) => this.sheetIndex.get(a.sheet)! - this.sheetIndex.get(b.sheet)! || a.row - b.row || a.col - b.col);
    }
    return this.hf.batch(() => {
      let i = 0;
      while (i < list.length) {
        const w0 = list[i]!;
        const run: RawCellContent[] = [w0.raw as RawCellContent];
        let j = i + 1;
        while (j < list.length && list[j]!.sheet === w0.sheet && list[j]!.row === w0.row && list[j]!.col === w0.col + (j - i)) {
          run.push(list[j]!.raw as RawCellContent);
          j++;
        }
        this.hf.setCellContents({ sheet: this.sheetId(w0.sheet), row: w0.row, col: w0.col }, [run]);
        i = j;
      }
    });
  }

  /** The entry sheet's layout of a sheet name, or null for the other sheets. */
  private entryLayoutOfSheet(sheet: string): EntrySheetLayout | null {
    const section = SECTIONS.find((s) => s.sheet === sheet);
    return section ? this.spec.layout.sections[section.kind] : null;
  }

  /** The period block and period (1-based) of an entry-sheet column, or null for a scalar column. */
  private blockAt(lay: EntrySheetLayout, col: number): { block: Block; k: number } | null {
    const first = lay.blockStart.phasingF;
    if (col < first) return null;
    const n = this.spec.layout.n;
    const b = Math.floor((col - first) / n);
    return { block: BLOCKS[b]!, k: col - first - b * n + 1 };
  }

  /** New formulas of the totals over cells that appeared (already in the sheet rows), applied to the rows too. */
  private totalWrites(grown: { rows: Set<string>; periods: Set<string> }): CellWrite[] {
    const L = this.spec.layout;
    const out: CellWrite[] = [];
    const put = (sheet: string, row: number, col: number, raw: string) => {
      const rows = this.sheetRows(sheet);
      if (rows[row]![col] === raw) return;
      rows[row]![col] = raw;
      out.push({ sheet, row, col, raw });
    };
    for (const key of grown.rows) {
      const [sheet, r] = key.split('|') as [string, string];
      const lay = this.entryLayoutOfSheet(sheet)!;
      const row = Number(r);
      const cells = this.sheetRows(sheet)[row]!;
      put(sheet, row, lay.col.totalBooked!, entryTotalFormula(lay, cells, row, L.n, 'booked'));
      put(sheet, row, lay.col.totalPhased!, entryTotalFormula(lay, cells, row, L.n, 'phased'));
    }
    for (const key of grown.periods) {
      const [sheet, block, k] = key.split('|') as [string, 'nominal' | 'booked', string];
      const lay = this.entryLayoutOfSheet(sheet)!;
      put(sheet, lay.totalsRow, lay.blockStart[block] + Number(k) - 1, columnTotalFormula(lay, this.sheetRows(sheet), block, Number(k)));
    }
    return out;
  }

  /** Replace the whole model data (validated; on problems nothing changes). Reuses the HyperFormula instance. */
  setModel(input: unknown, opts: { asEdit?: boolean } = {}): ModelResult {
    const v = validateModelData(input);
    if (!v.ok) return v;
    // The user's own change (a phase shortened under an entry) may not add a phase breach; undo, redo and
    // a restored working copy go back to a state as it was.
    const phase = entriesOutsidePhase(v.data, SECTIONS);
    const added = opts.asEdit ? phase.filter((p) => !this.phaseProblems.has(phaseKey(p))) : [];
    if (added.length) return { ok: false, problems: added };
    const next = cloneData(v.data);
    // An entry removed or fewer periods: formulas that lost their cell or a reference keep their value only.
    dropDanglingFormulas(next);
    const settled = settleFormulas(next, null);
    if (!settled.ok) return settled;
    this.model = next;
    this.phaseProblems = new Set(phase.map(phaseKey));
    const changes = this.sync();
    if (settled.values.length === 0) return { ok: true, changes, rebuilt: true };
    const r = this.applyEdits(settled.values.map(({ ref, value }) => valueEdit(next, ref, value)));
    return r.ok ? { ok: true, changes: [...changes, ...r.changes], rebuilt: true } : r;
  }

  /** Regenerate the sheets from the model and apply only the differences to HyperFormula. */
  private sync(): ExportedChange[] {
    const next = buildWorkbookSpec(this.model);
    const changes = this.hf.batch(() => {
      next.sheets.forEach((s, i) => {
        const old = this.spec.sheets[i]!;
        const id = this.sheetId(s.name);
        const sameShape = old.rows.length === s.rows.length && old.rows.every((r, j) => r.length === s.rows[j]!.length);
        if (!sameShape) {
          this.hf.setSheetContent(id, toRaw(s.rows));
          return;
        }
        for (let r = 0; r < s.rows.length; r++) {
          const a = old.rows[r]!;
          const b = s.rows[r]!;
          for (let c = 0; c < b.length; c++) {
            if (a[c] !== b[c]) this.hf.setCellContents({ sheet: id, row: r, col: c }, b[c] as RawCellContent);
          }
        }
      });
    });
    this.spec = next;
    // The layout may have changed (entries, periods, index-factor sources): read all results anew.
    this.readAll();
    return changes;
  }

  private needsSync(e: Edit): boolean {
    // Dates and the phasing period change the periods; the withdrawal setting and the interest
    // method change the interest chain's formulas.
    if (e.kind === 'parameter') return /date|phasing_period|interest_calculation_method/.test(e.field); // (profit_withdrawal_to_ncw_date included)
    if (e.kind === 'costField') return e.field === 'index_type' || e.field === 'standard_index' || e.field === 'date';
    if (e.kind === 'residentialField') return e.field === 'standard_index' || e.field === 'calculation_date';
    if (e.kind === 'entryItem') {
      if (e.list === 'bookvalue') return false;
      const lay = this.spec.layout.sections[e.entry];
      const src = lay.factor.get(e.id);
      if (!src) return false;
      const k = periodIndex(e.period);
      if (e.list === 'indexing') return indexingReshapes(src, k, e.value);
      return e.value !== null && src.own && k > src.last;
    }
    return false;
  }

  private entryCol(lay: EntrySheetLayout, block: Block, k: number): number {
    return lay.blockStart[block] + k - 1;
  }

  /** Position of an entry in its list (a paste edits thousands of cells of a few hundred entries). */
  private indexOf(list: readonly { id: number }[], id: number): number {
    let byId = this.entryIndex.get(list);
    let i = byId?.get(id);
    if (i === undefined || list[i]?.id !== id) {
      byId = new Map(list.map((x, j) => [x.id, j]));
      this.entryIndex.set(list, byId);
      i = byId.get(id);
    }
    return i ?? -1;
  }
  private readonly entryIndex = new WeakMap<readonly { id: number }[], Map<number, number>>();

  /**
   * Update the model copy; push cell writes, or return 'sync' when the layout must be regenerated.
   * Each method first records the edit that puts back what it overwrites (`this.inverse`).
   */
  private applyToModel(e: Edit, writes: CellWrite[]): Applied {
    switch (e.kind) {
      case 'entryItem': return this.applyEntryItem(e, writes);
      case 'costField': return this.applyEntryField('cost', e, writes);
      case 'residentialField': return this.applyEntryField('residential', e, writes);
      case 'entryField': return this.applyEntryField(e.entry, e, writes);
      case 'parameter': return this.applyParameter(e, writes);
      case 'setValue': return this.applySetValue(e, writes);
      case 'space': return this.applySpace(e, writes);
      case 'formula': return this.applyFormula(e);
    }
  }

  private applyEntryItem(e: Extract<Edit, { kind: 'entryItem' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const list = entriesOf(this.model, e.entry);
    const idx = this.indexOf(list, e.id);
    const lay = L.sections[e.entry];
    if (idx < 0) return problem(entryPath(e.entry, idx), `Post ${e.id} bestaat niet.`);
    if (e.value !== null && !isNum(e.value)) return problem(entryPath(e.entry, idx), 'Voer een getal in.');
    const entry = list[idx]!;
    this.touch(list, idx);
    const items: PeriodItem[] =
      e.list === 'phasing' ? entry.phasing.phasing_items : e.list === 'bookvalue' ? entry.bookvalue.bookvalue_items : entry.indexing.indexing_items;
    const k = periodIndex(e.period);
    if (k > L.n || (k === 0 && e.list !== 'indexing')) return problem(`${entryPath(e.entry, idx)}.${e.list}`, `Periode ${e.period} bestaat niet in dit model.`);
    const at = items.findIndex((it) => it.period === e.period);
    const old = items[at];
    this.inverse.push(old ? { ...e, value: old.value, valueType: old.value_type } : { ...e, value: null, valueType: undefined });
    const valueType: ValueType = e.valueType ?? old?.value_type ?? (e.list === 'indexing' ? 'Procentueel' : 'Financeel');
    if (e.value === null) {
      if (at >= 0) items.splice(at, 1);
    } else if (at >= 0) items[at] = { period: e.period, value_type: valueType, value: e.value };
    else items.push({ period: e.period, value_type: valueType, value: e.value });
    const row = lay.rowOf.get(e.id)!;
    const src = lay.factor.get(e.id)!;
    const sheetRows = this.sheetRows(lay.sheet);
    if (e.list === 'indexing') {
      if (indexingReshapes(src, k, e.value)) return 'sync';
      const col = k === 0 ? lay.col.indexBase! : this.entryCol(lay, 'indexOverride', k);
      writes.push({ sheet: lay.sheet, row, col, raw: e.value });
      return 'ok';
    }
    const [fb, pb, out]: [Block, Block, Block] = e.list === 'phasing' ? ['phasingF', 'phasingP', 'phased'] : ['bookedF', 'bookedP', 'booked'];
    const isPercentage = valueType === 'Procentueel';
    writes.push({ sheet: lay.sheet, row, col: this.entryCol(lay, fb, k), raw: e.value !== null && !isPercentage ? e.value : null });
    writes.push({ sheet: lay.sheet, row, col: this.entryCol(lay, pb, k), raw: e.value !== null && isPercentage ? e.value : null });
    const oc = this.entryCol(lay, out, k);
    if (e.value === null) return 'ok'; // the formulas stay; over empty inputs they are 0
    if (e.list === 'bookvalue') {
      // A Financeel value is the booked amount; a Procentueel one needs its booked cell.
      if (isPercentage && sheetRows[row]![oc] == null) writes.push({ sheet: lay.sheet, row, col: oc, raw: bookedFormula(lay, row, k) });
      return 'ok';
    }
    if (src.own && k > src.last) return 'sync'; // own chain too short
    if (k <= lay.ncwPeriod) {
      // up to the NCW period the nominal amount is the phased amount: no nominal cell
      if (isPercentage && sheetRows[row]![oc] == null) writes.push({ sheet: lay.sheet, row, col: oc, raw: phasedFormula(lay, row, k) });
      return 'ok';
    }
    // Same cells as a fresh build: a nominal cell where a value is, a phased cell where a
    // Procentueel value is (once there, the nominal keeps adding it; over an empty input it is 0).
    const nc = this.entryCol(lay, 'nominal', k);
    const hasPhased = sheetRows[row]![oc] != null;
    if (isPercentage && !hasPhased) {
      writes.push({ sheet: lay.sheet, row, col: oc, raw: phasedFormula(lay, row, k) });
      writes.push({ sheet: lay.sheet, row, col: nc, raw: nominalFormula(lay, row, k, src, L.setCols, true) });
    } else if (sheetRows[row]![nc] == null) {
      writes.push({ sheet: lay.sheet, row, col: nc, raw: nominalFormula(lay, row, k, src, L.setCols, hasPhased) });
    }
    return 'ok';
  }

  /** A scalar field of a cost or residential entry (entryFields.ts says where it lives and what it takes). */
  private applyEntryField(kind: EntryKind, e: Extract<Edit, { kind: 'costField' | 'residentialField' | 'entryField' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const section = sectionOf(kind);
    const list = entriesOf(this.model, kind);
    const idx = this.indexOf(list, e.id);
    const path = `${entryPath(kind, idx)}.${e.field}`;
    if (idx < 0) return problem(section.list, `Post ${e.id} bestaat niet.`);
    const def = section.fields[e.field] as EntryField<AnyEntry> | undefined;
    if (!def) return problem(path, 'Onbekend veld.');
    const v = e.value;
    const fits = def.type === 'number' ? isNum(v) : def.type === 'date' ? isWireDate(v) : def.type === 'boolean' ? typeof v === 'boolean' : typeof v === 'string';
    if (v === null ? !def.nullable : !fits) {
      return problem(path, def.type === 'number' ? 'Voer een getal in.' : def.type === 'date' ? 'Ongeldige datum' : 'Ongeldige invoer.');
    }
    const entry = list[idx]!;
    this.touch(list, idx);
    this.inverse.push({ ...e, value: def.get(entry) } as Edit);
    def.set(entry, v);
    // A phasing date is a plain cell, so the model is not validated as a whole: its phase bound is checked here.
    const outside = (e.field === 'start_date' || e.field === 'end_date') && entryOutsidePhase(this.model, section, idx);
    if (outside) return outside;
    const shown = this.reader.results[section.results][idx]!;
    if (e.field === 'label') shown.label = v as string;
    shown.warning = section.warningOf(entry, this.model.base_parameters);
    if (def.reshapes === 'always' || (def.reshapes === 'priceDate' && parseYmd(v as string).y < L.priceYears.first)) return 'sync';
    const lay = L.sections[kind];
    const raw = def.type === 'date' ? toSerial(v as string) : def.type === 'text' ? text(v as string | null) : (v as number | boolean | null);
    writes.push({ sheet: lay.sheet, row: lay.rowOf.get(e.id)!, col: lay.col[e.field]!, raw });
    return 'ok';
  }

  private applyParameter(e: Extract<Edit, { kind: 'parameter' }>, writes: CellWrite[]): Applied {
    this.touch(this.model.base_parameters, e.field);
    const bp = this.model.base_parameters as Record<string, unknown>;
    this.inverse.push({ ...e, value: bp[e.field] as string | number | boolean });
    if (this.needsSync(e)) {
      // dates, the phasing period, the withdrawal flag and the interest method: the whole model is validated
      bp[e.field] = e.value;
      return 'sync';
    }
    // the two rates
    if (!isNum(e.value)) return problem(`base_parameters.${e.field}`, 'Voer een getal in.');
    bp[e.field] = e.value;
    if (e.field === 'vat_rate_percentage') this.refreshWarnings(); // a residual value excl. VAT changes with it
    writes.push({ sheet: SHEET.params, row: PARAMETER_ROWS[e.field as keyof typeof PARAMETER_ROWS], col: 1, raw: e.value });
    return 'ok';
  }

  private applySetValue(e: Extract<Edit, { kind: 'setValue' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const idx = this.model.base_parameters.parameter_sets.findIndex((s) => s.set_group === e.group && s.set_name === e.name);
    const path = `base_parameters.parameter_sets[${idx}]`;
    if (idx < 0) return problem('base_parameters.parameter_sets', `De set '${e.name}' bestaat niet.`);
    if (e.value !== null && !isNum(e.value)) return problem(path, 'Voer een getal in.');
    const set = this.model.base_parameters.parameter_sets[idx]!;
    this.touch(this.model.base_parameters.parameter_sets, idx);
    const price = e.group === PRICE_LEVEL_GROUP;
    const row = price ? L.priceSetRow.get(e.name)! : L.setRow.get(`${e.group}|${e.name}`)!;
    const sheet = price ? SHEET.priceIndex : SHEET.sets;
    if (e.label === null) {
      if (e.value === null) return problem(`${path}.set_base_value`, 'Voer een getal in.');
      this.inverse.push({ ...e, value: set.set_base_value });
      set.set_base_value = e.value;
      writes.push({ sheet, row, col: price ? L.priceCols.base : L.setCols.base, raw: e.value });
      return 'ok';
    }
    const at = set.set_values.findIndex((v) => v.period_label === e.label);
    this.inverse.push({ ...e, value: at >= 0 ? set.set_values[at]!.period_value : null });
    if (e.value === null) {
      if (at >= 0) set.set_values.splice(at, 1);
    } else if (at >= 0) set.set_values[at]!.period_value = e.value;
    else set.set_values.push({ phasing_period: this.model.base_parameters.phasing_period, period_label: e.label, period_value: e.value });
    if (price) {
      const y = /^\d{4}$/.test(e.label) ? Number(e.label) : NaN;
      if (y >= L.priceYears.first && y <= L.priceYears.last) writes.push({ sheet, row, col: L.priceCols.firstValue + y - L.priceYears.first, raw: e.value });
    } else {
      const p = L.periods.find((x) => x.label === e.label);
      if (p) writes.push({ sheet, row, col: L.setCols.firstValue + p.index - 1, raw: e.value });
    }
    return 'ok';
  }

  private applySpace(e: Extract<Edit, { kind: 'space' }>, writes: CellWrite[]): Applied {
    const L = this.spec.layout;
    const idx = this.model.base_parameters.space_usage.findIndex((s) => s.id === e.id);
    const path = `base_parameters.space_usage[${idx}].${e.field}`;
    if (idx < 0) return problem('base_parameters.space_usage', `Rij ${e.id} bestaat niet.`);
    const rowSpec = this.model.base_parameters.space_usage[idx]!;
    this.touch(this.model.base_parameters.space_usage, idx);
    this.inverse.push({ ...e, value: rowSpec[e.field] ?? null });
    const row = L.spaceRow.get(e.id)!;
    if (e.field === 'value') {
      if (e.value !== null && !isNum(e.value)) return problem(path, 'Ongeldige invoer. Controleer alstublieft de gegevens en probeer het opnieuw.');
      rowSpec.value = e.value as number | null;
      writes.push({ sheet: SHEET.space, row, col: 2, raw: e.value });
    } else {
      if (e.value !== null && typeof e.value !== 'string') return problem(path, 'Ongeldige invoer.');
      if (e.field === 'label') rowSpec.label = e.value;
      else rowSpec.location = e.value as SpaceUsageLocation | null;
      writes.push({ sheet: SHEET.space, row, col: e.field === 'label' ? 1 : 3, raw: text(e.value) });
    }
    return 'ok';
  }

  /** A formula is model data only: its value arrives through the batch's settle step. */
  private applyFormula(e: Extract<Edit, { kind: 'formula' }>): Applied {
    const list = entriesOf(this.model, e.entry);
    const idx = this.indexOf(list, e.id);
    if (idx < 0) return problem(entryPath(e.entry, idx), `Post ${e.id} bestaat niet.`);
    const entry = list[idx]!;
    this.touch(list, idx);
    this.inverse.push({ ...e, text: entry.formulas?.[e.field] ?? null });
    if (e.text !== null) (entry.formulas ??= {})[e.field] = e.text;
    else if (entry.formulas) {
      delete entry.formulas[e.field];
      if (Object.keys(entry.formulas).length === 0) delete entry.formulas;
    }
    return 'ok';
  }

  /**
   * The workbook cell that holds an entry's input value: a scalar field's column, or the period
   * block the value's type writes (Fasering € or %, Boekwaarde € or %, Eigen index). Null when the
   * entry or the period is not in the workbook.
   */
  inputCell(r: FieldRef): { sheet: string; row: number; col: number } | null {
    const lay = this.spec.layout.sections[r.entry];
    const row = lay.rowOf.get(r.id);
    if (row === undefined) return null;
    const p = periodField(r.field);
    if (!p) return lay.col[r.field] === undefined ? null : { sheet: lay.sheet, row, col: lay.col[r.field]! };
    const k = periodIndex(p.period);
    if (k > this.spec.layout.n) return null;
    if (p.list === 'indexing') return { sheet: lay.sheet, row, col: k === 0 ? lay.col.indexBase! : this.entryCol(lay, 'indexOverride', k) };
    if (k === 0) return null;
    const list = entriesOf(this.model, r.entry);
    const e = list[this.indexOf(list, r.id)];
    const items = p.list === 'phasing' ? e?.phasing.phasing_items : e?.bookvalue.bookvalue_items;
    const pct = items?.find((it) => it.period === p.period)?.value_type === 'Procentueel';
    const block: Block = p.list === 'phasing' ? (pct ? 'phasingP' : 'phasingF') : pct ? 'bookedP' : 'bookedF';
    return { sheet: lay.sheet, row, col: this.entryCol(lay, block, k) };
  }

  /**
   * The formulas of the input cells in the workbook's own references (`=Kostenraming!C3*2`, on the
   * same sheet without its name), for the export. A formula with a reference the workbook cannot
   * name (an inline array of cells that is no rectangle there) is left out: the cell keeps its value.
   */
  inputFormulas(): { sheet: string; row: number; col: number; formula: string }[] {
    const out: { sheet: string; row: number; col: number; formula: string }[] = [];
    for (const f of formulasOf(this.model)) {
      const at = this.inputCell(f.ref);
      if (!at) continue;
      const formula = nameReferences(f.text, (r) => this.inputCell(r), (c) => a1(c.col, c.row, { sheet: c.sheet === at.sheet ? undefined : c.sheet }));
      if (formula !== null) out.push({ ...at, formula });
    }
    return out;
  }

  /** The HyperFormula address of the input cell an edit writes (for binding grids), or null. */
  cellOf(entry: EntryKind, id: number, block: Block, period: number): { sheet: number; row: number; col: number } | null {
    const lay = this.spec.layout.sections[entry];
    const row = lay.rowOf.get(id);
    if (row === undefined || period < 1 || period > this.spec.layout.n) return null;
    return { sheet: this.sheetId(lay.sheet), row, col: this.entryCol(lay, block, period) };
  }

  /**
   * The values of a sheet's filled cells (holes elsewhere): most of an entry sheet's grid is empty,
   * and HyperFormula's getSheetValues visits every cell of it.
   */
  private filledCellValues(sheet: number): CellValue[][] {
    const rows = this.spec.sheets.find((s) => this.sheetIdByName.get(s.name) === sheet)!.rows;
    return rows.map((cells, row) => {
      const out = new Array<CellValue>(cells.length);
      for (let col = 0; col < cells.length; col++) if (cells[col] != null) out[col] = this.hf.getCellValue({ sheet, row, col });
      return out;
    });
  }

  /** Computed values of all sheets (for the export). */
  sheetValues(name: string) {
    return this.hf.getSheetValues(this.sheetId(name));
  }

  destroy(): void {
    this.hf.destroy();
  }
}

