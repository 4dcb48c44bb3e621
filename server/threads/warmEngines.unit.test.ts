import { describe, expect, it } from 'vitest';
import { type ModelRef, WarmEngines, cheaperAsEdits, engineBytes } from './warmEngines.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { onlineModelResults } from '../../src/formulas/modelResults.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { cloneData } from '../../src/lib/cloneData.ts';
import { largeModel } from '../../test/formulas/largeModel.ts';

// The warm engines of a worker thread (issue 38), in this process: reuse for the same save, edits or a build
// for another, the budget and the age; above all, never the results of another save than the one asked for.

const small = (seed: number) => largeModel({ seed, costEntries: 20, residentialEntries: 5 });
const ref = (modelId: number, dataVersion: number, data: unknown): ModelRef => ({ modelId, dataVersion, digest: JSON.stringify(data) });
/** The model with one phased amount of its first cost entry raised: a save that is an edit. */
function raised(m: ModelData, by: number): ModelData {
  const next = cloneData(m);
  next.cost_estimate[0]!.phasing.phasing_items[0]!.value += by;
  return next;
}
const sizeOf = (m: ModelData) => {
  const built = GrexEngine.create(m);
  if (!built.ok) throw new Error('invalid');
  const bytes = engineBytes(built.engine);
  built.engine.destroy();
  return bytes;
};

describe('warm engines', () => {
  it('answers a save asked for again from its engine, and a newer save from that engine edited, as a new build would', () => {
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 60_000 });
    const v1 = small(1);
    const first = warm.results(ref(7, 1, v1), v1);
    expect(first.use).toBe('built');
    expect(first.results).toEqual(onlineModelResults(v1));
    const again = warm.results(ref(7, 1, v1), v1);
    expect(again.use).toBe('warm');
    expect(again.results).toBe(first.results);

    const v2 = raised(v1, 1_000_000);
    const edited = warm.results(ref(7, 2, v2), v2);
    expect(edited.use).toBe('edited');
    // the newer save's figures, exactly those of a new build, and not the older save's
    expect(edited.results).toEqual(onlineModelResults(v2));
    expect(edited.results.model.totale_kosten).not.toEqual(first.results.model.totale_kosten);
    expect(warm.results(ref(7, 2, v2), v2).use).toBe('warm');
  });

  it('edits the engine for a save read back from the database, whose keys jsonb has put in another order', () => {
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 60_000 });
    const v1 = small(3);
    warm.results(ref(8, 1, v1), v1);
    /** The same data with every object's keys in reverse order (jsonb orders them by length, then bytes). */
    const reordered = (x: unknown): unknown => Array.isArray(x) ? x.map(reordered)
      : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).reverse().map(([k, v]) => [k, reordered(v)])) : x;
    const v2 = reordered(raised(v1, 1_000)) as ModelData;
    expect(JSON.stringify(v2)).not.toBe(JSON.stringify(raised(v1, 1_000)));
    expect(cheaperAsEdits(v1, v2)).toBe(true);
    const edited = warm.results(ref(8, 2, v2), v2);
    expect(edited.use).toBe('edited');
    expect(edited.results).toEqual(onlineModelResults(raised(v1, 1_000)));
  });

  it('never answers another save: not a newer one for an older, not one whose data changed under the same version', () => {
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 60_000 });
    const v1 = small(2);
    const v2 = raised(v1, 500_000);
    warm.results(ref(3, 1, v1), v1);
    warm.results(ref(3, 2, v2), v2);
    // a late task for the older save gets the older save's figures
    const late = warm.results(ref(3, 1, v1), v1);
    expect(late.use).not.toBe('warm');
    expect(late.results).toEqual(onlineModelResults(v1));
    // data that changed without its version: the digest tells it apart
    const v3 = raised(v1, 250_000);
    const same = warm.results(ref(3, 1, v3), v3);
    expect(same.use).not.toBe('warm');
    expect(same.results).toEqual(onlineModelResults(v3));
  });

  it('builds anew where edits cost more: other periods, entries added or removed, many entries changed', () => {
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 60_000 });
    const v1 = small(4);
    warm.results(ref(1, 1, v1), v1);
    const later = cloneData(v1);
    later.base_parameters.phasing_calculation_end_date = '2035-12-31';
    expect(cheaperAsEdits(v1, later)).toBe(false);
    const rebuilt = warm.results(ref(1, 2, later), later);
    expect(rebuilt.use).toBe('built');
    expect(rebuilt.results).toEqual(onlineModelResults(later));
    const fewer = cloneData(later);
    fewer.cost_estimate.pop();
    expect(cheaperAsEdits(later, fewer)).toBe(false);
    const many = cloneData(later);
    for (const e of many.cost_estimate) e.phasing.phasing_items[0]!.value += 1;
    expect(cheaperAsEdits(later, many)).toBe(false);
    expect(cheaperAsEdits(later, raised(later, 1))).toBe(true);
    expect(cheaperAsEdits(later, { not: 'a model' })).toBe(false);
  });

  it('answers invalid data with its Dutch problem as a new build does, and keeps nothing of it', () => {
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 60_000 });
    const v1 = small(5);
    warm.results(ref(9, 1, v1), v1);
    const broken = cloneData(v1);
    (broken.base_parameters as { phasing_period: string }).phasing_period = 'Wekelijks';
    const r = warm.results(ref(9, 2, broken), broken);
    expect(r.results).toEqual(onlineModelResults(broken));
    expect(r.results.model.fout).toBeTruthy();
    expect(warm.held()).toEqual([]);
  });

  it('keeps the engines within the budget, the oldest used going first, and answers their saves from the results left', () => {
    const [a, b, c] = [small(11), small(12), small(13)];
    // room for two engines and the results (a few kB each), not for three
    const budget = Math.max(sizeOf(a) + sizeOf(b), sizeOf(a) + sizeOf(c)) + 1e6;
    expect(budget).toBeLessThan(sizeOf(a) + sizeOf(b) + sizeOf(c));
    const warm = new WarmEngines({ budgetBytes: budget, maxAgeMs: 60_000 });
    warm.results(ref(1, 1, a), a);
    warm.results(ref(2, 1, b), b);
    warm.results(ref(1, 1, a), a); // a is used again: b is now the oldest used
    warm.results(ref(3, 1, c), c);
    expect([warm.hasEngine(1), warm.hasEngine(2), warm.hasEngine(3)]).toEqual([true, false, true]);
    expect(warm.bytes()).toBeLessThanOrEqual(budget);
    // b's save is answered from its results; a newer save of b has no engine to edit: built
    expect(warm.results(ref(2, 1, b), b).use).toBe('warm');
    const b2 = raised(b, 10);
    expect(warm.results(ref(2, 2, b2), b2)).toMatchObject({ use: 'built', results: onlineModelResults(b2) });
    // a budget below one model's results keeps nothing
    warm.setBudget(1000);
    expect(warm.held()).toEqual([]);
    expect(warm.results(ref(1, 1, a), a).use).toBe('built');
    expect(warm.held()).toEqual([]);
  });

  it('lets go what was not used for the maximum age', () => {
    let now = 0;
    const warm = new WarmEngines({ budgetBytes: 100e6, maxAgeMs: 1000, now: () => now });
    const [a, b] = [small(21), small(22)];
    warm.results(ref(1, 1, a), a);
    now = 600;
    warm.results(ref(2, 1, b), b);
    now = 1200;
    warm.expire();
    expect(warm.held()).toEqual([2]);
    expect(warm.results(ref(1, 1, a), a).use).toBe('built');
    now = 1500;
    expect(warm.results(ref(2, 1, b), b).use).toBe('warm'); // used 900 ms ago
    now = 2600;
    expect(warm.results(ref(2, 1, b), b).use).toBe('built'); // 1100 ms: let go before the task looked
  });
});
