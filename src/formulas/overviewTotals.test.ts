import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { sectionTotals, spaceUsageChecks } from './overviewTotals.ts';

const read = (name: string): ModelData => JSON.parse(readFileSync(new URL(`./examples/${name}`, import.meta.url), 'utf8')) as ModelData;
const results = (m: ModelData) => {
  const b = GrexEngine.create(m);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return b.engine.results;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('sectionTotals (calculation.md §3b.6)', () => {
  it('adds the entries of every section and category of the worked example §7b', () => {
    const m = read('full-exploitation.model.json');
    const r = results(m);
    const t = sectionTotals(m, r);
    expect(t.map((s) => s.title)).toEqual(['Kostenraming', 'Woningbouw', 'Niet-Woningbouw', 'Overige opbrengsten']);
    for (const s of t) {
      const entries = r.entries[s.kind]!;
      expect(s.count).toBe(entries.length);
      expect(s.estimate).toBeCloseTo(sum(entries.map((e) => e.estimate)), 2);
      expect(s.amountAtNcw).toBeCloseTo(sum(entries.map((e) => e.amountAtNcw)), 2);
      expect(s.totalBooked).toBeCloseTo(sum(entries.map((e) => e.totalBooked)), 2);
      expect(s.nominal).toBeCloseTo(sum(entries.map((e) => sum(e.nominal))), 2);
      // the categories split the section's totals
      expect(sum(s.categories.map((c) => c.amountAtNcw))).toBeCloseTo(s.amountAtNcw, 2);
    }
    const [costs, housing, nonHousing, other] = t;
    expect(costs!.categories.map((c) => c.label)).toEqual(['Bouwrijp maken']);
    expect(nonHousing!.categories.map((c) => [c.category, c.label])).toEqual([['Bedrijven', 'Bedrijven']]);
    expect(other!.categories.map((c) => c.label)).toEqual(['Subsidie']);
    expect(housing!.direction).toBe('in');
    // nominal totals per direction are the overview's period totals
    expect(costs!.nominal).toBeCloseTo(r.periodTotals.costs, 2);
    expect(housing!.nominal).toBeCloseTo(r.periodTotals.sectionRevenues.residential!, 2);
    expect(nonHousing!.nominal).toBeCloseTo(r.periodTotals.sectionRevenues.non_residential!, 2);
    expect(other!.nominal).toBeCloseTo(r.periodTotals.sectionRevenues.other_revenue!, 2);
  });

  it('groups entries by category in the descriptor order, a legacy value after and under its own name', () => {
    const m = read('full-exploitation.model.json');
    const first = m.cost_estimate[0]!;
    const copy = (id: number, type: string) => ({ ...structuredClone(first), id, label: `Post ${id}`, phasing: { ...structuredClone(first.phasing), phasing_section_type: type } });
    m.cost_estimate.push(copy(2, 'Verwerving') as typeof first, copy(3, 'Woningbouw') as typeof first, copy(4, 'Verwerving') as typeof first);
    const [costs] = sectionTotals(m, results(m));
    expect(costs!.categories.map((c) => [c.label, c.count])).toEqual([['Verwerving', 2], ['Bouwrijp maken', 1], ['Woningbouw', 1]]);
    expect(costs!.categories[0]!.estimate).toBeCloseTo(2 * costs!.categories[1]!.estimate, 2);
  });

  it('is empty for a model without the new sections on the wire', () => {
    const m = read('worked-example.model.json');
    const t = sectionTotals(m, results(m));
    expect(t[2]).toMatchObject({ count: 0, estimate: 0, nominal: 0, categories: [] });
    expect(t[3]).toMatchObject({ count: 0, categories: [] });
  });
});

describe('spaceUsageChecks (calculation.md §3b.6)', () => {
  it('warns when the m² of the non-residential price-per-m² entries differ from Ruimtegebruik', () => {
    const m = read('full-exploitation.model.json');
    const checks = spaceUsageChecks(m, results(m));
    // 1 × 5.000 m² of Bedrijfskavels, no row 'Uitgeefbaar niet-wonen'; housing has no price-per-m² entries
    expect(checks).toEqual([expect.objectContaining({ kind: 'non_residential', entriesM2: 5000, spaceM2: 0, difference: 5000 })]);
    expect(checks[0]!.message).toBe("Niet-Woningbouw: de posten met prijs per m² tellen 5.000,00 m², Ruimtegebruik 'Uitgeefbaar niet-wonen' 0,00 m² (verschil 5.000,00 m²).");
  });

  it('is silent when the areas agree, and checks housing once it has price-per-m² entries', () => {
    const m = read('full-exploitation.model.json');
    m.base_parameters.space_usage.push({ id: 2, label: 'Bedrijven', value: 5000, location: 'net_area_marketable_non_residential' });
    expect(spaceUsageChecks(m, results(m))).toEqual([]);
    const house = m.residential_construction[0]!;
    house.calculation_method = 'PricePerSquareMeter';
    house.price_per_square_meter_data = { square_meters: 300, unit_price: 400 };
    const checks = spaceUsageChecks(m, results(m));
    // 10 × 300 m² against the 5.000 m² of 'Woningbouw uitgeefbaar'
    expect(checks.map((c) => [c.kind, c.entriesM2, c.spaceM2, c.difference])).toEqual([['residential', 3000, 5000, -2000]]);
  });
});
