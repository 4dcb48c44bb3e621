import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GrexEngine } from './engine.ts';
import { referenceCalculate } from './reference/reference.ts';
import { arbModel } from './testing/arbitraries.ts';
import { diffResults } from './testing/compare.ts';
import { validateModelData } from './validate.ts';

describe('workbook versus reference implementation', () => {
  it('agrees to the cent on 200 random valid models', () => {
    fc.assert(
      fc.property(arbModel, (model) => {
        const v = validateModelData(model);
        expect(v.ok ? [] : v.problems).toEqual([]);
        const engine = new GrexEngine(model);
        try {
          expect(diffResults(engine.results, referenceCalculate(model))).toEqual([]);
        } finally {
          engine.destroy();
        }
      }),
      { numRuns: 200, seed: 20241122 },
    );
  });

  it('keeps agreeing after random edits are applied incrementally', () => {
    fc.assert(
      fc.property(arbModel, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -5, max: 100_000 })), { minLength: 1, maxLength: 12 }), (model, edits) => {
        const engine = new GrexEngine(model);
        try {
          const n = engine.layout.n;
          for (const [a, b, v] of edits) {
            const kind = a % 6;
            const costs = engine.modelData.cost_estimate;
            const res = engine.modelData.residential_construction;
            const period = `PER_${String(1 + (b % n)).padStart(2, '0')}` as const;
            if (kind === 0 && costs.length) {
              const e = costs[b % costs.length]!;
              const r = engine.applyEdit({ kind: 'costField', id: e.id, field: 'price', value: Math.abs(v) / 100 });
              expect(r.ok).toBe(true);
            } else if (kind === 1 && costs.length) {
              const e = costs[b % costs.length]!;
              // phasing inside the entry's window only (validation rejects the rest)
              const inWin = e.phasing.phasing_items[0]?.period;
              if (inWin) engine.applyEdit({ kind: 'entryItem', entry: 'cost', id: e.id, list: 'phasing', period: inWin, value: v % 2 ? Math.abs(v) : null, valueType: v % 3 ? 'Financeel' : 'Procentueel' });
            } else if (kind === 2 && res.length) {
              const e = res[b % res.length]!;
              engine.applyEdit({ kind: 'entryItem', entry: 'residential', id: e.id, list: 'bookvalue', period, value: Math.abs(v) / 10, valueType: 'Financeel' });
            } else if (kind === 3) {
              engine.applyEdit({ kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: b % 2 ? null : engine.layout.periods[b % n]!.label, value: (Math.abs(v) % 700) / 100 + 1.01 });
            } else if (kind === 4) {
              const methods = ['BBV', 'Traditional', 'OrganizationSpecific'] as const;
              engine.applyEdit({ kind: 'parameter', field: 'interest_calculation_method', value: methods[b % 3]! });
            } else if (kind === 5 && costs.length) {
              const e = costs[b % costs.length]!;
              engine.applyEdit({ kind: 'entryItem', entry: 'cost', id: e.id, list: 'indexing', period, value: (Math.abs(v) % 500) / 100 + 1.01 });
            }
          }
          const m = engine.modelData;
          if (!validateModelData(m).ok) return; // an edit produced a model the validation rejects
          expect(diffResults(engine.results, referenceCalculate(m))).toEqual([]);
          // and a fresh build of the edited model gives the same numbers
          const fresh = new GrexEngine(m);
          expect(fresh.results.ew).toBeCloseTo(engine.results.ew, 6);
          expect(fresh.results.ncw).toBeCloseTo(engine.results.ncw, 6);
          fresh.destroy();
        } finally {
          engine.destroy();
        }
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});
