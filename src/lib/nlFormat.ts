// nl-NL display of numbers (numbro with the nl-NL language), € and %. No DOM, no Node.
import numbro from 'numbro';
// @ts-expect-error numbro's language files have no types
import nlNL from 'numbro/dist/es/languages/nl-NL.js';

numbro.registerLanguage(nlNL as numbro.NumbroLanguage, true);

const cache = new Map<string, string>();
function cached(key: string, make: () => string): string {
  let s = cache.get(key);
  if (s === undefined) {
    if (cache.size > 200_000) cache.clear();
    s = make();
    cache.set(key, s);
  }
  return s;
}

/** 1.234,56 (fixed decimals, thousand separators). */
export function formatNumber(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '';
  const x = Object.is(v, -0) || Math.abs(v) < 0.5 * 10 ** -decimals ? 0 : v;
  return cached(`n${decimals}|${x}`, () => numbro(x).format({ thousandSeparated: true, mantissa: decimals }));
}

/** € 1.234,56 */
export function formatMoney(v: number | null | undefined, decimals = 2): string {
  if (v == null || !Number.isFinite(v)) return '';
  const s = formatNumber(v, decimals);
  return s.startsWith('-') ? `€ -${s.slice(1)}` : `€ ${s}`;
}

/** A stored percentage as entered (2 → '2,00%'); `fraction` for fractions (0.02 → '2,00%'). */
export function formatPercent(v: number | null | undefined, opts: { fraction?: boolean; decimals?: number } = {}): string {
  if (v == null || !Number.isFinite(v)) return '';
  return `${formatNumber(opts.fraction ? v * 100 : v, opts.decimals ?? 2)}%`;
}

/** Spec 3 §5: the value shown beside a stored percentage: pct(v) × 100, rounded down to 2 decimals. */
export function percentShown(v: number): string {
  const frac = v <= 1 ? v : v / 100;
  return `${formatNumber(Math.floor(frac * 100 * 100 + 1e-9) / 100, 2)}%`;
}
