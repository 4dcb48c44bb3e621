import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import numbro from 'numbro';
import { formatMoney, formatMoneyCompact, formatNumber } from './nlFormat.ts';

/** What numbro itself writes (nlFormat registers nl-NL as its language), the snap of tiny values to 0 included. */
const byNumbro = (v: number, decimals: number) =>
  numbro(Object.is(v, -0) || Math.abs(v) < 0.5 * 10 ** -decimals ? 0 : v).format({ thousandSeparated: true, mantissa: decimals });

describe('formatNumber', () => {
  it('writes what numbro writes, to the character: halves, negatives, the cent and the 15th digit', () => {
    const cases = [0, -0, 0.005, -0.005, 0.015, 1.005, -1.005, 2.675, -2.675, 0.125, -0.125, 1234.5, -1234.5, 999.995, -999.995,
      1e-7, -4e-7, 5e-7, 123456789012.345, 9_999_999_999_999.99, 1e13, -1e14, 1e16, 1e21, 12_345_678.9, 0.1 + 0.2, 1 / 3, -2 / 3];
    for (const v of cases) for (let d = 0; d <= 6; d++) expect(formatNumber(v, d), `${v} with ${d}`).toBe(byNumbro(v, d));
  });
  it('writes what numbro writes for any amount and any number of decimals the screens use', () => {
    const cents = fc.integer({ min: -1e14, max: 1e14 }).map((c) => c / 100 + (c % 7 === 0 ? 0.005 : 0));
    const any = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }), fc.double({ noNaN: true, min: -10, max: 10 }), cents);
    fc.assert(fc.property(any, fc.integer({ min: 0, max: 6 }), (v, d) => formatNumber(v, d) === byNumbro(v, d)), { numRuns: 20_000 });
  });
});

describe('formatMoneyCompact', () => {
  it('says millions and billions in Dutch with one decimal at most', () => {
    expect(formatMoneyCompact(-4_879_000)).toBe('€ -4,9 mln');
    expect(formatMoneyCompact(4_879_000)).toBe('€ 4,9 mln');
    expect(formatMoneyCompact(5_000_000)).toBe('€ 5 mln');
    expect(formatMoneyCompact(1_250_000_000)).toBe('€ 1,3 mld');
    expect(formatMoneyCompact(-12_000_000_000)).toBe('€ -12 mld');
  });
  it('writes amounts below a million in whole euros with thousand separators', () => {
    expect(formatMoneyCompact(250_000)).toBe('€ 250.000');
    expect(formatMoneyCompact(-1_500)).toBe('€ -1.500');
    expect(formatMoneyCompact(999.4)).toBe('€ 999');
    expect(formatMoneyCompact(0)).toBe('€ 0');
    expect(formatMoneyCompact(-0.2)).toBe('€ 0');
  });
  it('takes the unit from the rounded figure', () => {
    expect(formatMoneyCompact(999_999.6)).toBe('€ 1 mln');
    expect(formatMoneyCompact(999_960_000)).toBe('€ 1 mld');
    expect(formatMoneyCompact(999_940_000)).toBe('€ 999,9 mln');
  });
  it('is empty for no number', () => {
    expect(formatMoneyCompact(null)).toBe('');
    expect(formatMoneyCompact(Number.NaN)).toBe('');
  });
});

describe('formatMoney', () => {
  it('writes the largest amount the grids show in full', () => {
    expect(formatMoney(999_999_999.99)).toBe('€ 999.999.999,99');
    expect(formatMoney(-999_999_999.99)).toBe('€ -999.999.999,99');
  });
});
