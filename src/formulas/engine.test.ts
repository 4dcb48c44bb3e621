import { HyperFormula } from 'hyperformula';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import type { Edit } from './engineModelEdits.ts';
import { GrexEngine } from './engine.ts';
import { speedupLine, startHyperFormula } from './hyperformulaSpeedups.ts';
import { referenceCalculate } from '../../test/formulas/reference.ts';
import { diffResults } from '../../test/formulas/compare.ts';
import { largeModel } from '../../test/formulas/largeModel.ts';
import { colName } from './workbookRefs.ts';

const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
/** The worked example without phases: the tests that move an entry's phasing dates across the whole calculation (phases bound them, not the arithmetic). */
const unbounded = (): ModelData => {
  const m = worked();
  m.base_parameters.phasing_costs_revenues = [];
  return m;
};
const build = (m: unknown) => {
  const r = GrexEngine.create(m);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.engine;
};
const c2 = (x: number) => Math.round(x * 100) / 100;

describe('engine start', () => {
  // vitest project engine-plain-hf runs this file with GRONDSLAG_HF_PATCHES=0
  it('installs the HyperFormula speed-ups unless GRONDSLAG_HF_PATCHES=0 asks for plain HyperFormula', () => {
    const wanted = process.env.GRONDSLAG_HF_PATCHES !== '0';
    expect(startHyperFormula()).toEqual({ wanted, parser: wanted, topSort: wanted, redo: wanted });
  });

  it('keeps HyperFormula\'s undo and redo as they are with the shortcut for an empty redo stack', () => {
    startHyperFormula();
    const hf = HyperFormula.buildFromArray([[1]], { licenseKey: 'gpl-v3', undoLimit: 10 });
    hf.setCellContents({ sheet: 0, row: 0, col: 0 }, 2);
    hf.undo();
    expect(hf.getCellValue({ sheet: 0, row: 0, col: 0 })).toBe(1);
    expect(hf.isThereSomethingToRedo()).toBe(true);
    hf.redo();
    hf.undo();
    // a write clears the redo stack that is not empty
    hf.batch(() => hf.setCellContents({ sheet: 0, row: 1, col: 0 }, 5));
    expect(hf.isThereSomethingToRedo()).toBe(false);
    hf.undo();
    expect(hf.getCellValue({ sheet: 0, row: 1, col: 0 })).toBeNull();
    hf.destroy();
  });

  it('says in plain words whether the faster calculation is on, and what to do when part of it is not (issue 25 item 14)', () => {
    expect(speedupLine({ wanted: true, parser: true, topSort: true, redo: true })).toBe('Rekenkern: versnelde berekening aan.');
    expect(speedupLine({ wanted: true, parser: false, topSort: true, redo: true }))
      .toBe('Rekenkern: de versnelling werkt niet voor formules inlezen; berekeningen duren langer. Meld dit bij de beheerder van Grondslag.');
    expect(speedupLine({ wanted: true, parser: false, topSort: false, redo: true })).toContain('werkt niet voor formules inlezen en volgorde bepalen;');
    expect(speedupLine({ wanted: true, parser: false, topSort: false, redo: false })).toContain('werkt niet voor formules inlezen, volgorde bepalen en wijzigingen verwerken;');
    expect(speedupLine({ wanted: false, parser: false, topSort: false, redo: false })).toBe('Rekenkern: de versnelling staat uit (GRONDSLAG_HF_PATCHES=0); berekeningen duren langer.');
    // No library or algorithm names for the operator.
    for (const s of [true, false]) expect(speedupLine({ wanted: true, parser: s, topSort: !s, redo: s })).not.toMatch(/HyperFormula|parser|topolog|redo|undo/i);
  });
});

describe('engine: worked example of calculation.md §7', () => {
  it('gives the table, EW −106.120,80 and NCW −98.039,22', () => {
    const e = build(worked());
    const r = e.results;
    expect(r.periods.map((p) => [p.label, c2(p.costs), c2(p.revenues), c2(p.interest), c2(p.balance)])).toEqual([
      ['2024', 500000, 0, 0, 500000],
      ['2025', 510000, 0, 10000, 1020000],
      ['2026', 0, 936360, 20400, 104040],
      ['2027', 0, 0, 2080.8, 106120.8],
    ]);
    expect(r.entries.cost![0]!.indexFactor.map((f) => Number(f.toFixed(6)))).toEqual([1, 1.02, 1.0404, 1.061208]);
    expect(c2(r.ew)).toBe(-106120.8);
    expect(c2(r.ncw)).toBe(-98039.22);
    expect(c2(r.verliesvoorziening)).toBe(98039.22);
    expect(r.entries.residential![0]!.estimate).toBeCloseTo(900000, 6);
    expect(r.entries.cost![0]).toMatchObject({ estimate: 1000000, amountAtNcw: 1000000, totalPhased: 1000000, residualToPhase: 0, totalBooked: 0 });
    expect(r.errors).toEqual([]);
    e.destroy();
  });

  it('lays the workbook out with readable sheets and formulas over input cells', () => {
    const e = build(worked());
    expect(e.sheets.map((s) => s.name)).toEqual(['Uitgangspunten', 'Parametersets', 'Perioden', 'Prijsindex', 'Kostenraming', 'Woningbouw', 'Niet-Woningbouw', 'Overige opbrengsten', 'Ruimtegebruik', 'Overzicht', 'Resultaat']);
    const cost = e.sheets.find((s) => s.name === 'Kostenraming')!;
    const lay = e.layout.sections.cost!;
    expect(cost.rows[0]![lay.col.amountAtNcw!]).toBe("'Bedrag op NCW-datum");
    expect(cost.rows[1]![lay.col.amountAtNcw!]).toMatch(/^=ROUND\(/);
    // A Financeel value is the phased amount: no phased cell.
    expect(cost.rows[1]![lay.blockStart.phased]).toBeNull();
    // An entry without own index values has no nominal cells: its set's row below the Totaal row adds the
    // set's phased amounts of a period (Fasering €) and multiplies them by the set's factor (Nominaal).
    expect(cost.rows[1]![lay.blockStart.nominal + 1]).toBeNull();
    expect(lay.groups).toEqual([{ setRow: expect.any(Number), row: lay.totalsRow + 1, members: [1] }]);
    const group = cost.rows[lay.totalsRow + 1]!;
    expect(group[lay.col.label!]).toBe("'Totaal indexreeks Kostenstijging");
    expect(group[lay.blockStart.phasingF + 1]).toBe(`=${colName(lay.blockStart.phasingF + 1)}2`);
    expect(group[lay.blockStart.nominal + 1]).toMatch(new RegExp(`^=${colName(lay.blockStart.phasingF + 1)}${lay.totalsRow + 2}\\*Parametersets!`));
    expect(cost.rows[lay.totalsRow]![lay.blockStart.nominal + 1]).toBe(`=${colName(lay.blockStart.nominal + 1)}${lay.totalsRow + 2}`);
    expect(e.results.entries.cost![0]!.nominal[1]).toBeCloseTo(510000, 6);
    // 2024 contains the NCW date: the factor is 1 there, the nominal amount is the phased amount
    expect(group[lay.blockStart.nominal]).toBeNull();
    expect(e.results.entries.cost![0]!.nominal[0]).toBe(500000);
    expect(group[lay.blockStart.nominal + 2]).toBeNull(); // no value in 2026: no formula
    expect(e.hf.getCellFormula({ sheet: e.sheetId('Resultaat'), row: 11, col: 1 })).toBe('=MAX(0,-B11)');
    e.destroy();
  });
});

describe('engine: incremental edits', () => {
  it('up to the NCW period adds new phasing values to the period totals without nominal cells', () => {
    const m = worked();
    m.base_parameters.phasing_net_present_value_date = '2025-06-30'; // the NCW period is 2025
    const e = build(m);
    expect(e.layout.sections.cost!.ncwPeriod).toBe(2);
    const check = () => expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    const edit = (value: number | null, valueType: 'Financeel' | 'Procentueel') => {
      const r = e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value, valueType });
      expect(r.ok && !r.rebuilt).toBe(true);
      check();
    };
    check();
    edit(null, 'Financeel');
    expect(e.results.periods[1]!.costs).toBe(0);
    edit(25, 'Procentueel'); // a phased cell appears; the 2025 total must count it
    expect(e.results.entries.cost![0]!.nominal[1]).toBe(e.results.entries.cost![0]!.phased[1]);
    expect(e.results.periods[1]!.costs).toBeGreaterThan(0);
    edit(1234, 'Financeel');
    expect(e.results.periods[1]!.costs).toBe(1234);
    const row = e.sheets.find((s) => s.name === 'Kostenraming')!.rows[1]!;
    expect(row[e.layout.sections.cost!.blockStart.nominal + 1]).toBeNull();
    e.destroy();
  });

  it('applies a batch whole or not at all: a refused edit undoes the edits before it', () => {
    const e = build(worked());
    const ew = e.results.ew;
    const model = JSON.stringify(e.modelData);
    const r = e.applyEdits([
      { kind: 'costField', id: 1, field: 'label', value: 'Nieuwe naam' },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_01', value: 1 },
      { kind: 'parameter', field: 'interest_discount_rate_percentage', value: 'veel' as unknown as number },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('base_parameters.interest_discount_rate_percentage');
    expect(JSON.stringify(e.modelData)).toBe(model);
    expect(e.results.entries.cost![0]!.label).toBe(worked().cost_estimate[0]!.label);
    expect(e.results.ew).toBe(ew);
    // whatever the order of what the batch changed
    expect(e.applyEdits([
      { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: null, value: 9 },
      { kind: 'parameter', field: 'vat_rate_percentage', value: 2 },
      { kind: 'parameter', field: 'interest_discount_rate_percentage', value: 'veel' as unknown as number },
    ]).ok).toBe(false);
    expect(JSON.stringify(e.modelData)).toBe(model);
    // a batch whose layout change makes the model invalid is refused whole as well
    const invalid = e.applyEdits([
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_01', value: 2 },
      { kind: 'parameter', field: 'phasing_calculation_end_date', value: '2020-01-01' },
    ]);
    expect(invalid.ok).toBe(false);
    expect(JSON.stringify(e.modelData)).toBe(model);
    // a refused single edit changes nothing either
    expect(e.applyEdit({ kind: 'parameter', field: 'vat_rate_percentage', value: Number.NaN }).ok).toBe(false);
    expect(JSON.stringify(e.modelData)).toBe(model);
    e.destroy();
  });

  it('adds the phased and nominal cells a new value needs, as a fresh build has them', () => {
    const e = build(unbounded());
    const lay = e.layout.sections.cost!;
    // the entry's phased and nominal cells, its index-set row's sum and nominal cell, the Totaal row's nominal cell
    const cells = (x: GrexEngine) => {
      const rows = x.sheets.find((s) => s.name === 'Kostenraming')!.rows;
      const group = rows[lay.groups[0]!.row]!;
      return [rows[1]![lay.blockStart.phased + 2], rows[1]![lay.blockStart.nominal + 2], group[lay.blockStart.phasingF + 2], group[lay.blockStart.nominal + 2], rows[lay.totalsRow]![lay.blockStart.nominal + 2]];
    };
    const step = (value: number | null, valueType: 'Financeel' | 'Procentueel') => {
      const r = e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_03', value, valueType });
      expect(r.ok && !r.rebuilt).toBe(true);
      expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    };
    expect(e.applyEdit({ kind: 'costField', id: 1, field: 'end_date', value: '2026-12-31' }).ok).toBe(true);
    expect(cells(e)).toEqual([null, null, null, null, '=0']);
    step(10, 'Procentueel'); // 10 % of the amount at the NCW date in 2026
    expect(c2(e.results.entries.cost![0]!.phased[2]!)).toBe(100000);
    expect(c2(e.results.entries.cost![0]!.nominal[2]!)).toBe(c2(100000 * e.results.entries.cost![0]!.indexFactor[2]!));
    let fresh = build(e.modelData);
    expect(cells(e)).toEqual(cells(fresh));
    expect(cells(e)[0]).toMatch(/^=/);
    expect(cells(e)[1]).toBeNull();
    expect(cells(e)[3]).toMatch(/^=/);
    fresh.destroy();
    step(5000, 'Financeel'); // the phased cell stays (0 now) and the Financeel value is the phased amount
    expect(e.results.entries.cost![0]!.phased[2]).toBe(5000);
    expect(e.results.entries.cost![0]!.nominal[2]).toBe(5000 * e.results.entries.cost![0]!.indexFactor[2]!);
    // the set's row now adds both the Financeel value and the (empty) phased cell
    expect(cells(e)[2]).toBe(`=${colName(lay.blockStart.phasingF + 2)}2+${colName(lay.blockStart.phased + 2)}2`);
    fresh = build(e.modelData);
    expect(e.results.periods[2]!.costs).toBeCloseTo(fresh.results.periods[2]!.costs, 6);
    fresh.destroy();
    step(null, 'Financeel');
    expect(e.results.entries.cost![0]!.phased[2]).toBe(0);
    // book values the same way: a Procentueel value gets a booked cell, a Financeel value is the amount
    const book = (value: number | null, valueType: 'Financeel' | 'Procentueel') => {
      const r = e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'bookvalue', period: 'PER_03', value, valueType });
      expect(r.ok && !r.rebuilt).toBe(true);
      expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    };
    book(10, 'Procentueel');
    expect(c2(e.results.entries.cost![0]!.booked[2]!)).toBe(100000);
    expect(c2(e.results.entries.cost![0]!.totalBooked)).toBe(100000);
    book(5000, 'Financeel');
    expect(e.results.entries.cost![0]!.booked[2]).toBe(5000);
    expect(c2(e.results.periods[2]!.costs)).toBe(5000);
    e.destroy();
  });

  it('updates only what depends on an edit, and matches a fresh build', () => {
    const e = build(worked());
    const r = e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value: 400000 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rebuilt).toBe(false);
    // the residential sheet is untouched by a cost edit
    const resSheet = e.sheetId('Woningbouw');
    expect(r.changes.some((c) => 'address' in c && c.address.sheet === resSheet)).toBe(false);
    expect(c2(e.results.periods[1]!.costs)).toBe(408000);
    expect(c2(e.results.entries.cost![0]!.residualToPhase)).toBe(100000);
    const fresh = build(e.modelData);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    expect(fresh.results.ew).toBeCloseTo(e.results.ew, 8);
    fresh.destroy();
    e.destroy();
  });

  it('returns the inverse of every kind of edit: applied, it gives back the model data and the numbers', () => {
    const e = build(worked());
    const before = structuredClone(e.modelData);
    const ew = e.results.ew;
    const edits: Edit[] = [
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value: 40, valueType: 'Procentueel' },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'bookvalue', period: 'PER_01', value: 1000 },
      { kind: 'entryItem', entry: 'residential', id: 1, list: 'phasing', period: 'PER_03', value: null },
      { kind: 'costField', id: 1, field: 'price', value: 1_100_000 },
      { kind: 'costField', id: 1, field: 'label', value: 'Bouwrijp' },
      { kind: 'costField', id: 1, field: 'standard_index', value: 'Opbrengstenstijging' },
      { kind: 'costField', id: 1, field: 'end_date', value: '2025-11-30' },
      { kind: 'residentialField', id: 1, field: 'quote_excl_vat', value: 25 },
      { kind: 'residentialField', id: 1, field: 'residence_type', value: null },
      { kind: 'residentialField', id: 1, field: 'calculation_method', value: 'PlotPrice' },
      { kind: 'residentialField', id: 1, field: 'plot_price', value: 95_000 },
      { kind: 'parameter', field: 'vat_rate_percentage', value: 9 },
      { kind: 'parameter', field: 'profit_withdrawal_to_ncw_date', value: true },
      { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: '2025', value: 3 },
      { kind: 'setValue', group: 'Interest_Percentage', name: 'RentepercentageNegatiefSaldo', label: null, value: 4 },
      { kind: 'space', id: 1, field: 'value', value: 4000 },
    ];
    const r = e.applyEdits(edits);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(e.results.ew).not.toBeCloseTo(ew, 2);
    expect(r.inverse).toHaveLength(edits.length);
    const back = e.applyEdits(r.inverse);
    expect(back.ok).toBe(true);
    const items = (m: ModelData) => m.residential_construction[0]!.phasing.phasing_items;
    expect(items(e.modelData)).toEqual(items(before));
    expect(e.modelData).toEqual(before);
    expect(e.results.ew).toBeCloseTo(ew, 8);
    expect(e.results.entries.residential![0]!.warning).toBeNull();
    expect(e.results.entries.cost![0]!.label).toBe('Bouwrijp maken');
    e.destroy();
  });

  it('applies a batch of edits in one recalculation', () => {
    const e = build(worked());
    let evaluations = 0;
    e.hf.on('valuesUpdated', () => evaluations++);
    const r = e.applyEdits([
      { kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: null, value: 3 },
      { kind: 'costField', id: 1, field: 'price', value: 1200000 },
      { kind: 'entryItem', entry: 'residential', id: 1, list: 'bookvalue', period: 'PER_01', value: 50000, valueType: 'Financeel' },
      { kind: 'parameter', field: 'interest_calculation_method', value: 'Traditional' },
    ]);
    expect(r.ok).toBe(true);
    expect(evaluations).toBe(1);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    expect(e.results.entries.cost![0]!.indexFactor[1]).toBeCloseTo(1.03, 12);
    e.destroy();
  });

  it('starts an entry\'s own index chain after its first own value and follows its set before that', () => {
    const m = unbounded();
    m.cost_estimate[0]!.phasing.end_date = '2027-12-31';
    m.cost_estimate[0]!.indexing.indexing_items = [{ period: 'PER_02', value_type: 'Procentueel', value: 5 }];
    const e = build(m);
    const lay = e.layout.sections.cost!;
    expect(lay.factor.get(1)!.from).toBe(3);
    const row = e.sheets.find((s) => s.name === 'Kostenraming')!.rows[1]!;
    expect(row[lay.blockStart.indexFactor + 1]).toBeNull(); // 2025 follows Kostenstijging: no own cell
    expect(row[lay.blockStart.indexFactor + 2]).toMatch(/^=Parametersets!/); // 2026 starts from the set's factor of 2025
    const check = () => expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    // 2026 and 2027 get phasing: they use the own chain (1,02 for 2025, then 5 %)
    let r = e.applyEdits([2, 3].map((k) => ({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: `PER_0${k + 1}` as 'PER_03', value: 100000 }) as const));
    expect(r.ok && !r.rebuilt).toBe(true);
    check();
    expect(e.results.entries.cost![0]!.indexFactor[2]).toBeCloseTo(1.02 * 1.05, 12);
    // a set change reaches the periods before the chain and the chain itself
    r = e.applyEdit({ kind: 'setValue', group: 'Indexing_FutureIndex', name: 'Kostenstijging', label: '2024', value: 4 });
    expect(r.ok && !r.rebuilt).toBe(true);
    check();
    expect(e.results.entries.cost![0]!.indexFactor[1]).toBeCloseTo(1.04, 12);
    expect(e.results.entries.cost![0]!.indexFactor[2]).toBeCloseTo(1.04 * 1.05, 12);
    // an own value before the chain's start regenerates the chain
    r = e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'indexing', period: 'PER_01', value: 10 });
    expect(r.ok && r.rebuilt).toBe(true);
    check();
    expect(e.results.entries.cost![0]!.indexFactor[1]).toBeCloseTo(1.1, 12);
    e.destroy();
  });

  it('regenerates the periods when the phasing period or a date changes', () => {
    // Period codes keep their number, so PER_03 of the example would move out of its entry's
    // phasing dates: this model phases in PER_01 only.
    const m = unbounded();
    m.residential_construction[0]!.phasing = { ...m.residential_construction[0]!.phasing, start_date: '2024-01-01', phasing_items: [{ period: 'PER_01', value_type: 'Procentueel', value: 100 }] };
    m.cost_estimate[0]!.phasing.phasing_items.pop();
    const e = build(m);
    expect(e.applyEdit({ kind: 'parameter', field: 'phasing_period', value: 'SemiAnnual' }).ok).toBe(true);
    expect(e.results.periods.map((p) => p.label)).toEqual(['2024 H1', '2024 H2', '2025 H1', '2025 H2', '2026 H1', '2026 H2', '2027 H1', '2027 H2']);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    e.applyEdit({ kind: 'parameter', field: 'phasing_calculation_end_date', value: '2028-06-30' });
    expect(e.results.periods.map((p) => p.label).slice(-2)).toEqual(["2027 H2", "2028 H1"]);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    e.destroy();
  });

  it("covers every section's price dates in the price index: a non-residential or other revenue dated long before N", () => {
    const m = largeModel({ costEntries: 5, residentialEntries: 2, longRunningEntries: 0, nonResidentialEntries: 2, otherRevenueEntries: 2, seed: 3 });
    m.non_residential_construction![0]!.calculation_date = '1999-06-30';
    const e = build(m);
    expect(e.results.errors).toEqual([]);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    // An edit to an earlier year than the sheet has regenerates it.
    const other = m.other_revenues!.find((r) => r.indexed !== false)!;
    expect(e.applyEdit({ kind: 'entryField', entry: 'other_revenue', id: other.id, field: 'date', value: '1995-01-01' }).ok).toBe(true);
    expect(e.results.errors).toEqual([]);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    e.destroy();
  });

  it('refuses an edit that makes the model invalid and keeps the previous state', () => {
    const e = build(worked());
    const before = e.results.ew;
    const r = e.applyEdit({ kind: 'parameter', field: 'phasing_calculation_end_date', value: '2020-01-01' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]!.path).toBe('base_parameters.phasing_calculation_end_date');
    expect(e.modelData.base_parameters.phasing_calculation_end_date).toBe('2027-12-31');
    expect(e.results.ew).toBe(before);
    expect(e.applyEdit({ kind: 'costField', id: 99, field: 'price', value: 1 }).ok).toBe(false);
    e.destroy();
  });

  it("refuses on every edit path a phasing window that excludes phased values or ends before it starts, naming the post (issue 35 item 5)", () => {
    const e = build(unbounded());
    const ew = e.results.ew;
    const refused = (edits: Edit[]) => {
      const r = e.applyEdits(edits);
      expect(r.ok).toBe(false);
      expect(e.results.ew).toBe(ew);
      return r.ok ? '' : r.problems[0]!.message;
    };
    // 'Bouwrijp maken' phases 2024 and 2025 (PER_01, PER_02) within 2024-01-01 t/m 2025-12-31.
    expect(refused([{ kind: 'costField', id: 1, field: 'end_date', value: '2024-06-30' }]))
      .toBe("Periode 2025 valt buiten de faseringsdatums van de post 'Bouwrijp maken' (01-01-2024 t/m 30-06-2024); pas de datums van de post aan of maak de waarde leeg.");
    expect(refused([{ kind: 'costField', id: 1, field: 'start_date', value: '2026-01-01' }]))
      .toBe("De startdatum van de fasering van de post 'Bouwrijp maken' (01-01-2026) ligt na de einddatum (31-12-2025); pas de datums aan.");
    // A value typed (or pasted, filled) in a period after the post's end.
    expect(refused([{ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_04', value: 1000 }])).toContain("Periode 2027 valt buiten de faseringsdatums van de post 'Bouwrijp maken'");
    expect(e.modelData.cost_estimate[0]!.phasing).toMatchObject({ start_date: '2024-01-01', end_date: '2025-12-31' });
    expect(e.modelData.cost_estimate[0]!.phasing.phasing_items.map((it) => it.period)).toEqual(['PER_01', 'PER_02']);
    // One batch that moves the window and its values together is one valid change, and its undo too.
    const moved = e.applyEdits([
      { kind: 'costField', id: 1, field: 'start_date', value: '2026-01-01' },
      { kind: 'costField', id: 1, field: 'end_date', value: '2027-12-31' },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_01', value: null },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value: null },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_03', value: 500000 },
      { kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_04', value: 500000 },
    ]);
    expect(moved.ok).toBe(true);
    if (moved.ok) expect(e.applyEdits(moved.inverse).ok).toBe(true);
    expect(e.results.ew).toBe(ew);
    // A cleared value outside the window is no problem.
    expect(e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_04', value: null }).ok).toBe(true);
    e.destroy();
  });

  it('gives an entry its own index chain when it gets an index value', () => {
    const e = build(worked());
    e.applyEdit({ kind: 'entryItem', entry: 'cost', id: 1, list: 'indexing', period: 'PER_01', value: 10 });
    expect(e.results.entries.cost![0]!.indexFactor[1]).toBeCloseTo(1.1, 12);
    expect(c2(e.results.periods[1]!.costs)).toBe(550000);
    expect(diffResults(e.results, referenceCalculate(e.modelData))).toEqual([]);
    e.destroy();
  });
});

describe('engine: a model computed without its checks (computeUnchecked, the verschillenanalyse\'s intermediate models)', () => {
  it('computes what a fresh build computes, EW and NCW before the other results are read, and edits on from there', () => {
    const e = build(worked());
    const next = worked();
    next.base_parameters.opening_book_value = 250000;
    next.residential_construction[0]!.land_share_data!.von_incl_vat = 399300;
    // phased outside its window and naming a set that does not exist: refused by the checks, computed here (factor 1)
    next.cost_estimate[0]!.phasing.phasing_items.push({ period: 'PER_04', value_type: 'Financeel', value: 1000 });
    next.cost_estimate[0]!.indexing.standard_index = 'Bestaat niet';
    expect(e.setModel(next).ok).toBe(false);
    e.computeUnchecked(next);
    const fresh = new GrexEngine(next);
    expect(e.totals()).toEqual({ ew: fresh.results.ew, ncw: fresh.results.ncw });
    expect(e.results.periods).toEqual(fresh.results.periods);
    expect(e.results.entries.cost![0]!.nominal[3]).toBe(1000);
    fresh.destroy();
    expect(e.applyEdit({ kind: 'parameter', field: 'opening_book_value', value: 0 }).ok).toBe(true);
    expect(e.totals().ew).toBe(e.results.ew);
    e.destroy();
  });
});

describe('engine: interest methods and profit withdrawal', () => {
  const model = (method: ModelData['base_parameters']['interest_calculation_method'], withdrawal: boolean) => {
    const m = worked();
    m.base_parameters.interest_calculation_method = method;
    m.base_parameters.profit_withdrawal_to_ncw_date = withdrawal;
    m.base_parameters.phasing_net_present_value_date = '2026-07-01';
    m.base_parameters.parameter_sets.find((s) => s.set_name === 'RentepercentagePositiefSaldo')!.set_base_value = 1.5;
    m.residential_construction[0]!.land_share_data!.quote_excl_vat = 45;
    m.residential_construction[0]!.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Procentueel', value: 10 }];
    m.cost_estimate[0]!.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: 200000 }];
    return m;
  };

  it('Traditional: interest on the opening balance of each period', () => {
    const e = build(model('Traditional', false));
    const p = e.results.periods;
    for (let k = 1; k < p.length; k++) {
      const B = p[k - 1]!.balance;
      expect(p[k]!.interest).toBeCloseTo(B * (B > 0 ? 0.02 : 0.015), 6);
    }
    e.destroy();
  });

  it('OrganizationSpecific: interest on the average balance', () => {
    const e = build(model('OrganizationSpecific', false));
    const p = e.results.periods;
    for (let k = 0; k < p.length; k++) {
      const M = (k ? p[k - 1]!.balance : 0) + p[k]!.net / 2;
      expect(p[k]!.interest).toBeCloseTo(M * (M > 0 ? 0.02 : 0.015), 6);
    }
    e.destroy();
  });

  it('withdraws POC × NCW in the period that contains the NCW date', () => {
    const off = build(model('Traditional', false));
    const on = build(model('Traditional', true));
    const r = on.results;
    expect(off.results.ncw).toBeGreaterThan(0);
    expect(r.poc).toBeGreaterThan(0);
    expect(r.profitWithdrawal).toBeCloseTo(r.poc * off.results.ncw, 6);
    expect(r.periods.map((p) => p.withdrawal > 0)).toEqual([false, false, true, false]);
    expect(r.ew).toBeLessThan(off.results.ew);
    expect(r.resultAtNcw).toBeCloseTo(r.ncw + r.profitWithdrawal, 6);
    expect(diffResults(r, referenceCalculate(on.modelData))).toEqual([]);
    on.destroy();
    off.destroy();
  });
});

describe('engine: large model', () => {
  it('builds the benchmark model without error values and agrees with the reference', () => {
    const m = largeModel();
    const e = build(m);
    expect(e.layout.n).toBe(40);
    expect(e.results.entries.cost!).toHaveLength(300);
    expect(diffResults(e.results, referenceCalculate(m))).toEqual([]);
    e.destroy();
  });
});
