// Formulas typed into the workbench's input cells (`=1000*12`, `=B3*2`), kept beside the value in the model
// data: `formulas` on a cost or residential entry maps an input field (`amount`, `phasing:PER_03`) to the
// formula text. The value stays the stored number, so every reader of model data keeps working; this
// module keeps the two consistent. A stored formula refers to other cells by model identity, not by
// grid position — `[cost:12:amount]`, `[residential:4:phasing:PER_02]` — so inserting, deleting or
// sorting entries never changes what it means; the workbench shows it in its grid's letters and numbers
// (src/workbench/formulaCells.ts) and the export in the workbook's (engine.inputFormulas).
//
// Evaluation: the references are replaced by the current values and HyperFormula computes the text in
// an empty workbook of its own, with the engine's settings — the same code in the engine (after every
// edit; in the browser its worker) and on the server (on save), so a value that does not match its formula
// is refused there. The references themselves (reading, naming, dropping them) are in formulaRefs.ts.
import { type CellValue, DetailedCellError, HyperFormula } from 'hyperformula';
import type { ModelData } from '../model/modelData.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import type { Problem } from '../model/problem.ts';
import { type FieldRef, type Formula, cellExists, cellValue, formulasOf, mapReferences, refKey } from './formulaRefs.ts';

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
