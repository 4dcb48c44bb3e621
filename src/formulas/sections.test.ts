// The whole exploitation (issue 24, calculation.md §3b and §7b): the new sections on the wire, their
// arithmetic to the cent, their validation on the field, and the phase rule of issue 28.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { referenceCalculate } from '../../test/formulas/reference.ts';
import { entriesOutsidePhase } from '../model/phaseWindow.ts';
import { ValidatedModelData, validateModelData, validateModelDataForSave } from './validate.ts';
import { SECTIONS, entryLabelProblem, newEntry } from '../model/sections.ts';

const read = (name: string): ModelData => JSON.parse(readFileSync(new URL(`./examples/${name}`, import.meta.url), 'utf8')) as ModelData;
const full = () => read('full-exploitation.model.json');
const problemsOf = (m: unknown) => {
  const r = validateModelData(m);
  return r.ok ? [] : r.problems;
};
const build = (m: ModelData) => {
  const b = GrexEngine.create(m);
  if (!b.ok) throw new Error(JSON.stringify(b.problems));
  return b.engine;
};
const cents = (x: number) => Math.round(x * 100) / 100;

describe('the worked example of calculation.md §7b', () => {
  it('gives the table of §7b to the cent, per revenue section', () => {
    const e = build(full());
    const r = e.results;
    expect(r.periods.map((p) => [p.label, cents(p.costs), cents(p.sectionRevenues.residential!), cents(p.sectionRevenues.non_residential!), cents(p.sectionRevenues.other_revenue!), cents(p.interest), cents(p.balance)])).toEqual([
      ['2024', 500000, 0, 0, 0, 0, 500000],
      ['2025', 510000, 0, 0, 200000, 10000, 820000],
      ['2026', 0, 1810296, 780300, 0, 16400, -1754196],
      ['2027', 0, 0, 0, 0, -35083.92, -1789279.92],
    ]);
    expect(r.periods.map((p) => cents(p.revenues))).toEqual([0, 200000, 2590596, 0]);
    expect(cents(r.ew)).toBe(1789279.92);
    expect(cents(r.ncw)).toBe(1653018.07);
    expect(r.verliesvoorziening).toBe(0);
    expect(r.entries.residential!.map((x) => x.estimate)).toEqual([900000, 840000]);
    expect(r.entries.non_residential!.map((x) => x.estimate)).toEqual([750000]);
    expect(r.entries.other_revenue![0]!.nominal.map(cents)).toEqual([0, 200000, 0, 0]);
    e.destroy();
  });

  it('agrees with the reference implementation', () => {
    const e = build(full());
    const ref = referenceCalculate(full());
    expect(cents(e.results.ew)).toBe(cents(ref.ew));
    expect(ref.periods.map((p) => cents(p.revenues))).toEqual(e.results.periods.map((p) => cents(p.revenues)));
    e.destroy();
  });

  it('an other revenue that is indexed follows Opbrengstenstijging; one that is not stays nominal', () => {
    const m = full();
    m.other_revenues![0]!.indexed = true;
    const e = build(m);
    expect(cents(e.results.periods[1]!.sectionRevenues.other_revenue!)).toBe(204000);
    const r = e.applyEdit({ kind: 'entryField', entry: 'other_revenue', id: 1, field: 'indexed', value: false });
    expect(r.ok).toBe(true);
    expect(cents(e.results.periods[1]!.sectionRevenues.other_revenue!)).toBe(200000);
    expect(cents(e.results.ew)).toBe(1789279.92);
    e.destroy();
  });

  it('edits a non-residential entry in place and recomputes', () => {
    const e = build(full());
    const r = e.applyEdit({ kind: 'entryField', entry: 'non_residential', id: 1, field: 'unit_price', value: 160 });
    expect(r.ok).toBe(true);
    expect(e.results.entries.non_residential![0]!.estimate).toBe(800000);
    expect(cents(e.results.periods[2]!.sectionRevenues.non_residential!)).toBe(832320);
    e.destroy();
  });
});

describe('the residual method (§3b.1)', () => {
  it('a negative residual value is a warning on the row and an estimate of 0', () => {
    const m = full();
    m.residential_construction[1]!.residual_data!.building_costs = 300000;
    const e = build(m);
    const row = e.results.entries.residential![1]!;
    expect(row.estimate).toBe(0);
    // 300.000 − 300.000 × 1,2 = −60.000
    expect(row.warning).toBe('Residuele grondwaarde negatief: € -60.000,00; opbrengst op € 0,00 gezet.');
    const back = e.applyEdit({ kind: 'residentialField', id: 2, field: 'building_costs', value: 180000 });
    expect(back.ok).toBe(true);
    expect(e.results.entries.residential![1]!.warning).toBeNull();
    expect(e.results.entries.residential![1]!.estimate).toBe(840000);
    e.destroy();
  });

  it('works for non-residential with the value excl. VAT', () => {
    const m = full();
    m.non_residential_construction![0] = {
      ...m.non_residential_construction![0]!,
      amount: 2,
      calculation_method: 'Residual',
      residual_data: { value_excl_vat: 500000, building_costs: 300000, additional_costs_percentage: 0.1 },
    };
    const e = build(m);
    expect(e.results.entries.non_residential![0]!.estimate).toBe(2 * (500000 - 330000));
    e.destroy();
  });
});

describe('the wire', () => {
  it('a model saved before the new sections stays valid and computes as before', () => {
    const worked = read('worked-example.model.json');
    expect('non_residential_construction' in worked).toBe(false);
    expect(validateModelData(worked).ok).toBe(true);
    expect(ValidatedModelData.safeParse(worked).success).toBe(true);
    const e = build(worked);
    expect(cents(e.results.ew)).toBe(-106120.8);
    expect(e.results.entries.non_residential!).toEqual([]);
    expect(e.results.periods.every((p) => p.sectionRevenues.non_residential! === 0 && p.sectionRevenues.other_revenue! === 0)).toBe(true);
    e.destroy();
  });

  it('keeps the section values saved before the Bro cost categories', () => {
    const m = read('worked-example.model.json');
    m.cost_estimate[0]!.phasing.phasing_section_type = 'Woningbouw';
    m.residential_construction[0]!.phasing.phasing_section_type = 'Sanering';
    expect(validateModelData(m).ok).toBe(true);
  });
});

describe('validation of the new fields, in Dutch on the field', () => {
  it('refuses negative m², a quote above 100 %, a residual without building costs and an unknown category', () => {
    const m = full();
    const nr = m.non_residential_construction![0]!;
    nr.price_per_square_meter_data!.square_meters = -5;
    m.non_residential_construction!.push({
      ...nr, id: 2, label: 'Kantoren', calculation_method: 'LandShare', price_per_square_meter_data: null,
      land_share_data: { value_excl_vat: 1000000, quote_excl_vat: 120 },
    });
    m.residential_construction[1]!.residual_data!.building_costs = 0;
    m.other_revenues![0]!.phasing.phasing_section_type = 'Lening';
    const p = problemsOf(m);
    expect(p).toContainEqual({ path: 'non_residential_construction[0].price_per_square_meter_data.square_meters', message: 'Het aantal m² kan niet negatief zijn.' });
    expect(p).toContainEqual({ path: 'non_residential_construction[1].land_share_data.quote_excl_vat', message: 'De grondquote ligt tussen 0 % en 100 %.' });
    expect(p).toContainEqual({ path: 'residential_construction[1].residual_data.building_costs', message: 'Vul de bouwkosten per eenheid in: de residuele methode rekent ermee.' });
    expect(p).toContainEqual({
      path: 'other_revenues[0].phasing.phasing_section_type',
      message: "De categorie 'Lening' bestaat niet bij Overige opbrengsten; kies uit Subsidie, Bijdrage derden, Exploitatiebijdrage, Overige opbrengst.",
    });
    // the server's request schema carries the same problems on the same paths
    const z = ValidatedModelData.safeParse(m);
    expect(z.success).toBe(false);
    expect(z.error!.issues.map((i) => i.path.join('.'))).toContain('non_residential_construction.0.price_per_square_meter_data.square_meters');
  });

  it('a residual entry without residual data names what to fill in', () => {
    const m = full();
    m.residential_construction[1]!.residual_data = null;
    expect(problemsOf(m)).toContainEqual({ path: 'residential_construction[1].residual_data', message: 'Vul de VON-prijs, de bouwkosten en de bijkomende kosten in.' });
  });
});

describe("an entry's phasing lies within its section's phase (issue 28)", () => {
  it('names the entry and the phase, on the entry', () => {
    const m = full();
    m.residential_construction[0]!.phasing.start_date = '2025-07-01';
    const p = entriesOutsidePhase(m, SECTIONS);
    expect(p).toEqual([{
      path: 'residential_construction[0].phasing.start_date',
      message: "De fasering van 'Koopwoningen' (01-07-2025 t/m 31-12-2026) valt buiten de fase 'Uitgifte' (01-01-2026 t/m 31-12-2026); pas de datums aan.",
    }]);
    // a save refuses it (server and CLI); the engine still opens the model so the user can repair it
    const save = validateModelDataForSave(m);
    expect(save.ok ? [] : save.problems).toEqual(p);
    expect(ValidatedModelData.safeParse(m).error?.issues.map((i) => i.message)).toEqual([p[0]!.message]);
    expect(GrexEngine.create(m).ok).toBe(true);
  });

  it('checks costs against the cost phases, and sets no bounds without phases of the group', () => {
    const m = full();
    m.cost_estimate[0]!.phasing.end_date = '2026-06-30';
    expect(entriesOutsidePhase(m, SECTIONS).map((x) => x.path)).toEqual(['cost_estimate[0].phasing.end_date']);
    m.base_parameters.phasing_costs_revenues = m.base_parameters.phasing_costs_revenues.filter((ph) => ph.phase_group !== 'Cost');
    expect(entriesOutsidePhase(m, SECTIONS)).toEqual([]);
  });

  it('an entry within any one phase of its group passes; other revenues are not tied to a phase (§7b)', () => {
    const m = full();
    m.base_parameters.phasing_costs_revenues.push({ phase_name: 'Uitgifte 2', phase_group: 'Revenue', phase_start_date: '2027-01-01', phase_end_date: '2027-12-31' });
    m.non_residential_construction![0]!.phasing.start_date = '2027-01-01';
    m.non_residential_construction![0]!.phasing.end_date = '2027-12-31';
    m.non_residential_construction![0]!.phasing.phasing_items = [{ period: 'PER_04', value_type: 'Procentueel', value: 100 }];
    expect(entriesOutsidePhase(m, SECTIONS)).toEqual([]);
    expect(m.other_revenues![0]!.phasing.start_date < '2026-01-01').toBe(true);
  });
});

describe('section descriptors', () => {
  it('give each section its Dutch words, categories and defaults', () => {
    expect(SECTIONS.map((s) => [s.kind, s.list, s.title, s.direction])).toEqual([
      ['cost', 'cost_estimate', 'Kostenraming', 'out'],
      ['residential', 'residential_construction', 'Woningbouw', 'in'],
      ['non_residential', 'non_residential_construction', 'Niet-Woningbouw', 'in'],
      ['other_revenue', 'other_revenues', 'Overige opbrengsten', 'in'],
    ]);
    const m = full();
    for (const s of SECTIONS) {
      const e = newEntry(m, s.kind, '  Nieuw  ');
      expect(e.label).toBe('Nieuw');
      expect(s.categories.map((c) => c.value)).toContain(e.phasing.phasing_section_type);
    }
    expect(entryLabelProblem(m, 'non_residential', null, 'bedrijfskavels')).toBe('Deze naam bestaat al. Kies een unieke naam');
    expect(entryLabelProblem(m, 'other_revenue', null, ' ')).toBe('Voer een geldige naam in.');
  });
});
