import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { reportModelColumns, reportPeriodColumns, type ReportData } from '../api/contract/reportData.ts';
import { toSerial } from './dates.ts';
import { BALANCE_BLOCK, BALANCE_FIRST_ROW, BALANCE_SHEET, buildComparisonTemplate } from './reportTemplates.ts';
import { REPORT_SHEETS, ReportTemplateError, dataName, fillReportWorkbook } from './reportWorkbook.ts';
import { openXlsx, readSheetCells } from './xlsxPackage.ts';

// The filler works on the template's XML: the data sheets get the rows, the data names follow them, and
// everything else (chart, styles, other sheets) keeps its parts; cached results go, a recalculation is asked.

const modelRow = (id: number, ew: number | null): ReportData['rekenmodellen'][number] => ({
  rekenmodel_id: id, project_id: 1, project: 'Centrum & <Noord>', projectnummer: null, projecttype: 'Woningbouw', deelgebied: 'Centrum',
  versie_id: 1, versie: 'V1', rekenmodel: `Model ${id}`, platform: 'Online', startdatum: '2025-01-01', einddatum: '2030-12-31', ncw_datum: '2025-01-01',
  laatst_gewijzigd: '2026-03-02T09:00:00.000Z', ew, ncw: ew, verliesvoorziening: 0, totale_kosten: 10, totale_opbrengsten: 5, poc: 0.5,
  aantal_perioden: 2, fout: ew === null ? 'Ongeldig' : null,
});
const periodRow = (id: number, n: number): ReportData['perioden'][number] => ({
  rekenmodel_id: id, project: 'P', rekenmodel: `Model ${id}`, periode: n, label: String(2024 + n), startdatum: null, einddatum: null,
  kosten: 100 * n, opbrengsten: 50, rente: null, saldo: -1.5 * n,
});
const DATA: ReportData = {
  rekenmodellen: [modelRow(7, 1234.56), modelRow(9, null)],
  perioden: [periodRow(7, 1), periodRow(7, 2), periodRow(9, 1)],
};

describe('fillReportWorkbook', () => {
  it('writes the header row and the rows, with dates as Excel dates and missing values as empty cells', async () => {
    const pkg = await openXlsx(await fillReportWorkbook(await buildComparisonTemplate(), DATA));
    const models = await readSheetCells(pkg, REPORT_SHEETS.models);
    const col = (k: string) => reportModelColumns().indexOf(k as never);
    expect(reportModelColumns().map((_, c) => models.get(`0:${c}`)?.value)).toEqual(reportModelColumns());
    expect(models.get(`1:${col('project')}`)?.value).toBe('Centrum & <Noord>');
    expect(models.get(`1:${col('ew')}`)?.value).toBe(1234.56);
    expect(models.get(`1:${col('startdatum')}`)?.value).toBe(toSerial('2025-01-01'));
    // 09:00 UTC is 10:00 in Amsterdam (winter time)
    expect(models.get(`1:${col('laatst_gewijzigd')}`)?.value).toBeCloseTo(toSerial('2026-03-02') + 10 / 24, 9);
    expect(models.get(`2:${col('ew')}`)).toBeUndefined();
    expect(models.get(`2:${col('projectnummer')}`)).toBeUndefined();
    expect(models.has('3:0')).toBe(false);
    const periods = await readSheetCells(pkg, REPORT_SHEETS.periods);
    expect([1, 2, 3].map((r) => periods.get(`${r}:${reportPeriodColumns().indexOf('saldo')}`)?.value)).toEqual([-1.5, -3, -1.5]);
  });

  it('resizes every data name to the rows, keeps the chart and the other sheets, and asks for a full recalculation', async () => {
    const template = await buildComparisonTemplate();
    const before = await openXlsx(template);
    const pkg = await openXlsx(await fillReportWorkbook(template, DATA));
    expect(pkg.names.get(dataName(REPORT_SHEETS.models, 'ew').toLowerCase())).toEqual({ sheet: REPORT_SHEETS.models, r1: 1, c1: reportModelColumns().indexOf('ew'), r2: 2, c2: reportModelColumns().indexOf('ew') });
    expect(pkg.names.get(dataName(REPORT_SHEETS.periods, 'saldo').toLowerCase())).toMatchObject({ r1: 1, r2: 3 });
    expect([...pkg.names.keys()].filter((n) => n.startsWith('rekenmodellen_'))).toHaveLength(reportModelColumns().length);
    expect(pkg.sheets.map((s) => s.name)).toEqual(before.sheets.map((s) => s.name));
    for (const part of ['xl/charts/chart1.xml', 'xl/drawings/drawing1.xml', 'xl/styles.xml']) expect(pkg.zip.has(part), part).toBe(true);
    expect(pkg.zip.text('xl/charts/chart1.xml')).not.toMatch(/numCache|strCache/);
    expect(pkg.workbookXml).toMatch(/<calcPr[^>]*fullCalcOnLoad="1"/);
    // the formulas of the template's own sheets stay, without a cached value
    const comparison = await readSheetCells(pkg, 'Vergelijking');
    expect(comparison.get('1:1')).toEqual({ value: null, formula: 'COUNT(Rekenmodellen_rekenmodel_id)' });
    // an empty report still leaves every name a (one-row) range
    const empty = await openXlsx(await fillReportWorkbook(template, { rekenmodellen: [], perioden: [] }));
    expect(empty.names.get('perioden_saldo')).toMatchObject({ r1: 1, r2: 1 });
  });

  it('keeps a column style of the template row 2 (a currency format an admin set in Excel)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(REPORT_SHEETS.models);
    ws.getCell('Q2').value = 0;
    ws.getCell('Q2').numFmt = '€ #,##0.00';
    wb.addWorksheet(REPORT_SHEETS.periods);
    const pkg = await openXlsx(await fillReportWorkbook(new Uint8Array(await wb.xlsx.writeBuffer()), DATA));
    const xml = pkg.zip.text(pkg.sheets[0]!.path)!;
    const style = /<c r="Q2" s="(\d+)"/.exec(xml)?.[1];
    expect(style).toBeDefined();
    expect(xml).toContain(`<c r="Q3" s="${style}"`);
  });

  it('refuses a workbook without the data sheets', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Blad1');
    await expect(fillReportWorkbook(new Uint8Array(await wb.xlsx.writeBuffer()), DATA)).rejects.toThrow(ReportTemplateError);
  });

  it('hides the rows of the model slots after the last model (Rekenmodelblok…) and drops their chart series', async () => {
    const pkg = await openXlsx(await fillReportWorkbook(await buildComparisonTemplate(), DATA));
    const chart = pkg.zip.text('xl/charts/chart1.xml')!;
    expect(chart.match(/<c:ser>/g)).toHaveLength(DATA.rekenmodellen.length);
    const xml = pkg.zip.text(pkg.sheets.find((x) => x.name === BALANCE_SHEET)!.path)!;
    const hidden = (r: number) => new RegExp(`<row r="${r}"[^>]*hidden="1"`).test(xml);
    const firstUnused = BALANCE_FIRST_ROW + DATA.rekenmodellen.length * BALANCE_BLOCK;
    expect([firstUnused - BALANCE_BLOCK, firstUnused - 1, firstUnused, firstUnused + BALANCE_BLOCK * 7].map(hidden)).toEqual([false, true, true, true]);
  });

  it('a block name over a sheet with rows far apart hides what exists without adding a million rows', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet(REPORT_SHEETS.models);
    wb.addWorksheet(REPORT_SHEETS.periods);
    const ws = wb.addWorksheet('Blad');
    ws.getCell('A5').value = 'model 1';
    ws.getCell('A1000000').value = 'ver weg';
    wb.definedNames.add('Blad!$A$5:$A$6', 'Rekenmodelblok_blad');
    const pkg = await openXlsx(await fillReportWorkbook(new Uint8Array(await wb.xlsx.writeBuffer()), DATA));
    const xml = pkg.zip.text(pkg.sheets.find((x) => x.name === 'Blad')!.path)!;
    expect(xml.match(/<row\b/g)).toHaveLength(2);
    expect(xml).toMatch(/<row r="1000000"[^>]*hidden="1"/);
    expect(xml).not.toMatch(/<row r="5"[^>]*hidden="1"/);
  });
});
