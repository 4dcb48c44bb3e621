import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { gapMark, gapTotals, phasingGaps } from './phasingGaps.ts';

const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const results = (m: ModelData) => {
  const b = GrexEngine.create(m);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return b.engine.results;
};
const pct = (period: string, value: number) => ({ period, value_type: 'Procentueel' as const, value });

describe('phasingGaps: what is not in the result and what is in it twice (issue 35.1)', () => {
  it('a fully phased model has nothing to say', () => {
    const m = worked();
    const gaps = phasingGaps(m, results(m));
    expect(gaps.map((s) => [s.title, s.notInResult, s.countedTwice, s.posts])).toEqual([
      ['Kostenraming', 0, 0, []], ['Woningbouw', 0, 0, []], ['Niet-Woningbouw', 0, 0, []], ['Overige opbrengsten', 0, 0, []],
    ]);
  });

  it('a post phased short is not in the result, over-phasing and a booking on a Financeel phasing are in it twice; phasing the rest clears it', () => {
    const m = worked();
    const cost = m.cost_estimate[0]!;
    // € 1.000.000 at the NCW date, € 100.000 booked in 2024 and still phased in full: € 100.000 counted twice
    cost.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: 100_000 }];
    const house = m.residential_construction[0]!;
    // 4 × 50 % = 200 % (2026 as four quarters)
    m.base_parameters.phasing_period = 'Quarterly';
    cost.phasing.phasing_items = [{ period: 'PER_01', value_type: 'Financeel', value: 500_000 }, { period: 'PER_05', value_type: 'Financeel', value: 500_000 }];
    house.phasing.phasing_items = ['PER_09', 'PER_10', 'PER_11', 'PER_12'].map((p) => pct(p, 50));
    const r = results(m);
    const [costs, housing] = phasingGaps(m, r);
    expect(costs).toMatchObject({ notInResult: 0, countedTwice: 100_000 });
    expect(costs!.posts).toEqual([{ id: 1, label: 'Bouwrijp maken', notInResult: 0, countedTwice: 100_000 }]);
    expect(gapMark(r.entries.cost![0]!)).toBe('Meer gefaseerd dan het bedrag op NCW-datum: het verschil telt dubbel');
    const amount = r.entries.residential![0]!.amountAtNcw;
    expect(housing!.countedTwice).toBeCloseTo(amount, 2);

    // 12 × 8,33 % leaves 0,04 % out; the phasing of the cost post deleted leaves all of it out
    house.phasing.phasing_items = [pct('PER_09', 8.33 * 12)];
    cost.bookvalue.bookvalue_items = [];
    cost.phasing.phasing_items = [];
    const r2 = results(m);
    const gaps = phasingGaps(m, r2);
    expect(gaps[0]).toMatchObject({ notInResult: 1_000_000, countedTwice: 0 });
    expect(gaps[1]!.notInResult).toBeCloseTo(amount * 0.0004, 2);
    expect(gapMark(r2.entries.residential![0]!)).toBe('Niet volledig gefaseerd: de rest telt niet mee');
    expect(gapTotals(gaps)).toEqual({ notInResult: gaps[0]!.notInResult + gaps[1]!.notInResult, countedTwice: 0, posts: 2 });
    // What is said missing is what phasing lacks: phasing it leaves nothing to say.
    cost.phasing.phasing_items = [{ period: 'PER_01', value_type: 'Financeel', value: gaps[0]!.notInResult }];
    expect(phasingGaps(m, results(m))[0]).toMatchObject({ notInResult: 0, countedTwice: 0, posts: [] });
  });
});
