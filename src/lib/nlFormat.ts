// nl-NL display of numbers (numbro with the nl-NL language), € and %. No DOM, no Node.
import numbro from 'numbro';
// @ts-expect-error numbro's language files have no types
import nlNL from 'numbro/dist/es/languages/nl-NL.js';

numbro.registerLanguage(nlNL as numbro.NumbroLanguage, true);

/** Thousand separators in a string of digits: 1234567 → 1.234.567. */
function grouped(digits: string): string {
  let out = digits.slice(-3);
  for (let i = digits.length - 3; i > 0; i -= 3) out = `${digits.slice(Math.max(0, i - 3), i)}.${out}`;
  return out;
}

/**
 * numbro's own format with thousand separators and a fixed mantissa, written out for the numbers a screen
 * shows: ≈ 10× cheaper than numbro, and cheaper than looking the string up in a cache (a first render
 * formats thousands). Its rounding is numbro's: the decimal string shifted by `decimals` places and
 * Math.round (halves towards +∞, so -0,125 is -0,12), and a rounded zero has no sign. Below 10^15 units of
 * the last place the digits of that integer are the answer (a double holds 15 digits exactly); beyond it, or
 * where the number's own string has an exponent, numbro answers. nlFormat.test.ts holds it to numbro's output.
 */
function fixedNl(x: number, decimals: number): string {
  const text = String(x);
  const units = text.includes('e') ? Infinity : Math.round(+`${text}e+${decimals}`);
  if (!(Math.abs(units) < 1e15)) return numbro(x).format({ thousandSeparated: true, mantissa: decimals });
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const whole = grouped(digits.slice(0, digits.length - decimals));
  const sign = units < 0 ? '-' : '';
  return decimals > 0 ? `${sign}${whole},${digits.slice(digits.length - decimals)}` : `${sign}${whole}`;
}

/** 1.234,56 (fixed decimals, thousand separators). */
export function formatNumber(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '';
  const x = Object.is(v, -0) || Math.abs(v) < 0.5 * 10 ** -decimals ? 0 : v;
  return fixedNl(x, decimals);
}

/** € 1.234,56 */
export function formatMoney(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '';
  const s = formatNumber(v, decimals);
  return s.startsWith('-') ? `€ -${s.slice(1)}` : `€ ${s}`;
}

/**
 * A fraction ×100, rounded down to 2 decimals (spec 2 §5, spec 3 §5): 0.12345 → '12,34'. Rounded to
 * 1e-8 first, because 0.29 × 100 is 28,999… in floating point. (What a stored model percentage means
 * is `pct` in src/model/percent.ts.)
 */
export function percentDown(fraction: number): string {
  return formatNumber(Math.floor(Math.round(fraction * 1e8) / 1e4) / 100, 2);
}

const compact = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * An amount as a Dutch reader says it, for chart axes and other short places: € 4,9 mln, € 1,2 mld,
 * € 250.000 (below a million in whole euros); negative as € -4,9 mln, like formatMoney.
 */
export function formatMoneyCompact(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '';
  const abs = Math.abs(v);
  const sign = v < 0 && abs >= 0.5 ? '-' : '';
  // The unit follows the rounded figure: 999.960.000 is € 1 mld, not € 1.000 mln.
  let text: string;
  if (abs >= 999_950_000) text = `${compact.format(abs / 1e9)} mld`;
  else if (abs >= 999_999.5) text = `${compact.format(abs / 1e6)} mln`;
  else text = whole.format(abs);
  return `€ ${sign}${text}`;
}
