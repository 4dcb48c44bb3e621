import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { checkFormulas, FORMULA_MSG, settleFormulas } from './cellFormulas.ts';
import { dropPeriodFormulas } from './formulaRefs.ts';
import { GrexEngine } from './engine.ts';
import { exportXlsx } from './export.ts';
import { validateModelData } from './validate.ts';

const worked = (): ModelData => JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
/** The worked example with a second cost entry (id 2) whose price is 0. */
const twoEntries = (): ModelData => {
  const m = worked();
  m.cost_estimate.push({ ...structuredClone(m.cost_estimate[0]!), id: 2, label: 'Plankosten', estimate: { ...m.cost_estimate[0]!.estimate, price: 0 } });
  m.cost_estimate[1]!.phasing.phasing_items = [];
  return m;
};
const build = (m: ModelData) => {
  const r = GrexEngine.create(m);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.engine;
};

describe('formulas in input cells', () => {
  it('keep the formula text beside the value, and the model data still validates for every reader', () => {
    const e = build(twoEntries());
    const r = e.applyEdits([{ kind: 'formula', entry: 'cost', id: 2, field: 'price', text: '=1000*12' }]);
    expect(r.ok).toBe(true);
    const entry = e.modelData.cost_estimate[1]!;
    expect(entry.estimate.price).toBe(12000);
    expect(entry.formulas).toEqual({ price: '=1000*12' });
    expect(e.results.entries.cost![1]!.estimate).toBe(12000);
    expect(validateModelData(e.modelData).ok).toBe(true);
    expect(checkFormulas(e.modelData)).toEqual([]);
  });

  it('recompute when a cell they refer to changes, in the same undo step', () => {
    const e = build(twoEntries());
    e.applyEdits([{ kind: 'formula', entry: 'cost', id: 2, field: 'price', text: '=[cost:1:price]*2' }]);
    expect(e.modelData.cost_estimate[1]!.estimate.price).toBe(2_000_000);
    const r = e.applyEdits([{ kind: 'costField', id: 1, field: 'price', value: 300 }]);
    if (!r.ok) throw new Error('refused');
    expect(e.modelData.cost_estimate[1]!.estimate.price).toBe(600);
    expect(e.results.entries.cost![1]!.estimate).toBe(600);
    // undo (the inverse) puts both back
    e.applyEdits(r.inverse);
    expect(e.modelData.cost_estimate[0]!.estimate.price).toBe(1_000_000);
    expect(e.modelData.cost_estimate[1]!.estimate.price).toBe(2_000_000);
  });

  it('follow chains of formulas and period values, and sum ranges', () => {
    const e = build(twoEntries());
    const r = e.applyEdits([
      { kind: 'formula', entry: 'cost', id: 2, field: 'amount', text: '=SUM({[cost:1:phasing:PER_01];[cost:1:phasing:PER_02]})/1000' },
      { kind: 'formula', entry: 'cost', id: 2, field: 'phasing:PER_01', text: '=[cost:2:amount]*10' },
    ]);
    expect(r.ok).toBe(true);
    expect(e.modelData.cost_estimate[1]!.estimate.amount).toBe(1000);
    expect(e.modelData.cost_estimate[1]!.phasing.phasing_items).toEqual([{ period: 'PER_01', value_type: 'Financeel', value: 10000 }]);
    e.applyEdits([{ kind: 'entryItem', entry: 'cost', id: 1, list: 'phasing', period: 'PER_02', value: 1_500_000 }]);
    expect(e.modelData.cost_estimate[1]!.estimate.amount).toBe(2000);
    expect(e.modelData.cost_estimate[1]!.phasing.phasing_items[0]!.value).toBe(20000);
    expect(e.results.periods[0]!.costs).toBeCloseTo(500000 + 20000, 6);
  });

  it('refuse what the engine cannot compute, and change nothing', () => {
    const cases: [string, string][] = [
      ['=1/0', FORMULA_MSG.notNumber('=1/0', '#DIV/0!')],
      ['=1+', FORMULA_MSG.invalid('=1+')],
      ['=ONBEKEND(1)', FORMULA_MSG.notNumber('=ONBEKEND(1)', '#NAME?')],
      ['=A1*2', FORMULA_MSG.foreign('=A1*2')],
      ['=Kostenraming!C2', FORMULA_MSG.foreign('=Kostenraming!C2')],
      ['=RAND()', FORMULA_MSG.volatile('=RAND()')],
      ['=[cost:9:price]', FORMULA_MSG.missing('=[cost:9:price]')],
      ['=[cost:2:price]+1', FORMULA_MSG.cycle('=[cost:2:price]+1')],
      ['="tekst"', FORMULA_MSG.notNumber('="tekst"', 'tekst')],
    ];
    for (const [text, message] of cases) {
      const e = build(twoEntries());
      const r = e.applyEdits([{ kind: 'formula', entry: 'cost', id: 2, field: 'price', text }]);
      expect(r, text).toEqual({ ok: false, problems: [{ path: 'cost_estimate[1].formulas.price', message }] });
      expect(e.modelData.cost_estimate[1]!.formulas).toBeUndefined();
      expect(e.modelData.cost_estimate[1]!.estimate.price).toBe(0);
    }
  });

  it('the server check refuses a value that does not match its formula, a cell that cannot hold one, and bad texts', () => {
    const m = twoEntries();
    m.cost_estimate[1]!.formulas = { price: '=1000*12' };
    m.cost_estimate[1]!.estimate.price = 12001;
    expect(checkFormulas(m)).toEqual([{ path: 'cost_estimate[1].formulas.price', message: FORMULA_MSG.mismatch('=1000*12', 12001, 12000) }]);
    m.cost_estimate[1]!.estimate.price = 12000;
    expect(checkFormulas(m)).toEqual([]);
    m.cost_estimate[1]!.formulas = { 'phasing:PER_05': '=1' }; // the model has 4 periods
    expect(checkFormulas(m)[0]!.message).toBe(FORMULA_MSG.notAllowed);
    const shape = validateModelData({ ...m, cost_estimate: [{ ...m.cost_estimate[1]!, formulas: { label: '=1', price: 'x'.repeat(1001) } }] });
    expect(shape.ok ? [] : shape.problems.map((p) => p.message).sort()).toEqual(['Een formule begint met =.', 'Een formule mag niet langer zijn dan 1000 tekens.', 'In deze cel kan geen formule staan.']);
  });

  it('a removed entry takes the formulas that refer to it along; the values stay', () => {
    const e = build(twoEntries());
    e.applyEdits([{ kind: 'formula', entry: 'cost', id: 2, field: 'price', text: '=[cost:1:price]/4' }]);
    const next = structuredClone(e.modelData);
    next.cost_estimate = next.cost_estimate.filter((x) => x.id !== 1);
    expect(e.setModel(next).ok).toBe(true);
    expect(e.modelData.cost_estimate[0]!.formulas).toBeUndefined();
    expect(e.modelData.cost_estimate[0]!.estimate.price).toBe(250000);
  });

  it('period formulas are dropped when the period codes change meaning', () => {
    const m = twoEntries();
    m.cost_estimate[1]!.formulas = { price: '=[cost:1:phasing:PER_01]', amount: '=2' };
    m.cost_estimate[0]!.formulas = { 'phasing:PER_01': '=500000' };
    dropPeriodFormulas(m);
    expect(m.cost_estimate[1]!.formulas).toEqual({ amount: '=2' });
    expect(m.cost_estimate[0]!.formulas).toBeUndefined();
  });

  it('settle computes only what depends on the touched cells', () => {
    const m = twoEntries();
    m.cost_estimate[1]!.formulas = { price: '=[cost:1:price]*2', amount: '=7' };
    let calls = 0;
    const s = settleFormulas(m, new Set(['cost:1:price']), (f) => {
      calls++;
      return f === '=(1000000)*2' ? 2_000_000 : NaN;
    });
    expect(s).toEqual({ ok: true, values: [{ ref: { entry: 'cost', id: 2, field: 'price' }, value: 2_000_000 }] });
    expect(calls).toBe(1);
  });

  it('the export writes such a cell as a formula with its value, in the workbook\'s references', async () => {
    const e = build(twoEntries());
    e.applyEdits([
      { kind: 'formula', entry: 'cost', id: 2, field: 'price', text: '=[cost:1:price]*2' },
      { kind: 'formula', entry: 'cost', id: 2, field: 'amount', text: '=SUM({[cost:1:amount];[cost:2:phasing:PER_01]})' },
      { kind: 'formula', entry: 'residential', id: 1, field: 'plot_price', text: '=[cost:1:price]/100' },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportXlsx(e)) as unknown as ArrayBuffer);
    const cost = wb.getWorksheet('Kostenraming')!;
    expect(cost.getCell('E3').value).toEqual({ formula: 'E2*2', result: 2_000_000 });
    // not a rectangle in the workbook (amount and a period value): the value only
    expect(cost.getCell('C3').value).toBe(1);
    expect(wb.getWorksheet('Woningbouw')!.getCell('I2').value).toEqual({ formula: 'Kostenraming!E2/100', result: 10000 });
    expect(cost.getCell('C2').value).toBe(1);
  });
});
