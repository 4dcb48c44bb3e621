import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { COST_SECTION } from '../model/sections/cost.ts';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { exportXlsx } from './export.ts';
import { codeLabel, setLabel } from '../model/codeLabels.ts';
import { PARAMETER_ROWS, SHEET } from './workbookLayout.ts';

const example = JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

describe('codes in Dutch words (issue 15)', () => {
  it('knows each code once; the user\'s own set names stay as typed', () => {
    expect(codeLabel('Annual')).toBe('Jaarlijks');
    expect(codeLabel('Item')).toBe('Post');
    expect(codeLabel('Financeel')).toBe('Financieel');
    expect(codeLabel('Interest_Percentage')).toBe('Rentepercentages');
    expect(codeLabel('Percentage')).toBeUndefined(); // already a Dutch word
    expect(codeLabel('Centrum')).toBeUndefined();
    expect(setLabel('RentepercentageNegatiefSaldo')).toBe('Rente negatief saldo');
    expect(setLabel('Grond')).toBe('Grond');
  });

  it('the export keeps the codes the formulas compare, with the Dutch word as a note, and a sheet Codes', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportXlsx(new GrexEngine(structuredClone(example)))) as unknown as ArrayBuffer);
    // the unit 'Item' and the phasing method 'percentage' of the tool's words
    const cost = wb.getWorksheet(COST_SECTION.sheet)!;
    const texts = cost.getSheetValues().flatMap((r, i) => (Array.isArray(r) ? r.map((v, j) => [i, j, v] as const) : [])).filter(([, , v]) => v === 'Item' || v === 'Financeel');
    expect(texts.length).toBeGreaterThan(0);
    for (const [r, c, v] of texts) expect(cost.getCell(r, c).numFmt).toBe(`;;;"${codeLabel(v as string)}"`);
    const period = wb.getWorksheet(SHEET.params)!.getCell(PARAMETER_ROWS.phasing_period + 1, 2);
    // the cell shows the tool's word through its format, and holds the code (issue 35 item 9)
    expect(period.value).toBe(example.base_parameters.phasing_period);
    expect(period.numFmt).toBe(`;;;"${codeLabel(example.base_parameters.phasing_period)}"`);
    expect(period.note).toBe(`Code: ${example.base_parameters.phasing_period} (de formules rekenen met de code)`);
    const sets = wb.getWorksheet(SHEET.sets)!;
    const groups = sets.getColumn(2).values.slice(2);
    expect(groups).toContain('Interest_Percentage');
    const row = groups.indexOf('Interest_Percentage') + 2;
    expect(sets.getCell(row, 2).numFmt).toBe(';;;"Rentepercentages"');
    const codes = wb.getWorksheet('Codes')!;
    expect(codes.getRow(1).values).toEqual([undefined, 'Soort', 'Code', 'Betekenis']);
    const rows = codes.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['Faseringsperiode', 'Annual', 'Jaarlijks']);
    expect(rows).toContainEqual(['Eenheid', 'SquareMeter', 'm²']);
    expect(rows).toContainEqual(['Faseringsmethode', 'Financeel', 'Financieel']);
    expect(rows).toContainEqual(['Groep parameterset', 'Indexing_FutureIndex', 'Toekomstige index']);
  });
});

describe('a title with the model\'s dates (issue 37)', () => {
  it('is the same in the workbook as in the grid, with the model\'s dates in Dutch notation', async () => {
    const m = structuredClone(example);
    m.base_parameters.phasing_net_present_value_date = '2025-03-05';
    m.base_parameters.phasing_price_reference_date = '2024-01-01';
    const e = new GrexEngine(m);
    const col = e.layout.sections.cost!.col.realised_before_start!;
    expect(e.sheets.find((s) => s.name === COST_SECTION.sheet)!.rows[0]![col]).toBe("'Gerealiseerd vóór 01-01-2024 (prijspeil 05-03-2025)");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportXlsx(e)) as unknown as ArrayBuffer);
    e.destroy();
    expect(wb.getWorksheet(COST_SECTION.sheet)!.getCell(1, col + 1).value).toBe('Gerealiseerd vóór 01-01-2024 (prijspeil 05-03-2025)');
  });
});
