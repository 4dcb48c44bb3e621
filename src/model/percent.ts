// The model's percent notation (calculation.md): a stored percentage v ≤ 1 is a fraction, a larger one
// is v/100 (2.0 = 2 %, 0.02 = 2 %; 1 = 100 %). This file is the only place that rule is written, as
// a function and as formula text for the workbook.

/** The fraction a stored percentage means. */
export function pct(v: number): number {
  return v <= 1 ? v : v / 100;
}

/** pct as formula text without IF (cheap for HyperFormula); `x` is a cell reference, read twice. */
export const pctFormula = (x: string) => `${x}/(1+99*(${x}>1))`;

/** pct as formula text that evaluates `x` once (for an expression rather than a reference). */
export const pctFormulaOnce = (x: string) => `IF(${x}<=1,${x},${x}/100)`;

/**
 * The stored value for `fraction`, in the notation of the value it replaces: the ×100 notation when
 * `existing` is written that way and the result still reads as a percentage, else the fraction itself.
 * Either way `pct(result)` is `fraction`.
 */
export function inNotationOf(fraction: number, existing: number | null | undefined): number {
  const scaled = Math.round(fraction * 100 * 1e10) / 1e10;
  // a fraction above 1 (a share over 100 %) reads back only in the ×100 notation
  return (existing != null && existing > 1 && scaled > 1) || fraction > 1 ? scaled : fraction;
}
