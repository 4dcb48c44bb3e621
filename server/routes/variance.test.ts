import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { model, project, projectRole, templateReport, versionModel } from '../db/schema/index.ts';
import { saveFile } from '../storage/files.ts';
import type { UserRow } from '../context.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { VARIANCE_MESSAGES } from '../../src/api/contract/messages.ts';
import { reportVarianceColumns } from '../../src/api/contract/reportData.ts';
import { OPTIONAL_REPORT_SHEETS, REPORT_SHEETS } from '../../src/formulas/reportWorkbook.ts';
import { openXlsx, readSheetCells } from '../../src/formulas/xlsxPackage.ts';

// GET grexonline/model/{id}/variance/ and …/variance/against/ (issue 37.5): rights, the default comparison,
// the refusals, and calculation.md §9b's figures through the API; and the report sheet 'Verschillen'.

const example = (name: string) => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.model.json`, import.meta.url), 'utf8')) as ModelData;
const plan2024 = example('worked-example');
const plan2025 = example('variance-2025');

let t: TestApp;
let A: Tenant;
let B: Tenant;
let outsider: UserRow; // ADM of client A without a role on the projects

/** Versions are created a day apart, in the order made: the project's order of versions. */
let day = 0;
const nextDay = () => new Date(Date.UTC(2025, 0, 1 + day++));

async function mkProject(tenant: Tenant, name: string) {
  const [p] = await t.db.insert(project).values({
    createdAt: new Date(), timestampLastModified: new Date(), clientId: tenant.clientId, name, subregionId: tenant.subregionId, typeProjectId: tenant.typeProjectId,
  }).returning();
  const roles: [UserRow, 'ADM' | 'USR' | 'VWR'][] = [[tenant.adm, 'ADM'], [tenant.usr, 'USR'], [tenant.vwr, 'VWR']];
  for (const [u, role] of roles) await t.db.insert(projectRole).values({ projectId: p.id, userId: u.id, role });
  return p.id;
}

async function mkVersion(projectId: number, name: string, adoptedOn: string | null = null) {
  const at = nextDay();
  const [v] = await t.db.insert(versionModel).values({ createdAt: at, timestampLastModified: at, projectId, name, adoptedOn }).returning();
  return v.id;
}

async function mkModel(versionId: number, name: string, data: ModelData | null, extra: Partial<typeof model.$inferInsert> = {}) {
  const [m] = await t.db.insert(model).values({
    createdAt: new Date(), timestampLastModified: new Date(), versionId, name, modelPlatform: 'online', modelData: data, ...extra,
  }).returning();
  return m.id;
}

const get = async (url: string, user: UserRow) =>
  t.app.inject({ method: 'GET', url: `/api/grexonline/model/${url}`, headers: await bearer(t.app, user) });
const variance = (id: number, user: UserRow, against?: number) => get(`${id}/variance/${against === undefined ? '' : `?against=${against}`}`, user);
const choices = (id: number, user: UserRow) => get(`${id}/variance/against/`, user);

// The §9b pair in one project: A in the vastgestelde 'Versie 2024', B rolled over from it in 'Versie 2025'.
let projectId: number;
let v2024: number;
let a: number;
let b: number;

beforeAll(async () => {
  t = await createTestApp();
  A = await createTenant(t.db, 'vaa');
  B = await createTenant(t.db, 'vab');
  outsider = await createUser(t.db, A.clientId, { email: 'outsider@vaa.test', role: 'ADM' });
  projectId = await mkProject(A, 'Voorbeeldplan');
  v2024 = await mkVersion(projectId, 'Versie 2024', '2025-03-01');
  a = await mkModel(v2024, 'Grondexploitatie', plan2024);
  b = await mkModel(await mkVersion(projectId, 'Versie 2025'), 'Grondexploitatie', plan2025, { rolledOverFromModelId: a });
});
afterAll(() => t.close());

describe('the figures of calculation.md §9b', () => {
  it('model B against model A: both models named, the five steps, the sections of steps 4 and 5, both cash flows', async () => {
    const res = await variance(b, A.vwr, a);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.model).toEqual({
      model_id: b, model_name: 'Grondexploitatie', version_id: expect.any(Number), version_name: 'Versie 2025',
      project_id: projectId, project_name: 'Voorbeeldplan', adopted_on: null,
    });
    expect(body.against).toMatchObject({ model_id: a, version_id: v2024, version_name: 'Versie 2024', adopted_on: '2025-03-01' });
    expect(body.against_reason).toBe('chosen');
    const v = body.variance;
    expect(v.ew_a).toBeCloseTo(-106120.8, 2);
    expect(v.ncw_a).toBeCloseTo(-98039.22, 2);
    expect(v.ew_b).toBeCloseTo(-103274.91, 2);
    expect(v.ncw_b).toBeCloseTo(-97318.25, 2);
    const steps = v.steps as { step: string; ew: number; ncw: number; sections?: Record<string, { ew: number; ncw: number }> }[];
    expect(steps.map((s) => s.step)).toEqual(['time', 'realisation', 'parameters', 'scope', 'phasing']);
    const expected = [[0, -1960.78], [-31836.24, -30000], [4635.9, 4368.51], [31990.77, 30145.62], [-1944.54, -1832.38]];
    steps.forEach((s, i) => {
      expect(s.ew, s.step).toBeCloseTo(expected[i]![0]!, 2);
      expect(s.ncw, s.step).toBeCloseTo(expected[i]![1]!, 2);
    });
    expect(steps[3]!.sections!.residential_construction!.ncw).toBeCloseTo(30145.62, 2);
    expect(steps[4]!.sections!.residential_construction!.ncw).toBeCloseTo(-1832.38, 2);
    expect(body.periods_a.map((p: { label: string }) => p.label)).toEqual(['2024', '2025', '2026', '2027']);
    expect(body.periods_b.map((p: { label: string }) => p.label)).toEqual(['2025', '2026', '2027']);
  });

  it('a comparison asked again follows the models\' latest saves', async () => {
    const p = await mkProject(A, 'Opnieuw');
    const first = await mkModel(await mkVersion(p, 'Versie 2024'), 'Grondexploitatie', plan2024);
    const later = await mkModel(await mkVersion(p, 'Versie 2025'), 'Grondexploitatie', plan2025);
    const before = (await variance(later, A.usr, first)).json();
    expect((await variance(later, A.usr, first)).json()).toEqual(before);
    // A save (every write of model data raises data_version): 40 % of the sale in 2026 and 60 % in 2027.
    const moved = structuredClone(plan2025);
    const [in2026, in2027] = moved.residential_construction[0]!.phasing.phasing_items;
    [in2026!.value, in2027!.value] = [40, 60];
    await t.db.update(model).set({ modelData: moved, dataVersion: sql`${model.dataVersion} + 1` }).where(eq(model.id, later));
    const after = (await variance(later, A.usr, first)).json();
    expect(after.variance.ncw_b).not.toBeCloseTo(before.variance.ncw_b, 0);
    expect(after.variance.steps[0]).toEqual(before.variance.steps[0]);
  });

  it('model A against itself: every step zero', async () => {
    const body = (await variance(a, A.usr, a)).json();
    expect(body.variance.steps.every((s: { ew: number; ncw: number }) => s.ew === 0 && s.ncw === 0)).toBe(true);
  });
});

describe('rights', () => {
  it('a user without a role on the project, or of another client, gets 404 for either model', async () => {
    for (const url of [`${b}/variance/?against=${a}`, `${b}/variance/`, `${b}/variance/against/`]) {
      expect((await get(url, outsider)).statusCode).toBe(404);
      expect((await get(url, B.adm)).statusCode).toBe(404);
    }
    const other = await mkModel(await mkVersion(await mkProject(B, 'Elders'), 'Versie 1'), 'Grondexploitatie', plan2024);
    expect((await variance(b, A.adm, other)).statusCode).toBe(404);
    expect((await variance(other, A.adm, b)).statusCode).toBe(404);
  });

  it('global role NON has no main-app access (403); every project role may read', async () => {
    expect((await variance(b, A.non, a)).statusCode).toBe(403);
    for (const u of [A.adm, A.usr, A.vwr]) expect((await choices(b, u)).statusCode).toBe(200);
  });
});

describe('the default comparison', () => {
  it('is the model B was rolled over from', async () => {
    expect((await choices(b, A.usr)).json()).toMatchObject({
      model: { model_id: b }, default_against: { model_id: a, version_name: 'Versie 2024' }, default_reason: 'rolled_over_from', no_default: null,
    });
    const res = await variance(b, A.usr);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ against: { model_id: a }, against_reason: 'rolled_over_from' });
  });

  it('else the model of the same name in the latest vastgestelde version before B\'s, not a later or older one', async () => {
    const p = await mkProject(A, 'Vastgesteld');
    await mkModel(await mkVersion(p, 'Begroting 2023', '2024-03-01'), 'Grondexploitatie', plan2024);
    const latest = await mkModel(await mkVersion(p, 'Begroting 2024', '2025-03-01'), 'grondexploitatie', plan2024);
    await mkVersion(p, 'Concept', null);
    const later = await mkModel(await mkVersion(p, 'Begroting 2025'), 'Grondexploitatie', plan2025);
    await mkModel(await mkVersion(p, 'Begroting 2026', '2026-03-01'), 'Grondexploitatie', plan2025);
    expect((await choices(later, A.vwr)).json()).toMatchObject({ default_against: { model_id: latest }, default_reason: 'adopted_version' });
    const res = await variance(later, A.vwr);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ against: { model_id: latest, version_name: 'Begroting 2024', adopted_on: '2025-03-01' }, against_reason: 'adopted_version' });
  });

  it('none: 409 with the Dutch reason, and the choices still offer the project\'s online models', async () => {
    const p = await mkProject(A, 'Zonder vergelijking');
    const first = await mkModel(await mkVersion(p, 'Versie 1'), 'Grondexploitatie', plan2024);
    await mkModel(await mkVersion(p, 'Versie 1b'), 'Spreadsheet', null, { modelPlatform: 'spreadsheet' });
    const second = await mkModel(await mkVersion(p, 'Versie 2'), 'Grondexploitatie', plan2025);
    const res = await variance(second, A.usr);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VARIANCE_MESSAGES.noDefault);
    expect(res.json().message).toContain('Er is geen vergelijking');
    const c = (await choices(second, A.usr)).json();
    expect(c).toMatchObject({ default_against: null, default_reason: null, no_default: VARIANCE_MESSAGES.noDefault });
    expect(c.choices.map((m: { model_id: number }) => m.model_id)).toEqual([first]);
    expect((await variance(second, A.usr, first)).statusCode).toBe(200);
  });

  it('none when the latest vastgestelde earlier version has no online model of that name, even if an older one has', async () => {
    const p = await mkProject(A, 'Andere naam');
    await mkModel(await mkVersion(p, 'Begroting 2023', '2024-03-01'), 'Grondexploitatie', plan2024);
    await mkModel(await mkVersion(p, 'Begroting 2024', '2025-03-01'), 'Hoofdplan', plan2024);
    const later = await mkModel(await mkVersion(p, 'Begroting 2025'), 'Grondexploitatie', plan2025);
    const res = await variance(later, A.usr);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VARIANCE_MESSAGES.noDefaultInVersion('Begroting 2024', 'Grondexploitatie'));
  });

  it('a rolled-over-from model moved to another project is no comparison: the same-name rule decides, and says so', async () => {
    const p = await mkProject(A, 'Verplaatst');
    const elsewhere = await mkModel(await mkVersion(await mkProject(A, 'Ander project'), 'Versie 1'), 'Grondexploitatie', plan2024);
    const adopted = await mkModel(await mkVersion(p, 'Begroting 2024', '2025-03-01'), 'Grondexploitatie', plan2024);
    const later = await mkModel(await mkVersion(p, 'Begroting 2025'), 'Grondexploitatie', plan2025, { rolledOverFromModelId: elsewhere });
    expect((await choices(later, A.usr)).json()).toMatchObject({ default_against: { model_id: adopted }, default_reason: 'adopted_version' });
    expect((await variance(later, A.usr)).json()).toMatchObject({ against: { model_id: adopted }, against_reason: 'adopted_version' });
  });
});

describe('refusals', () => {
  it('models of two projects: 400 in Dutch', async () => {
    const other = await mkModel(await mkVersion(await mkProject(A, 'Tweede project'), 'Versie 1'), 'Grondexploitatie', plan2024);
    const res = await variance(b, A.adm, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VARIANCE_MESSAGES.otherProject);
  });

  it('a spreadsheet model on either side: 400 in Dutch', async () => {
    const sheet = await mkModel(v2024, 'Werkmap', null, { modelPlatform: 'spreadsheet' });
    expect((await variance(b, A.adm, sheet)).json().message).toBe(VARIANCE_MESSAGES.againstNotOnline('Werkmap'));
    expect((await variance(sheet, A.adm, a)).json().message).toBe(VARIANCE_MESSAGES.notOnline);
    expect((await choices(sheet, A.adm)).statusCode).toBe(400);
  });

  it('a pair the engine cannot compare (the earlier model asked against the later): 400 with its reason', async () => {
    const res = await variance(a, A.adm, b);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('startdatum');
  });

  it('an id that is no number, or out of range: 400; one that names no model: 404', async () => {
    expect((await get(`${b}/variance/?against=abc`, A.adm)).statusCode).toBe(400);
    expect((await get(`${b}/variance/?against=99999999999`, A.adm)).statusCode).toBe(400);
    expect((await variance(2_000_000_000, A.adm, a)).statusCode).toBe(404);
  });
});

describe('the report sheet Verschillen', () => {
  /** A report template with the optional data sheet (as an admin builds it in Excel: header rows only). */
  async function varianceTemplate(): Promise<number> {
    const wb = new ExcelJS.Workbook();
    for (const sheet of [REPORT_SHEETS.models, REPORT_SHEETS.periods, OPTIONAL_REPORT_SHEETS.variance]) wb.addWorksheet(sheet).getCell('A1').value = 'x';
    const data = new Uint8Array(await wb.xlsx.writeBuffer());
    const file = await saveFile(t.db, { clientId: A.clientId, filename: 'Verschillen.xlsx', data, at: new Date() });
    const [row] = await t.db.insert(templateReport).values({ clientId: A.clientId, name: 'MPG', nModelsMin: 1, nModelsMax: 10, fileId: file.id }).returning();
    return row!.id;
  }

  it('gives per model its steps against its default comparison, or the reason there is none', async () => {
    const p = await mkProject(A, 'Rapportage');
    const alone = await mkModel(await mkVersion(p, 'Versie 1'), 'Los model', plan2024);
    const sheet = await mkModel(v2024, 'Werkmap rapport', null, { modelPlatform: 'spreadsheet' });
    const headers = await bearer(t.app, A.adm);
    const asked = await t.app.inject({ method: 'POST', url: '/api/manager/report/', headers, payload: { template_report: await varianceTemplate(), models: [b, alone, sheet] } });
    expect(asked.statusCode, asked.body).toBe(200);
    let polled;
    do {
      await new Promise((r) => setTimeout(r, 50));
      polled = await t.app.inject({ method: 'GET', url: `/api/manager/report/?uuid=${asked.json().uuid}`, headers });
    } while (polled.statusCode === 202);
    expect(polled.statusCode, polled.body).toBe(200);
    const ready = polled.json() as { uuid: string; filename_orig: string };
    const file = await t.app.inject({ method: 'GET', url: `/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`, headers });
    const cells = await readSheetCells(await openXlsx(file.rawPayload), OPTIONAL_REPORT_SHEETS.variance);
    const at = (row: number, key: string) => cells.get(`${row}:${reportVarianceColumns().indexOf(key as never)}`)?.value;
    expect(reportVarianceColumns().map((c, i) => cells.get(`0:${i}`)?.value)).toEqual(reportVarianceColumns());
    expect([1, 2, 3].map((r) => at(r, 'rekenmodel_id'))).toEqual([b, alone, sheet]);
    // Row 1: §9b, against the model B was rolled over from.
    expect(at(1, 'vergelijking_rekenmodel_id')).toBe(a);
    expect(at(1, 'vergelijking')).toBe('Jaarovergang');
    expect(at(1, 'ncw_vergelijking') as number).toBeCloseTo(-98039.22, 2);
    expect(at(1, 'ncw_tijd') as number).toBeCloseTo(-1960.78, 2);
    expect(at(1, 'ncw_realisatie') as number).toBeCloseTo(-30000, 2);
    expect(at(1, 'ncw_parameters') as number).toBeCloseTo(4368.51, 2);
    expect(at(1, 'ncw_ramingen') as number).toBeCloseTo(30145.62, 2);
    expect(at(1, 'ncw_ramingen_woningbouw') as number).toBeCloseTo(30145.62, 2);
    expect(at(1, 'ncw_ramingen_kostenraming')).toBe(0);
    expect(at(1, 'ncw_fasering') as number).toBeCloseTo(-1832.38, 2);
    expect(at(1, 'ncw') as number).toBeCloseTo(-97318.25, 2);
    expect(at(1, 'fout')).toBeUndefined();
    // Rows 2 and 3: why there are no steps.
    expect(at(2, 'fout')).toBe(VARIANCE_MESSAGES.noDefault);
    expect(at(2, 'ncw_tijd')).toBeUndefined();
    expect(at(3, 'fout')).toBe(VARIANCE_MESSAGES.notOnline);
  });
});
