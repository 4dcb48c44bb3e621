import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { auditLog, model, modelResult, modelSession, project, projectRole, savedModel, storedFile, versionModel } from '../db/schema/index.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import type { UserRow } from '../context.ts';
import { latestAdoptedBefore } from '../services/adoption.ts';
import { rolloverWithPreview } from '../../src/formulas/annual/rolloverPreview.ts';
import { ADOPTION_MESSAGES, MODEL_ALREADY_OPEN, ROLLOVER_MESSAGES } from '../../src/api/contract/messages.ts';

// Issue 37.3 and 37.4: 'Vastgesteld door de raad' and the jaarovergang of a version, through the API.

const annual = JSON.parse(readFileSync(new URL('../../docs/examples/annual-2024.model.json', import.meta.url), 'utf8')) as ModelData;

let t: TestApp;
let A: Tenant;
let B: Tenant;
/** An ADM of client A without a role on the projects. */
let outsider: UserRow;
type Role = 'ADM' | 'USR' | 'VWR' | 'NON';
const at = new Date('2026-01-01T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  A = await createTenant(t.db, 'annual-a');
  B = await createTenant(t.db, 'annual-b');
  outsider = await createUser(t.db, A.clientId, { email: 'outsider@annual-a.test', role: 'ADM' });
});
afterAll(() => t.close());

/** A project of client A (roles as the users' global ones) with a version holding an online model of §8b and a spreadsheet model. */
async function mkVersion(opts: { data?: ModelData; spreadsheet?: boolean; projectId?: number; name?: string } = {}) {
  let projectId = opts.projectId;
  if (!projectId) {
    [{ id: projectId }] = await t.db.insert(project).values({
      createdAt: at, timestampLastModified: at, clientId: A.clientId, name: `Plan ${Math.random().toString(36).slice(2)}`,
      subregionId: A.subregionId, typeProjectId: A.typeProjectId,
    }).returning({ id: project.id });
    const roles: [UserRow, Role][] = [[A.adm, 'ADM'], [A.usr, 'USR'], [A.vwr, 'VWR'], [A.non, 'NON']];
    await t.db.insert(projectRole).values(roles.map(([u, role]) => ({ projectId: projectId!, userId: u.id, role })));
  }
  const [v] = await t.db.insert(versionModel).values({ createdAt: at, timestampLastModified: at, projectId, name: opts.name ?? 'Versie 1' }).returning();
  const [online] = await t.db.insert(model).values({
    createdAt: at, timestampLastModified: at, versionId: v.id, name: 'Grex', modelPlatform: 'online', modelData: opts.data ?? annual,
  }).returning();
  let sheetId: number | null = null;
  if (opts.spreadsheet) {
    const [m] = await t.db.insert(model).values({ createdAt: at, timestampLastModified: at, versionId: v.id, name: 'Excel', modelPlatform: 'spreadsheet', typeModelId: A.templateModelId }).returning();
    const [f] = await t.db.insert(storedFile).values({ clientId: A.clientId, filename: 'model.xlsx', size: 4, data: Buffer.from('xlsx'), createdAt: at }).returning();
    await t.db.insert(savedModel).values({ modelId: m.id, active: true, fileId: f.id, filenameOrig: 'model.xlsx', filesize: 4, timestampSave: at, userSave: A.usr.id });
    sheetId = m.id;
  }
  return { projectId: projectId!, versionId: v.id, onlineId: online.id, sheetId };
}

const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: UserRow, payload?: object) =>
  t.app.inject({ method, url, headers: await bearer(t.app, user), ...(payload ? { payload } : {}) });
const adopt = (id: number, user: UserRow, body: object) => call('POST', `/api/manager/version-model/${id}/adopt/`, user, body);
const withdraw = (id: number, user: UserRow) => call('DELETE', `/api/manager/version-model/${id}/adopt/`, user);
const rollover = (id: number, user: UserRow, body: object) => call('POST', `/api/manager/version-model/${id}/rollover/`, user, body);
const frozenOf = async (versionId: number) =>
  (await t.db.select({ frozen: model.frozen }).from(model).where(eq(model.versionId, versionId))).map((r) => r.frozen);
const audits = async (like: string) =>
  (await t.db.select({ d: auditLog.description }).from(auditLog).where(sql`${auditLog.description} LIKE ${like}`)).map((r) => r.d);

/** Rows a jaarovergang writes (or must not write). */
async function counts() {
  const { rows: [r] } = await t.db.execute<Record<string, string>>(sql`SELECT
    (SELECT count(*) FROM version_model) AS versions, (SELECT count(*) FROM model) AS models,
    (SELECT count(*) FROM saved_model) AS saved, (SELECT count(*) FROM stored_file) AS files,
    (SELECT count(*) FROM audit_log) AS audit, (SELECT count(*) FROM model WHERE frozen) AS frozen`);
  return r;
}

describe('Vastgesteld door de raad', () => {
  it('project ADM marks a version with date and note: on the version row, every model frozen, audited in Dutch', async () => {
    const v = await mkVersion({ spreadsheet: true });
    const res = await adopt(v.versionId, A.adm, { date: '2025-03-12', note: ' Raadsbesluit 2025/14 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      adopted_on: '2025-03-12', adopted_note: 'Raadsbesluit 2025/14', adopted_by_name_full: 'annual-a ADM', adopted_at: t.clock.now().toISOString(),
      frozen: true, can_adopt: true,
    });
    expect(await frozenOf(v.versionId)).toEqual([true, true]);
    expect(await audits("Versie 'Versie 1' vastgesteld door de raad op 12-03-2025%")).toEqual(["Versie 'Versie 1' vastgesteld door de raad op 12-03-2025 (Raadsbesluit 2025/14)"]);
    const list = (await call('GET', `/api/manager/version-model/?project_id=${v.projectId}`, A.vwr)).json();
    expect(list[0]).toMatchObject({ adopted_on: '2025-03-12', adopted_note: 'Raadsbesluit 2025/14', can_adopt: false, can_roll_over: false });
  });

  it('only project ADM: USR and VWR 403, no role and another client 404; nothing changes', async () => {
    const v = await mkVersion();
    for (const [u, status] of [[A.usr, 403], [A.vwr, 403], [outsider, 404], [B.adm, 404]] as const) {
      expect((await adopt(v.versionId, u, { date: '2025-03-12' })).statusCode).toBe(status);
      expect((await withdraw(v.versionId, u)).statusCode).toBe(status);
    }
    const [row] = await t.db.select().from(versionModel).where(eq(versionModel.id, v.versionId));
    expect(row.adoptedOn).toBeNull();
    expect(await frozenOf(v.versionId)).toEqual([false]);
    const flags = (await call('GET', `/api/manager/version-model/${v.versionId}/`, A.usr)).json();
    expect(flags).toMatchObject({ can_adopt: false, can_roll_over: true, adopted_on: null });
  });

  it('refuses a missing date, a date after today (server clock) and a long note, in Dutch on the field', async () => {
    const v = await mkVersion();
    const noDate = await adopt(v.versionId, A.adm, { note: 'x' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toContainEqual({ path: 'date', message: ADOPTION_MESSAGES.date });
    const tomorrow = await adopt(v.versionId, A.adm, { date: '2026-03-03' }); // the test clock is 2 March 2026
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json()).toMatchObject({ message: ADOPTION_MESSAGES.future, errors: [{ path: 'date', message: ADOPTION_MESSAGES.future }] });
    expect((await adopt(v.versionId, A.adm, { date: '2026-03-02' })).statusCode).toBe(200);
    const long = await adopt(v.versionId, A.adm, { date: '2025-01-01', note: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('note');
  });

  it('keeps a vastgestelde version frozen; ADM withdraws the mark (audited), then the models may be unfrozen', async () => {
    const v = await mkVersion();
    const other = await mkVersion({ projectId: v.projectId, name: 'Versie 2' });
    expect((await adopt(v.versionId, A.adm, { date: '2025-03-12' })).statusCode).toBe(200);
    const unfreeze = await call('PATCH', `/api/manager/model/${v.onlineId}/`, A.adm, { frozen: false });
    expect(unfreeze.statusCode).toBe(423);
    expect(unfreeze.json().message).toBe(ADOPTION_MESSAGES.frozen);
    expect((await call('POST', '/api/manager/model/', A.adm, { name: 'Nieuw', version: v.versionId, type_model: A.templateModelId })).statusCode).toBe(423);
    expect((await call('POST', `/api/manager/model/${other.onlineId}/move/`, A.adm, { to_version: v.versionId })).statusCode).toBe(423);
    expect((await call('GET', `/api/manager/model/${v.onlineId}/`, A.adm)).json()).toMatchObject({ frozen: true, can_freeze: false });

    const res = await withdraw(v.versionId, A.adm);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ adopted_on: null, adopted_note: null, adopted_by_name_full: null, adopted_at: null, frozen: true });
    expect(await audits("Vaststelling door de raad van versie 'Versie 1'%")).toEqual(["Vaststelling door de raad van versie 'Versie 1' (12-03-2025) ingetrokken"]);
    expect((await withdraw(v.versionId, A.adm)).statusCode).toBe(409);
    const unfrozen = await call('PATCH', `/api/manager/model/${v.onlineId}/`, A.adm, { frozen: false });
    expect(unfrozen.statusCode).toBe(200);
    expect(unfrozen.json()).toMatchObject({ frozen: false, can_freeze: true });
  });

  it('latestAdoptedBefore: the last vastgestelde version before a version of the same project, or none', async () => {
    const v1 = await mkVersion({ name: 'V1' });
    const v2 = await mkVersion({ projectId: v1.projectId, name: 'V2' });
    const v3 = await mkVersion({ projectId: v1.projectId, name: 'V3' });
    const elsewhere = await mkVersion({ name: 'V0' });
    for (const id of [v1.versionId, v2.versionId, elsewhere.versionId]) expect((await adopt(id, A.adm, { date: '2025-01-01' })).statusCode).toBe(200);
    expect(await latestAdoptedBefore(t.db, v3.versionId)).toEqual({ id: v2.versionId, name: 'V2', adoptedOn: '2025-01-01' });
    expect((await latestAdoptedBefore(t.db, v2.versionId))?.id).toBe(v1.versionId);
    expect(await latestAdoptedBefore(t.db, v1.versionId)).toBeNull();
  });
});

describe('Jaarovergang of a version', () => {
  it('the preview answers per model and writes nothing; the defaults are the next year after the NCW date and <name> <year>', async () => {
    const v = await mkVersion({ spreadsheet: true });
    const before = await counts();
    const res = await rollover(v.versionId, A.usr, { preview: true });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ year: 2025, name: 'Versie 1 2025', freeze: true });
    expect(p.models).toEqual([
      expect.objectContaining({ model: v.onlineId, name: 'Grex', outcome: 'rolled', ew: expect.objectContaining({ before: expect.closeTo(-106120.8, 2) }), ncw: expect.objectContaining({ before: expect.closeTo(-98039.22, 2) }) }),
      expect.objectContaining({ model: v.sheetId, name: 'Excel', outcome: 'copied', ew: null, ncw: null }),
    ]);
    expect(await counts()).toEqual(before);
  });

  it('makes the new version with every model in one go, remembering where each came from, and freezes the old one', async () => {
    const v = await mkVersion({ spreadsheet: true });
    const res = await rollover(v.versionId, A.usr, { year: 2025 });
    expect(res.statusCode, res.body).toBe(201);
    const nv = res.json();
    expect(nv).toMatchObject({ name: 'Versie 1 2025', project_id: v.projectId, frozen: false, adopted_on: null });
    const made = await t.db.select().from(model).where(eq(model.versionId, nv.id)).orderBy(model.id);
    expect(made.map((m) => [m.name, m.rolledOverFromModelId, m.frozen])).toEqual([['Grex', v.onlineId, false], ['Excel', v.sheetId, false]]);
    expect(await frozenOf(v.versionId)).toEqual([true, true]);
    const sheetHistory = await t.db.select().from(savedModel).where(eq(savedModel.modelId, made[1]!.id));
    expect(sheetHistory.map((s) => [s.active, s.filenameOrig])).toEqual([[true, 'model.xlsx']]);
    const grex = (await call('GET', `/api/grexonline/model/${made[0]!.id}/`, A.usr)).json();
    expect(grex.base_parameters.phasing_calculation_start_date).toBe('2025-01-01');
    expect((await call('GET', `/api/manager/model/?version_model_id=${nv.id}`, A.usr)).json().map((m: { rolled_over_from_model_id: number }) => m.rolled_over_from_model_id))
      .toEqual([v.onlineId, v.sheetId]);
    expect(await audits("Rekenmodel '%' in versie 'Versie 1 2025': Jaarovergang vanuit Versie 1 (2025)")).toHaveLength(2);
    expect(await audits("Jaarovergang van versie 'Versie 1' naar 2025%")).toEqual([
      "Jaarovergang van versie 'Versie 1' naar 2025: versie 'Versie 1 2025' aangemaakt met 2 rekenmodel(len); versie 'Versie 1' vergrendeld",
    ]);
  });

  it('the new online model carries the rolled-over data of calculation.md §8b', async () => {
    const v = await mkVersion();
    const preview = (await rollover(v.versionId, A.usr, { year: 2025, preview: true })).json();
    const near = (x: number) => expect.closeTo(x, 2);
    expect(preview.models[0]).toMatchObject({
      opening_book_value: near(500000), ew: { before: near(-106120.8), after: near(-106120.8) }, ncw: { before: near(-98039.22), after: near(-100000) },
    });
    const nv = (await rollover(v.versionId, A.usr, { year: 2025, freeze: false })).json();
    const [m] = await t.db.select({ id: model.id }).from(model).where(eq(model.versionId, nv.id));
    const grex = (await call('GET', `/api/grexonline/model/${m!.id}/`, A.usr)).json();
    expect(grex.base_parameters.opening_book_value).toBeCloseTo(500000, 2);
    expect(grex.cost_estimate[0].bookvalue.realised_before_start).toBeCloseTo(510000, 2);
    expect(await frozenOf(v.versionId)).toEqual([false]);
  });

  it('the preview takes EW and NCW before from the results stored for the model\'s current save, never an older save\'s; the execution stores the rolled model exactly', async () => {
    const v = await mkVersion();
    const [m] = await t.db.select({ dataVersion: model.dataVersion }).from(model).where(eq(model.id, v.onlineId));
    // Figures no engine gives for this model: the preview shows them only if it read the stored row.
    const stored = { model: { ew: 1.25, ncw: 2.5, fout: null }, periods: [] };
    await t.db.insert(modelResult).values({ modelId: v.onlineId, clientId: A.clientId, dataVersion: m!.dataVersion, savedModelId: null, computedAt: at, results: stored as never });
    const figures = async () => (await rollover(v.versionId, A.usr, { year: 2025, preview: true })).json().models[0];
    expect(await figures()).toMatchObject({ ew: { before: 1.25, after: expect.closeTo(-106120.8, 2) }, ncw: { before: 2.5, after: expect.closeTo(-100000, 2) } });
    await t.db.update(model).set({ dataVersion: m!.dataVersion + 1 }).where(eq(model.id, v.onlineId));
    expect(await figures()).toMatchObject({ ew: { before: expect.closeTo(-106120.8, 2) }, ncw: { before: expect.closeTo(-98039.22, 2) } });
    await t.db.update(modelResult).set({ results: { ...stored, model: { ...stored.model, fout: 'Ongeldig' } } as never, dataVersion: m!.dataVersion + 1 }).where(eq(modelResult.modelId, v.onlineId));
    expect((await figures()).ew.before).toBeCloseTo(-106120.8, 2); // a stored failure has no figures: computed

    const nv = (await rollover(v.versionId, A.usr, { year: 2025 })).json();
    const [made] = await t.db.select({ data: model.modelData }).from(model).where(eq(model.versionId, nv.id));
    const planned = rolloverWithPreview(annual, 2025);
    expect(planned.ok && made!.data).toEqual(planned.ok && planned.model);
  });

  it('a reader cannot preview or roll over (403), another client or no role answers 404', async () => {
    const v = await mkVersion();
    const before = await counts();
    for (const [u, status] of [[A.vwr, 403], [outsider, 404], [B.adm, 404], [B.usr, 404]] as const) {
      expect((await rollover(v.versionId, u, { year: 2025, preview: true })).statusCode).toBe(status);
      expect((await rollover(v.versionId, u, { year: 2025 })).statusCode).toBe(status);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses in Dutch and writes nothing: a year outside the dates, a model open elsewhere, a taken name, more than 40 periods', async () => {
    const v = await mkVersion({ spreadsheet: true });
    await mkVersion({ projectId: v.projectId, name: 'Versie 1 2025' }); // the default name, taken
    const long = structuredClone(annual);
    long.base_parameters.phasing_period = 'Quarterly';
    long.base_parameters.phasing_calculation_end_date = '2035-12-31';
    const tooLong = await mkVersion({ data: long, name: 'Lang' });
    const before = await counts();
    for (const year of [2024, 2028]) {
      for (const preview of [true, false]) {
        const res = await rollover(v.versionId, A.usr, { year, preview, name: 'Vrij' });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^Rekenmodel 'Grex': .*boekjaar/i);
      }
    }
    const dup = await rollover(v.versionId, A.usr, { year: 2025 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Er bestaat al een versie met deze naam.');
    expect((await rollover(v.versionId, A.usr, { year: 2025, name: 'versie 1 2025', preview: true })).statusCode).toBe(409);

    await t.db.insert(modelSession).values({ modelId: v.sheetId!, userId: A.adm.id, startedAt: at });
    const open = await rollover(v.versionId, A.usr, { year: 2025, name: 'Vrij' });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(MODEL_ALREADY_OPEN);
    // The caller's own session is no obstacle.
    expect((await rollover(v.versionId, A.adm, { year: 2025, name: 'Vrij', preview: true })).statusCode).toBe(200);

    const res = await rollover(tooLong.versionId, A.usr, { year: 2025 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/perioden; het maximum is 40/);
    expect(await counts()).toEqual(before);
  });

  it('two jaarovergangen of one version at once: one makes the version, the other answers 409', async () => {
    const v = await mkVersion();
    const answers = await Promise.all([rollover(v.versionId, A.usr, { year: 2025 }), rollover(v.versionId, A.adm, { year: 2025 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const { rows } = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM model WHERE rolled_over_from_model_id = ${v.onlineId}`);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('while a jaarovergang of the version runs (its lock held), another one answers 409 at once, whatever its name', async () => {
    const v = await mkVersion();
    const before = await counts();
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => { locked = r; });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`grondslag:rollover:${v.versionId}`}))`);
      locked();
      await held;
    });
    await lockTaken;
    const res = await rollover(v.versionId, A.usr, { year: 2025, name: 'Andere naam' });
    release();
    await holder;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ROLLOVER_MESSAGES.busy);
    expect(await counts()).toEqual(before);
    expect((await rollover(v.versionId, A.usr, { year: 2025, name: 'Andere naam' })).statusCode).toBe(201);
  });
});
