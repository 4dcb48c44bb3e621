import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { GrexEngine } from '../formulas/engine.ts';
import { exportXlsx } from '../formulas/export.ts';
import { formatNumber } from '../lib/nlFormat.ts';
import { OverviewTab } from './Overview.tsx';
import type { WorkbenchStore } from './WorkbenchStore.ts';

// Issue 11, defect 4: the tool's overview and the xlsx export call one row "Saldo kasstroom" and must
// show the same number with the same sign for it, in every period and in the total.

const example = JSON.parse(readFileSync(new URL('../formulas/examples/worked-example.model.json', import.meta.url), 'utf8'));

/** Each overview row: its title and its cells (total first), as the page shows them. */
function overviewRows(html: string): Map<string, string[]> {
  const table = html.slice(html.indexOf('data-testid="ov-periods"'));
  const body = table.slice(table.indexOf('<tbody>'), table.indexOf('</tbody>'));
  const rows = new Map<string, string[]>();
  for (const tr of body.split('<tr>').slice(1)) {
    const title = /<th>(.*?)<\/th>/.exec(tr)![1]!;
    rows.set(title, [...tr.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]!));
  }
  return rows;
}

describe('overview and export', () => {
  it('show the cash-flow balance row under the same title with the same sign', async () => {
    const built = GrexEngine.create(example);
    if (!built.ok) throw new Error('example invalid');
    const engine = built.engine;
    const html = renderToStaticMarkup(<OverviewTab store={{ results: engine.results } as WorkbenchStore} kind="cost" />);
    const shown = overviewRows(html.replaceAll('&#x27;', "'"));

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await exportXlsx(engine)) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Overzicht')!;
    const exported = new Map<string, number[]>();
    sheet.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      const cells = values.slice(1).map((v) => (typeof v === 'object' && v && 'formula' in v ? Number((v as { result?: unknown }).result ?? 0) : Number(v)));
      exported.set(String(values[0]), cells);
    });

    const title = [...exported.keys()].find((k) => k.startsWith('Saldo kasstroom'))!;
    expect(shown.has(title)).toBe(true);
    const fromExport = exported.get(title)!;
    expect(fromExport.some((v) => v > 0) && fromExport.some((v) => v < 0)).toBe(true); // the example has both signs
    expect(shown.get(title)).toEqual(fromExport.map((v) => formatNumber(v)));
  });
});
