// Issue 23 item 8: the shipped report templates, filled with three models that start in other years and
// have other period types, recalculated and printed by LibreOffice: no error in any cell, the chart
// against the year with a legend of the reported models only, and a print a council report can use.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportData } from '../api/contract/reportData.ts';
import {
  BALANCE_BLOCK, BALANCE_FIRST_ROW, BALANCE_SHEET, CASH_FLOWS_BLOCK, CASH_FLOWS_FIRST_ROW, cashFlowsLines, CASH_FLOWS_SHEET,
  COMPARISON_FIRST_ROW, comparisonRows, COMPARISON_SHEET, buildCashFlowsTemplate, buildComparisonTemplate,
} from './reportTemplates.ts';
import { sectionColumns, noSectionAmounts } from '../model/reportColumns.ts';
import { REPORT_SHEETS, fillReportWorkbook } from './reportWorkbook.ts';
import { pdfPageCount, pdfPagesText, pdfWithLibreOffice, readXlsxValues, recalcWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { printSetupOf } from '../../test/formulas/printSetup.ts';
import { a1 } from './workbookRefs.ts';
import { openXlsx, type XlsxPackage } from './xlsxPackage.ts';

type ModelRow = ReportData['rekenmodellen'][number];
type PeriodRow = ReportData['perioden'][number];

/** Three models: annual from 2026, annual from 2024, quarterly from 2025 (a spreadsheet model: no interest). */
const MODELS: { id: number; name: string; labels: string[]; platform: 'Online' | 'Spreadsheet' }[] = [
  { id: 11, name: 'Noord', labels: ['2026', '2027', '2028', '2029', '2030'], platform: 'Online' },
  { id: 12, name: 'Zuid', labels: ['2024', '2025', '2026', '2027'], platform: 'Online' },
  { id: 13, name: 'Haven', labels: ['2025 Q1', '2025 Q2', '2025 Q3', '2025 Q4', '2026 Q1', '2026 Q2'], platform: 'Spreadsheet' },
];
const saldo = (k: number, i: number) => 1000 * (k + 1) * (6 - i) + 0.25;
/** Section column j of model k (period i; the model's total without one): null for the spreadsheet model. */
const section = (k: number, j: number, i?: number) => (MODELS[k]!.platform === 'Online' ? 10 * (j + 1) + k + (i ?? 100) / 100 : null);
const sections = (k: number, i?: number) => ({ ...noSectionAmounts(), ...Object.fromEntries(sectionColumns().map((c, j) => [c.key, section(k, j, i)])) });
const periods: PeriodRow[] = MODELS.flatMap((m, k) => m.labels.map((label, i) => ({
  rekenmodel_id: m.id, project: `Project ${m.name}`, rekenmodel: m.name, periode: i + 1, label, startdatum: null, einddatum: null,
  kosten: 100 * (i + 1), opbrengsten: 40 * k, rente: m.platform === 'Online' ? 3.5 : null, saldo: saldo(k, i), ...sections(k, i),
})));
const models: ModelRow[] = MODELS.map((m, k) => ({
  rekenmodel_id: m.id, project_id: k + 1, project: `Project ${m.name}`, projectnummer: null, projecttype: 'Woningbouw', deelgebied: 'Centrum',
  versie_id: k + 1, versie: 'Versie 1', rekenmodel: m.name, platform: m.platform, startdatum: null, einddatum: null, ncw_datum: null,
  laatst_gewijzigd: '2026-03-02T09:00:00.000Z', ew: -1000 * (k + 1), ncw: -900 * (k + 1), verliesvoorziening: 0, totale_kosten: 10, totale_opbrengsten: 5,
  poc: null, aantal_perioden: m.labels.length, fout: null, ...sections(k),
}));
const DATA: ReportData = { rekenmodellen: models, perioden: periods };
const FILES = ['vergelijking', 'kasstromen'] as const;

const dir = mkdtempSync(join(tmpdir(), 'grondslag-report-print-'));
const filled: Record<string, XlsxPackage> = {};
const values: Record<string, Awaited<ReturnType<typeof readXlsxValues>>> = {};
const pages: Record<string, string[]> = {};

beforeAll(async () => {
  const built = { vergelijking: await buildComparisonTemplate(), kasstromen: await buildCashFlowsTemplate() };
  for (const f of FILES) {
    const bytes = await fillReportWorkbook(built[f], DATA);
    filled[f] = await openXlsx(bytes);
    writeFileSync(join(dir, `${f}.xlsx`), bytes);
  }
  const paths = FILES.map((f) => join(dir, `${f}.xlsx`));
  const recalculated = recalcWithLibreOffice(paths, join(dir, 'recalc'));
  const pdfs = pdfWithLibreOffice(paths, join(dir, 'pdf'));
  for (const [i, f] of FILES.entries()) {
    values[f] = await readXlsxValues(recalculated[i]!);
    pages[f] = pdfPagesText(pdfs[i]!);
    expect(pages[f]!.length).toBe(pdfPageCount(pdfs[i]!));
  }
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const isError = (v: unknown) => typeof v === 'object' && v !== null && 'error' in v;

describe('the shipped report templates filled, recalculated and printed by LibreOffice (issue 23 item 8)', () => {
  it('no cell of any sheet holds an error (Err:502 / #REF! in unused slots before)', () => {
    for (const f of FILES) {
      for (const [sheet, cells] of values[f]!) {
        const errors = [...cells].filter(([, v]) => isError(v)).map(([at]) => at);
        expect(errors, `${f}: ${sheet}`).toEqual([]);
      }
    }
    for (const f of FILES) expect(pages[f]!.join('\n')).not.toMatch(/Err:|#REF|#N\/A|#VALUE|#WAARDE/);
  });

  it('Kasstromen: per model its periods down with costs, revenues (and each section\'s), interest and balance, and the totals', () => {
    const sheet = values.kasstromen!.get(CASH_FLOWS_SHEET)!;
    const col = (column: string) => 1 + cashFlowsLines().findIndex(([, c]) => c === column);
    const revenue = sectionColumns().filter((c) => c.revenue);
    expect(revenue.map((c) => col(c.key))).toEqual([3, 4, 5]); // after Opbrengsten, which they add up to
    MODELS.forEach((m, k) => {
      const top = CASH_FLOWS_FIRST_ROW - 1 + k * CASH_FLOWS_BLOCK; // 0-based
      expect(sheet.get(a1(0, top))).toBe(`Project ${m.name} – Versie 1 – ${m.name}`);
      expect(revenue.map((c) => sheet.get(a1(col(c.key), top + 1)))).toEqual(revenue.map((c) => c.title));
      m.labels.forEach((label, i) => {
        expect(sheet.get(a1(0, top + 3 + i))).toBe(label);
        expect(sheet.get(a1(col('saldo'), top + 3 + i))).toBe(saldo(k, i));
        for (const c of revenue) expect(sheet.get(a1(col(c.key), top + 3 + i)), `${m.name} ${c.key}`).toBe(section(k, sectionColumns().indexOf(c), i) ?? '');
      });
      expect(sheet.get(a1(0, top + 3 + m.labels.length))).toBe('');
      expect(sheet.get(a1(0, top + 2))).toBe('Totaal');
      expect(sheet.get(a1(1, top + 2))).toBe(m.labels.reduce((s, _, i) => s + 100 * (i + 1), 0));
    });
  });

  it('Vergelijking: per model its costs per category under the total costs and its revenues per section under the total revenues, with totals', () => {
    const sheet = values.vergelijking!.get(COMPARISON_SHEET)!;
    const row = (column: string) => COMPARISON_FIRST_ROW - 1 + comparisonRows().findIndex((r) => r.column === column); // 0-based
    expect(row('ew')).toBe(COMPARISON_FIRST_ROW - 1 + 5); // EW and NCW keep their rows
    const costs = sectionColumns().filter((c) => c.category);
    const revenue = sectionColumns().filter((c) => c.revenue);
    expect(costs.map((c) => row(c.key))).toEqual(costs.map((_, j) => row('totale_kosten') + 1 + j));
    expect(revenue.map((c) => row(c.key))).toEqual(revenue.map((_, j) => row('totale_opbrengsten') + 1 + j));
    sectionColumns().forEach((c, j) => {
      expect(sheet.get(a1(0, row(c.key)))).toBe(c.title);
      expect(MODELS.map((_, k) => sheet.get(a1(k + 1, row(c.key)))), c.key).toEqual(MODELS.map((_, k) => section(k, j) ?? ''));
      expect(sheet.get(a1(11, row(c.key))), `Totaal ${c.key}`).toBeCloseTo(MODELS.reduce((s, _, k) => s + (section(k, j) ?? 0), 0), 6);
    });
  });

  it('Saldo per periode and the chart: x is the year of each period, so the models line up in time', () => {
    const sheet = values.vergelijking!.get(BALANCE_SHEET)!;
    const years = (k: number) => MODELS[k]!.labels.map((_, i) => sheet.get(a1(2 + i, BALANCE_FIRST_ROW - 1 + k * BALANCE_BLOCK + 2)));
    expect(years(0)).toEqual([2026, 2027, 2028, 2029, 2030]);
    expect(years(1)).toEqual([2024, 2025, 2026, 2027]);
    expect(years(2)).toEqual([2025, 2025.25, 2025.5, 2025.75, 2026, 2026.25]);
    const chart = filled.vergelijking!.zip.text('xl/charts/chart1.xml')!;
    expect(chart).toContain('Jaar');
    expect(chart).not.toContain('Periode</a:t>');
  });

  it('the chart has a series (a legend entry) for each reported model only; the unused slots are hidden', () => {
    const chart = filled.vergelijking!.zip.text('xl/charts/chart1.xml')!;
    const names = [...chart.matchAll(/<c:tx><c:strRef><c:f>([^<]*)<\/c:f>/g)].map((x) => x[1]);
    expect(names).toEqual(MODELS.map((_, k) => `'${BALANCE_SHEET}'!$A$${BALANCE_FIRST_ROW + k * BALANCE_BLOCK}`));
    const legend = pages.vergelijking!.join('\n');
    for (const m of MODELS) expect(legend).toContain(`Project ${m.name} – Versie 1 – ${m.name}`);
    expect(legend).not.toMatch(/Column [A-Z]|Kolom [A-Z]|Reeks\s?\d|Series\s?\d/);
    const cash = filled.kasstromen!.zip.text(filled.kasstromen!.sheets.find((s) => s.name === CASH_FLOWS_SHEET)!.path)!;
    const firstUnused = CASH_FLOWS_FIRST_ROW + MODELS.length * CASH_FLOWS_BLOCK;
    expect(cash).toMatch(new RegExp(`<row r="${firstUnused}"[^>]*hidden="1"`));
    expect(cash).not.toMatch(new RegExp(`<row r="${firstUnused - 2}"[^>]*hidden="1"`));
  });

  it('prints for a council report: fit to the width, titles repeated, a page count that follows the models', () => {
    for (const [f, sheet] of [['vergelijking', COMPARISON_SHEET], ['vergelijking', BALANCE_SHEET], ['kasstromen', CASH_FLOWS_SHEET]] as const) {
      const p = printSetupOf(filled[f]!, sheet);
      expect(p, sheet).toMatchObject({ paperSize: '9', fitToPage: true, fitToHeight: 0 });
      // the table of forty periods across may take a few pages across; the others fit one page's width
      expect(p.fitToWidth, sheet).toBe(sheet === BALANCE_SHEET ? 3 : 1);
      expect(p.titles, sheet).toBeTruthy();
    }
    // 95 pages before (50 slots of 40 periods across); now a few per report
    // Kasstromen: a page per model, and the data sheets
    const cashPages = pages.kasstromen!.filter((p) => new RegExp(`${CASH_FLOWS_SHEET}\\s+Pagina`).test(p));
    expect(cashPages).toHaveLength(MODELS.length);
    cashPages.forEach((p, k) => {
      expect(p).toContain('Kasstromen per rekenmodel'); // the title row on every page
      expect(p).toContain(`Project ${MODELS[k]!.name} – Versie 1 – ${MODELS[k]!.name}`);
    });
    // The data sheets print as many pages across as their columns need at a readable scale (issue 24 item 9
    // added the section columns): a page each before, two or three now; their rows fit a page.
    const dataPages = (f: (typeof FILES)[number]) => [REPORT_SHEETS.models, REPORT_SHEETS.periods].reduce((n, sheet) => n + printSetupOf(filled[f]!, sheet).fitToWidth!, 0);
    expect(dataPages('kasstromen')).toBeLessThanOrEqual(6);
    expect(pages.kasstromen!.length).toBeLessThanOrEqual(MODELS.length + 1 + dataPages('kasstromen'));
    // Vergelijking: the table, the chart on its own page, its table, the data sheets
    expect(pages.vergelijking!.length).toBeLessThanOrEqual(6 + dataPages('vergelijking'));
  });
});
