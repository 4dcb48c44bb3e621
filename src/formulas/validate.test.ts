import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { modelDataSchema } from '../model/modelSchema.ts';
import { MSG, ValidatedModelData, incompleteEntries, validateModelData } from './validate.ts';

const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const problemsOf = (m: unknown) => {
  const r = validateModelData(m);
  return r.ok ? [] : r.problems;
};

describe('model data validation', () => {
  it('accepts the worked example (schema and cross-field rules)', () => {
    expect(modelDataSchema().safeParse(worked()).success).toBe(true);
    expect(validateModelData(worked()).ok).toBe(true);
    expect(ValidatedModelData.safeParse(worked()).success).toBe(true);
  });

  it('reports dates out of order with their paths', () => {
    const m = worked();
    m.base_parameters.phasing_calculation_end_date = '2023-12-31';
    m.base_parameters.phasing_price_reference_date = '2030-01-01';
    const p = problemsOf(m);
    expect(p).toContainEqual({ path: 'base_parameters.phasing_calculation_end_date', message: 'De einddatum van de berekening moet na de startdatum liggen.' });
    expect(p.map((x) => x.path)).toContain('base_parameters.phasing_price_reference_date');
    expect(p.map((x) => x.path)).toContain('base_parameters.phasing_net_present_value_date');
  });

  it('rejects more than 40 periods instead of truncating', () => {
    const m = worked();
    m.base_parameters.phasing_period = 'Quarterly';
    m.base_parameters.phasing_calculation_end_date = '2034-01-01';
    const p = problemsOf(m);
    expect(p).toHaveLength(1);
    expect(p[0]!.path).toBe('base_parameters.phasing_period');
    expect(p[0]!.message).toMatch(/41 perioden; het maximum is 40/);
  });

  it('rejects a price date after the NCW date', () => {
    const m = worked();
    m.cost_estimate[0]!.estimate.date = '2024-02-01';
    expect(problemsOf(m)).toEqual([{ path: 'cost_estimate[0].estimate.date', message: 'De prijsdatum van de raming ligt na de NCW-datum.' }]);
  });

  it('rejects duplicate cost labels case-insensitively and duplicate set names within a group', () => {
    const m = worked();
    m.cost_estimate.push({ ...structuredClone(m.cost_estimate[0]!), id: 2, label: 'BOUWRIJP maken ' });
    m.base_parameters.parameter_sets.push({ set_name: 'cpi', set_group: 'Indexing_PriceLevelCorrectionToNCWDate', set_base_value: 2, set_values: [] });
    // the same name in another group is fine
    m.base_parameters.parameter_sets.push({ set_name: 'CPI', set_group: 'Indexing_FutureIndex', set_base_value: 2, set_values: [] });
    const p = problemsOf(m);
    expect(p.map((x) => x.path)).toEqual(['base_parameters.parameter_sets[5].set_name', 'cost_estimate[1].label']);
    expect(p[0]!.message).toBe(MSG.duplicateSetName);
  });

  it('rejects incomplete or negative space-usage rows with the spec message', () => {
    const m = worked();
    const su = m.base_parameters.space_usage;
    su.push({ id: 2, label: '', value: 10, location: 'public_space_green' });
    su.push({ id: 3, label: 'Water', value: -1, location: 'public_space_water' });
    su.push({ id: 4, label: 'Groen', value: null, location: 'public_space_green' });
    su.push({ id: 5, label: 'Groen 2', value: 5, location: null });
    expect(problemsOf(m)).toEqual([2, 3, 4, 5].map((i) => ({ path: `base_parameters.space_usage[${i - 1}]`, message: MSG.spaceUsage })));
  });

  it('rejects unknown index sets, periods beyond the model and phasing outside the entry dates', () => {
    const m = worked();
    m.cost_estimate[0]!.indexing.standard_index = 'Onbekend';
    m.cost_estimate[0]!.phasing.phasing_items.push({ period: 'PER_05', value_type: 'Financeel', value: 1 });
    m.residential_construction[0]!.phasing.phasing_items.push({ period: 'PER_01', value_type: 'Financeel', value: 1 });
    const paths = problemsOf(m).map((x) => x.path);
    expect(paths).toEqual([
      'cost_estimate[0].indexing.standard_index',
      'cost_estimate[0].phasing.phasing_items[2].period',
      'residential_construction[0].phasing.phasing_items[1].period',
    ]);
  });

  it('gives schema problems with paths for wrong shapes and enums', () => {
    const m = worked() as unknown as { base_parameters: Record<string, unknown> };
    m.base_parameters.interest_calculation_method = 'Linear';
    m.base_parameters.phasing_calculation_start_date = '2024-02-30';
    const paths = problemsOf(m).map((x) => x.path);
    expect(paths).toEqual(['base_parameters.phasing_calculation_start_date', 'base_parameters.interest_calculation_method']);
  });

  it('takes the opening book value and each entry\'s realised amount as optional amounts, with a Dutch message on the field (calculation.md §8)', () => {
    const m = worked();
    expect(problemsOf(m)).toEqual([]);
    m.base_parameters.opening_book_value = -125000.5;
    m.cost_estimate[0]!.bookvalue.realised_before_start = 0;
    m.residential_construction[0]!.bookvalue.realised_before_start = null;
    expect(problemsOf(m)).toEqual([]);
    const bad = m as unknown as { base_parameters: Record<string, unknown>; cost_estimate: { bookvalue: Record<string, unknown> }[] };
    bad.base_parameters.opening_book_value = '500.000';
    bad.cost_estimate[0]!.bookvalue.realised_before_start = '1e3';
    expect(problemsOf(bad)).toEqual([
      { path: 'base_parameters.opening_book_value', message: 'Ongeldige invoer: verwacht getal, ontving string' },
      { path: 'cost_estimate[0].bookvalue.realised_before_start', message: 'Ongeldige invoer: verwacht getal, ontving string' },
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        const r = validateModelData(x);
        expect(r.ok).toBe(false);
      }),
      { numRuns: 300, seed: 1 },
    );
    // mutations of a valid model
    fc.assert(
      fc.property(fc.constantFrom('phasing_calculation_start_date', 'phasing_net_present_value_date', 'phasing_calculation_end_date'), fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (field, d) => {
        const m = worked();
        m.base_parameters[field] = d.toISOString().slice(0, 10);
        expect(() => validateModelData(m)).not.toThrow();
      }),
      { numRuns: 200, seed: 2 },
    );
  });

  it('names a phase outside the calculation dates with both dates (issue 23)', () => {
    const m = worked();
    m.base_parameters.phasing_calculation_start_date = '2024-06-01';
    expect(problemsOf(m)).toContainEqual({
      path: 'base_parameters.phasing_costs_revenues[0].phase_start_date',
      message: "Fase 'Kosten' begint op 01-01-2024, vóór de startdatum van de berekening (01-06-2024). Pas de startdatum van de berekening of van de fase aan.",
    });
  });

  it('a residential row without its method\'s values is valid (counted with 0) and named by incompleteEntries (issue 23)', () => {
    const m = worked();
    const row = m.residential_construction[0]!;
    Object.assign(row, { calculation_method: 'PricePerSquareMeter', price_per_square_meter_data: null });
    expect(validateModelData(m).ok).toBe(true);
    expect(incompleteEntries(m, 'residential')).toEqual([`Post '${row.label}': vul het aantal m² en de prijs per m² in.`]);
    row.price_per_square_meter_data = { square_meters: 85, unit_price: 0 };
    expect(incompleteEntries(m, 'residential')).toHaveLength(1);
    row.price_per_square_meter_data = { square_meters: 85, unit_price: 3_100 };
    expect(incompleteEntries(m, 'residential')).toEqual([]);
    Object.assign(row, { calculation_method: 'LandShare', land_share_data: null });
    expect(incompleteEntries(m, 'residential')).toEqual([`Post '${row.label}': vul de VON-prijs en de grondquote in.`]);
  });

  it('a Niet-Woningbouw row without its method\'s values is named too: it counts with € 0 as a housing row does', () => {
    const m = JSON.parse(readFileSync(new URL('./examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const row = m.non_residential_construction![0]!;
    expect(incompleteEntries(m, 'non_residential')).toEqual([]);
    row.price_per_square_meter_data = { square_meters: 5_000, unit_price: 0 };
    expect(validateModelData(m).ok).toBe(true);
    expect(incompleteEntries(m, 'non_residential')).toEqual(["Post 'Bedrijfskavels': vul het aantal m² en de prijs per m² in."]);
    Object.assign(row, { calculation_method: 'PlotPrice', plot_price: null });
    expect(incompleteEntries(m, 'non_residential')).toEqual(["Post 'Bedrijfskavels': vul de kavelprijs in."]);
    Object.assign(row, { calculation_method: 'LandShare', land_share_data: { value_excl_vat: 0, quote_excl_vat: 40 } });
    expect(incompleteEntries(m, 'non_residential')).toEqual(["Post 'Bedrijfskavels': vul de waarde excl. btw en de grondquote in."]);
    row.land_share_data = { value_excl_vat: 2_000_000, quote_excl_vat: 40 };
    expect(incompleteEntries(m, 'non_residential')).toEqual([]);
    // the housing rows are their own section's
    expect(incompleteEntries(m, 'residential')).toEqual([]);
  });
});
