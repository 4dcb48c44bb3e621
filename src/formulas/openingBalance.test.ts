// calculation.md §8.1–8.2 in the workbook: B(0) is the opening book value, realised amounts count in A,
// in "totaal geboekt" and in POC but are never a cash flow again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { referenceCalculate } from '../../test/formulas/reference.ts';
import { diffResults } from '../../test/formulas/compare.ts';

const example = (name: string): ModelData => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.model.json`, import.meta.url), 'utf8')) as ModelData;
const cents = (x: number) => Math.round(x * 100) / 100;

function computed(m: ModelData) {
  const e = new GrexEngine(m);
  try {
    expect(diffResults(e.results, referenceCalculate(m))).toEqual([]);
    return e.results;
  } finally {
    e.destroy();
  }
}

describe('opening book value and realised amounts (calculation.md §8.1–8.2)', () => {
  it('§9b\'s model B: BBV interest of 2025 on the opening book value, A less the realised amount, over-phased by 20.600,00', () => {
    const r = computed(example('variance-2025'));
    expect(r.periods.map((p) => [p.label, cents(p.costs), cents(p.interest), cents(p.balance)])).toEqual([
      ['2025', 510000, 10600, 1050600],
      ['2026', 0, 21012, 488250.9],
      ['2027', 0, 9765.02, 103274.91],
    ]);
    expect([cents(r.ew), cents(r.ncw)]).toEqual([-103274.91, -97318.25]);
    const cost = r.entries.cost![0]!;
    // A = ROUND(1.000.000 × 1,03 − 540.600, 2); "totaal geboekt" is the realised amount (nothing booked since)
    expect([cost.totalBooked, cost.amountAtNcw, cost.residualToPhase]).toEqual([540600, 489400, -20600]);
    expect([r.bookedCosts, r.totalCosts]).toEqual([540600, 1050600]);
  });

  it('takes B(0) in every interest method and counts the realised amounts in POC, costs and revenues alike', () => {
    for (const method of ['BBV', 'Traditional', 'OrganizationSpecific'] as const) {
      const m = example('worked-example');
      m.base_parameters.interest_calculation_method = method;
      m.base_parameters.opening_book_value = 200000;
      m.cost_estimate[0]!.bookvalue.realised_before_start = 250000;
      m.residential_construction[0]!.bookvalue.realised_before_start = 90000;
      const r = computed(m);
      // 2024's interest on B(0) alone (BBV, Traditional) or on B(0) + half the year's flow (OrganizationSpecific)
      expect(cents(r.periods[0]!.interest)).toBe(method === 'OrganizationSpecific' ? 9000 : 4000);
      // A of the cost entry: 1.000.000 − 250.000 = 750.000, phased 1.000.000 (over-phased); the sale's A: 900.000 − 90.000
      expect(r.entries.cost![0]!.amountAtNcw).toBe(750000);
      expect(r.entries.residential![0]!.amountAtNcw).toBe(810000);
      // realised amounts are no cash flow: the costs are the phased ones, the revenues 810.000 × 1,0404
      expect(cents(r.periodTotals.costs)).toBe(1010000);
      expect(cents(r.periodTotals.revenues)).toBe(cents(810000 * 1.0404));
      expect(r.poc).toBeCloseTo((250000 / (1010000 + 250000)) * (90000 / (810000 * 1.0404 + 90000)), 12);
    }
  });
});
