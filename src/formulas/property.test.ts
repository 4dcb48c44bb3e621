import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import type { Edit } from './engineModelEdits.ts';
import { GrexEngine } from './engine.ts';
import { referenceCalculate } from '../../test/formulas/reference.ts';
import { arbModel } from '../../test/formulas/arbitraries.ts';
import { diffResults } from '../../test/formulas/compare.ts';
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

  it('keeps agreeing after random edits are applied incrementally, and their inverses restore the model', () => {
    fc.assert(
      fc.property(arbModel, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -5, max: 100_000 })), { minLength: 1, maxLength: 12 }), (model, edits) => {
        const engine = new GrexEngine(model);
        const original = { data: normalized(engine.modelData), ew: engine.results.ew, ncw: engine.results.ncw };
        const undo: Edit[][] = [];
        const applyEdit = (e: Edit) => {
          const r = engine.applyEdit(e);
          if (r.ok) undo.push(r.inverse);
          return r;
        };
        try {
          const n = engine.layout.n;
          for (const [a, b, v] of edits) {
            const kind = a % 8;
            const costs = engine.modelData.cost_estimate;
            const res = engine.modelData.residential_construction;
            const period = `PER_${String(1 + (b % n)).padStart(2, '0')}` as const;
            if (kind === 0 && costs.length) {
              const e = costs[b % costs.length]!;
              const r = applyEdit({ kind: 'costField', id: e.id, field: 'price', value: Math.abs(v) / 100 });
              expect(r.ok).toBe(true);
            } else if (kind === 1 && costs.length) {
              const e = costs[b % costs.length]!;
              // phasing inside the entry's window only (validation rejects the rest)
              const inWin = e.phasing.phasing_items[0]?.period;
              if (inWin) applyEdit({ kind: 'entryItem', entry: 'cost', id: e.id, list: 'phasing', period: inWin, value: v % 2 ? Math.abs(v) : null, valueType: v % 3 ? 'Financeel' : 'Procentueel' });
            } else if (kind === 2 && res.length) {
              const e = res[b % res.length]!;
              applyEdit({ kind: 'entryItem', entry: 'residential', id: e.id, list: 'bookvalue', period, value: Math.abs(v) / 10, valueType: 'Financeel' });
            } else if (kind === 3) {
              applyEdit({ kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: b % 2 ? null : engine.layout.periods[b % n]!.label, value: (Math.abs(v) % 700) / 100 + 1.01 });
            } else if (kind === 4) {
              const methods = ['BBV', 'Traditional', 'OrganizationSpecific'] as const;
              applyEdit({ kind: 'parameter', field: 'interest_calculation_method', value: methods[b % 3]! });
            } else if (kind === 5 && costs.length) {
              const e = costs[b % costs.length]!;
              applyEdit({ kind: 'entryItem', entry: 'cost', id: e.id, list: 'indexing', period, value: (Math.abs(v) % 500) / 100 + 1.01 });
            } else if (kind === 6 && res.length) {
              // calculation.md §8.2: realised before the start, cleared now and then
              const e = res[b % res.length]!;
              expect(applyEdit({ kind: 'residentialField', id: e.id, field: 'realised_before_start', value: v % 4 ? v * 3.5 : null }).ok).toBe(true);
            } else if (kind === 7) {
              expect(applyEdit({ kind: 'parameter', field: 'opening_book_value', value: v % 5 ? (v - 30_000) * 11.5 : null }).ok).toBe(true);
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
          // the engine's inverse edits, applied last batch first, give back the model and its numbers
          for (const inverse of undo.reverse()) expect(engine.applyEdits(inverse).ok).toBe(true);
          expect(normalized(engine.modelData)).toEqual(original.data);
          expect(engine.results.ew).toBeCloseTo(original.ew, 6);
          expect(engine.results.ncw).toBeCloseTo(original.ncw, 6);
        } finally {
          engine.destroy();
        }
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});

/** Model data with its period lists in period order (an undone removal adds the value back at the end). */
function normalized(m: ModelData): ModelData {
  const d = structuredClone(m);
  const byPeriod = (a: { period: string }, b: { period: string }) => a.period.localeCompare(b.period);
  for (const e of [...d.cost_estimate, ...d.residential_construction]) {
    e.phasing.phasing_items.sort(byPeriod);
    e.bookvalue.bookvalue_items.sort(byPeriod);
    e.indexing.indexing_items.sort(byPeriod);
  }
  for (const s of d.base_parameters.parameter_sets) s.set_values.sort((a, b) => a.period_label.localeCompare(b.period_label));
  return d;
}
