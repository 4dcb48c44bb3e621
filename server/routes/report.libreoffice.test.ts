// Issue 13: "The shipped 'Vergelijking rekenmodellen' report recalculated by LibreOffice headless shows,
// for every online model, the EW and NCW the engine computes (to the cent), and for every spreadsheet
// model the values its workbook holds" — through the real path: the template as seeded at a start, the
// report request, the job, the poll and /files, then one soffice call on what arrived.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { model, templateReport } from '../db/schema/index.ts';
import { ensureReportTemplates, ensureTemplateModels } from '../seed/templates.ts';
import type { UserRow } from '../context.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { applyGlobalParameters } from '../../src/formulas/globalParameters.ts';
import { buildModelTemplate } from '../../src/formulas/modelTemplate.ts';
import { BALANCE_BLOCK, BALANCE_FIRST_ROW, BALANCE_SHEET, COMPARISON_FIRST_ROW, COMPARISON_NAME, comparisonRows, COMPARISON_SHEET } from '../../src/formulas/reportTemplates.ts';
import { readWorkbookResults } from '../../src/formulas/savedWorkbook.ts';
import { ensureProgram } from '../../scripts/ensure.ts';
import { readXlsxValues, recalcWithLibreOffice } from '../../test/formulas/libreoffice.ts';
import { CHANGED, workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { a1 } from '../../src/formulas/workbookRefs.ts';
import { openXlsx } from '../../src/formulas/xlsxPackage.ts';

const M = '/api/manager';
let t: TestApp;
let a: Tenant;
const dir = mkdtempSync(join(tmpdir(), 'grondslag-report-lo-'));
/** The report's models in the order asked for, with what each must show. */
const models: { id: number; kind: 'online' | 'spreadsheet'; ew: number; ncw: number; balances: number[] }[] = [];
let served: Buffer;
let values: Map<string, Map<string, unknown>>;

async function call(user: UserRow, method: 'GET' | 'POST', url: string, body?: { payload: unknown; headers?: Record<string, string> }) {
  return t.app.inject({ method, url, headers: { ...body?.headers, ...(await bearer(t.app, user)) }, payload: body?.payload as never });
}

const engineOf = (data: ModelData) => {
  const e = new GrexEngine(data);
  try {
    return { ew: e.results.ew, ncw: e.results.ncw, balances: e.results.periods.map((p) => p.balance) };
  } finally {
    e.destroy();
  }
};

beforeAll(async () => {
  ensureProgram('soffice');
  t = await createTestApp();
  a = await createTenant(t.db, 'replo');
  await ensureTemplateModels(t.db, t.clock.now());
  await ensureReportTemplates(t.db, t.clock.now());
  const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });

  // Two online models: the worked example and the same with other rates and dates (other numbers).
  const worked = workedTemplateModel();
  const changed = applyGlobalParameters(worked, CHANGED);
  if (!changed.ok) throw new Error(JSON.stringify(changed.problems));
  for (const [name, data] of [['Online basis', worked], ['Online gewijzigd', changed.data]] as const) {
    const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name, modelPlatform: 'online', modelData: data }).returning();
    models.push({ id: m!.id, kind: 'online', ...engineOf(data) });
  }
  // Two spreadsheet models: one started from the shipped template (all 0), one with the worked example saved into its history.
  const filled = Buffer.from(await buildModelTemplate(worked));
  for (const name of ['Excel leeg', 'Excel ingevuld']) {
    const created = await call(a.usr, 'POST', `${M}/model/`, { payload: { version: tree.versionId, name, type_model: a.templateModelId } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    let file: Buffer | Uint8Array = Buffer.from(await buildModelTemplate());
    if (name === 'Excel ingevuld') {
      const up = multipart({}, { filename: 'Grondexploitatie standaard.xlsx', data: filled });
      expect((await call(a.staff, 'POST', `${M}/model/${id}/saved-model/`, up)).statusCode).toBe(201);
      file = filled;
    }
    const r = await readWorkbookResults(file);
    models.push({ id, kind: 'spreadsheet', ew: r.ew, ncw: r.ncw, balances: r.periods.map((p) => p.balance) });
  }

  const [tpl] = await t.db.select().from(templateReport).where(eq(templateReport.name, COMPARISON_NAME));
  const asked = await call(a.usr, 'POST', `${M}/report/`, { payload: { template_report: tpl!.id, models: models.map((m) => m.id) } });
  expect(asked.statusCode, asked.body).toBe(200);
  let polled;
  do {
    await new Promise((r) => setTimeout(r, 50));
    polled = await call(a.usr, 'GET', `${M}/report/?uuid=${asked.json().uuid}`);
  } while (polled.statusCode === 202);
  expect(polled.statusCode, polled.body).toBe(200);
  const { uuid, filename_orig } = polled.json() as { uuid: string; filename_orig: string };
  const file = await call(a.usr, 'GET', `/files/${uuid}/${encodeURIComponent(filename_orig)}`);
  expect(file.statusCode).toBe(200);
  served = file.rawPayload;
  writeFileSync(join(dir, 'rapport.xlsx'), served);
  const [out] = recalcWithLibreOffice([join(dir, 'rapport.xlsx')], join(dir, 'recalc'));
  values = await readXlsxValues(out!);
}, 300_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const rowOf = (column: string) => COMPARISON_FIRST_ROW - 1 + comparisonRows().findIndex((r) => r.column === column);
const cents = (x: unknown) => Math.round(Number(x) * 100);

describe("the shipped 'Vergelijking rekenmodellen' recalculated by LibreOffice", () => {
  it('shows for every model the EW and NCW of the engine (online) or of its workbook (spreadsheet), to the cent', () => {
    const sheet = values.get(COMPARISON_SHEET)!;
    expect(sheet.get('B2')).toBe(models.length);
    models.forEach((m, k) => {
      expect(sheet.get(a1(k + 1, rowOf('platform'))), `model ${k + 1}`).toBe(m.kind === 'online' ? 'Online' : 'Spreadsheet');
      expect(cents(sheet.get(a1(k + 1, rowOf('ew')))), `EW of model ${k + 1} (${m.kind})`).toBe(cents(m.ew));
      expect(cents(sheet.get(a1(k + 1, rowOf('ncw')))), `NCW of model ${k + 1} (${m.kind})`).toBe(cents(m.ncw));
    });
    // real numbers: the worked example has the same EW online and in its workbook, other rates another, the empty template 0
    expect([cents(models[3]!.ew), cents(models[2]!.ew)]).toEqual([cents(models[0]!.ew), 0]);
    expect(Math.abs(models[1]!.ew - models[0]!.ew)).toBeGreaterThan(100);
    // the slots after the last model are empty; the totals add the models up
    expect(sheet.get(a1(models.length + 1, rowOf('ew')))).toBe('');
    expect(cents(sheet.get(a1(11, rowOf('ew'))))).toBe(cents(models.reduce((s, m) => s + m.ew, 0)));
  });

  it("holds the chart's table: every model's balance per period, and the chart part is served", async () => {
    const table = values.get(BALANCE_SHEET)!;
    models.forEach((m, k) => {
      const row = BALANCE_FIRST_ROW + k * BALANCE_BLOCK; // 0-based: the block's second row, the balance
      const shown = m.balances.map((_, i) => cents(table.get(a1(2 + i, row))));
      expect(shown, `model ${k + 1}`).toEqual(m.balances.map(cents));
      expect(table.get(a1(2 + m.balances.length, row))).toBe('');
    });
    // one series per reported model (issue 23: the unused slots' legend entries are gone), drawn from its hidden rows
    const chart = (await openXlsx(served)).zip.text('xl/charts/chart1.xml')!;
    expect(chart.match(/<c:ser>/g)).toHaveLength(models.length);
    expect(chart).toContain(`'${BALANCE_SHEET}'!$C$${BALANCE_FIRST_ROW + 3}:$AP$${BALANCE_FIRST_ROW + 3}`);
  });
});
