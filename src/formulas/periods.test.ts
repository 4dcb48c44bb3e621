import { describe, expect, it } from 'vitest';
import { countPeriods, generatePeriods, periodCode, periodIndex } from './periods.ts';

describe('periods', () => {
  it('labels annual, half-year and quarter periods', () => {
    expect(generatePeriods('2025-03-15', '2027-02-01', 'Annual').map((p) => p.label)).toEqual(['2025', '2026', '2027']);
    expect(generatePeriods('2025-03-15', '2026-07-01', 'SemiAnnual').map((p) => p.label)).toEqual(['2025 H1', '2025 H2', '2026 H1', '2026 H2']);
    expect(generatePeriods('2025-08-31', '2026-01-01', 'Quarterly').map((p) => p.label)).toEqual(['2025 Q3', '2025 Q4', '2026 Q1']);
  });

  it('is calendar aligned with exclusive ends', () => {
    const [q] = generatePeriods('2025-08-31', '2025-09-01', 'Quarterly');
    expect(q!.start).toEqual({ y: 2025, m: 7, d: 1 });
    expect(q!.end).toEqual({ y: 2025, m: 10, d: 1 });
    const h = generatePeriods('2024-12-31', '2025-01-01', 'SemiAnnual');
    expect(h.map((p) => p.label)).toEqual(['2024 H2', '2025 H1']);
    expect(h[1]!.start).toEqual(h[0]!.end);
  });

  it('counts periods without building them and codes them PER_01…', () => {
    expect(countPeriods('2024-01-01', '2027-12-31', 'Annual')).toBe(4);
    expect(countPeriods('2025-01-01', '2034-12-31', 'Quarterly')).toBe(40);
    expect(countPeriods('2025-01-01', '2035-01-01', 'Quarterly')).toBe(41);
    expect(countPeriods('2025-01-01', '2024-01-01', 'Annual')).toBe(0);
    expect(periodCode(7)).toBe('PER_07');
    expect(periodIndex('PER_40')).toBe(40);
    expect(periodIndex('UITGANGSPUNT')).toBe(0);
  });
});
