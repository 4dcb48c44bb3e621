// Issue 23 item 9: the xlsx export prints as a modeller expects — A4 landscape, scaled to the page width,
// the title rows and columns on every page, headers that show whole — and LibreOffice prints it on far
// fewer pages than before (the worked example: 46 pages, headers cut off as 'Fasering € 202…').
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from './engine.ts';
import { exportXlsx, headerFit } from './export.ts';
import { pdfPageCount, pdfPagesText, pdfWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { printSetupOf } from '../../test/formulas/printSetup.ts';
import { COST_SECTION } from '../model/sections/cost.ts';
import { openXlsx, readSheetCells, type XlsxPackage } from './xlsxPackage.ts';

const example = JSON.parse(readFileSync(new URL('./examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const dir = mkdtempSync(join(tmpdir(), 'grondslag-export-print-'));
let engine: GrexEngine;
let pkg: XlsxPackage;
let pages: string[];

beforeAll(async () => {
  engine = new GrexEngine(structuredClone(example));
  const bytes = await exportXlsx(engine);
  pkg = await openXlsx(bytes);
  writeFileSync(join(dir, 'export.xlsx'), bytes);
  const [pdf] = pdfWithLibreOffice([join(dir, 'export.xlsx')], join(dir, 'pdf'));
  pages = pdfPagesText(pdf!);
  expect(pages.length).toBe(pdfPageCount(pdf!));
}, 300_000);

afterAll(() => {
  engine.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('the export’s print set-up (issue 23 item 9)', () => {
  it('every sheet: A4 landscape, fit to the width, page numbers; the frozen rows and columns are the print titles', () => {
    for (const sheet of engine.sheets) {
      const p = printSetupOf(pkg, sheet.name);
      expect(p, sheet.name).toMatchObject({ orientation: 'landscape', paperSize: '9', fitToPage: true, fitToHeight: 0 });
      expect(p.fitToWidth, sheet.name).toBeGreaterThanOrEqual(1);
      expect(p.footer, sheet.name).toContain('Pagina &amp;P van &amp;N');
      const q = `'${sheet.name}'`;
      const rows = sheet.frozenRows ? `${q}!$1:$${sheet.frozenRows}` : '';
      const cols = sheet.frozenCols ? `${q}!$A:$${String.fromCharCode(64 + sheet.frozenCols)}` : '';
      for (const part of [rows, cols].filter(Boolean)) expect(p.titles?.replace(/'?([^'!,]+)'?!/g, "'$1'!"), sheet.name).toContain(part);
    }
  });

  it('a header row wraps in columns as wide as its longest word, in a row as tall as its lines', async () => {
    const cost = engine.sheets.find((s) => s.name === COST_SECTION.sheet)!;
    const xml = pkg.zip.text(pkg.sheets.find((s) => s.name === COST_SECTION.sheet)!.path)!;
    const widths = [...xml.matchAll(/<col\b[^>]*min="(\d+)"[^>]*max="(\d+)"[^>]*width="([\d.]+)"/g)]
      .flatMap((m) => Array.from({ length: Number(m[2]) - Number(m[1]) + 1 }, () => Number(m[3])));
    const header = cost.rows[0]!.map((h) => (typeof h === 'string' ? h.replace(/^'/, '') : h));
    const phasing = header.findIndex((h) => typeof h === 'string' && /^Fasering .*2024$/.test(h));
    expect(phasing).toBeGreaterThan(0);
    header.forEach((h, c) => {
      if (typeof h !== 'string') return;
      for (const word of h.split(/\s+/)) expect(widths[c], `${h}`).toBeGreaterThanOrEqual(word.length + 1);
    });
    const { lines } = headerFit(cost.widths, cost.rows[0]!);
    expect(lines).toBeGreaterThan(1);
    expect(Number(/<row r="1"[^>]*\sht="([\d.]+)"/.exec(xml)?.[1])).toBeGreaterThanOrEqual(15 * lines);
    const cells = await readSheetCells(pkg, COST_SECTION.sheet);
    expect([...cells.values()].some((c) => c.value === header[phasing])).toBe(true);
  });

  it('LibreOffice prints the worked example on at most 22 pages (46 before), every page with its sheet’s titles', () => {
    // 20 before Woningbouw gained the residual method's three columns (issue 24), 21 before the phases' own sheet Fasen
    expect(pages.length).toBeLessThanOrEqual(22);
    expect(pages.filter((p) => /Fasen\s+Pagina \d+ van/.test(p))).toHaveLength(1);
    const costPages = pages.filter((p) => /Kostenraming\s+Pagina \d+ van/.test(p));
    expect(costPages.length).toBeGreaterThan(1);
    const entry = example.cost_estimate[0]!.label;
    for (const p of costPages) {
      expect(p).toContain('Omschrijving'); // the title row
      expect(p).toContain(entry); // the title columns
    }
    // the phasing headers are whole, not cut off at the column's edge
    expect(costPages.join('\n')).toMatch(/Fasering/);
  });
});
