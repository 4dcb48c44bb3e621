import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../../model/modelData.ts';
import { SECTIONS, entriesOf } from '../../model/sections.ts';
import { parseYmd } from '../dates.ts';
import { validateModelData } from '../validate.ts';
import { arbModel } from '../../../test/formulas/arbitraries.ts';
import { rolloverModel } from './rollover.ts';
import { type VarianceResult, type VarianceStep, variance, varianceProblem } from './variance.ts';

const example = (name: string): ModelData => JSON.parse(readFileSync(new URL(`../../../docs/examples/${name}.model.json`, import.meta.url), 'utf8')) as ModelData;
const cents = (x: number) => Math.round(x * 100);
const STEPS: VarianceStep[] = ['time', 'realisation', 'parameters', 'scope', 'phasing'];
const entries = (m: ModelData) => SECTIONS.flatMap((s) => entriesOf(m, s.kind));
const RUNS = { numRuns: 10, seed: 9, endOnFailure: true } as const;

/** The steps that moved the NCW or the EW. */
const moved = (r: VarianceResult) => r.steps.filter((s) => s.ncw !== 0 || s.ew !== 0).map((s) => s.step);

/** Steps add up to B − A in cents, and a step's sections to the step. */
function addsUp(r: VarianceResult): void {
  for (const f of ['ew', 'ncw'] as const) {
    expect(r.steps.reduce((a, s) => a + cents(s[f]), 0), f).toBe(cents(r[`${f}_b`]) - cents(r[`${f}_a`]));
    for (const s of r.steps) if (s.sections) expect(Object.values(s.sections).reduce((a, x) => a + cents(x[f]), 0), `${s.step} ${f}`).toBe(cents(s[f]));
  }
}

/** B: A copied, with `change` applied; valid (the test's changes keep it so). */
const variant = (change: (b: ModelData) => void) => arbModel.map((a) => {
  const b = structuredClone(a);
  change(b);
  expect(validateModelData(b).ok).toBe(true);
  return { a, b };
});

describe('verschillenanalyse (calculation.md §9)', () => {
  it('§9b: worked-example → variance-2025 to the cent', () => {
    const r = variance(example('worked-example'), example('variance-2025'));
    expect([r.ew_a, r.ncw_a, r.ew_b, r.ncw_b]).toEqual([-106120.8, -98039.22, -103274.91, -97318.25]);
    expect(r.steps.map((s) => [s.step, s.ew, s.ncw, s.sections?.residential_construction?.ncw])).toEqual([
      ['time', 0, -1960.78, undefined],
      ['realisation', -31836.24, -30000, undefined],
      ['parameters', 4635.9, 4368.51, undefined],
      ['scope', 31990.77, 30145.62, 30145.62],
      ['phasing', -1944.54, -1832.38, -1832.38],
    ]);
    addsUp(r);
    // the line chart's cash flows of A (2024–2027) and B (2025–2027)
    expect(r.periods_a.map((p) => [p.label, p.net, p.balance])).toEqual([['2024', 500000, 500000], ['2025', 510000, 1020000], ['2026', -936360, 104040], ['2027', 0, 106120.8]]);
    expect(r.periods_b.map((p) => [p.label, p.balance])).toEqual([['2025', 1050600], ['2026', 488250.9], ['2027', 103274.91]]);
  });

  it('refuses in Dutch what it cannot compare: another period type, a later model starting earlier or off a period boundary, an earlier NCW date', () => {
    const a = example('worked-example');
    const b = example('variance-2025');
    expect(varianceProblem(a, b)).toBeNull();
    expect(varianceProblem(b, a)).toBe('De startdatum van het latere model ligt vóór die van het eerdere; kies als eerste model het oudere.');
    const quarterly = example('worked-example');
    quarterly.base_parameters.phasing_period = 'Quarterly';
    for (const e of entries(quarterly)) e.phasing.phasing_items = [];
    expect(varianceProblem(a, quarterly)).toMatch(/andere faseringsperiode/);
    const offBoundary = example('worked-example');
    const ob = offBoundary.base_parameters;
    ob.phasing_calculation_start_date = ob.phasing_price_reference_date = ob.phasing_net_present_value_date = ob.phasing_costs_revenues[0]!.phase_start_date = '2024-03-01';
    expect(varianceProblem(a, offBoundary)).toMatch(/niet op het begin van een periode/);
    const earlierNcw = example('worked-example');
    earlierNcw.base_parameters.phasing_net_present_value_date = '2025-01-01';
    expect(varianceProblem(earlierNcw, example('worked-example'))).toMatch(/NCW-datum van het latere model ligt vóór/);
    expect(() => variance(b, a)).toThrow(/startdatum/);
  });

  it('variance(A, A) is all zero', () => {
    fc.assert(fc.property(arbModel, (a) => {
      const r = variance(a, structuredClone(a));
      expect(moved(r)).toEqual([]);
      for (const s of r.steps) for (const x of Object.values(s.sections ?? {})) expect(x).toEqual({ ew: 0, ncw: 0 });
    }), RUNS);
  });

  it('only parameter sets differ: only step 3 moves', () => {
    fc.assert(fc.property(variant((b) => {
      for (const s of b.base_parameters.parameter_sets) {
        s.set_base_value = s.set_base_value > 1 ? s.set_base_value + 0.75 : s.set_base_value + 0.0075;
        for (const v of s.set_values) v.period_value = v.period_value > 1 ? v.period_value + 0.5 : v.period_value / 2;
      }
    }), ({ a, b }) => {
      const r = variance(a, b);
      expect(moved(r).filter((s) => s !== 'parameters')).toEqual([]);
      addsUp(r);
    }), RUNS);
  });

  it('only estimates differ: only step 4 moves', () => {
    fc.assert(fc.property(variant((b) => {
      for (const e of b.cost_estimate) e.estimate.price = Math.round(e.estimate.price * 113) / 100;
      for (const e of b.residential_construction) e.amount += 2;
      for (const e of b.non_residential_construction ?? []) e.amount += 1;
      for (const e of b.other_revenues ?? []) e.estimate.price += 5000;
    }), ({ a, b }) => {
      const r = variance(a, b);
      expect(moved(r).filter((s) => s !== 'scope')).toEqual([]);
      addsUp(r);
    }), RUNS);
  });

  it('only phasing differs: only step 5 moves', () => {
    fc.assert(fc.property(variant((b) => {
      for (const e of entries(b)) for (const it of e.phasing.phasing_items) it.value = it.value_type === 'Procentueel' ? it.value / 2 : Math.round(it.value * 90) / 100;
    }), ({ a, b }) => {
      const r = variance(a, b);
      expect(moved(r).filter((s) => s !== 'phasing')).toEqual([]);
      addsUp(r);
    }), RUNS);
  });

  it('against its own jaarovergang with bookings, new parameters, estimates, entries and phasing: the steps add up exactly, and step 1 keeps EW (E_B = E_A)', () => {
    const years = (m: ModelData) => {
      const bp = m.base_parameters;
      const out: number[] = [];
      for (let y = parseYmd(bp.phasing_calculation_start_date).y + 1; `${y}-01-01` < bp.phasing_calculation_end_date; y++) out.push(y);
      return out;
    };
    const pair = fc.tuple(arbModel.filter((m) => years(m).length > 0), fc.nat(), fc.integer({ min: 1, max: 1_000_000 })).map(([a, pick, x]) => {
      // profit withdrawal lands in the NCW date's period, which step 1 moves: without it, step 1 keeps EW exactly (§9)
      a.base_parameters.profit_withdrawal_to_ncw_date = false;
      const b = rolloverModel(a, years(a)[pick % years(a).length]!).model;
      const bookable = entries(b).filter((e) => e.phasing.phasing_items.some((it) => it.period === 'PER_01'));
      for (const e of bookable.slice(0, 2)) e.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: x / 10 }];
      for (const e of b.cost_estimate.slice(0, 1)) e.estimate.price += x / 1000;
      b.base_parameters.parameter_sets[0]!.set_base_value += 0.25;
      b.residential_construction.pop();
      if (b.cost_estimate[0]) b.cost_estimate.push({ ...structuredClone(b.cost_estimate[0]), id: 99, label: 'Nieuwe post' });
      for (const e of (b.non_residential_construction ?? []).slice(0, 1)) for (const it of e.phasing.phasing_items) it.value = it.value_type === 'Procentueel' ? it.value / 2 : it.value + 100;
      return { a, b };
    });
    fc.assert(fc.property(pair, ({ a, b }) => {
      expect(validateModelData(b).ok).toBe(true);
      const r = variance(a, b);
      addsUp(r);
      expect(r.steps.map((s) => s.step)).toEqual(STEPS);
      // EW of A and of M1 are rounded apart: a cent at most
      expect(Math.abs(r.steps[0]!.ew)).toBeLessThanOrEqual(0.01);
    }), { ...RUNS, numRuns: 20 });
  });
});
