// The calculation engine: model data → HyperFormula workbook → typed results, with incremental
// edits. Runs in the browser and in Node (no DOM, no Node APIs). This file is the HyperFormula session;
// the edits and how each changes the model copy are in engineModelEdits.ts.
import { HyperFormula, type CellValue, type ConfigParams, type ExportedChange, type RawCellContent } from 'hyperformula';
import type { ModelData } from '../model/modelData.ts';
import { cloneData } from '../lib/cloneData.ts';
import { settleFormulas } from './cellFormulas.ts';
import { dropDanglingFormulas, formulasOf, hasFormulas, inputCellOf, nameReferences, refKey, type FieldRef, valueEdit } from './formulaRefs.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import type { Results } from '../model/results.ts';
import { ResultsReader, type SheetIds } from './resultsReader.ts';
import { withNominalAudit } from './nominalAudit.ts';
import { SECTIONS, entriesOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import type { Problem } from '../model/problem.ts';
import { type ValidationResult, validateModelData } from './validate.ts';
import { entriesOutsidePhase } from '../model/phaseWindow.ts';
import {
  BLOCKS,
  RESULT_ROWS,
  SHEET,
  type Block,
  type EntrySheetLayout,
  type RawCell,
  type SheetSpec,
  type WorkbookLayout,
  type WorkbookSpec,
} from './workbookLayout.ts';
import { AMOUNT_BLOCKS, a1, columnTotalFormula, entryTotalFormula, groupPeriodCells } from './workbookRefs.ts';
import { buildWorkbookSpec } from './workbook.ts';
import { type CellWrite, type Edit, EngineModelEdits, currentEdit } from './engineModelEdits.ts';

/** A whole model set (`setModel`): HyperFormula's changes, or the problems (nothing changed). */
type ModelResult = { ok: true; changes: ExportedChange[]; rebuilt: boolean } | { ok: false; problems: Problem[] };
/** A batch of edits; `inverse` are the edits that put back what it overwrote, in the order to apply them (undo). */
type EditResult = { ok: true; changes: ExportedChange[]; rebuilt: boolean; inverse: Edit[] } | { ok: false; problems: Problem[] };
/** Cells that appeared in a batch, whose totals get new formulas: entry rows `sheet|row`, index-set rows' periods `sheet|group|k`, Totaal cells `sheet|block|k`. */
interface GrownCells {
  rows: Set<string>;
  groups: Set<string>;
  periods: Set<string>;
}
type BuildResult = { ok: true; engine: GrexEngine } | { ok: false; problems: Problem[] };

interface EngineOptions {
  /** HyperFormula undo stack depth (0 = off, the default: the engine is the source of truth). */
  undoLimit?: number;
  /** Extra HyperFormula configuration (e.g. for Handsontable). licenseKey is always 'gpl-v3'. */
  hyperformula?: Partial<ConfigParams>;
}

function toRaw(rows: RawCell[][]): RawCellContent[][] {
  return rows as RawCellContent[][];
}

const phaseKey = (p: Problem) => `${p.path} ${p.message}`;

export class GrexEngine extends EngineModelEdits {
  readonly hf: HyperFormula;
  protected model: ModelData;
  /**
   * The phase-bound problems the model had when opened or last changed as a whole: a model saved before
   * the rule still opens and edits (a save refuses it), but an edit may not add a new one (issue 28).
   */
  private phaseProblems: Set<string>;
  protected spec: WorkbookSpec;
  private current!: ResultsReader;
  /** computeUnchecked leaves the results unread until they are asked for (a sub-step needs only EW and NCW: `totals`). */
  private unread = false;
  protected get reader(): ResultsReader {
    if (this.unread) this.readAll();
    return this.current;
  }
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
    super();
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
    this.unread = false;
    this.current = new ResultsReader(
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

  protected refreshWarnings(): void {
    const warnings = this.entryWarnings();
    for (const s of SECTIONS) for (const shown of this.reader.results.entries[s.kind]!) shown.warning = warnings.get(`${s.kind}|${shown.id}`) ?? null;
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
    this.phasingTouched.clear();
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
    // A changed phasing window or phased value is checked on every path; a rebuild validates the whole model below.
    const window = needSync ? [] : this.windowProblems();
    if (window.length) {
      this.rollback();
      return { ok: false, problems: window };
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
    for (const edit of edits) {
      const e = currentEdit(edit);
      if (e.kind === 'entryItem') touched.add(refKey({ entry: e.entry, id: e.id, field: `${e.list}:${e.period}` }));
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

  private rollback(): void {
    if (this.journal.length === 0) return;
    for (let i = this.journal.length - 1; i >= 0; i--) {
      const j = this.journal[i]!;
      j.container[j.key] = j.saved;
    }
    this.journal = [];
    this.readAll();
  }

  protected sheetRows(name: string): RawCell[][] {
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
    const grown: GrownCells = { rows: new Set(), groups: new Set(), periods: new Set() };
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
          // after the NCW period an entry without an own chain is added by its index-set row
          const group = amount === 'phased' && at.k > lay.ncwPeriod ? lay.groupOfRow.get(w.row) : undefined;
          if (group) grown.groups.add(`${w.sheet}|${lay.groups.indexOf(group)}|${at.k}`);
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
  private totalWrites(grown: GrownCells): CellWrite[] {
    const L = this.spec.layout;
    const out: CellWrite[] = [];
    const put = (sheet: string, row: number, col: number, raw: RawCell) => {
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
    for (const key of grown.groups) {
      const [sheet, g, k] = key.split('|') as [string, string, string];
      const lay = this.entryLayoutOfSheet(sheet)!;
      const group = lay.groups[Number(g)]!;
      const rows = this.sheetRows(sheet);
      const nominalCol = lay.blockStart.nominal + Number(k) - 1;
      // the set's nominal cell that appears joins its period's Totaal
      if (rows[group.row]![nominalCol] == null) grown.periods.add(`${sheet}|nominal|${k}`);
      for (const c of groupPeriodCells(lay, rows, group, Number(k), L.setCols)) put(sheet, group.row, c.col, c.raw);
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

  /**
   * Replace the model data and recompute, without validation, formula settling or the phase rule: for models that
   * are computed but never edited or stored — the verschillenanalyse's intermediate models (calculation.md §9), which
   * mix two models' inputs. Reuses the HyperFormula instance, so a model of the same dates costs a fraction of a build.
   */
  computeUnchecked(model: ModelData): void {
    this.model = cloneData(model);
    this.phaseProblems = new Set(entriesOutsidePhase(this.model, SECTIONS).map(phaseKey));
    this.sync(false);
  }

  /** EW and NCW as the workbook has them now, without reading the other results. */
  totals(): { ew: number; ncw: number } {
    const at = (row: number) => this.hf.getCellValue({ sheet: this.ids.result, row, col: 1 }) as number;
    return { ew: at(RESULT_ROWS.ew), ncw: at(RESULT_ROWS.ncw) };
  }

  /** Regenerate the sheets from the model and apply only the differences to HyperFormula. */
  private sync(read = true): ExportedChange[] {
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
    // The layout may have changed (entries, periods, index-factor sources): read all results anew (now, or when asked).
    if (read) this.readAll();
    else this.unread = true;
    return changes;
  }
  inputCell(r: FieldRef): { sheet: string; row: number; col: number } | null {
    return inputCellOf(this.spec.layout, this.model, r);
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
    const smartRounding = this.hf.getConfig().smartRounding;
    return rows.map((cells, row) => {
      const out = new Array<CellValue>(cells.length);
      for (let col = 0; col < cells.length; col++) {
        const raw = cells[col];
        // A number typed in is its own value (the model's numbers are finite; unless smart rounding
        // was asked for): most filled cells of a build are inputs, ≈ 3/4 of these calls otherwise.
        if (typeof raw === 'number' && !smartRounding) out[col] = raw;
        else if (raw != null) out[col] = this.hf.getCellValue({ sheet, row, col });
      }
      return out;
    });
  }

  /** Computed values of all sheets (for the export). */
  sheetValues(name: string) {
    return this.hf.getSheetValues(this.sheetId(name));
  }

  /**
   * The sheets as the xlsx export writes them, with their values: the entry sheets with every entry's
   * nominal cells and the check row (nominalAudit.ts), the others as they are.
   */
  auditSheets(): { sheets: readonly SheetSpec[]; sheetValues: (name: string) => CellValue[][] } {
    const L = this.spec.layout;
    const audited = new Map<string, CellValue[][]>();
    const sheets = this.spec.sheets.map((sheet) => {
      const lay = this.entryLayoutOfSheet(sheet.name);
      if (!lay) return sheet;
      const kind = SECTIONS.find((s) => s.sheet === sheet.name)!.kind;
      const at = { cellsFrom: lay.ncwPeriod + 1, checkFrom: lay.ncwPeriod + 1 };
      const { spec, cells } = withNominalAudit(sheet, lay, L.setCols, L.n, at, { entries: this.results.entries[kind]!, cells: this.sheetValues(sheet.name) });
      audited.set(sheet.name, cells!);
      return spec;
    });
    return { sheets, sheetValues: (name) => audited.get(name) ?? this.sheetValues(name) };
  }

  destroy(): void {
    this.hf.destroy();
  }
}
