import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ModelData } from '../model/modelData.ts';
import { GrexEngine } from '../formulas/engine.ts';
import { exportXlsx } from '../formulas/export.ts';
import { formatMoney, formatNumber } from '../lib/nlFormat.ts';
import { OverviewTab } from './Overview.tsx';

// Issues 11 and 15: the tool's overview and the xlsx export name the same rows and figures with the same
// words and show the same numbers with the same signs: every row of the overview's period table is a row
// of the export's Overzicht sheet (total first, an empty cell where the sheet has none), every figure a
// row of its Resultaat sheet.

const example = JSON.parse(readFileSync(new URL('../formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

const unescape = (s: string) => s.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

/** Each overview row: its title and its cells (total first), as the page shows them. */
function overviewRows(html: string): Map<string, string[]> {
  const table = html.slice(html.indexOf('data-testid="ov-periods"'));
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
  const rows = new Map<string, string[]>();
  // cells carry a title with their computation (the tooltip), so tags are matched with attributes
  for (const tr of body.split(/<tr[ >]/).slice(1)) {
    const title = /<th[^>]*>(.*?)<\/th>/.exec(tr)![1]!;
    rows.set(unescape(title), [...tr.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!));
  }
  return rows;
}

/** The figures: title → shown value. */
function figures(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<dt>(.*?)<\/dt><dd data-testid="ov-[a-z]+">(.*?)<\/dd>/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]));
}

/** A sheet of the export: first column → the other cells (computed results; null where empty). */
async function exportedSheet(engine: GrexEngine, name: string): Promise<Map<string, (number | null)[]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await exportXlsx(engine)) as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet(name)!;
  const out = new Map<string, (number | null)[]>();
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow((row) => {
    const cells: (number | null)[] = [];
    for (let c = 2; c <= width; c++) {
      const v = row.getCell(c).value;
      cells.push(v == null ? null : typeof v === 'object' && 'formula' in v ? Number((v as { result?: unknown }).result ?? 0) : Number(v));
    }
    out.set(String(row.getCell(1).value), cells);
  });
  return out;
}

function render(model: ModelData) {
  const built = GrexEngine.create(model);
  if (!built.ok) throw new Error('example invalid');
  const html = renderToStaticMarkup(<OverviewTab store={{ results: built.engine.results, model }} kind="cost" />);
  return { engine: built.engine, html };
}

describe('overview and export', () => {
  it('show the cash-flow balance row under the same title with the same sign', async () => {
    const { engine, html } = render(example);
    const shown = overviewRows(html);
    const exported = await exportedSheet(engine, 'Overzicht');
    const title = [...exported.keys()].find((k) => k.startsWith('Saldo kasstroom'))!;
    expect(shown.has(title)).toBe(true);
    const fromExport = exported.get(title)!;
    expect(fromExport.some((v) => v! > 0) && fromExport.some((v) => v! < 0)).toBe(true); // the example has both signs
    expect(shown.get(title)).toEqual(fromExport.map((v) => formatNumber(v)));
  });

  for (const withdrawal of [false, true]) {
    it(`show every period row as the export's Overzicht sheet has it (profit withdrawal ${withdrawal ? 'on' : 'off'})`, async () => {
      // With withdrawal the NCW date lies in the second period, so the chain after withdrawal starts there.
      const model: ModelData = { ...example, base_parameters: { ...example.base_parameters, profit_withdrawal_to_ncw_date: withdrawal, phasing_net_present_value_date: '2025-06-30' } };
      const { engine, html } = render(model);
      const shown = overviewRows(html);
      const exported = await exportedSheet(engine, 'Overzicht');
      expect(shown.size).toBe(withdrawal ? 8 : 6);
      for (const [title, cells] of shown) {
        expect(exported.has(title), title).toBe(true);
        expect(cells, title).toEqual(exported.get(title)!.map((v) => (v === null ? '' : formatNumber(v))));
      }
    });
  }

  it("name the figures as the export's Resultaat sheet, with its values and signs", async () => {
    const { engine, html } = render(example);
    const shown = figures(html);
    const exported = await exportedSheet(engine, 'Resultaat');
    expect(shown.size).toBe(8);
    for (const [title, value] of shown) {
      expect(exported.has(title), title).toBe(true);
      const v = exported.get(title)![0]!;
      expect(value, title).toBe(title.startsWith('POC') ? `${formatNumber(v * 100, 2)}%` : formatMoney(v));
    }
  });
});
