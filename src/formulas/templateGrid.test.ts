import { HyperFormula } from 'hyperformula';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelData, PhasingPeriod } from '../model/modelData.ts';
import { toSerial } from './dates.ts';
import { HF_CONFIG } from './hyperformulaConfig.ts';
import { startHyperFormula } from './hyperformulaSpeedups.ts';
import { INPUT_SHEET, buildModelTemplate, templateModelData, templateWorkbook } from './modelTemplate.ts';
import { MAX_PERIODS, generatePeriods } from './periods.ts';
import { readWorkbookResults } from './savedWorkbook.ts';
import { IN_MODEL_ROW } from './templateGrid.ts';
import { engineResults, expectSameResults, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { PERIOD_ROWS } from './workbookLayout.ts';
import { COST_SECTION } from '../model/sections/cost.ts';
import { writeWorkbookInputs } from './workbookInputs.ts';

// Issue 23 item 10: the template's period grid follows the dates on Invoer, by the workbench's rule of periods.

/** The template in HyperFormula with other start and end dates typed on Invoer. */
function gridFor(phasing: PhasingPeriod, start: string, end: string) {
  const model = templateModelData();
  model.base_parameters.phasing_period = phasing;
  const { sheets, names } = templateWorkbook(model);
  startHyperFormula();
  const hf = HyperFormula.buildFromSheets(Object.fromEntries(sheets.map((s) => [s.name, s.rows])), HF_CONFIG);
  const cell = (name: string) => {
    const [, col, row] = /!\$([A-Z]+)\$(\d+)$/.exec(names[name]!)!;
    return { sheet: hf.getSheetId(INPUT_SHEET)!, col: col!.charCodeAt(0) - 65, row: Number(row) - 1 };
  };
  hf.setCellContents(cell('StartdatumGrondexploitatieBoekwaardeVanaf'), toSerial(start));
  hf.setCellContents(cell('Eindwaardedatum'), toSerial(end));
  const periods = hf.getSheetId('Perioden')!;
  const row = (r: number) => Array.from({ length: MAX_PERIODS }, (_, k) => hf.getCellValue({ sheet: periods, row: r, col: k + 1 }));
  const out = {
    labels: row(PERIOD_ROWS.label), starts: row(PERIOD_ROWS.start), ends: row(PERIOD_ROWS.end), inModel: row(IN_MODEL_ROW),
    summary: String(hf.getCellValue({ sheet: hf.getSheetId(INPUT_SHEET)!, row: 3, col: 0 })),
    // a header that names the start and NCW dates (issue 37), on the costs' sheet
    realised: hf.getSheetValues(hf.getSheetId(COST_SECTION.sheet)!)[0]!.find((h) => String(h).startsWith('Gerealiseerd vóór')),
  };
  hf.destroy();
  return out;
}

describe('the template’s period grid', () => {
  const cases: [PhasingPeriod, string, string][] = [
    ['Annual', '2025-01-01', '2030-12-31'],
    ['Annual', '2024-03-15', '2035-12-31'],
    ['Annual', '2024-01-01', '2024-01-01'],
    ['Annual', '2020-01-01', '2059-12-31'], // exactly 40
    ['SemiAnnual', '2024-08-01', '2031-06-30'],
    ['Quarterly', '2025-05-10', '2029-02-01'],
  ];
  it.each(cases)('%s %s – %s: the periods generatePeriods gives, the rest without length or label', (phasing, start, end) => {
    const expected = generatePeriods(start, end, phasing, MAX_PERIODS);
    const g = gridFor(phasing, start, end);
    const n = expected.length;
    expect(g.labels.slice(0, n)).toEqual(expected.map((p) => p.label));
    expect(g.starts.slice(0, n)).toEqual(expected.map((p) => p.startSerial));
    expect(g.ends.slice(0, n)).toEqual(expected.map((p) => p.endSerial));
    expect(g.inModel).toEqual(Array.from({ length: MAX_PERIODS }, (_, k) => (k < n ? 1 : 0)));
    // After the end: no label, no length (begin = end = the last period's end).
    expect(new Set([...g.starts.slice(n), ...g.ends.slice(n)])).toEqual(n < MAX_PERIODS ? new Set([expected.at(-1)!.endSerial]) : new Set());
    expect(new Set(g.labels.slice(n))).toEqual(n < MAX_PERIODS ? new Set(['']) : new Set());
    expect(g.summary).toContain(`: ${expected[0]!.label} t/m ${expected.at(-1)!.label}, ${n === 1 ? `${n} periode` : `${n} perioden`}.`);
    expect(g.realised).toMatch(new RegExp(`^Gerealiseerd vóór ${start.split('-').reverse().join('-')} \\(prijspeil \\d\\d-\\d\\d-\\d{4}\\)$`));
    expect(g.summary).not.toContain('Let op');
  });

  it('says so on Invoer when the dates ask for more than 40 periods', () => {
    const g = gridFor('Annual', '2020-01-01', '2060-01-01');
    expect(g.labels.at(-1)).toBe('2059');
    expect(g.summary).toContain('Let op: de looptijd vraagt meer dan 40 perioden; alleen de eerste 40 worden berekend.');
  });
});

describe('the template computes what the engine computes for other dates', () => {
  let worked: Uint8Array;
  beforeAll(async () => {
    worked = await buildModelTemplate(workedTemplateModel());
  });
  /** The worked example with other dates, as the engine takes it (entries stay in their period numbers, as in the workbook). */
  const withDates = (dates: Partial<Record<'start' | 'end' | 'ncw', string>>): ModelData => {
    const m = workedTemplateModel();
    const bp = m.base_parameters;
    if (dates.start) bp.phasing_calculation_start_date = dates.start;
    if (dates.end) bp.phasing_calculation_end_date = dates.end;
    if (dates.ncw) bp.phasing_net_present_value_date = dates.ncw;
    return m;
  };
  const filled = async (dates: Partial<Record<'start' | 'end' | 'ncw', string>>, template = worked) => {
    const rows = [
      dates.start && { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf' as const, value_date: dates.start },
      dates.end && { parameter_type: 'Eindwaardedatum' as const, value_date: dates.end },
      dates.ncw && { parameter_type: 'NcwDatum' as const, value_date: dates.ncw },
    ].filter((r) => !!r);
    return readWorkbookResults((await writeWorkbookInputs(template, { parameters: rows, spaceUsage: null })).xlsx);
  };

  it('a longer model (2024–2035): twelve periods, interest to the end', async () => {
    const r = await filled({ end: '2035-12-31' });
    expect(r.periods.map((p) => p.label)).toEqual(Array.from({ length: 12 }, (_, i) => String(2024 + i)));
    const expected = engineResults(withDates({ end: '2035-12-31' }));
    expect(Math.abs(expected.ew - engineResults(workedTemplateModel()).ew)).toBeGreaterThan(1000);
    expectSameResults(r, expected);
  });

  // The NCW date stays in its year: the price-index years are fixed by it when the template is built.
  it('a shorter one, and one that starts a year earlier (the NCW date then in period 2, not 1)', async () => {
    expectSameResults(await filled({ end: '2026-12-31' }), engineResults(withDates({ end: '2026-12-31' })));
    const moved = { start: '2023-01-01', ncw: '2024-07-01' };
    const r = await filled(moved);
    expect(r.periods[0]!.label).toBe('2023');
    expectSameResults(r, engineResults(withDates(moved)));
  });

  it('an NCW date moved to an earlier period than the template was built with: the periods between are indexed', async () => {
    const built = await buildModelTemplate(withDates({ ncw: '2026-01-01' }));
    const r = await filled({ ncw: '2024-07-01' }, built);
    const expected = engineResults(withDates({ ncw: '2024-07-01' }));
    expectSameResults(r, expected);
  });
});
