import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ModelData, SpaceUsageRow } from '../model/modelData.ts';
import { applyMapSpaceUsage, spaceUsageDiff } from './spaceUsageFromMap.ts';
import { GrexEngine } from './engine.ts';
import { spaceUsageChecks } from './overviewTotals.ts';

const rows: SpaceUsageRow[] = [
  { id: 1, label: 'Wegen', value: 1000, location: 'public_space_paving' },
  { id: 4, label: 'Parkje', value: 300, location: 'public_space_green' },
  { id: 5, label: 'Plantsoen', value: 200.5, location: 'public_space_green' },
  { id: 7, label: 'Te handhaven', value: 50, location: 'excluded_or_to_be_maintained' },
  { id: 8, label: 'Nog in te delen', value: null, location: null },
];

describe('applyMapSpaceUsage', () => {
  it('compares per location the model has or the map has, in the contract order', () => {
    expect(spaceUsageDiff(rows, { public_space_green: 800.004, public_space_paving: 1000, net_area_marketable_residential: 2500 })).toEqual([
      { location: 'excluded_or_to_be_maintained', model: 50, map: null, difference: 0 },
      { location: 'public_space_paving', model: 1000, map: 1000, difference: 0 },
      { location: 'public_space_green', model: 500.5, map: 800, difference: 299.5 },
      { location: 'net_area_marketable_residential', model: 0, map: 2500, difference: 2500 },
    ]);
  });

  it("sets one row per location the map has, keeps the first row's id and label, adds rows for new locations and leaves the rest", () => {
    const before = structuredClone(rows);
    const { rows: next, diff } = applyMapSpaceUsage(rows, { public_space_green: 800, public_space_paving: 950.126, net_area_marketable_residential: 2500 });
    expect(next).toEqual([
      { id: 1, label: 'Wegen', value: 950.13, location: 'public_space_paving' },
      { id: 4, label: 'Parkje', value: 800, location: 'public_space_green' },
      { id: 7, label: 'Te handhaven', value: 50, location: 'excluded_or_to_be_maintained' },
      { id: 8, label: 'Nog in te delen', value: null, location: null },
      { id: 9, label: 'Uitgeefbaar wonen', value: 2500, location: 'net_area_marketable_residential' },
    ]);
    expect(rows).toEqual(before); // the input is not changed
    expect(diff.find((d) => d.location === 'public_space_paving')).toEqual({ location: 'public_space_paving', model: 1000, map: 950.13, difference: -49.87 });
    // Taking over again changes nothing: the model now equals the map.
    const again = applyMapSpaceUsage(next, { public_space_green: 800, public_space_paving: 950.126, net_area_marketable_residential: 2500 });
    expect(again.rows).toEqual(next);
    expect(again.diff.every((d) => d.difference === 0)).toBe(true);
  });

  it('names an unnamed row of a location after the location, and an empty map changes nothing', () => {
    const { rows: next } = applyMapSpaceUsage([{ id: 3, label: '  ', value: null, location: 'main_structure_water' }], { main_structure_water: 12 });
    expect(next).toEqual([{ id: 3, label: 'Hoofdstructuur water', value: 12, location: 'main_structure_water' }]);
    expect(applyMapSpaceUsage(rows, {}).rows).toEqual(rows);
    expect(spaceUsageDiff([], {})).toEqual([]);
  });

  it("gives model data the engine accepts, whose space-usage totals are the map's", () => {
    const example = JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
    const { rows: next } = applyMapSpaceUsage(example.base_parameters.space_usage, { public_space_green: 1234, net_area_marketable_non_residential: 4321 });
    const r = GrexEngine.create({ ...example, base_parameters: { ...example.base_parameters, space_usage: next } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const green = next.filter((x) => x.location === 'public_space_green');
    expect(green).toHaveLength(1);
    expect(r.engine.results.spaceUsage.marketable).toBeGreaterThanOrEqual(4321);
    r.engine.destroy();
  });

  it("fills 'Uitgeefbaar niet-wonen' as the other locations, and the non-residential check of §3b.6 then agrees (issue 24 item 11)", () => {
    const full = JSON.parse(readFileSync(new URL('./examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const computed = (m: ModelData) => {
      const r = GrexEngine.create(m);
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      const out = { byLocation: r.engine.results.spaceUsage.byLocation, checks: spaceUsageChecks(m, r.engine.results).map((c) => c.location) };
      r.engine.destroy();
      return out;
    };
    // The Prijs-per-m² entry counts 5.000 m² that Ruimtegebruik does not have yet.
    expect(computed(full).checks).toEqual(['net_area_marketable_non_residential']);
    const totals = { net_area_marketable_non_residential: 5000.004, net_area_marketable_residential: 5000 };
    expect(spaceUsageDiff(full.base_parameters.space_usage, totals)).toContainEqual({ location: 'net_area_marketable_non_residential', model: 0, map: 5000, difference: 5000 });
    const { rows: next } = applyMapSpaceUsage(full.base_parameters.space_usage, totals);
    expect(next).toContainEqual({ id: 2, label: 'Uitgeefbaar niet-wonen', value: 5000, location: 'net_area_marketable_non_residential' });
    const after = computed({ ...full, base_parameters: { ...full.base_parameters, space_usage: next } });
    expect(after.byLocation.net_area_marketable_non_residential).toBe(5000);
    expect(after.checks).toEqual([]);
    // A second take-over sets the one row of the location, it adds none.
    expect(applyMapSpaceUsage(next, { net_area_marketable_non_residential: 4000 }).rows.filter((r) => r.location === 'net_area_marketable_non_residential'))
      .toEqual([{ id: 2, label: 'Uitgeefbaar niet-wonen', value: 4000, location: 'net_area_marketable_non_residential' }]);
  });
});
