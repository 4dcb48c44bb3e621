import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { model, modelResult, templateReport, userTemplateReport } from '../db/schema/index.ts';
import { ensureReportTemplates } from '../seed/templates.ts';
import type { UserRow } from '../context.ts';
import { REPORT_FAILED, REPORT_TEMPLATE_MESSAGES, reportMaxMessage, reportMinMessage, reportModelsGone } from '../../src/api/contract/messages.ts';
import { reportModelColumns } from '../../src/api/contract/reportData.ts';
import type { TemplateReportItem } from '../../src/api/contract/templateReport.ts';
import { GrexEngine } from '../../src/formulas/engine.ts';
import { CASH_FLOWS_NAME, COMPARISON_NAME } from '../../src/formulas/reportTemplates.ts';
import { REPORT_SHEETS } from '../../src/formulas/reportWorkbook.ts';
import { openXlsx, readSheetCells } from '../../src/formulas/xlsxPackage.ts';

// Spreadsheet reports through the real path: the template list, POST report/ (grants, readable models,
// limits, tenancy), the job, the poll (202 → 200) and the produced file at /files; only its owner sees it.

const M = '/api/manager';
const worked = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let tree: Tree;
let onlineId: number;
/** A model of a project on which the tenant's users have no role. */
let hiddenId: number;
let otherTenantModel: number;
const tpl = {} as Record<'comparison' | 'cashFlows' | 'otherTenant', number>;

async function call(user: UserRow, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url: url.startsWith('/') ? url : `${M}/${url}`, headers: await bearer(t.app, user), payload: payload as never });
}

/** Ask for a report and poll until the job is no longer running (the browser polls every 1000 ms). */
async function makeReport(user: UserRow, template: number, models: number[]) {
  const asked = await call(user, 'POST', 'report/', { template_report: template, models });
  expect(asked.statusCode, asked.body).toBe(200);
  const { uuid } = asked.json() as { uuid: string };
  let polled;
  const seen: number[] = [];
  do {
    await new Promise((r) => setTimeout(r, 20));
    polled = await call(user, 'GET', `report/?uuid=${uuid}`);
    seen.push(polled.statusCode);
    if (polled.statusCode === 202) expect(polled.json()).toEqual({ progress: expect.any(String), progress_pct: expect.any(Number) });
  } while (polled.statusCode === 202);
  return { uuid, polled, seen };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'rep');
  b = await createTenant(t.db, 'rep-b');
  await ensureReportTemplates(t.db, t.clock.now()); // as at a start: both tenants get the shipped templates, granted to their users
  const rows = await t.db.select().from(templateReport);
  tpl.comparison = rows.find((r) => r.clientId === a.clientId && r.name === COMPARISON_NAME)!.id;
  tpl.cashFlows = rows.find((r) => r.clientId === a.clientId && r.name === CASH_FLOWS_NAME)!.id;
  tpl.otherTenant = rows.find((r) => r.clientId === b.clientId)!.id;
  tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
  const [online] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name: 'Online', modelPlatform: 'online', modelData: worked }).returning();
  onlineId = online!.id;
  hiddenId = (await seedTree(t.db, a, { roles: {} })).modelId;
  otherTenantModel = (await seedTree(t.db, b, { roles: rolesAsGlobal(b) })).modelId;
});
afterAll(() => t.close());

describe('GET template-report/', () => {
  it('answers the fields the Reports screen needs: description and limits, sorted by name', async () => {
    const list = (await call(a.usr, 'GET', 'template-report/')).json() as TemplateReportItem[];
    expect(list.map((r) => [r.name, r.n_models_min, r.n_models_max])).toEqual([[CASH_FLOWS_NAME, 1, 50], [COMPARISON_NAME, 1, 10]]);
    for (const r of list) expect(r.description).toMatch(/rekenmodel/);
  });

  it('shows a user only his grants; an admin all, or his own grants with ?filter=authorised', async () => {
    await t.db.delete(userTemplateReport).where(and(eq(userTemplateReport.userId, a.vwr.id), eq(userTemplateReport.templateReportId, tpl.cashFlows)));
    await t.db.delete(userTemplateReport).where(eq(userTemplateReport.userId, a.adm.id));
    expect(((await call(a.vwr, 'GET', 'template-report/')).json() as TemplateReportItem[]).map((r) => r.id)).toEqual([tpl.comparison]);
    expect(((await call(a.adm, 'GET', 'template-report/')).json() as TemplateReportItem[]).map((r) => r.id)).toEqual([tpl.cashFlows, tpl.comparison]);
    expect((await call(a.adm, 'GET', 'template-report/?filter=authorised')).json()).toEqual([]);
    expect((await call(a.non, 'GET', 'template-report/')).statusCode).toBe(403);
  });
});

describe('POST report/ and GET report/?uuid', () => {
  it('makes the report: 202 while the job runs, 200 with the file name, the file for its owner only', async () => {
    const { uuid, polled } = await makeReport(a.usr, tpl.comparison, [onlineId, tree.modelId]);
    expect(polled.statusCode, polled.body).toBe(200);
    const ready = polled.json() as { uuid: string; filename_orig: string };
    expect(ready.filename_orig).toBe(`${COMPARISON_NAME} 2026-03-02.xlsx`);
    expect(polled.headers['set-cookie']).toMatch(new RegExp(`grondslag_file=.*Path=/files/${ready.uuid}/`));
    const file = await call(a.usr, 'GET', `/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`);
    expect(file.statusCode).toBe(200);

    // The data sheet holds the models in the order asked for; the online model's EW is the engine's.
    const pkg = await openXlsx(file.rawPayload);
    const cells = await readSheetCells(pkg, REPORT_SHEETS.models);
    const col = (key: string) => reportModelColumns().indexOf(key as never);
    expect(cells.get(`0:${col('ew')}`)?.value).toBe('ew');
    expect([1, 2].map((r) => cells.get(`${r}:${col('rekenmodel_id')}`)?.value)).toEqual([onlineId, tree.modelId]);
    const engine = new GrexEngine(worked as never);
    expect(cells.get(`1:${col('ew')}`)?.value).toBeCloseTo(engine.results.ew, 6);
    engine.destroy();
    // The fixture's spreadsheet model has no workbook: its row says why, without figures.
    expect(cells.get(`2:${col('ew')}`)).toBeUndefined();
    expect(String(cells.get(`2:${col('fout')}`)?.value)).toMatch(/\S/);

    // Another user cannot poll the job nor fetch its file (not even an admin of the client).
    expect((await call(a.adm, 'GET', `report/?uuid=${uuid}`)).statusCode).toBe(404);
    expect((await call(a.adm, 'GET', `/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`)).statusCode).toBe(404);
    expect((await call(b.adm, 'GET', `report/?uuid=${uuid}`)).statusCode).toBe(404);
  });

  it('writes each model\'s opening book value after `fout`, the last fixed column of Rekenmodellen (boekwaarde_start): 0 when absent, empty without figures, as well from stored results', async () => {
    const bp = worked.base_parameters as Record<string, unknown>;
    const online = async (name: string, base_parameters: Record<string, unknown>) => (await t.db.insert(model).values({
      createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name, modelPlatform: 'online', modelData: { ...worked, base_parameters },
    }).returning())[0]!.id;
    const opened = await online('Met boekwaarde', { ...bp, opening_book_value: -123_456.78 });
    // Text where an amount belongs: the engine refuses the model, so its row has no figures, this one neither.
    const refused = await online('Ongeldige boekwaarde', { ...bp, opening_book_value: 'veel' });
    const ids = [opened, onlineId, tree.modelId, refused];
    const readBack = async () => {
      const { polled } = await makeReport(a.usr, tpl.comparison, ids);
      const ready = polled.json() as { uuid: string; filename_orig: string };
      const file = await call(a.usr, 'GET', `/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const ws = wb.getWorksheet(REPORT_SHEETS.models)!;
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      const at = header.indexOf('boekwaarde_start') + 1;
      return { afterFout: header[header.indexOf('fout') + 1], values: ids.map((_, i) => ws.getRow(2 + i).getCell(at).value) };
    };
    const first = await readBack();
    expect(first).toEqual({ afterFout: 'boekwaarde_start', values: [-123_456.78, 0, null, null] });
    // The report stored the online models' results (in the background); a report from those rows says the same.
    await t.app.ctx.background.drain();
    const stored = await t.db.select({ id: modelResult.modelId }).from(modelResult);
    expect(stored.map((r) => r.id)).toEqual(expect.arrayContaining([opened, onlineId]));
    expect(await readBack()).toEqual(first);
  });

  it('refuses a template that is not granted (404), but an admin uses every template of his client', async () => {
    // vwr lost the cash-flow template above; adm has no grants at all.
    expect((await call(a.vwr, 'POST', 'report/', { template_report: tpl.cashFlows, models: [onlineId] })).statusCode).toBe(404);
    const { polled } = await makeReport(a.adm, tpl.cashFlows, [onlineId]);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.json().filename_orig).toBe(`${CASH_FLOWS_NAME} 2026-03-02.xlsx`);
  });

  it('refuses models the caller cannot read, and anything of another client, with 404', async () => {
    for (const models of [[hiddenId], [onlineId, hiddenId], [otherTenantModel], [999_999]]) {
      const r = await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models });
      expect(r.statusCode, JSON.stringify(models)).toBe(404);
    }
    expect((await call(a.usr, 'POST', 'report/', { template_report: tpl.otherTenant, models: [onlineId] })).statusCode).toBe(404);
    expect((await call(b.usr, 'POST', 'report/', { template_report: tpl.otherTenant, models: [onlineId] })).statusCode).toBe(404);
    expect((await call(a.non, 'POST', 'report/', { template_report: tpl.comparison, models: [onlineId] })).statusCode).toBe(403);
  });

  it('holds the number of distinct models to the template limits (400 with the spec text)', async () => {
    await t.db.update(templateReport).set({ nModelsMin: 2, nModelsMax: 2 }).where(eq(templateReport.id, tpl.comparison));
    try {
      const one = await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models: [onlineId, onlineId] });
      expect([one.statusCode, one.json().message]).toEqual([400, reportMinMessage(2)]);
      const extra = (await seedTree(t.db, a, { roles: rolesAsGlobal(a) })).modelId;
      const three = await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models: [onlineId, tree.modelId, extra] });
      expect([three.statusCode, three.json().message]).toEqual([400, reportMaxMessage(2)]);
      expect((await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models: [] })).statusCode).toBe(400);
      expect((await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models: [onlineId, tree.modelId] })).statusCode).toBe(200);
    } finally {
      await t.db.update(templateReport).set({ nModelsMin: 1, nModelsMax: 10 }).where(eq(templateReport.id, tpl.comparison));
    }
  });

  it('fails, saying so, when a chosen model was deleted before the job read it, instead of leaving it out', async () => {
    const gone = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    // The job's read of the models waits (subregion locked) while the model is deleted.
    const c = new pg.Client({ connectionString: t.db.$client.options.connectionString });
    await c.connect();
    await c.query('BEGIN');
    await c.query('LOCK TABLE subregion IN ACCESS EXCLUSIVE MODE');
    const asked = await call(a.usr, 'POST', 'report/', { template_report: tpl.comparison, models: [onlineId, gone.modelId] });
    expect(asked.statusCode, asked.body).toBe(200);
    const { uuid } = asked.json() as { uuid: string };
    let polled;
    do {
      await new Promise((r) => setTimeout(r, 20));
      polled = await call(a.usr, 'GET', `report/?uuid=${uuid}`);
    } while (polled.statusCode === 202 && polled.json().progress_pct < 20);
    await t.db.delete(model).where(eq(model.id, gone.modelId));
    await c.query('ROLLBACK');
    await c.end();
    do {
      await new Promise((r) => setTimeout(r, 20));
      polled = await call(a.usr, 'GET', `report/?uuid=${uuid}`);
    } while (polled.statusCode === 202);
    expect([polled.statusCode, polled.json().message]).toEqual([422, `${REPORT_FAILED} ${reportModelsGone(1)}`]);
  });

  it('answers 422 with the report failure when the template has no workbook', async () => {
    const [bare] = await t.db.insert(templateReport).values({ clientId: a.clientId, name: 'Zonder bestand' }).returning();
    const { polled } = await makeReport(a.staff, bare!.id, [onlineId]);
    expect([polled.statusCode, polled.json().message]).toEqual([422, `${REPORT_FAILED} ${REPORT_TEMPLATE_MESSAGES.noFile}`]);
    expect((await call(a.usr, 'GET', 'report/?uuid=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(a.usr, 'GET', 'report/?uuid=geen-uuid')).statusCode).toBe(400);
  });
});
