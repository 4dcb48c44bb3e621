import { useCallback, useEffect, useRef, useState } from 'react';
import { InputGroup } from '@blueprintjs/core';
import type { CellValue } from 'hyperformula';
import { type Edit, currentEdit } from '../formulas/engineModelEdits.ts';
import type { Problem } from '../model/problem.ts';
import { INVALID_DATE, parseDutchDate, formatDutchDate, toDutchEditText } from '../lib/dutchNumber.ts';
import { type CellChange, type SheetDef, numberOf } from './sheets.ts';
import { cellEdits, cellContents } from './formulaCells.ts';
import { MSG } from './workbenchContract.ts';
import type { WorkbenchStore } from './WorkbenchStore.ts';
import { type Answer, whenAnswered } from './engineSession.ts';
import { percentFieldText, percentInput } from './percentInput.ts';
import { entriesOf, sectionOf } from '../model/sections.ts';
import type { EntryKind } from '../model/section.ts';
import { formatMoney, formatNumber } from '../lib/nlFormat.ts';

export interface Toaster {
  error(message: string, timeout?: number): unknown;
  warning(message: string): unknown;
  success(message: string): unknown;
}

const DATE_PATH = /date|phasing_period/;
const isDateProblem = (p: Problem) => DATE_PATH.test(p.path) || /datum/i.test(p.message);

/** Toast for refused edits: date problems last 10 s (spec 3 §5). */
export function showProblems(toasts: Toaster, problems: Problem[]): void {
  const first = problems[0];
  if (!first) return;
  toasts.error(first.message, problems.some(isDateProblem) ? 10_000 : 5_000);
}

/** How the changed cells came: `clear` — Delete, Backspace or Cut emptied them. */
export interface EditOptions {
  clear?: boolean;
  /** Said once the cells are applied (how a pasted block was read). */
  notice?: string;
}

/** The handler of the grids whose cells map to engine edits. */
export function useSheetEdit(store: WorkbenchStore, toasts: Toaster) {
  return useCallback((def: SheetDef, changes: CellChange[], opts?: EditOptions) => applyCellChanges(store, toasts, def, changes, opts), [store, toasts]);
}

/**
 * Changed cells → one step of the store (one undo step however many cells). Refused cells are left as
 * they were with one toast for the block; cleared cells that need a value keep it and the toast names
 * their columns. Cells in and below the empty last row (def.spare: typed or pasted there) add an entry
 * per row with the row's other cells (issue 23: a block from Excel pasted onto 'Nieuwe post…').
 */
export function applyCellChanges(store: WorkbenchStore, toasts: Toaster, def: SheetDef, changes: CellChange[], opts: EditOptions = {}): Answer {
  if (store.readOnly) return null;
  const spareRow = def.spare ? def.data.length - 1 : Infinity;
  const refused = new Refusals(opts);
  const edits = cellsToEdits(store, def, changes.filter((ch) => ch.row < spareRow), refused);
  const added = changes.filter((ch) => ch.row >= spareRow && !isBlank(ch.value));
  const switched = methodSwitches(store, edits);
  const answer = added.length
    ? store.batch(() => store.andThen(store.applyEdits(edits), () => addRows(store, def, spareRow, added, refused)))
    : store.applyEdits(edits);
  // Said once the engine has answered (the new rows' cells are read then): one toast for a block with
  // refused cells, the other cells applied.
  whenAnswered(answer, (problems) => {
    const error = refused.message();
    if (error) showProblems(toasts, [{ path: '', message: error }]);
    if (problems) showProblems(toasts, problems);
    else {
      const said = switched();
      if (said) toasts.warning(said);
      if (opts.notice) toasts.warning(opts.notice);
    }
  });
  return answer;
}

/**
 * A post switched to another calculation method counts that method's values, typed perhaps long before:
 * said with the estimate before and after (issue 35), read from the engine's results. Call the answer
 * after the edits are applied.
 */
function methodSwitches(store: WorkbenchStore, edits: Edit[]): () => string | null {
  const estimateOf = (kind: EntryKind, id: number) => store.results?.entries[kind]?.find((e) => e.id === id)?.estimate ?? 0;
  const posts = edits.map(currentEdit).flatMap((e) => {
    if (e.kind !== 'entryField') return [];
    const kind = e.entry;
    const { estimate } = sectionOf(kind);
    if (!('method' in estimate) || e.field !== estimate.method) return [];
    const entry = store.model && entriesOf(store.model, kind).find((x) => x.id === e.id);
    if (!entry || (entry as unknown as Record<string, unknown>)[estimate.method] === e.value) return [];
    return [{ kind, id: e.id, label: entry.label, method: String(e.value), was: estimateOf(kind, e.id) }];
  });
  return () => {
    if (!posts.length) return null;
    const lines = posts.map((p) => {
      const method = sectionOf(p.kind).methods?.find((c) => c.value === p.method)?.label ?? p.method;
      return `Post '${p.label}' rekent nu met ${method}: de raming wordt ${formatMoney(estimateOf(p.kind, p.id))} (was ${formatMoney(p.was)}).`;
    });
    return `${lines.join(' ')} Ongedaan maken met Ctrl+Z.`;
  };
}

/**
 * The first refusal of a block, or the required columns a clearing (Delete, Cut) left alone. A text that
 * names no choice of a choice column is said for each cell, by column and post, with the choices (issue 35).
 */
class Refusals {
  private first: string | null = null;
  private readonly kept = new Set<string>();
  /** Per column and refusal: the rows it refused. */
  private readonly choices = new Map<string, { title: string; error: string; rows: string[] }>();
  constructor(private readonly opts: EditOptions) {}
  add(def: SheetDef, row: number, col: number, error: string) {
    const c = def.columns[col];
    if (this.opts.clear) this.kept.add(c?.title ?? '');
    else if (c?.kind === 'select') {
      const key = `${col}|${error}`;
      const at = this.choices.get(key) ?? { title: c.title, error, rows: [] };
      this.choices.set(key, at);
      at.rows.push(rowName(def, row));
    } else this.first ??= error;
  }
  message(): string | null {
    if (this.kept.size) return `Verplichte cellen zijn niet leeggemaakt: ${[...this.kept].join(', ')}.`;
    const lines = [...this.choices.values()].map((r) => `${r.title} bij ${r.rows.join(', ')} niet overgenomen: ${r.error}`);
    return [...lines, ...(this.first ? [this.first] : [])].join(' ') || null;
  }
}

/** A row as a modeller knows it: its post's label, else its number. */
function rowName(def: SheetDef, row: number): string {
  const label = def.data[row]?.[def.columns.findIndex((c) => c.key === 'label')];
  return typeof label === 'string' && label.trim() ? `'${label.trim()}'` : `rij ${row + 1}`;
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function cellsToEdits(store: WorkbenchStore, def: SheetDef, changes: CellChange[], refused: Refusals): Edit[] {
  const edits: Edit[] = [];
  for (const ch of changes) {
    const r = store.model ? cellEdits(def, store.model, ch.row, ch.col, ch.value) : def.toEdits(ch.row, ch.col, ch.value);
    if ('error' in r) refused.add(def, ch.row, ch.col, r.error);
    else edits.push(...r);
  }
  return edits;
}

/** New entries for the rows from the empty last row on, named by their label cell, then their other cells. */
function addRows(store: WorkbenchStore, def: SheetDef, spareRow: number, cells: CellChange[], refused: Refusals): Answer {
  const spare = def.spare!;
  const rows = [...new Set(cells.map((ch) => ch.row))].sort((a, b) => a - b);
  const labels = rows.map((r) => {
    const label = cells.find((ch) => ch.row === r && ch.col === spare.col)?.value;
    return isBlank(label) ? null : String(label).trim();
  });
  return store.andThen(spare.add(labels), () => {
    // The grid with the new entries: row `spareRow + i` is the entry of rows[i] (blank rows add none).
    const next = spare.next();
    const at = new Map(rows.map((r, i) => [r, spareRow + i]));
    const rest = cells.filter((ch) => ch.col !== spare.col).map((ch) => ({ ...ch, row: at.get(ch.row)! }));
    return store.applyEdits(cellsToEdits(store, next, rest, refused));
  });
}

/** The formula bar's contents of an entry grid's cell (formulaCells.ts). */
export function useDescribe(store: WorkbenchStore) {
  return useCallback((def: SheetDef, row: number, col: number) => cellContents(def, store.engine, row, col), [store]);
}

/** The value of a typed formula (values only, formula.ts), computed by the engine in its worker. */
export function useEvaluate(store: WorkbenchStore) {
  return useCallback(async (formula: string): Promise<CellValue> => (store.engine ? store.engine.calculate(formula) : null), [store]);
}

/** Whether a field's value was taken: false puts the shown value back; a promise says so once the engine has answered. */
export type Committed = boolean | void | Promise<boolean>;

/** A text field committed on blur/Enter (numbers and dates typed the Dutch way). */
export function CommitField({ value, onCommit, onClear, disabled, kind, label, id, width = 160, onText, describedBy }: {
  value: string | number | null;
  onCommit: (v: string | number) => Committed;
  /** A field that may be empty: emptying it calls this instead of refusing the text. */
  onClear?: () => Committed;
  disabled?: boolean;
  /**
   * 'percent': shown as the percentage; typed as a number, where '1 %' says percent outright (percentInput).
   * 'amount': a number shown with thousands and two decimals (the value keeps its precision until typed over).
   */
  kind: 'number' | 'amount' | 'percent' | 'date' | 'text';
  label: string;
  id: string;
  width?: number;
  /** Each text the user types; null when Esc puts the value back (PercentField's note follows it). */
  onText?: (text: string | null) => void;
  /** The id of the text that explains the field. */
  describedBy?: string;
}) {
  const shown = kind === 'date' ? formatDutchDate(value as string)
    : kind === 'percent' ? percentFieldText(value as number)
      : kind === 'number' ? toDutchEditText(value as number) : kind === 'amount' ? formatNumber(value as number | null) : String(value ?? '');
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(shown), [shown]);
  // A refusal the engine answers later puts back the value shown then (the model's, which it left as it was).
  const latest = useRef(shown);
  latest.current = shown;
  const taken = (r: Committed) => {
    if (r === false) setText(shown);
    else if (r instanceof Promise) void r.then((ok) => !ok && setText(latest.current));
  };
  const commit = () => {
    if (text === shown) return;
    if (onClear && text.trim() === '') {
      setError(null);
      taken(onClear());
      return;
    }
    let v: string | number | null;
    if (kind === 'date') v = parseDutchDate(text);
    else if (kind === 'number' || kind === 'amount') v = numberOf(text) ?? null;
    else if (kind === 'percent') v = percentInput(text, value as number) ?? null;
    else v = text;
    if (v === null) {
      setError(kind === 'date' ? INVALID_DATE : 'Voer een getal in.');
      return;
    }
    setError(null);
    taken(onCommit(v));
  };
  return (
    <label className="gs-wb-field" htmlFor={id}>
      <span>{label}</span>
      <InputGroup
        id={id}
        aria-describedby={describedBy}
        value={text}
        disabled={disabled}
        style={{ width }}
        intent={error ? 'danger' : 'none'}
        onChange={(e) => {
          setText(e.target.value);
          onText?.(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setText(shown);
            onText?.(null);
          }
        }}
      />
      {error && <small className="gs-wb-error">{error}</small>}
    </label>
  );
}

export { MSG };
