import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { applyGlobalParameters, globalPeriodLabels, planGlobalParameters } from './globalParameters.ts';
import { pct } from '../model/percent.ts';

// The API test (server/routes/parameters.test.ts) covers labels, remap, notation and refusal through
// the route; these are the module's edges.
const example = JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

describe('applyGlobalParameters', () => {
  it('skips periods the model does not have, adds a missing set with the base row\'s value, leaves the input alone', () => {
    const data = structuredClone(example);
    data.base_parameters.parameter_sets = data.base_parameters.parameter_sets.filter((s) => s.set_name !== 'RentepercentagePositiefSaldo');
    const r = applyGlobalParameters(data, [
      { parameter_type: 'RentepercentagePositiefSaldo', period_type: 'Per40', value_float: 0.05 },
      { parameter_type: 'RentepercentagePositiefSaldo', period_type: 'Per04', value_float: 0.04 },
      { parameter_type: 'RentepercentagePositiefSaldo', period_type: 'Uitgangspunt', value_float: 0.03 },
      { parameter_type: 'HistorischeIndexGebruiker', year: 2020, row_index: 0, value_float: 0.5 },
    ]);
    expect(r.ok && r.data.base_parameters.parameter_sets.find((s) => s.set_name === 'RentepercentagePositiefSaldo')).toEqual({
      set_name: 'RentepercentagePositiefSaldo', set_group: 'Interest_Percentage', set_base_value: 0.03,
      set_values: [{ phasing_period: 'Annual', period_label: '2027', period_value: 0.04 }],
    });
    expect(data.base_parameters.parameter_sets.some((s) => s.set_name === 'RentepercentagePositiefSaldo')).toBe(false);
  });

  it('refuses stored data that is not model data, with the problems', () => {
    const r = applyGlobalParameters({ base_parameters: {} }, []);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.length).toBeGreaterThan(0);
  });
});

describe('globalPeriodLabels', () => {
  it('Per01…Per40 as the periods of a model starting on the global start date', () => {
    const years = globalPeriodLabels('2020-01-01', 'Annual');
    expect(years).toHaveLength(40);
    expect([years[0], years[1], years[39]]).toEqual(['2020', '2021', '2059']);
    expect(globalPeriodLabels('2020-08-15', 'SemiAnnual').slice(0, 3)).toEqual(['2020 H2', '2021 H1', '2021 H2']);
    expect(globalPeriodLabels('2020-08-15', 'Quarterly').slice(0, 2)).toEqual(['2020 Q3', '2020 Q4']);
  });

  it('match the labels applyGlobalParameters writes a period value to', () => {
    const r = applyGlobalParameters(structuredClone(example), [
      { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', period_type: 'Uitgangspunt', value_date: '2023-03-01' },
      { parameter_type: 'Kostenstijging', period_type: 'Per02', value_float: 0.04 },
    ]);
    const set = r.ok ? r.data.base_parameters.parameter_sets.find((s) => s.set_name === 'Kostenstijging') : undefined;
    const phasing = example.base_parameters.phasing_period;
    const label = globalPeriodLabels('2023-03-01', phasing)[1];
    expect(set?.set_values.filter((v) => pct(v.period_value) === 0.04).map((v) => v.period_label)).toEqual([label]);
  });
});

describe('planGlobalParameters (issue 23)', () => {
  it('lists what changes in runs of periods, percentages as fractions in either notation; equal values are unchanged', () => {
    const plan = planGlobalParameters(example, [
      { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.02 }, // the model's 2.0
      { parameter_type: 'Kostenstijging', period_type: 'Per02', value_float: 0.03 },
      { parameter_type: 'Kostenstijging', period_type: 'Per03', value_float: 0.03 },
      { parameter_type: 'Kostenstijging', period_type: 'Per04', value_float: 0.025 },
      { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 }, // the model's 21.0
      { parameter_type: 'NcwDatum', period_type: 'Uitgangspunt', value_date: '2025-01-01' },
    ]);
    expect(plan.kind === 'changes' && plan.changes).toEqual([
      { parameter: 'NcwDatum', from: null, to: null, before: '2024-01-01', after: '2025-01-01' },
      { parameter: 'Kostenstijging', from: '2025', to: '2026', before: 0.02, after: 0.03 },
      { parameter: 'Kostenstijging', from: '2027', to: '2027', before: 0.02, after: 0.025 },
    ]);
    expect(planGlobalParameters(example, [{ parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.21 }]).kind).toBe('unchanged');
  });

  it('a refused model gives each reason once', () => {
    const data = structuredClone(example);
    data.base_parameters.phasing_costs_revenues = [0, 1, 2].map(() => ({ phase_name: 'Fase 1', phase_group: 'Cost' as const, phase_start_date: '2024-01-01', phase_end_date: '2025-12-31' }));
    const plan = planGlobalParameters(data, [{ parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', period_type: 'Uitgangspunt', value_date: '2024-06-01' }]);
    expect(plan.kind === 'refused' && plan.reasons.filter((r) => r.startsWith("Fase 'Fase 1'"))).toHaveLength(1);
  });
});
