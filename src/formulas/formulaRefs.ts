// The references of the formulas typed into the workbench's input cells (cellFormulas.ts says what they are):
// a stored formula names other cells by model identity (`[cost:12:amount]`). Reading, naming and dropping
// them needs no HyperFormula, so the workbench's own code (formula bar, entry rows, period remap) takes them
// from here and HyperFormula stays in the engine's worker (issue 38).
import type { ModelData, PeriodCode, ValueType } from '../model/modelData.ts';
import { FORMULA_FIELD } from '../model/modelData.ts';
import { type Edit, fieldEdit } from './engineModelEdits.ts';
import { countPeriods, periodIndex } from './periods.ts';
import type { Block, WorkbookLayout } from './workbookLayout.ts';
import { SECTIONS, entriesOf, fieldOf, formulaField, perSections, sectionOf } from '../model/sections.ts';
import type { AnyEntry, EntryKind } from '../model/section.ts';

export type FormulaList = 'phasing' | 'bookvalue' | 'indexing';
/** An input cell of the model: an entry and one of its number fields (`amount`) or period values (`phasing:PER_03`). */
export interface FieldRef {
  entry: EntryKind;
  id: number;
  field: string;
}

/** Whether a formula may stand in a scalar field: a number field an edit writes, of those the schema lets formulas name. */
export const formulaScalar = (kind: EntryKind, field: string) => FORMULA_FIELD.test(field) && formulaField(sectionOf(kind), field);

/** A reference in a stored formula (to an entry of any section). */
const token = perSections(() => new RegExp(`\\[(${SECTIONS.map((s) => s.kind).join('|')}):(\\d+):([a-z_]+(?::[A-Z0-9_]+)?)\\]`, 'g'));
export const refKey = (r: FieldRef) => `${r.entry}:${r.id}:${r.field}`;
export const refToken = (r: FieldRef) => `[${refKey(r)}]`;

/** The references of a stored formula, in order of appearance. */
export function referencesOf(text: string): FieldRef[] {
  return [...text.matchAll(token())].map((m) => ({ entry: m[1] as EntryKind, id: Number(m[2]), field: m[3]! }));
}

/** Replace each reference of a stored formula (`replace` gets the reference and whether it stands in an inline array). */
export function mapReferences(text: string, replace: (r: FieldRef, inArray: boolean) => string): string {
  let depth = 0;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(token())) {
    for (const ch of text.slice(last, m.index)) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
    out += text.slice(last, m.index) + replace({ entry: m[1] as EntryKind, id: Number(m[2]), field: m[3]! }, depth > 0);
    last = m.index + m[0].length;
  }
  return out + text.slice(last);
}

const wholeToken = perSections(() => new RegExp(`^${token().source}$`));

/**
 * A stored formula with its references named by their cells (`B3` in a grid, `Woningbouw!C4` in the
 * workbook). An inline array of references (a range typed in a grid) that is a rectangle of one sheet
 * there becomes the range `first:last`. Null when a reference has no cell, or an array of references
 * is no rectangle (a range cannot name it, and Excel takes no references in an array constant).
 */
export function nameReferences<C extends { sheet?: string; row: number; col: number }>(
  text: string, cellOf: (r: FieldRef) => C | null, name: (c: C) => string,
): string | null {
  let ok = true;
  const tokenCell = (t: string) => {
    const m = wholeToken().exec(t.trim());
    return m ? cellOf({ entry: m[1] as EntryKind, id: Number(m[2]), field: m[3]! }) : undefined;
  };
  const ranged = text.replace(/\{([^{}]*)\}/g, (whole, body: string) => {
    const rows = body.split(';').map((row) => row.split(',').map(tokenCell));
    if (rows.every((row) => row.every((c) => c === undefined))) return whole; // numbers only
    const first = rows[0]![0];
    const rect = !!first && rows.every((row, i) => row.length === rows[0]!.length
      && row.every((c, j) => c && c.sheet === first.sheet && c.row === first.row + i && c.col === first.col + j));
    if (!rect) {
      ok = false;
      return whole;
    }
    const last = rows.at(-1)!.at(-1)!;
    return `${name(first)}:${name(last).replace(/^.*!/, '')}`;
  });
  const out = mapReferences(ranged, (r) => {
    const c = cellOf(r);
    if (!c) ok = false;
    return c ? name(c) : '';
  });
  return ok ? out : null;
}

export const listPath = (kind: EntryKind) => sectionOf(kind).list;

/** The list and period of a period field (`phasing:PER_03`), or null for a scalar field. */
export function periodField(field: string): { list: FormulaList; period: PeriodCode } | null {
  const [list, period] = field.split(':');
  return period ? { list: list as FormulaList, period: period as PeriodCode } : null;
}

/** Whether the model has this input cell (a formula may stand in it, or refer to it). */
export function cellExists(m: ModelData, r: FieldRef): boolean {
  if (!FORMULA_FIELD.test(r.field)) return false;
  if (!entriesOf(m, r.entry).some((e) => e.id === r.id)) return false;
  const p = periodField(r.field);
  if (!p) return formulaScalar(r.entry, r.field);
  const bp = m.base_parameters;
  return periodIndex(p.period) <= countPeriods(bp.phasing_calculation_start_date, bp.phasing_calculation_end_date, bp.phasing_period);
}

const itemsOf = (e: AnyEntry, list: FormulaList) =>
  list === 'phasing' ? e.phasing.phasing_items : list === 'bookvalue' ? e.bookvalue.bookvalue_items : e.indexing.indexing_items;

/** The value of an input cell (an empty period or method value is 0, as an empty cell in a workbook). */
export function cellValue(m: ModelData, r: FieldRef): number {
  const e = entriesOf(m, r.entry).find((x) => x.id === r.id);
  if (!e) return 0;
  const p = periodField(r.field);
  if (p) return itemsOf(e, p.list).find((it) => it.period === p.period)?.value ?? 0;
  const v = fieldOf(sectionOf(r.entry), r.field)?.get(e);
  return typeof v === 'number' ? v : 0;
}

/** The value type a period value of this list gets in this entry (as the workbench's grids write it). */
export function periodValueType(e: AnyEntry, list: FormulaList): ValueType {
  if (list === 'indexing') return 'Procentueel';
  if (list === 'phasing') return e.phasing.phasing_method === 'percentage' ? 'Procentueel' : 'Financeel';
  return e.bookvalue.bookvalue_items[0]?.value_type ?? 'Financeel';
}

/** The engine edit that stores a value in an input cell. */
export function valueEdit(m: ModelData, r: FieldRef, value: number): Edit {
  const p = periodField(r.field);
  if (p) {
    const e = entriesOf(m, r.entry).find((x) => x.id === r.id)!;
    return { kind: 'entryItem', entry: r.entry, id: r.id, list: p.list, period: p.period, value, valueType: periodValueType(e, p.list) };
  }
  return fieldEdit(r.entry, r.id, r.field, value);
}

export interface Formula {
  ref: FieldRef;
  key: string;
  text: string;
  path: string;
  refs: FieldRef[];
}

/** Every formula of the model, with the path of its text. */
export function formulasOf(m: ModelData): Formula[] {
  const out: Formula[] = [];
  for (const { kind } of SECTIONS) {
    entriesOf(m, kind).forEach((e, i) => {
      if (!e.formulas) return;
      for (const [field, text] of Object.entries(e.formulas)) {
        const ref = { entry: kind, id: e.id, field };
        out.push({ ref, key: refKey(ref), text, path: `${listPath(kind)}[${i}].formulas.${field}`, refs: referencesOf(text) });
      }
    });
  }
  return out;
}

export const hasFormulas = (m: ModelData) => SECTIONS.some(({ kind }) => entriesOf(m, kind).some((e) => e.formulas));

/**
 * Formulas whose cell or references no longer exist (an entry removed, fewer periods) are dropped; the
 * cell keeps its value, as a pasted value would. Returns how many were dropped.
 */
export function dropDanglingFormulas(m: ModelData): number {
  let dropped = 0;
  for (const f of formulasOf(m)) {
    if (cellExists(m, f.ref) && f.refs.every((r) => cellExists(m, r))) continue;
    removeFormula(m, f.ref);
    dropped++;
  }
  return dropped;
}

/** Drop the formulas in period cells and those referring to one (the period codes now mean other dates); answers how many. */
export function dropPeriodFormulas(m: ModelData): number {
  let dropped = 0;
  for (const f of formulasOf(m)) {
    if (!periodField(f.ref.field) && !f.refs.some((r) => periodField(r.field))) continue;
    removeFormula(m, f.ref);
    dropped++;
  }
  return dropped;
}

function removeFormula(m: ModelData, r: FieldRef): void {
  const e = entriesOf(m, r.entry).find((x) => x.id === r.id);
  if (!e?.formulas) return;
  delete e.formulas[r.field];
  if (Object.keys(e.formulas).length === 0) delete e.formulas;
}

/** The workbook cell of an entry's input field, or null (the engine's, and the formula bar's without an engine at hand). */
export function inputCellOf(L: WorkbookLayout, model: ModelData, r: FieldRef): { sheet: string; row: number; col: number } | null {
  const lay = L.sections[r.entry];
  const row = lay.rowOf.get(r.id);
  if (row === undefined) return null;
  const p = periodField(r.field);
  if (!p) return lay.col[r.field] === undefined ? null : { sheet: lay.sheet, row, col: lay.col[r.field]! };
  const k = periodIndex(p.period);
  if (k > L.n) return null;
  const col = (block: Block) => lay.blockStart[block] + k - 1;
  if (p.list === 'indexing') return { sheet: lay.sheet, row, col: k === 0 ? lay.col.indexBase! : col('indexOverride') };
  if (k === 0) return null;
  const e = entriesOf(model, r.entry).find((x) => x.id === r.id);
  const items = p.list === 'phasing' ? e?.phasing.phasing_items : e?.bookvalue.bookvalue_items;
  const pct = items?.find((it) => it.period === p.period)?.value_type === 'Procentueel';
  return { sheet: lay.sheet, row, col: col(p.list === 'phasing' ? (pct ? 'phasingP' : 'phasingF') : pct ? 'bookedP' : 'bookedF') };
}
