import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyCompact } from './nlFormat.ts';

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
