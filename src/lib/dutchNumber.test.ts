import { describe, expect, it } from 'vitest';
import { blockNotation, fromEnglishNotation, parseDutchDate, parseDutchNumber, parseDutchValue, toDutchEditText, formatDutchDate } from './dutchNumber.ts';
import { formatMoney, formatNumber, percentDown } from './nlFormat.ts';

describe('parseDutchNumber', () => {
  const cases: [string, number | null][] = [
    ['1.234,56', 1234.56], ['1234,56', 1234.56], ['12,5', 12.5], ['1.000', 1000], ['1.000.000', 1_000_000],
    ['€ 1.000', 1000], ['€1.000,50', 1000.5], ['-1.234,56', -1234.56], ['€ -1.234,56', -1234.56], ['-€ 5', -5],
    ['(1.234,56)', -1234.56], ['1 234,56', 1234.56], ['1\u00a0234,56', 1234.56], ['0,5', 0.5], [',5', 0.5],
    ['1234.5', 1234.5], ['1234.56', 1234.56], ['1,234.56', 1234.56], ['1,234,567', 1234567], ['42', 42], ['+7', 7],
    ['0.125', 0.125], ['-0.125', -0.125], ['0.125.000', null], ['0,125,000', null], ['0.125,5', null], ['01.234', 1.234],
    ['1−2', null], ['abc', null], ['', null], ['1.2.3', null], ['12,34,5', null], ['1,2.3,4', null], ['€', null], ['−3', -3],
  ];
  for (const [text, want] of cases) {
    it(`${JSON.stringify(text)} → ${want}`, () => expect(parseDutchValue(text)).toBe(want));
  }
  it('a space or stray character inside the digits is no number, unless it groups thousands (issue 35)', () => {
    for (const typo of ['390.000 25%', '390.000 25', '450\t575', '450 57', '12 ,5', '1 2', '1.234 567', '1 234\u00a0567', '12a5', '1_000']) {
      expect(parseDutchNumber(typo), JSON.stringify(typo)).toBeNull();
    }
    expect([parseDutchValue('1 234 567,89'), parseDutchValue('1\u202f234'), parseDutchValue(" 12,5 % "), parseDutchValue('€ - 5'), parseDutchValue('1 000 €')])
      .toEqual([1234567.89, 1234, 12.5, -5, 1000]);
  });
  it('a typo says nothing of a block\'s notation (issue 35): it is no number either way', () => {
    expect(blockNotation(['390.000 25%'])).toBe('nl');
    expect(blockNotation(['390.000 25%', '1.234'])).toBe('nl');
    expect(blockNotation(['450\t575', '12.5'])).toBe('en');
  });
  it('percentages keep the value as written and say so', () => {
    expect(parseDutchNumber('12,5%')).toEqual({ value: 12.5, percent: true });
    expect(parseDutchNumber('2 %')).toEqual({ value: 2, percent: true });
    expect(parseDutchNumber('1.234')).toEqual({ value: 1234, percent: false });
  });
  it('English notation, once the block said so: the marks swap', () => {
    const en = (t: string) => parseDutchValue(fromEnglishNotation(t));
    expect([en('1.234'), en('1,234'), en('1,234.56'), en('12.5'), en('€ 1,000.50'), en('(2,500)'), en('7')]).toEqual([1.234, 1234, 1234.56, 12.5, 1000.5, -2500, 7]);
  });
  it('numbers pass through', () => {
    expect(parseDutchValue(3.25)).toBe(3.25);
    expect(parseDutchValue(Number.NaN)).toBeNull();
  });
  it('edit text reads back as exactly the same number (a cell opened and left with Enter keeps its value)', () => {
    for (const v of [0, 1234.56, -0.5, 1e6, 2.0000001, 261110782.09, 924162825.46, 1 / 3, 0.1 + 0.2, 2e-11, 1e-7, -1.5e-9, 1e21]) {
      expect(parseDutchValue(toDutchEditText(v))).toBe(v);
    }
    expect(toDutchEditText(261110782.09)).toBe('261110782,09');
    expect(toDutchEditText(1e-7)).toBe('0,0000001');
    expect(toDutchEditText(-1.5e-9)).toBe('-0,0000000015');
  });
});

describe('blockNotation', () => {
  const cases: [unknown[], 'nl' | 'en'][] = [
    [['1.234', '12.5'], 'en'], [['1.234', '0.125'], 'en'], [['1,234,567', '1.234'], 'en'], [['€ 1,234.56', '1,234'], 'en'],
    [['1.234', '12,5'], 'nl'], [['1.234'], 'nl'], [['1,234'], 'nl'], [['1.234.567', '1,234'], 'nl'], [['12.5', '12,5'], 'nl'],
    [['=A1*1.5', '1.234'], 'nl'], [['Kosten', '', null, 42, '2.500'], 'nl'], [['1.234,56', '99.5'], 'nl'],
  ];
  for (const [texts, want] of cases) it(`${JSON.stringify(texts)} → ${want}`, () => expect(blockNotation(texts)).toBe(want));
});

describe('parseDutchDate', () => {
  it('reads Dutch and ISO dates', () => {
    expect(parseDutchDate('31-12-2025')).toBe('2025-12-31');
    expect(parseDutchDate('1-2-2025')).toBe('2025-02-01');
    expect(parseDutchDate('01/02/2025')).toBe('2025-02-01');
    expect(parseDutchDate('1.2.25')).toBe('2025-02-01');
    expect(parseDutchDate('2025-12-31')).toBe('2025-12-31');
  });
  it('refuses impossible dates', () => {
    expect(parseDutchDate('31-02-2025')).toBeNull();
    expect(parseDutchDate('2025-13-01')).toBeNull();
    expect(parseDutchDate('morgen')).toBeNull();
  });
  it('formats back', () => expect(formatDutchDate('2025-12-31')).toBe('31-12-2025'));
});

describe('nl-NL display', () => {
  it('money, numbers, percentages', () => {
    expect(formatMoney(-106120.8)).toBe('€ -106.120,80');
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(-0.001, 2)).toBe('0,00');
    expect(percentDown(0.02)).toBe('2,00');
    expect(percentDown(0.12345)).toBe('12,34');
    expect(percentDown(0.29)).toBe('29,00'); // 0.29 × 100 is 28,999… in floating point
  });
});
