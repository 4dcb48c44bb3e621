// Formulas typed into the workbench's input cells (`=1000*12`, `=B3*2`), kept beside the value in the model
// data: `formulas` on a cost or residential entry maps an input field (`amount`, `phasing:PER_03`) to the
// formula text. The value stays the stored number, so every reader of model data keeps working; this
// module keeps the two consistent. A stored formula refers to other cells by model identity, not by
// grid position — `[cost:12:amount]`, `[residential:4:phasing:PER_02]` — so inserting, deleting or
// sorting entries never changes what it means; the workbench shows it in its grid's letters and numbers
// (src/workbench/formulaCells.ts) and the export in the workbook's (engine.inputFormulas).
//
// Evaluation: the references are replaced by the current values and HyperFormula computes the text in
// an empty workbook of its own, with the engine's settings — the same code in the browser (after every
// edit) and on the server (on save), so a value that does not match its formula is refused there.
import { type CellValue, DetailedCellError, HyperFormula } from 'hyperformula';
import type { ModelData, PeriodCode, ValueType } from '../model/modelData.ts';
import { FORMULA_FIELD } from '../model/modelData.ts';
import { type Edit, fieldEdit } from './engineModelEdits.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import { countPeriods, periodIndex } from './periods.ts';
import { SECTIONS, entriesOf, fieldOf, formulaField, perSections, sectionOf } from '../model/sections.ts';
import type { AnyEntry, EntryKind } from '../model/section.ts';
import type { Problem } from '../model/problem.ts';

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

/** A formula text as HyperFormula computes it: a HyperFormula value, or a thrown parse error. */
export type Calculate = (formula: string) => CellValue;

let calculator: Calculate | null = null;
/** HyperFormula with the engine's settings and one empty sheet, made once per process. */
export function formulaCalculator(): Calculate {
  if (!calculator) {
    const hf = HyperFormula.buildFromSheets({ Formules: [] }, { ...HF_CONFIG });
    calculator = (f) => {
      const v = hf.calculateFormula(f, 0);
      return Array.isArray(v) ? (v[0]?.[0] ?? null) : v;
    };
  }
  return calculator;
}

/** Functions whose result differs from one evaluation to the next: the server could never confirm the value. */
const VOLATILE = /\b(RAND|RANDBETWEEN|NOW|TODAY)\s*\(/i;
/** A cell reference that is not one of ours (A1, $B$2, Blad!C3) — in the empty workbook it would read 0. */
const FOREIGN_REF = /(?:^|[^A-Z0-9_.[:"])\$?[A-Z]{1,3}\$?\d+(?![\d(:A-Z_])|!/i;

export const FORMULA_MSG = {
  notAllowed: 'In deze cel kan geen formule staan.',
  missing: (f: string) => `De formule ${f} verwijst naar een cel die niet bestaat.`,
  foreign: (f: string) => `De formule ${f} verwijst naar een cel buiten de invoer van het model.`,
  volatile: (f: string) => `De formule ${f} gebruikt een functie die steeds iets anders geeft (ASELECT, NU, VANDAAG).`,
  invalid: (f: string) => `De formule ${f} is ongeldig.`,
  notNumber: (f: string, v: string) => `De formule ${f} geeft geen getal (${v}).`,
  cycle: (f: string) => `De formule ${f} verwijst (via andere cellen) naar zichzelf.`,
  mismatch: (f: string, stored: number, computed: number) => `De waarde ${stored} past niet bij de formule ${f}, die ${computed} geeft.`,
} as const;

interface Formula {
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

/** The formula's value from the given cell values; a Dutch problem when it is refused. */
function evaluate(f: Formula, valueOf: (r: FieldRef) => number, calc: Calculate): number | string {
  if (VOLATILE.test(f.text)) return FORMULA_MSG.volatile(f.text);
  const inline = mapReferences(f.text, (r) => `(${valueOf(r)})`);
  if (FOREIGN_REF.test(inline.replace(/"[^"]*"/g, '""'))) return FORMULA_MSG.foreign(f.text);
  let v: CellValue;
  try {
    v = calc(inline);
  } catch {
    return FORMULA_MSG.invalid(f.text);
  }
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v instanceof DetailedCellError) return v.type === 'ERROR' ? FORMULA_MSG.invalid(f.text) : FORMULA_MSG.notNumber(f.text, v.value);
  return FORMULA_MSG.notNumber(f.text, String(v));
}

export type Settled = { ok: true; values: { ref: FieldRef; value: number }[] } | { ok: false; problems: Problem[] };

/**
 * The values the formulas give, in the order their references need (a formula may refer to a cell
 * that holds a formula itself). `touched`: the cells that changed (and formulas that were set); only
 * formulas that depend on them are computed — null computes all. Answers the cells whose stored value
 * differs from their formula's, or the problems (references to cells that do not exist, a cycle, a
 * formula HyperFormula refuses or that gives no number).
 */
export function settleFormulas(m: ModelData, touched: Set<string> | null, calc: Calculate = formulaCalculator()): Settled {
  const all = formulasOf(m);
  if (all.length === 0) return { ok: true, values: [] };
  const byKey = new Map(all.map((f) => [f.key, f]));
  const problems: Problem[] = [];
  // Depth-first order over the references; a reference back onto the path is a cycle.
  const order: Formula[] = [];
  const state = new Map<string, 'busy' | 'done'>();
  const visit = (f: Formula): boolean => {
    const s = state.get(f.key);
    if (s === 'done') return true;
    if (s === 'busy') return false;
    state.set(f.key, 'busy');
    for (const r of f.refs) {
      const g = byKey.get(refKey(r));
      if (g && !visit(g)) {
        state.set(f.key, 'done');
        problems.push({ path: f.path, message: FORMULA_MSG.cycle(f.text) });
        return true;
      }
    }
    state.set(f.key, 'done');
    order.push(f);
    return true;
  };
  for (const f of all) {
    if (!cellExists(m, f.ref)) problems.push({ path: f.path, message: FORMULA_MSG.notAllowed });
    else if (f.refs.some((r) => !cellExists(m, r))) problems.push({ path: f.path, message: FORMULA_MSG.missing(f.text) });
    else visit(f);
  }
  if (problems.length) return { ok: false, problems };
  const dirty = touched ? new Set(touched) : null;
  const computed = new Map<string, number>();
  const valueOf = (r: FieldRef) => computed.get(refKey(r)) ?? cellValue(m, r);
  const values: { ref: FieldRef; value: number }[] = [];
  for (const f of order) {
    if (dirty && !dirty.has(f.key) && !f.refs.some((r) => dirty.has(refKey(r)))) continue;
    const v = evaluate(f, valueOf, calc);
    if (typeof v === 'string') {
      problems.push({ path: f.path, message: v });
      continue;
    }
    computed.set(f.key, v);
    if (v !== cellValue(m, f.ref)) {
      values.push({ ref: f.ref, value: v });
      dirty?.add(f.key);
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, values };
}

/**
 * The server's check of model data it receives: every formula is one the engine computes, and every
 * stored value is what its formula gives (to 1e-9 relative: the same arithmetic in browser and Node).
 */
export function checkFormulas(m: ModelData): Problem[] {
  const s = settleFormulas(m, null);
  if (!s.ok) return s.problems;
  const paths = new Map(formulasOf(m).map((f) => [f.key, f]));
  return s.values
    .filter(({ ref, value }) => Math.abs(value - cellValue(m, ref)) > 1e-9 * Math.max(1, Math.abs(value)))
    .map(({ ref, value }) => {
      const f = paths.get(refKey(ref))!;
      return { path: f.path, message: FORMULA_MSG.mismatch(f.text, cellValue(m, ref), value) };
    });
}

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
