import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { reportModelRow, reportPeriodRow } from '../api/contract/reportData.ts';
import { GrexEngine } from './engine.ts';
import { buildModelTemplate } from './modelTemplate.ts';
import { failedResults, modelResultsOf, onlineModelResults, spreadsheetModelResults } from './modelResults.ts';
import { engineResults, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { sectionColumns } from '../model/reportColumns.ts';
import { WORKBENCH_RESULTS_FORMAT, nominalTotal } from '../model/results.ts';
import { WORKBOOK_MESSAGES } from '../api/contract/messages.ts';

// The computed part of the report rows (what model_result stores): the engine's figures for online
// data, the saved-workbook reader's for a spreadsheet model, a Dutch reason when neither can answer.

const example = JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

const sectionKeys = Object.fromEntries(sectionColumns().map((c) => [c.key, true as const]));
const modelPart = reportModelRow().pick({
  startdatum: true, einddatum: true, ncw_datum: true, ew: true, ncw: true, verliesvoorziening: true,
  totale_kosten: true, totale_opbrengsten: true, poc: true, fout: true, ...sectionKeys,
}).strict();
const periodPart = reportPeriodRow().pick({ label: true, startdatum: true, einddatum: true, kosten: true, opbrengsten: true, rente: true, saldo: true, ...sectionKeys }).strict();

describe('onlineModelResults', () => {
  const r = onlineModelResults(example);
  const e = new GrexEngine(example);
  const expected = e.results;
  e.destroy();

  it('answers the engine\'s EW, NCW, loss provision, totals and POC, and the base dates', () => {
    expect(modelPart.parse(r.model)).toEqual(r.model);
    expect(r.model).toMatchObject({
      startdatum: '2024-01-01', einddatum: '2027-12-31', ncw_datum: example.base_parameters.phasing_net_present_value_date,
      ew: expected.ew, ncw: expected.ncw, verliesvoorziening: expected.verliesvoorziening,
      totale_kosten: expected.totalCosts, totale_opbrengsten: expected.totalRevenues, poc: expected.poc, fout: null,
    });
    // The worked example's figures (docs: calculation.md), so a change in the engine shows here too.
    expect(r.model.ew).toBeCloseTo(-106120.8, 2);
    expect(r.model.totale_kosten).toBe(1010000);
  });

  it('has one row per engine period, with its amounts and its first and last day', () => {
    expect(r.periods.map((p) => periodPart.parse(p))).toEqual(r.periods);
    expect(r.periods.map((p) => p.label)).toEqual(['2024', '2025', '2026', '2027']);
    expect(r.periods.map((p) => [p.startdatum, p.einddatum])).toEqual([
      ['2024-01-01', '2024-12-31'], ['2025-01-01', '2025-12-31'], ['2026-01-01', '2026-12-31'], ['2027-01-01', '2027-12-31'],
    ]);
    expect(r.periods.map((p) => [p.kosten, p.opbrengsten, p.rente, p.saldo]))
      .toEqual(expected.periods.map((p) => [p.costs, p.revenues, p.interest, p.balance]));
  });

  it('carries what the workbench paints before its engine is built: the engine\'s results without the entries\' per-period arrays', () => {
    expect(r.tool!.format).toBe(WORKBENCH_RESULTS_FORMAT);
    const { entries, ...figures } = expected;
    const { entries: stored, ...storedFigures } = r.tool!.results;
    expect(storedFigures).toEqual(figures);
    const summary = (list: (typeof entries)[string]) => list!.map(({ phased: _p, booked: _b, indexFactor: _i, nominal, ...rest }) => ({ ...rest, nominalTotal: nominal.reduce((a, b) => a + b, 0) }));
    expect(Object.keys(stored)).toEqual(['cost', 'residential', 'non_residential', 'other_revenue']);
    for (const kind of Object.keys(entries)) expect(stored[kind]).toEqual(summary(entries[kind]));
    const c = stored.cost!;
    expect(c.length).toBeGreaterThan(0);
    expect(c.every((e) => !('nominal' in e) && nominalTotal(e) === nominalTotal(entries.cost!.find((x) => x.id === e.id)!))).toBe(true);
    // As stored (jsonb): the figures survive JSON unchanged.
    expect(JSON.parse(JSON.stringify(r.tool))).toEqual(r.tool);
  });

  it('answers the first Dutch problem of invalid data, and no figures', () => {
    const invalid = structuredClone(example) as unknown as { base_parameters: Record<string, unknown> };
    invalid.base_parameters.phasing_calculation_start_date = 'gisteren';
    const bad = onlineModelResults(invalid);
    expect(bad.periods).toEqual([]);
    expect(bad.model.ew).toBeNull();
    expect(bad.model.ncw).toBeNull();
    expect(bad.model.fout).toEqual(expect.any(String));
    expect(bad.model.fout!.length).toBeGreaterThan(0);
    for (const c of sectionColumns()) expect(bad.model[c.key], c.key).toBeNull();
    expect(onlineModelResults(null).model.fout).toEqual(expect.any(String));
  });
});

describe('the section columns (issue 24 item 9)', () => {
  const full = JSON.parse(readFileSync(new URL('./examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
  const cents = (x: number | null) => Math.round(x! * 100);
  const revenue = sectionColumns().filter((c) => c.revenue);
  const costs = sectionColumns().filter((c) => c.category);

  it('per period: each revenue section as the engine computes it, the cost categories adding up to the costs', () => {
    const r = onlineModelResults(full);
    const e = new GrexEngine(full);
    const expected = e.results;
    e.destroy();
    expect(revenue.map((c) => c.kind)).toEqual(['residential', 'non_residential', 'other_revenue']);
    r.periods.forEach((p, k) => {
      expect(periodPart.parse(p)).toEqual(p);
      for (const c of revenue) expect(p[c.key], `${c.key} ${p.label}`).toBe(expected.periods[k]!.sectionRevenues[c.kind]);
      expect(cents(revenue.reduce((s, c) => s + p[c.key]!, 0))).toBe(cents(p.opbrengsten));
      expect(cents(costs.reduce((s, c) => s + p[c.key]!, 0))).toBe(cents(p.kosten));
    });
    // the example's one cost entry is Bouwrijp maken: all its costs are there, the other categories 0
    expect(full.cost_estimate.map((c) => c.phasing.phasing_section_type)).toEqual(['BouwrijpMaken']);
    expect(r.model.kosten_bouwrijp_maken).toBe(expected.totalCosts);
    for (const c of costs.filter((x) => x.key !== 'kosten_bouwrijp_maken')) expect(r.model[c.key], c.key).toBe(0);
    // every revenue section holds money in this example, and the model's figure is the sum over its periods
    for (const c of revenue) {
      expect(r.model[c.key], c.key).not.toBe(0);
      expect(cents(r.model[c.key])).toBe(cents(r.periods.reduce((s, p) => s + p[c.key]!, 0)));
    }
    expect(cents(revenue.reduce((s, c) => s + r.model[c.key]!, 0))).toBe(cents(r.model.totale_opbrengsten));
    expect(modelPart.parse(r.model)).toEqual(r.model);
  });

  it('counts each cost entry in its own category, one kept from before the Bro cost types under its own name', () => {
    const m = structuredClone(example);
    const a = m.cost_estimate[0]!;
    const b = { ...structuredClone(a), id: a.id + 1, label: `${a.label} (oud)` };
    m.cost_estimate.push(b);
    a.phasing.phasing_section_type = 'Sanering';
    b.phasing.phasing_section_type = 'Woningbouw';
    const r = onlineModelResults(m);
    const e = new GrexEngine(m);
    const [ra, rb] = e.results.entries.cost!;
    e.destroy();
    const total = (x: typeof ra) => x!.nominal.reduce((s, v, k) => s + v + x!.booked[k]!, 0);
    expect(cents(r.model.kosten_sanering)).toBe(cents(total(ra)));
    expect(cents(r.model.kosten_woningbouw)).toBe(cents(total(rb)));
    expect(cents(costs.reduce((s, c) => s + r.model[c.key]!, 0))).toBe(cents(r.model.totale_kosten));
  });
});

describe('spreadsheetModelResults', () => {
  it('reads the values a workbook in the template\'s layout holds: the engine\'s for the same model', async () => {
    const model = workedTemplateModel();
    const r = await spreadsheetModelResults(await buildModelTemplate(model));
    const expected = engineResults(model);
    expect(modelPart.parse(r.model)).toEqual(r.model);
    expect(r.model).toMatchObject({ startdatum: null, einddatum: null, ncw_datum: null, poc: null, fout: null });
    expect(r.model.ew).toBeCloseTo(expected.ew, 2);
    expect(r.model.ncw).toBeCloseTo(expected.ncw, 2);
    expect(r.model.verliesvoorziening).toBeCloseTo(expected.verliesvoorziening, 2);
    expect(r.periods.map((p) => p.label)).toEqual(expected.periods.map((p) => p.label));
    r.periods.forEach((p, i) => {
      expect(periodPart.parse(p)).toEqual(p);
      expect(p.kosten).toBeCloseTo(expected.periods[i]!.costs, 2);
      expect(p.saldo).toBeCloseTo(expected.periods[i]!.balance, 2);
      expect(p.rente).toBeNull();
    });
    expect(r.model.totale_kosten).toBeCloseTo(expected.periods.reduce((s, p) => s + p.costs, 0), 2);
    // a workbook names no sections: unknown, not 0
    for (const c of sectionColumns()) {
      expect(r.model[c.key], c.key).toBeNull();
      for (const p of r.periods) expect(p[c.key], c.key).toBeNull();
    }
  });

  it('answers the upload check\'s message for a file that is no workbook', async () => {
    expect(await spreadsheetModelResults(new TextEncoder().encode('geen werkmap'))).toEqual(failedResults(WORKBOOK_MESSAGES.notXlsx));
  });
});

describe('modelResultsOf', () => {
  it('takes the engine for online data and the reader for a workbook', async () => {
    expect(await modelResultsOf({ platform: 'online', modelData: example })).toEqual(onlineModelResults(example));
    const xlsx = await buildModelTemplate(workedTemplateModel());
    expect(await modelResultsOf({ platform: 'spreadsheet', xlsx })).toEqual(await spreadsheetModelResults(xlsx));
  });
});
