import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { kill, removeTempDirs, spawnServer, type ServerProcess } from '../../test/server/serverProcess.ts';
import { auditLog, editLink, featureArea, job, model, modelSession, parameterApplication, savedModel, storedFile, versionRegion } from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';
import { connect, type Db } from '../db/index.ts';
import { buildApp } from '../app.ts';
import { freePort } from '../net.ts';
import { SPACE_USAGE_LOCATIONS, type SpaceUsageLocation } from '../../src/model/modelData.ts';
import type { ParameterRow } from '../../src/api/contract/parameters.ts';
import { MAPVIEWER_ERROR_TEXT, MODEL_ALREADY_OPEN, OPEN_MODEL_FAILED, OPEN_ONLINE_MODEL } from '../../src/api/contract/messages.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { NO_MODEL_FILE, NOT_A_WORKBOOK } from '../jobs/openModel.ts';
import { command } from '../services/command.ts';
import { runJob } from '../jobs/runner.ts';
import { forgetFinishedJobs } from '../services/jobs.ts';

// Opening a spreadsheet model through the job queue: the request, the task poll and the produced file.
// The workers here are real pg-boss workers in the test's app (config.jobWorker is on by default).

let t: TestApp;
let a: Tenant;
/** For the killed-worker test (last): an instance that enqueues and supervises with a short expiry but
 * runs no worker, and a real server process (server/main.ts) on its database that does; started first,
 * as the process takes seconds to start. */
let killable: { k: TestApp; server: ServerProcess; tenant: Tenant };

beforeAll(async () => {
  const k = await createTestApp({ jobWorker: false, jobExpireSeconds: 3 });
  const tenant = await createTenant(k.db, 'kill'); // before the process starts: it seeds an empty database
  // The process runs the job worker on the app's database; its status answering is awaited by its test.
  const server = await spawnServer({ DATABASE_URL: k.db.$client.options.connectionString!, JOB_WORKER: 'true' });
  killable = { k, server, tenant };
  t = await createTestApp({ mapViewerAllowLoopback: true }); // the viewers below listen on this machine
  a = await createTenant(t.db, 'open');
});
afterAll(async () => {
  await kill(killable.server);
  removeTempDirs();
  await killable.k.close();
  await t.close();
});

/** A workbook with the named input cells of the template's `Invoer` sheet that the tests read back. */
async function workbook(btw = 0.21): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoer');
  ws.getRow(2).values = ['Kostenstijging', 0.01, 0.01, 0.01, 0.01];
  wb.definedNames.add('Invoer!$B$2:$E$2', 'Kostenstijging');
  ws.getRow(3).values = ['Btw', btw];
  wb.definedNames.add('Invoer!$B$3', 'BtwPercentage');
  SPACE_USAGE_LOCATIONS.forEach((loc, i) => {
    ws.getRow(10 + i).values = [loc, 0];
    wb.definedNames.add(`Invoer!$B$${10 + i}`, `Ruimtegebruik_${loc}`);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** What the tests read back: Kostenstijging Uitgangspunt..Per03, BtwPercentage, m² per location. */
async function inputsOf(xlsx: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Invoer')!;
  const num = (ref: string) => Number(ws.getCell(ref).value);
  return {
    kostenstijging: ['B2', 'C2', 'D2', 'E2'].map(num),
    btw: num('B3'),
    spaceUsage: Object.fromEntries(SPACE_USAGE_LOCATIONS.map((loc, i) => [loc, num(`B${10 + i}`)])) as Record<SpaceUsageLocation, number>,
  };
}

/** Puts other bytes into the model's active file (the product never changes a stored file; tests set one up so). */
async function setWorkbook(tree: Tree, data: Buffer, db: Db = t.db) {
  const [saved] = await db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, tree.savedModelId));
  await db.update(storedFile).set({ data, size: data.byteLength }).where(eq(storedFile.id, saved.fileId));
}

/** A project (every tenant user with his global role) whose model's active file is a real workbook. */
async function spreadsheetModel(opts: { sessionUserId?: number } = {}, db: Db = t.db, tenant: Tenant = a): Promise<Tree> {
  const tree = await seedTree(db, tenant, { roles: rolesAsGlobal(tenant), ...opts });
  await setWorkbook(tree, await workbook(), db);
  return tree;
}

const open = async (app: FastifyInstance, user: UserRow, modelId: number, query = '') =>
  app.inject({ method: 'GET', url: `/api/manager/model/${modelId}/open/${query}`, headers: await bearer(app, user) });

async function openTask(user: UserRow, modelId: number, query = '', app = t.app): Promise<string> {
  const res = await open(app, user, modelId, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().open_model_task;
}

const pollOnce = async (app: FastifyInstance, user: UserRow, id: string) =>
  app.inject({ method: 'GET', url: `/api/manager/open-model-task/${id}/`, headers: await bearer(app, user) });

/** Polls as the browser does until the task is no longer running. */
async function poll(user: UserRow, id: string, app = t.app) {
  for (;;) {
    const res = await pollOnce(app, user, id);
    if (res.statusCode !== 202) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function download(user: UserRow, ready: { uuid: string; filename_orig: string }, headers?: Record<string, string>) {
  return t.app.inject({
    method: 'GET', url: `/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`, headers: headers ?? await bearer(t.app, user),
  });
}

async function applyParameters(parameters: ParameterRow[], models: number[]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/manager/parameter/', headers: await bearer(t.app, a.staff), payload: { parameters, models } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Holds an exclusive lock on parameter_application: a job waits at its 'Globale parameters invullen' step. */
async function holdParameters(db: Db = t.db) {
  const c = new pg.Client({ connectionString: db.$client.options.connectionString });
  await c.connect();
  await c.query('BEGIN');
  await c.query('LOCK TABLE parameter_application IN ACCESS EXCLUSIVE MODE');
  return { release: async () => { await c.query('ROLLBACK'); await c.end(); } };
}

const sessionOf = async (modelId: number) =>
  (await t.db.select({ userId: modelSession.userId }).from(modelSession).where(eq(modelSession.modelId, modelId)))[0]?.userId ?? null;

async function mapData(versionId: number, regionM2: number | null, features: [SpaceUsageLocation, number][]) {
  const geometry = { type: 'Polygon', coordinates: [] };
  if (regionM2 !== null) await t.db.insert(versionRegion).values({ updatedAt: new Date(), versionId, geometry, areaM2: regionM2 });
  for (const [fn, m2] of features) await t.db.insert(featureArea).values({ updatedAt: new Date(), versionId, name: fn, function: fn, geometry, areaM2: m2 });
}

describe('open model', () => {
  it('runs the job: 202 with its progress, then 200; the file has the current global parameters and an edit link', async () => {
    const tree = await spreadsheetModel();
    await applyParameters([
      { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.02 },
      { parameter_type: 'Kostenstijging', period_type: 'Per01', value_float: 0.025 },
      { parameter_type: 'BtwPercentage', value_float: 0.19 },
    ], [tree.modelId]);
    // A later application overrides one key and leaves the others; one for another model changes nothing here.
    await applyParameters([{ parameter_type: 'Kostenstijging', period_type: 'Per01', value_float: 0.03 }], [tree.modelId]);
    const other = await spreadsheetModel();
    await applyParameters([{ parameter_type: 'BtwPercentage', value_float: 0.09 }], [other.modelId]);

    const held = await holdParameters();
    const id = await openTask(a.usr, tree.modelId);
    let progress;
    do {
      const res = await pollOnce(t.app, a.usr, id);
      expect(res.statusCode, res.body).toBe(202);
      progress = res.json();
    } while (progress.progress !== 'Globale parameters invullen');
    expect(progress.progress_pct).toBe(30);
    await held.release();

    const res = await poll(a.usr, id);
    expect(res.statusCode, res.body).toBe(200);
    const ready = res.json();
    // The copy is named after the model (issue 23), the edit address after the history entry's file.
    expect(ready.filename_orig).toBe('Model 1.xlsx');
    expect(ready.edit_url).toMatch(new RegExp(`^${t.config.publicUrl}/dav/[^/]+/model\\.xlsx$`));
    const file = await download(a.usr, ready);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Model 1.xlsx"; filename*=UTF-8''Model%201.xlsx`);
    const inputs = await inputsOf(file.rawPayload);
    expect(inputs.kostenstijging).toEqual([0.02, 0.03, 0.01, 0.01]);
    expect(inputs.btw).toBe(0.19);
    expect(inputs.spaceUsage.public_space_green).toBe(0); // no map data asked: the workbook's own values

    expect(await sessionOf(tree.modelId)).toBe(a.usr.id);
    const [row] = await t.db.select().from(job).where(eq(job.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1, progressPct: 100 });
    const links = await t.db.select({ fileId: editLink.fileId, userId: editLink.userId }).from(editLink).where(eq(editLink.modelId, tree.modelId));
    expect(links).toEqual([{ fileId: row.resultFileId, userId: a.usr.id }]);
  });

  it('says which inputs the workbook has no named cell for, instead of leaving them out unseen', async () => {
    const tree = await spreadsheetModel();
    // The workbook names Kostenstijging Uitgangspunt…Per03 and BtwPercentage, no NCW date.
    await applyParameters([
      { parameter_type: 'Kostenstijging', period_type: 'Per02', value_float: 0.03 },
      { parameter_type: 'Kostenstijging', period_type: 'Per05', value_float: 0.04 },
      { parameter_type: 'NcwDatum', value_date: '2026-07-01' },
    ], [tree.modelId]);
    const res = await poll(a.usr, await openTask(a.usr, tree.modelId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().not_filled).toEqual(['Kostenstijging Per05', 'NcwDatum']);
    expect((await inputsOf((await download(a.usr, res.json())).rawPayload)).kostenstijging).toEqual([0.01, 0.01, 0.03, 0.01]);
    // A reader's copy says it too; a workbook with a cell for everything says nothing.
    const copy = await poll(a.vwr, await openTask(a.vwr, tree.modelId));
    expect(copy.json()).toMatchObject({ edit_url: null, not_filled: ['Kostenstijging Per05', 'NcwDatum'] });
    const full = await spreadsheetModel();
    const whole = await poll(a.usr, await openTask(a.usr, full.modelId));
    expect(whole.json().not_filled).toEqual([]);
  });

  it('fills a workbook again when its bytes, its parameters or its map data changed, not from an earlier copy (issue 26)', async () => {
    const opened = async (modelId: number, query = '') => {
      const res = await poll(a.usr, await openTask(a.usr, modelId, query));
      expect(res.statusCode, res.body).toBe(200);
      return inputsOf((await download(a.usr, res.json())).rawPayload);
    };
    // Two models holding the same bytes (as two models made from one template), with other parameters.
    const [one, two] = [await spreadsheetModel(), await spreadsheetModel()];
    const same = await workbook();
    await setWorkbook(one, same);
    await setWorkbook(two, same);
    await applyParameters([{ parameter_type: 'BtwPercentage', value_float: 0.19 }], [one.modelId]);
    expect((await opened(one.modelId)).btw).toBe(0.19);
    expect((await opened(one.modelId)).btw).toBe(0.19);
    expect((await opened(two.modelId)).btw).toBe(0.21); // its own inputs: none, the file's value

    await applyParameters([{ parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.05 }], [one.modelId]);
    expect(await opened(one.modelId)).toMatchObject({ btw: 0.19, kostenstijging: [0.05, 0.01, 0.01, 0.01] });
    await mapData(one.versionId, null, [['public_space_green', 10]]);
    expect((await opened(one.modelId, '?mapviewer_required')).spaceUsage.public_space_green).toBe(10);
    await mapData(one.versionId, null, [['public_space_green', 5]]);
    expect((await opened(one.modelId, '?mapviewer_required')).spaceUsage.public_space_green).toBe(15);
    // A new history entry of the model that held the same bytes: its bytes are filled.
    const entry = multipart({}, { filename: 'nieuw.xlsx', data: await workbook(0.09) });
    const up = await t.app.inject({
      method: 'POST', url: `/api/manager/model/${two.modelId}/saved-model/`, headers: { ...await bearer(t.app, a.staff), ...entry.headers }, payload: entry.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    expect((await opened(two.modelId)).btw).toBe(0.09);
    expect((await opened(one.modelId)).btw).toBe(0.19);
  });

  it('opens a read-only copy for a reader and for a frozen model: no edit link, no session', async () => {
    const tree = await spreadsheetModel();
    const res = await poll(a.vwr, await openTask(a.vwr, tree.modelId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().edit_url).toBeNull();
    expect(await sessionOf(tree.modelId)).toBeNull();

    await t.db.update(model).set({ frozen: true }).where(eq(model.id, tree.modelId));
    const frozen = await poll(a.adm, await openTask(a.adm, tree.modelId));
    expect(frozen.json().edit_url).toBeNull();
    expect(await sessionOf(tree.modelId)).toBeNull();
    expect(await t.db.$count(editLink, eq(editLink.modelId, tree.modelId))).toBe(0);
  });

  it('serves the file to its owner only (token or the cookie of the 200), and not after it expired', async () => {
    const tree = await spreadsheetModel();
    const id = await openTask(a.usr, tree.modelId);
    const res = await poll(a.usr, id);
    const ready = res.json();
    const cookie = res.cookies.find((c) => c.name === 'grondslag_file')!;
    expect(cookie).toMatchObject({ path: `/files/${ready.uuid}/`, httpOnly: true, sameSite: 'Strict', maxAge: t.config.fileLinkHours * 3600 });

    expect((await download(a.usr, ready, { cookie: `grondslag_file=${cookie.value}` })).statusCode).toBe(200);
    expect((await download(a.adm, ready)).statusCode).toBe(404); // another user, even the project's ADM
    expect((await download(a.usr, ready, {})).statusCode).toBe(401);
    expect((await download(a.usr, { ...ready, filename_orig: 'ander.xlsx' })).statusCode).toBe(404);
    // The cookie is no access token, and an access token is no file cookie.
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: { authorization: `Bearer ${cookie.value}` } })).statusCode).toBe(401);
    const access = (await bearer(t.app, a.usr)).authorization.slice(7);
    expect((await download(a.usr, ready, { cookie: `grondslag_file=${access}` })).statusCode).toBe(401);
    // Only its owner can poll the task.
    expect((await pollOnce(t.app, a.adm, id)).statusCode).toBe(404);

    t.clock.advance(t.config.fileLinkHours * 3_600_000 - 1000);
    expect((await download(a.usr, ready)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await download(a.usr, ready)).statusCode).toBe(404);
    expect((await pollOnce(t.app, a.usr, id)).statusCode).toBe(404);

    // The user's next open forgets the expired job and its file (the edit link still serving it keeps it).
    const [expired] = await t.db.select({ fileId: job.resultFileId }).from(job).where(eq(job.id, id));
    await t.db.delete(editLink).where(eq(editLink.fileId, expired.fileId!));
    await openTask(a.usr, tree.modelId);
    expect(await t.db.$count(job, eq(job.id, id))).toBe(0);
    expect(await t.db.$count(storedFile, eq(storedFile.id, expired.fileId!))).toBe(0);
  });

  it("the hourly sweep forgets every user's expired jobs and edit links with their files, and keeps the history's", async () => {
    const tree = await spreadsheetModel();
    const id = await openTask(a.usr, tree.modelId);
    expect((await poll(a.usr, id)).statusCode).toBe(200);
    const [produced] = await t.db.select({ fileId: job.resultFileId }).from(job).where(eq(job.id, id));
    const [link] = await t.db.select({ id: editLink.id }).from(editLink).where(eq(editLink.fileId, produced.fileId!));
    const history = await t.db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.modelId, tree.modelId));
    expect(link).toBeDefined();
    expect(history.length).toBeGreaterThan(0);

    await forgetFinishedJobs(t.db, t.clock.now(), t.config.fileLinkHours);
    expect(await t.db.$count(job, eq(job.id, id))).toBe(1); // nothing is over yet
    t.clock.advance(t.config.fileLinkHours * 3_600_000);
    await forgetFinishedJobs(t.db, t.clock.now(), t.config.fileLinkHours);
    expect(await t.db.$count(job, eq(job.id, id))).toBe(0);
    expect(await t.db.$count(editLink, eq(editLink.id, link.id))).toBe(0);
    expect(await t.db.$count(storedFile, eq(storedFile.id, produced.fileId!))).toBe(0);
    for (const h of history) expect(await t.db.$count(storedFile, eq(storedFile.id, h.fileId))).toBe(1);
  });

  it('answers 409 when someone else has the model open; force takes the session over only for who may end it', async () => {
    const tree = await spreadsheetModel({ sessionUserId: a.adm.id });
    const refused = await open(t.app, a.usr, tree.modelId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MODEL_ALREADY_OPEN, errors: [] });
    // Missing map data are answered first: the browser's map pop-up, then 'Toch openen' meets the 409.
    expect((await open(t.app, a.usr, tree.modelId, '?mapviewer_required')).statusCode).toBe(424);
    expect((await open(t.app, a.usr, tree.modelId, '?force')).statusCode).toBe(403); // USR may not end the ADM's session
    expect(await sessionOf(tree.modelId)).toBe(a.adm.id);
    expect(await t.db.$count(job, eq(job.modelId, tree.modelId))).toBe(0); // a refused open leaves no job

    // A reader opens a copy, whoever has the session.
    expect((await open(t.app, a.vwr, tree.modelId)).statusCode).toBe(200);

    const other = await spreadsheetModel({ sessionUserId: a.usr.id });
    expect((await open(t.app, a.adm, other.modelId)).statusCode).toBe(409);
    const forced = await poll(a.adm, await openTask(a.adm, other.modelId, '?force=true&mapviewer_required=false'));
    expect(forced.json().edit_url).not.toBeNull();
    expect(await sessionOf(other.modelId)).toBe(a.adm.id);
    const [audit] = await t.db.select({ description: auditLog.description }).from(auditLog)
      .where(and(eq(auditLog.userId, a.adm.id), sql`${auditLog.description} LIKE 'Sessie van rekenmodel%'`));
    expect(audit.description).toBe(`Sessie van rekenmodel 'Model 1' in versie 'Versie 1' overgenomen van ${a.usr.email}`);
    // The holder himself opens again without force.
    expect((await open(t.app, a.adm, other.modelId)).statusCode).toBe(200);
  });

  it('answers 424 for map data a model may not take, at the request and from the job, and fills m² per function', async () => {
    const expect424 = (res: { statusCode: number; json(): unknown }, error: keyof typeof MAPVIEWER_ERROR_TEXT) => {
      expect(res.statusCode).toBe(424);
      expect(res.json()).toEqual({ message: MAPVIEWER_ERROR_TEXT[error], errors: [], mapviewer_error: error });
    };
    // No feature areas: NoData, with or without a region (a region alone is no map data).
    const none = await spreadsheetModel();
    expect424(await open(t.app, a.usr, none.modelId, '?mapviewer_required'), 'NoData');
    expect(await sessionOf(none.modelId)).toBeNull(); // the refusal took no session
    const empty = await spreadsheetModel();
    await mapData(empty.versionId, 5000, []);
    expect424(await open(t.app, a.usr, empty.modelId, '?mapviewer_required'), 'NoData');
    // Without mapviewer_required the map data do not matter.
    expect((await poll(a.usr, await openTask(a.usr, empty.modelId))).statusCode).toBe(200);

    // A region larger than the limit: BigArea — once there are feature areas (without them NoData comes first).
    const big = await spreadsheetModel();
    await mapData(big.versionId, t.config.mapMaxAreaM2 + 1, []);
    expect424(await open(t.app, a.usr, big.modelId, '?mapviewer_required'), 'NoData');
    await mapData(big.versionId, null, [['public_space_green', 10]]);
    expect424(await open(t.app, a.usr, big.modelId, '?mapviewer_required=true'), 'BigArea');

    // Feature areas without a region: taken (no area to be too large), never NoMapViewerConnection.
    const loose = await spreadsheetModel();
    await mapData(loose.versionId, null, [['main_structure_water', 42]]);
    const looseReady = await poll(a.usr, await openTask(a.usr, loose.modelId, '?mapviewer_required'));
    expect(looseReady.statusCode, looseReady.body).toBe(200);
    expect((await inputsOf((await download(a.usr, looseReady.json())).rawPayload)).spaceUsage).toMatchObject({ main_structure_water: 42, public_space_green: 0 });

    // A region of exactly the limit is allowed.
    const full = await spreadsheetModel();
    await mapData(full.versionId, t.config.mapMaxAreaM2, [['public_space_green', 100.5], ['public_space_green', 20], ['net_area_marketable_residential', 3000]]);
    const ready = await poll(a.usr, await openTask(a.usr, full.modelId, '?mapviewer_required'));
    expect(ready.statusCode, ready.body).toBe(200);
    const inputs = await inputsOf((await download(a.usr, ready.json())).rawPayload);
    expect(inputs.spaceUsage).toMatchObject({ public_space_green: 120.5, net_area_marketable_residential: 3000, main_structure_water: 0 });

    // The map changes while the job waits: the task answers the 424 itself — a region grown too large …
    let held = await holdParameters();
    let id = await openTask(a.usr, full.modelId, '?mapviewer_required');
    await t.db.update(versionRegion).set({ areaM2: t.config.mapMaxAreaM2 * 2 }).where(eq(versionRegion.versionId, full.versionId));
    await held.release();
    expect424(await poll(a.usr, id), 'BigArea');
    // … or the feature areas removed.
    await t.db.delete(versionRegion).where(eq(versionRegion.versionId, full.versionId));
    held = await holdParameters();
    id = await openTask(a.usr, full.modelId, '?mapviewer_required');
    await t.db.delete(featureArea).where(eq(featureArea.versionId, full.versionId));
    await held.release();
    expect424(await poll(a.usr, id), 'NoData');
  });

  it('answers 424 NoMapViewerConnection while the client\'s external map viewer does not answer, before any other map check', async () => {
    const m = await spreadsheetModel();
    await mapData(m.versionId, null, [['public_space_green', 10]]);
    const staff = await bearer(t.app, a.staff);
    const closed = `http://127.0.0.1:${await freePort()}/`; // nothing listens there
    const url = '/api/manager/mapviewer/oauth/client/';
    const put = await t.app.inject({ method: 'PUT', url, headers: staff, payload: { name: 'Kaartviewer', base_url: closed, redirect_uri: `${closed}callback` } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const res = await open(t.app, a.usr, m.modelId, '?mapviewer_required');
      expect(res.statusCode).toBe(424);
      expect(res.json()).toEqual({ message: MAPVIEWER_ERROR_TEXT.NoMapViewerConnection, errors: [], mapviewer_error: 'NoMapViewerConnection' });
      // Without map data asked for, the viewer does not matter.
      expect((await poll(a.usr, await openTask(a.usr, m.modelId))).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'DELETE', url, headers: staff });
    }
    // Back on the built-in viewer, which always answers.
    expect((await poll(a.usr, await openTask(a.usr, m.modelId, '?mapviewer_required'))).statusCode).toBe(200);
  });

  it('asks the map viewer outside the transaction: the model row is not locked while the viewer takes its time (issue 22 item 5)', async () => {
    const m = await spreadsheetModel();
    await mapData(m.versionId, null, [['public_space_green', 10]]);
    let answer: (() => void) | undefined;
    let asked!: () => void;
    const headSeen = new Promise<void>((r) => { asked = r; });
    // The open request's HEAD waits until the test answers it; later ones (the job's own check) at once.
    const viewer = createServer((_req, res) => {
      if (answer) return res.writeHead(200).end();
      answer = () => res.writeHead(200).end();
      asked();
    });
    await new Promise<void>((r) => viewer.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(viewer.address() as AddressInfo).port}/`;
    const staff = await bearer(t.app, a.staff);
    const url = '/api/manager/mapviewer/oauth/client/';
    expect((await t.app.inject({ method: 'PUT', url, headers: staff, payload: { name: 'Traag', base_url: base, redirect_uri: `${base}cb` } })).statusCode).toBe(200);
    try {
      const opening = open(t.app, a.usr, m.modelId, '?mapviewer_required');
      await headSeen;
      // While the HEAD waits, another transaction takes the model row at once (NOWAIT fails on a held lock).
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM model WHERE id = ${m.modelId} FOR UPDATE NOWAIT`);
      });
      answer!();
      expect((await opening).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'DELETE', url, headers: staff });
      viewer.closeAllConnections();
      await new Promise((r) => viewer.close(r));
    }
  });

  it('never sends the check to an internal address, also one registered while it was allowed (issue 22 item 5)', async () => {
    const m = await spreadsheetModel();
    await mapData(m.versionId, null, [['public_space_green', 10]]);
    const seen: string[] = [];
    const viewer = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => viewer.listen(0, '127.0.0.1', r));
    const port = (viewer.address() as AddressInfo).port;
    const staff = await bearer(t.app, a.staff);
    const url = '/api/manager/mapviewer/oauth/client/';
    try {
      for (const base of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/`]) {
        expect((await t.app.inject({ method: 'PUT', url, headers: staff, payload: { name: 'Lokaal', base_url: base, redirect_uri: `${base}cb` } })).statusCode).toBe(200);
        t.config.mapViewerAllowLoopback = false; // as a name that resolved elsewhere when it was saved
        const res = await open(t.app, a.usr, m.modelId, '?mapviewer_required');
        t.config.mapViewerAllowLoopback = true;
        expect([res.statusCode, res.json().mapviewer_error]).toEqual([424, 'NoMapViewerConnection']);
      }
      expect(seen).toEqual([]);
      // Allowed (development), the same viewer is asked.
      expect((await open(t.app, a.usr, m.modelId, '?mapviewer_required')).statusCode).toBe(200);
      expect(seen[0]).toBe('HEAD /');
    } finally {
      t.config.mapViewerAllowLoopback = true;
      await t.app.inject({ method: 'DELETE', url, headers: staff });
      viewer.closeAllConnections();
      await new Promise((r) => viewer.close(r));
    }
  });

  it('tells on the model and version rows and in the tool whether the version has feature areas', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/manager/${url}`, headers: await bearer(t.app, a.vwr) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const flags = async () => ({
      modelList: (await get(`model/?version_model_id=${tree.versionId}`) as { id: number; has_map_data: boolean }[]).find((m) => m.id === tree.modelId)!.has_map_data,
      model: (await get(`model/${tree.modelId}/`)).has_map_data as boolean,
      versionList: (await get(`version-model/?project_id=${tree.projectId}`) as { id: number; has_map_data: boolean }[]).find((v) => v.id === tree.versionId)!.has_map_data,
      version: (await get(`version-model/${tree.versionId}/`)).has_map_data as boolean,
    });
    expect(await flags()).toEqual({ modelList: false, model: false, versionList: false, version: false });
    await mapData(tree.versionId, 5000, []); // a region alone is no map data
    expect(await flags()).toEqual({ modelList: false, model: false, versionList: false, version: false });
    await mapData(tree.versionId, null, [['public_space_paving', 10]]);
    expect(await flags()).toEqual({ modelList: true, model: true, versionList: true, version: true });

    const online = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    await t.db.update(model).set({ modelPlatform: 'online' }).where(eq(model.id, online.modelId)); // opens with the default data
    const tool = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/grexonline/model/${online.modelId}/`, headers: await bearer(t.app, a.vwr) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().has_map_data as boolean;
    };
    expect(await tool()).toBe(false);
    await mapData(online.versionId, null, [['net_area_marketable_residential', 10]]);
    expect(await tool()).toBe(true);
  });

  it('fails the task with a clear message for a model without a workbook; refuses online models and what the caller cannot see', async () => {
    const tree = await spreadsheetModel();
    await t.db.delete(savedModel).where(eq(savedModel.modelId, tree.modelId));
    const failed = await poll(a.usr, await openTask(a.usr, tree.modelId));
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ message: NO_MODEL_FILE, errors: [] });

    const junk = await seedTree(t.db, a, { roles: rolesAsGlobal(a) }); // its file is 'xlsx-bytes'
    const notXlsx = await poll(a.usr, await openTask(a.usr, junk.modelId));
    expect(notXlsx.json()).toEqual({ message: NOT_A_WORKBOOK, errors: [] });
    const [row] = await t.db.select({ attempts: job.attempts }).from(job).where(eq(job.modelId, junk.modelId));
    expect(row.attempts).toBe(1); // a known failure is not retried

    await t.db.update(model).set({ modelPlatform: 'online' }).where(eq(model.id, tree.modelId));
    const online = await open(t.app, a.usr, tree.modelId);
    expect(online.statusCode).toBe(400);
    expect(online.json().message).toBe(OPEN_ONLINE_MODEL);

    const b = await createTenant(t.db, 'open-b');
    const foreign = await spreadsheetModel();
    expect((await open(t.app, b.adm, foreign.modelId)).statusCode).toBe(404);
    const noRole = await seedTree(t.db, a, { roles: { [a.adm.id]: 'ADM' } });
    expect((await open(t.app, a.usr, noRole.modelId)).statusCode).toBe(404);
    expect((await pollOnce(t.app, b.adm, await openTask(a.usr, foreign.modelId))).statusCode).toBe(404);
  });

  it('enqueues in the transaction that asks: a rollback removes the job row and the queued job', async () => {
    const tree = await spreadsheetModel();
    const ctx = t.app.ctx;
    let id = '';
    await expect(command(ctx, { user: a.usr, ip: '127.0.0.1' }, async (c) => {
      const [row] = await c.tx.insert(job).values({ createdAt: new Date(), clientId: a.clientId, userId: a.usr.id, kind: 'open-model', modelId: tree.modelId, params: { edit: false, mapviewerRequired: false } })
        .returning({ id: job.id, kind: job.kind });
      id = row.id;
      await ctx.jobs.enqueue(c.tx, row);
      const { rows } = await c.tx.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE id = ${id}`);
      expect(rows[0].n).toBe(1); // there, inside the transaction
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    const { rows } = await t.db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE id = ${id}`);
    expect(rows[0].n).toBe(0);
    expect(await t.db.$count(job, eq(job.id, id))).toBe(0);
  });
});

describe('workers', () => {
  const resultFiles = async (db: Db) => (await db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM stored_file f
    WHERE NOT EXISTS (SELECT 1 FROM saved_model s WHERE s.file_id = f.id) AND NOT EXISTS (SELECT 1 FROM attachment x WHERE x.file_id = f.id)`)).rows[0].n;
  const bossJob = async (db: Db, id: string) =>
    (await db.execute<{ state: string; retry_count: number }>(sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${id}`)).rows[0];

  // A job whose handler throws every time (a crash, not a known failure: here a corrupt parameter row makes
  // its query fail). Started first, as its two retries wait 1–2 s and 2–4 s; the last test looks at its end.
  let crashing = '';
  beforeAll(async () => {
    const tree = await spreadsheetModel();
    await t.db.insert(parameterApplication).values({ createdAt: new Date(), clientId: a.clientId, parameters: { not: 'a list' }, modelIds: [tree.modelId] });
    crashing = await openTask(a.usr, tree.modelId);
  });

  it('two instances on one database never run one job twice', async () => {
    const db2 = connect(t.db.$client.options.connectionString!, 3);
    const app2 = await buildApp({ config: t.config, db: db2, mailer: { send: async () => {} } });
    try {
      const before = await resultFiles(t.db);
      const trees = await Promise.all(Array.from({ length: 12 }, () => spreadsheetModel()));
      // Half the opens through each instance, all at once.
      const ids = await Promise.all(trees.map((tree, i) => openTask(a.vwr, tree.modelId, '', i % 2 ? app2 : t.app)));
      const answers = await Promise.all(ids.map((id, i) => poll(a.vwr, id, i % 2 ? t.app : app2)));
      expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
      const rows = await t.db.select({ id: job.id, attempts: job.attempts, status: job.status }).from(job).where(sql`${job.id} IN ${ids}`);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['done', 1]));
      expect(await resultFiles(t.db) - before).toBe(ids.length);
      // pg-boss records a completion after the run has stored its result (which the poll saw): wait for it.
      for (const id of ids) await expect.poll(() => bossJob(t.db, id)).toEqual({ state: 'completed', retry_count: 0 });
    } finally {
      await app2.close();
      await db2.$client.end();
    }
  });

  it('keeps the result of the first of two overlapping runs of one job only (its file and edit link too)', async () => {
    const tree = await spreadsheetModel();
    // A job row that no queue knows: only the two runs below run it.
    const [row] = await t.db.insert(job).values({
      createdAt: new Date(), clientId: a.clientId, userId: a.usr.id, kind: 'open-model', modelId: tree.modelId, params: { edit: true, mapviewerRequired: false },
    }).returning({ id: job.id });
    const before = await resultFiles(t.db);
    const held = await holdParameters();
    const runs = [runJob(t.app.ctx, row.id, new AbortController().signal), runJob(t.app.ctx, row.id, new AbortController().signal)];
    const waiting = sql`SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'parameter_application'::regclass`;
    while ((await t.db.execute<{ n: number }>(waiting)).rows[0].n < 2) await new Promise((r) => setTimeout(r, 20));
    await held.release();
    await Promise.all(runs);
    const [done] = await t.db.select().from(job).where(eq(job.id, row.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(await resultFiles(t.db) - before).toBe(1);
    expect(await t.db.select({ fileId: editLink.fileId }).from(editLink).where(eq(editLink.modelId, tree.modelId))).toEqual([{ fileId: done.resultFileId }]);
  });

  it('a job whose server is killed mid-job expires, runs again on another instance and produces one file', async () => {
    const { k, server, tenant: b } = killable;
    const db2 = connect(k.db.$client.options.connectionString!, 3);
    let worker: FastifyInstance | undefined;
    try {
      const tree = await spreadsheetModel({}, k.db, b);
      await server.ready;
      const before = await resultFiles(k.db);
      const held = await holdParameters(k.db);
      const id = await openTask(b.usr, tree.modelId, '', k.app);
      // The server process has the job and waits for the lock in its 'Globale parameters invullen' step.
      const waiting = sql`SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = 'parameter_application'::regclass`;
      while ((await k.db.execute<{ n: number }>(waiting)).rows[0].n === 0) await new Promise((r) => setTimeout(r, 20));
      const [mid] = await k.db.select({ status: job.status, progress: job.progressText, attempts: job.attempts }).from(job).where(eq(job.id, id));
      expect(mid).toEqual({ status: 'running', progress: 'Globale parameters invullen', attempts: 1 });
      await kill(server);
      await held.release();

      worker = await buildApp({ config: { ...k.config, jobWorker: true }, db: db2, mailer: { send: async () => {} } });
      const res = await poll(b.usr, id, k.app);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await k.db.select({ attempts: job.attempts }).from(job).where(eq(job.id, id));
      expect(row.attempts).toBe(2);
      // pg-boss records the completion after the run has stored its result (which the poll saw): wait for it.
      await expect.poll(() => bossJob(k.db, id)).toEqual({ state: 'completed', retry_count: 1 });
      expect(await resultFiles(k.db) - before).toBe(1);
    } finally {
      await worker?.close();
      await db2.$client.end();
    }
  });

  it('a job that keeps crashing is run three times, then pg-boss gives up and the task answers the failure', async () => {
    let row;
    do {
      await new Promise((r) => setTimeout(r, 100));
      [row] = await t.db.select({ status: job.status, attempts: job.attempts, error: job.error }).from(job).where(eq(job.id, crashing));
    } while (row.status !== 'failed');
    expect(row).toEqual({ status: 'failed', attempts: 3, error: null });
    expect(await bossJob(t.db, crashing)).toEqual({ state: 'failed', retry_count: 2 });
    const res = await pollOnce(t.app, a.usr, crashing);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: OPEN_MODEL_FAILED, errors: [] });
  });
});
