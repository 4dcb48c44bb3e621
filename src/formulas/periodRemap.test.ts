import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { emptyRemapReport, remapNotice, remapPeriodItems } from './periodRemap.ts';
import { SECTIONS, entriesOf, newEntry, setEntries } from '../model/sections.ts';
import { validateModelData } from './validate.ts';

// A period value is stored by code (PER_03): a change of the period type or of the calculation dates
// moves every value of every section to the new period that holds its date, and counts what could not stay.

const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

/** The worked example (annual, 2024–2027) with one entry of each section phased, booked and indexed in 2026 (PER_03). */
function everySection(): ModelData {
  const m = worked();
  m.base_parameters.phasing_costs_revenues = [];
  for (const kind of SECTIONS.map((s) => s.kind)) {
    const e = newEntry(m, kind, `Post ${kind}`);
    e.phasing.start_date = '2024-01-01';
    e.phasing.end_date = '2027-12-31';
    e.phasing.phasing_items = [{ period: 'PER_03', value_type: 'Financeel', value: 1000 }];
    e.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: 10 }];
    e.indexing.indexing_items = [{ period: 'PER_03', value_type: 'Procentueel', value: 2 }];
    setEntries(m, kind, [...entriesOf(m, kind), e]);
  }
  return m;
}
const withParams = (m: ModelData, change: Partial<ModelData['base_parameters']>) => {
  const next = structuredClone(m);
  Object.assign(next.base_parameters, change);
  return next;
};
const added = (m: ModelData) => SECTIONS.map((s) => s.kind).map((kind) => entriesOf(m, kind).at(-1)!);

describe('remapPeriodItems', () => {
  it("moves every section's values to the period of their date: non-residential and other revenues too", () => {
    const m = everySection();
    expect(validateModelData(m).ok).toBe(true);
    const next = withParams(m, { phasing_period: 'Quarterly' });
    // Each year's value now stands in its first quarter, and that is counted: 4 sections × 3 lists + 3 of the example.
    expect(remapPeriodItems(m, next)).toEqual({ ...emptyRemapReport(), intoFirst: 15 });
    for (const e of added(next)) {
      // 2026 → 2026 Q1, the ninth quarter from 2024 Q1; 2024 → 2024 Q1
      expect(e.phasing.phasing_items).toEqual([{ period: 'PER_09', value_type: 'Financeel', value: 1000 }]);
      expect(e.bookvalue.bookvalue_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 10 }]);
      expect(e.indexing.indexing_items).toEqual([{ period: 'PER_09', value_type: 'Procentueel', value: 2 }]);
    }
    expect(validateModelData(next).ok).toBe(true);
    // and back: the quarters of one year add up in that year
    const back = withParams(next, { phasing_period: 'Annual' });
    for (const e of added(back)) e.phasing.phasing_items.push({ period: 'PER_10', value_type: 'Financeel', value: 5 });
    remapPeriodItems(next, back);
    for (const e of added(back)) expect(e.phasing.phasing_items).toEqual([{ period: 'PER_03', value_type: 'Financeel', value: 1005 }]);
  });

  it('counts what could not stay on its date, and the tool says it', () => {
    const m = everySection();
    for (const e of added(m)) e.indexing.indexing_items.push({ period: 'PER_04', value_type: 'Procentueel', value: 3 });
    // Two years shorter: the values of 2026 and 2027 go to 2025, the last period; the two rates meet there.
    // Moved: per added entry its phasing value and both rates, and the worked example's own 2026 revenue.
    const next = withParams(m, { phasing_calculation_end_date: '2025-12-31' });
    const report = remapPeriodItems(m, next);
    expect(report).toEqual({ ...emptyRemapReport(), movedInside: 4 * 3 + 1, indexRatesDropped: 4, formulasDropped: 0 });
    for (const e of added(next)) {
      expect(e.phasing.phasing_items).toEqual([{ period: 'PER_02', value_type: 'Financeel', value: 1000 }]);
      expect(e.indexing.indexing_items).toEqual([{ period: 'PER_02', value_type: 'Procentueel', value: 2 }]);
    }
    expect(remapNotice(report)).toBe('Perioden aangepast: 13 periodewaarden lagen buiten de nieuwe perioden en staan nu in de eerste of laatste periode (bedragen daar opgeteld); '
      + '4 eigen indexwaarden vielen in dezelfde periode als een eerdere en zijn vervallen.');
    expect(remapNotice({ ...emptyRemapReport(), movedInside: 1 })).toBe('Perioden aangepast: 1 periodewaarde lag buiten de nieuwe perioden en staat nu in de eerste of laatste periode (bedragen daar opgeteld).');
    expect(remapNotice(emptyRemapReport())).toBeNull();
  });

  it('formulas in or about period cells become their values, and that is said too', () => {
    const m = worked();
    const cost = m.cost_estimate[0]!;
    // a phasing value computed by a formula, and the amount computed from a phasing value
    cost.phasing.phasing_items = [{ period: 'PER_01', value_type: 'Financeel', value: 500_000 }];
    cost.formulas = { 'phasing:PER_01': '=[cost:1:price]/2', amount: '=[cost:1:phasing:PER_01]/500000' };
    const next = withParams(m, { phasing_period: 'Quarterly' });
    const report = remapPeriodItems(m, next);
    expect(report.formulasDropped).toBe(2);
    expect(next.cost_estimate[0]!.formulas).toBeUndefined();
    expect(remapNotice(report)).toBe('Perioden aangepast: 2 periodewaarden besloegen meer dan één nieuwe periode en staan nu geheel in de eerste daarvan; 2 formules in of over periodecellen zijn vaste waarden geworden.');
  });
});
