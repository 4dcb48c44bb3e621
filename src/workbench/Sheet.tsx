import { type ReactNode, type RefObject, memo, useEffect, useRef, useState } from 'react';
import Handsontable from 'handsontable/base';
import { registerCellType, TextCellType, DropdownCellType } from 'handsontable/cellTypes';
import { registerPlugin, CopyPaste, Autofill, ManualColumnResize, ContextMenu, AutoColumnSize } from 'handsontable/plugins';
import { TextEditor } from 'handsontable/editors';
import { textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import type { CellValue } from 'hyperformula';
import { type Cell, type CellChange, type Col, type SheetDef, ENGLISH_PASTE_NOTICE, isPercentCell, lostPasteNotice, pastedCells } from './sheets.ts';
import { formatMoney, formatNumber, percentDown } from '../lib/nlFormat.ts';
import { pct } from '../model/percent.ts';
import { toDutchEditText, parseDutchValue } from '../lib/dutchNumber.ts';
import { resolveFormula } from './formula.ts';
import { PASTE_REFUSED, activeSheet, setActiveSheet } from './activeSheet.ts';
import type { ActionRegistry } from './actions.ts';
import type { CellContents } from './formulaCells.ts';
import { FormulaBar } from './FormulaBar.tsx';
import type { EditOptions } from './common.tsx';
import { type RowActions, ChoiceDropdownEditor, TypedDropdownEditor, contextMenuOf, selectedRows } from './sheetExcel.ts';
import { type PercentNote, percentNote } from './percentInput.ts';
import { GridPercentNote } from './PercentNote.tsx';
import './excel.css';

registerCellType(TextCellType);
registerCellType(DropdownCellType);
registerPlugin(CopyPaste);
registerPlugin(Autofill);
registerPlugin(ManualColumnResize);
// The context menu needs AutoColumnSize registered (it stays off: the columns have their widths).
registerPlugin(AutoColumnSize);
registerPlugin(ContextMenu);

// One grid of the tool: a Handsontable fed plain arrays built from the engine (never MobX proxies),
// created once per mount and updated through updateData/updateSettings, so React re-renders never
// re-apply its settings. Every change — typing, paste, cut, fill handle, Ctrl+D/R — arrives in
// beforeChange, is parsed as Dutch text and handed to `onEdit`; the grid itself is never written by
// the user directly: it shows the engine's answer after the store's revision moves.

export interface SheetProps {
  def: SheetDef;
  readOnly: boolean;
  onEdit: (def: SheetDef, changes: CellChange[], opts?: EditOptions) => void;
  /** Evaluates '=…' typed into an input cell (HyperFormula of the engine). */
  evaluate: (formula: string) => Promise<CellValue>;
  height?: number | string;
  testId: string;
  /** Kept mounted while hidden (fast tab switches); re-measured when shown again. */
  active?: boolean;
  /** A grid whose cells can hold formulas: what the formula bar (and the cell editor) shows for a cell. */
  describe?: (def: SheetDef, row: number, col: number) => CellContents | null;
  /** Drawn over the grid (positioned against the grid itself, below the formula bar), e.g. an empty grid's hint row. */
  overlay?: ReactNode;
  /** The rows are entries: the right-click menu and Ctrl+Shift+= / Ctrl+- insert and delete them. */
  rows?: RowActions;
  /** With `rows`: the tool's actions, whose menu items are the grid's right-click menu. */
  actions?: ActionRegistry;
}

const clipboardOf = (hot: Handsontable) => hot.getPlugin('copyPaste') as CopyPaste;

/** Per grid: the formula an opened cell editor starts with (F2, Enter, double click), as the bar shows it. */
const editorFormula = new WeakMap<Handsontable, (row: number, col: number) => string | null>();


class DutchEditor extends TextEditor {
  override beginEditing(newInitialValue?: unknown, event?: Event) {
    const v = this.originalValue as unknown;
    const formula = typeof newInitialValue === 'string' ? null : editorFormula.get(this.hot)?.(this.row as number, this.col as number);
    const initial = typeof newInitialValue === 'string' ? newInitialValue : formula ?? (typeof v === 'number' ? toDutchEditText(v) : undefined);
    super.beginEditing(initial, event);
  }
}

function display(col: Col, row: number, v: Cell): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'string') return v;
  if (col.shareRows?.[row]) return `${percentDown(v)}%`;
  const kind = col.pctRows?.[row] ? 'pct' : col.kind;
  switch (kind) {
    case 'money': return formatMoney(v);
    case 'pct': return `${percentDown(pct(v))}%`;
    case 'factor': return formatNumber(v, 6);
    case 'int': return formatNumber(v, 0);
    case 'number': return formatNumber(v, Number.isInteger(v) ? 0 : 2);
    default: return String(v);
  }
}

function columnsOf(def: SheetDef, readOnly: boolean): Handsontable.ColumnSettings[] {
  return def.columns.map((c, i): Handsontable.ColumnSettings => ({
    type: c.kind === 'select' ? 'dropdown' : 'text',
    source: c.kind === 'select' ? (c.options ?? []).map((o) => o.label) : undefined,
    editor: (c.parse ? TypedDropdownEditor : c.kind === 'select' ? ChoiceDropdownEditor : DutchEditor) as unknown as new (...args: unknown[]) => unknown,
    readOnly: readOnly || !!c.computed || !!c.readOnly,
    className: c.computed ? 'gs-computed' : c.readOnly ? 'gs-label' : c.kind === 'text' || c.kind === 'select' || c.kind === 'date' ? 'gs-input' : 'gs-input htRight',
    renderer(instance, td, row, col, prop, value, props) {
      const hint = def.spare?.col === i && row === (instance as Handsontable).countRows() - 1 ? def.spare.hint : null;
      textRenderer(instance as Handsontable, td, row, col, prop, hint ?? display(c, row, value as Cell), props);
      td.classList.toggle('gs-spare-hint', hint !== null);
      const inactive = (props as { inactive?: string | null }).inactive;
      td.classList.toggle('gs-inactive', !!inactive);
      if (inactive) td.title = inactive;
      else td.removeAttribute('title');
      if (c.kind !== 'text' && c.kind !== 'select' && c.kind !== 'date') td.classList.add('htRight');
    },
  }));
}

/** The empty last row (def.spare) takes text only in its own column. */
function spareCellReadOnly(def: SheetDef, row: number, col: number): boolean {
  return !!def.spare && row === def.data.length - 1 && col !== def.spare.col;
}

/** The props the grid's handlers read when they run (the grid is created once per mount). */
type Latest = Pick<SheetProps, 'def' | 'onEdit' | 'evaluate' | 'readOnly' | 'describe' | 'rows'>;

/** The grid's fixed settings (the rest of the settings are its handlers, set in Sheet). */
function gridSettings(def: SheetDef, readOnly: boolean, height: SheetProps['height']): Handsontable.GridSettings {
  return {
    licenseKey: 'non-commercial-and-evaluation',
    themeName: 'ht-theme-main',
    data: def.data,
    columns: columnsOf(def, readOnly),
    colHeaders: def.columns.map((c) => c.title),
    colWidths: def.columns.map((c) => c.width),
    rowHeaders: true,
    // Handsontable names the corner header 'Select whole grid' (a fixed English aria-label; its column
    // index is not always negative, as it follows the horizontal scroll).
    afterGetColHeader: (_col, th) => void (th.getAttribute('aria-label') === 'Select whole grid' && th.setAttribute('aria-label', 'Hele tabel selecteren')),
    fixedColumnsStart: def.fixedCols,
    height,
    width: '100%',
    manualColumnResize: true,
    autoColumnSize: false,
    fillHandle: { autoInsertRow: false },
    copyPaste: { pasteMode: 'overwrite', rowsLimit: 10_000, columnsLimit: 200 },
    autoWrapRow: true,
    autoWrapCol: true,
    enterMoves: { row: 1, col: 0 },
    tabMoves: { row: 0, col: 1 },
    outsideClickDeselects: false,
    minSpareRows: 0,
    allowInsertRow: false,
    allowInsertColumn: false,
  };
}

/** Typed, pasted or filled values → the store (formulas evaluated, cells outside the sheet dropped). */
function sendToStore({ def: d, onEdit: edit, evaluate: ev }: Latest, raw: [number, number, unknown][], opts?: EditOptions) {
  const out: CellChange[] = [];
  const computing: Promise<void>[] = [];
  for (const [row, col, next] of raw) {
    // Past the last row only where the grid grows (the rows below its empty last row, def.spare).
    if ((row >= d.data.length && !d.spare) || col >= d.columns.length) continue;
    const change: CellChange = { row, col, value: next };
    // An entry grid keeps the formula (its store turns it into a formula edit, formulaCells.ts); elsewhere the
    // engine's worker computes it and the value is what is stored.
    if (typeof next === 'string' && next.trim().startsWith('=') && !d.entries) {
      const f = resolveFormula(next.trim(), (r, c) => {
        const v = d.data[r]?.[c];
        return typeof v === 'number' ? v : parseDutchValue(typeof v === 'string' ? v : null) ?? 0;
      });
      computing.push(ev(f).then((res) => void (change.value = typeof res === 'number' ? res : '#FOUT')));
    }
    out.push(change);
  }
  // A paste none of whose values fit still says so (its notice).
  const send = () => (out.length || opts?.notice) && edit(d, out, opts);
  if (computing.length) void Promise.all(computing).then(send);
  else send();
}

/** What the tool's actions call on the active grid (fill, insert and delete rows), besides Handsontable itself. */
function gridApi(hot: Handsontable, latest: { current: Latest }, hasRows: boolean, el: () => HTMLDivElement | null) {
  return {
    hot,
    fill(direction: 'down' | 'right') {
      const sel = hot.getSelectedLast();
      if (!sel) return;
      const from = { row: Math.max(0, Math.min(sel[0], sel[2])), col: Math.max(0, Math.min(sel[1], sel[3])) };
      const to = { row: Math.max(sel[0], sel[2]), col: Math.max(sel[1], sel[3]) };
      const { def: d, onEdit: edit } = latest.current;
      const out: CellChange[] = [];
      for (let r = from.row; r <= to.row; r++) {
        for (let c = from.col; c <= to.col; c++) {
          if (direction === 'down' && r === from.row) continue;
          if (direction === 'right' && c === from.col) continue;
          const col = d.columns[c];
          if (!col || col.computed || col.readOnly) continue;
          const src = direction === 'down' ? d.data[from.row]?.[c] : d.data[r]?.[from.col];
          out.push({ row: r, col: c, value: src ?? null });
        }
      }
      if (out.length) edit(d, out);
    },
    fillDown() {
      this.fill('down');
    },
    fillRight() {
      this.fill('right');
    },
    // The tool's action registry (Ctrl+Shift+=, Ctrl+-, the right-click menu), in grids whose rows are entries.
    insertRows: hasRows ? (where: 'above' | 'below') => {
      const r = selectedRows(hot, -1);
      if (r.length && el()?.offsetParent) latest.current.rows?.insert(where === 'above' ? r[0]! : r.at(-1)!, where, r.length);
    } : undefined,
    deleteRows: hasRows ? () => {
      const r = selectedRows(hot, spareRowOf(latest.current.def));
      if (r.length && el()?.offsetParent) latest.current.rows?.remove(r);
    } : undefined,
    canDeleteRows: hasRows ? () => selectedRows(hot, spareRowOf(latest.current.def)).length > 0 : undefined,
    cut: () => clipboardOf(hot).cut(),
    copy: () => clipboardOf(hot).copy(),
    async paste() {
      // Reading the clipboard needs the browser's consent.
      const read = navigator.clipboard?.readText?.();
      if (!read) throw new Error(PASTE_REFUSED);
      const text = await read;
      hot.listen();
      clipboardOf(hot).paste(text);
    },
  };
}

/** A new def from the store: new settings when the grid's shape changed, new rows when their count did, else the changed values. */
function updateGrid(hot: Handsontable, def: SheetDef, readOnly: boolean, shapeRef: { current: string }, dataRef: { current: SheetDef['data'] }) {
  const s = shape(def, readOnly);
  const data = dataRef.current;
  if (s !== shapeRef.current) {
    shapeRef.current = s;
    dataRef.current = def.data;
    hot.updateSettings({
      data: def.data,
      columns: columnsOf(def, readOnly),
      colHeaders: def.columns.map((c) => c.title),
      colWidths: def.columns.map((c) => c.width),
      fixedColumnsStart: def.fixedCols,
    });
  } else if (data.length !== def.data.length) {
    dataRef.current = def.data;
    hot.updateData(def.data);
  } else {
    // Same shape: copy the values into the grid's own arrays and repaint only the changed cells
    // that are on screen (a full render re-measures the whole table and its overlays: hundreds of
    // ms on a large model). A changed label (the frozen column) gets the full render.
    const changed: [number, number][] = [];
    let full = false;
    for (let r = 0; r < data.length; r++) {
      const a = data[r]!;
      const b = def.data[r]!;
      for (let c = 0; c < b.length; c++) {
        if (a[c] !== b[c]) {
          a[c] = b[c]!;
          if (c < def.fixedCols) full = true;
          else changed.push([r, c]);
        }
      }
    }
    if (full) hot.render();
    else repaintCells(hot, changed, data);
  }
}

export const Sheet = memo(function Sheet({ def, readOnly, onEdit, evaluate, height = 420, testId, active = true, describe, overlay, rows, actions }: SheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const hotRef = useRef<Handsontable | null>(null);
  const latest = useRef({ def, onEdit, evaluate, readOnly, describe, rows });
  latest.current = { def, onEdit, evaluate, readOnly, describe, rows };
  const [selected, setSelected] = useState<{ row: number; col: number } | null>(null);
  const sendRef = useRef<(raw: [number, number, unknown][]) => void>(() => {});
  /** A percentage just typed as a bare number ≤ 1, with its other reading (issue 15). */
  const [note, setNote] = useState<(PercentNote & { row: number; col: number }) | null>(null);
  const shapeRef = useRef('');
  const dataRef = useRef(def.data);

  useEffect(() => {
    const hot = new Handsontable(ref.current!, {
      ...gridSettings(def, readOnly, height),
      cells(row, col) {
        // In a grid with a spare row, or rows of another method, a row's cells change their read-only state as
        // rows come and go (cell meta outlives updateData): the columns' rule, the spare row's, the method's.
        const d = latest.current.def;
        if (!d.spare && !d.inactive) return {};
        const c = d.columns[col];
        const inactive = (!c?.computed && !c?.readOnly && d.inactive?.(row)) || null;
        return { readOnly: latest.current.readOnly || !!c?.computed || !!c?.readOnly || spareCellReadOnly(d, row, col) || !!inactive, inactive };
      },
      contextMenu: rows && actions ? contextMenuOf(actions) : false,
      beforeChange(changes, source) {
        if (source === 'updateData' || source === 'loadData') return;
        // Readers cannot change anything (the grid is read-only; this also stops paste and fill).
        if (latest.current.readOnly) return false;
        const raw: [number, number, unknown][] = [];
        for (const ch of changes) {
          if (!ch) continue;
          const [row, prop, , next] = ch;
          raw.push([row, typeof prop === 'number' ? prop : Number(prop), next]);
        }
        // Delete, Backspace and Cut empty the selection (Handsontable's emptySelectedCells: null per cell).
        const clear = source === 'CopyPaste.cut' || raw.every(([, , v]) => v === null);
        send(raw, clear ? { clear } : undefined);
        notePercent(source === 'edit' && raw.length === 1 ? raw[0]! : null);
        // The change is cancelled: Handsontable would now re-render the whole table although
        // nothing changed in its data; the store's answer repaints the changed cells instead.
        skipRender = true;
        queueMicrotask(() => (skipRender = false));
        return false;
      },
      beforePaste(data) {
        // A pasted block goes to the store as one batch straight away: Handsontable's own paste
        // (populateFromArray: cell meta and a change per cell, then a full render) costs more than the
        // edit itself on a large block. The cells are the ones Handsontable would write (pastedCells).
        if (latest.current.readOnly) return false;
        const range = hot.getSelectedRangeActive();
        if (!range) return false;
        const from = range.getTopStartCorner();
        const to = range.getBottomEndCorner();
        const { cells, area, notation, lost } = pastedCells(latest.current.def, data, { row: from.row ?? 0, col: from.col ?? 0 }, { row: to.row ?? 0, col: to.col ?? 0 });
        const notice = [notation === 'en' ? ENGLISH_PASTE_NOTICE : '', lost ? lostPasteNotice(lost) : ''].filter(Boolean).join(' ');
        send(cells, notice ? { notice } : undefined);
        // Rows a paste added below the grid come with the store's answer: select what is there now.
        if (area) hot.selectCell(area.row, area.col, Math.min(area.lastRow, hot.countRows() - 1), area.lastCol, false);
        return false;
      },
      beforeCopy(data) {
        for (const row of data) for (let i = 0; i < row.length; i++) if (typeof row[i] === 'number') row[i] = toDutchEditText(row[i] as number);
      },
      afterSelection() {
        setActiveSheet(api);
      },
      // The menu's actions work on the active grid: the one right-clicked.
      beforeContextMenuShow() {
        setActiveSheet(api);
      },
      afterSelectionEnd(row, col) {
        if (row >= 0 && col >= 0) setSelected({ row, col });
      },
    });
    let skipRender = false;
    const send = (raw: [number, number, unknown][], opts?: EditOptions) => sendToStore(latest.current, raw, opts);
    /** A bare number ≤ 1 typed into a percentage cell gets the note with its other reading. */
    const notePercent = (typed: [number, number, unknown] | null) => {
      const n = typed && isPercentCell(latest.current.def, typed[0], typed[1]) ? percentNote(typed[2]) : null;
      setNote(n && { ...n, row: typed![0], col: typed![1] });
    };
    sendRef.current = send;
    editorFormula.set(hot, (row, col) => {
      const c = latest.current.describe?.(latest.current.def, row, col);
      return c?.editable && c.text.startsWith('=') ? c.text : null;
    });
    const fullRender = hot.render.bind(hot);
    hot.render = () => {
      if (skipRender) {
        skipRender = false;
        return;
      }
      fullRender();
    };
    const api = gridApi(hot, latest, !!rows, () => ref.current);
    hotRef.current = hot;
    // Tests and the benchmark drive the grid through its own API.
    (ref.current as HTMLDivElement & { hot?: Handsontable }).hot = hot;
    shapeRef.current = shape(def, readOnly);
    openAtPeriods(hot, def);
    return () => {
      if (activeSheet?.hot === hot) setActiveSheet(null);
      hot.destroy();
      hotRef.current = null;
    };
    // created once per mount; later changes go through the effect below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const hot = hotRef.current;
    if (hot) updateGrid(hot, def, readOnly, shapeRef, dataRef);
  }, [def, readOnly]);

  useRemeasureWhenShown(active, ref, hotRef);

  const contents = describe && selected ? describe(def, selected.row, selected.col) : null;
  const hot = hotRef.current;
  const noted = note && hot && wrapRef.current && def.data[note.row]?.[note.col] === note.typed ? note : null;
  return (
    <>
      {describe && (
        <FormulaBar
          contents={contents}
          readOnly={readOnly}
          testId={`${testId}-formula-bar`}
          onCommit={(text) => selected && sendRef.current([[selected.row, selected.col, text]])}
          onDone={() => selected && hotRef.current?.selectCell(selected.row, selected.col)}
          onFocus={() => hotRef.current?.unlisten()}
        />
      )}
      <div ref={wrapRef} className="gs-sheet-wrap">
        <div ref={ref} className="gs-sheet" data-testid={testId} />
        {overlay}
        {noted && hot && (
          <GridPercentNote hot={hot} wrap={wrapRef.current!} row={noted.row} col={noted.col} note={noted} onClose={() => setNote(null)} onPick={() => {
            setNote(null);
            latest.current.onEdit(latest.current.def, [{ row: noted.row, col: noted.col, value: noted.alternative }]);
            hot.listen();
          }} />
        )}
      </div>
    </>
  );
});

/** Shown again after display:none a grid's DOM is intact; only a window resize meanwhile needs a re-measure. */
/** Room the periods need beside the columns before them: three, so a trend can be read (issue 35.9). */
const PERIODS_IN_VIEW = 3;
/** Handsontable's default width of the row numbers (rowHeaders: true). */
const ROW_HEADER_WIDTH = 50;

/**
 * Where the columns before the periods (Fasering: Sectie, Methode and the dates, 450 px) leave fewer than
 * three period columns in view — a laptop at 1280 × 800 —, the grid opens scrolled to its first period,
 * the frozen description beside it; those columns are a scroll to the left, at their full width. A wider
 * window opens at the start as before.
 */
function openAtPeriods(hot: Handsontable, def: SheetDef) {
  const first = def.columns.findIndex((c) => c.period);
  const room = hot.rootElement.clientWidth - ROW_HEADER_WIDTH;
  if (first <= def.fixedCols || room <= 0) return;
  const width = (from: number, to: number) => def.columns.slice(from, to).reduce((sum, c) => sum + c.width, 0);
  if (width(0, first) + width(first, first + PERIODS_IN_VIEW) <= room) return;
  hot.scrollViewportTo({ col: first, horizontalSnap: 'start' });
}

function useRemeasureWhenShown(active: boolean, el: RefObject<HTMLDivElement | null>, hot: RefObject<Handsontable | null>) {
  const wasActive = useRef(active);
  useEffect(() => {
    const div = el.current!;
    if (active && !wasActive.current && div.dataset.width !== String(window.innerWidth)) hot.current?.refreshDimensions();
    if (active) div.dataset.width = String(window.innerWidth);
    wasActive.current = active;
  }, [active, el, hot]);
}

/** The index of the empty last row, or -1. */
const spareRowOf = (def: SheetDef) => (def.spare ? def.data.length - 1 : -1);

/**
 * Re-run the renderer of the given cells where they are in the DOM. When that changes a row's
 * height (a value that now wraps), the frozen column's copy of the row no longer lines up: then
 * the whole table is rendered after all.
 */
function repaintCells(hot: Handsontable, cells: [number, number][], data: Cell[][]) {
  // Only cells in the rendered rows and columns are in the DOM (asking for the others costs ~5 µs each).
  const v = hot.view;
  const range = [v.getFirstRenderedVisibleRow(), v.getLastRenderedVisibleRow(), v.getFirstRenderedVisibleColumn(), v.getLastRenderedVisibleColumn()];
  const [r0, r1, c0, c1] = range.every((x) => typeof x === 'number' && x >= 0) ? (range as number[]) : [0, Infinity, 0, Infinity];
  const tds: [HTMLTableCellElement, number, number][] = [];
  for (const [r, c] of cells) {
    if (r < r0! || r > r1! || c < c0! || c > c1!) continue;
    const td = hot.getCell(r, c);
    if (td) tds.push([td, r, c]);
  }
  if (tds.length === 0) return;
  const heights = new Map<Element, number>();
  for (const [td] of tds) {
    const tr = td.parentElement!;
    if (!heights.has(tr)) heights.set(tr, (tr as HTMLElement).offsetHeight);
  }
  for (const [td, r, c] of tds) {
    const render = hot.getCellRenderer(r, c) as (...args: unknown[]) => void;
    render(hot, td, r, c, c, data[r]![c], hot.getCellMeta(r, c));
  }
  for (const [tr, h] of heights) {
    if ((tr as HTMLElement).offsetHeight !== h) {
      hot.render();
      return;
    }
  }
}

function shape(def: SheetDef, readOnly: boolean): string {
  return `${def.id}|${readOnly}|${def.columns.map((c) => `${c.key}:${c.kind}:${c.options?.length ?? ''}:${c.pctRows?.join('') ?? ''}`).join(',')}`;
}
