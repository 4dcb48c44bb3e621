import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart } from '../../test/server/projectFixtures.ts';
import { model, modelResult, project, projectRole, savedModel, templateModel, versionModel } from '../db/schema/index.ts';
import { readFile, saveFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { reportData } from './reportData.ts';
import { refreshModelResults, resultSources, storeResults } from './modelResults.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { type ModelResults, onlineModelResults, spreadsheetModelResults } from '../../src/formulas/modelResults.ts';
import { buildModelTemplate } from '../../src/formulas/modelTemplate.ts';
import { workedTemplateModel } from '../../test/formulas/spreadsheetModel.ts';
import { sectionColumns } from '../../src/model/reportColumns.ts';

// Stored results (issue 13): every kind of save leaves the results of that save in model_result (the
// `model-results` job, enqueued in the save's transaction), and reportData never answers the results
// of an older save — also right after a save, before its job ran, and with a stale row in the table.

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const M = '/api/manager';

/** The worked example with other amounts: other results. */
function changed(d: ModelData, price: number): ModelData {
  const c = structuredClone(d);
  const e = c.cost_estimate[0]!;
  e.estimate.price = price;
  e.phasing.phasing_items = e.phasing.phasing_items.map((i) => ({ ...i, value: price / 2 }));
  return c;
}

/** As stored (jsonb keeps no -0). */
const asStored = (r: ModelResults): ModelResults => JSON.parse(JSON.stringify(r));

/** The results of the model's current save, computed here by the same functions. */
async function expectedResults(t: TestApp, id: number): Promise<ModelResults> {
  const [m] = await t.db.select({ platform: model.modelPlatform, data: model.modelData }).from(model).where(eq(model.id, id));
  if (m.platform === 'online') return asStored(onlineModelResults(m.data));
  const [s] = await t.db.select({ fileId: savedModel.fileId, clientId: project.clientId }).from(savedModel)
    .innerJoin(model, eq(model.id, savedModel.modelId)).innerJoin(versionModel, eq(versionModel.id, model.versionId))
    .innerJoin(project, eq(project.id, versionModel.projectId)).where(and(eq(savedModel.modelId, id), eq(savedModel.active, true)));
  return asStored(await spreadsheetModelResults((await readFile(t.db, s.clientId, s.fileId))!.data));
}

/** The model's current save: data_version and active history entry. */
async function currentKey(t: TestApp, id: number) {
  const { rows: [r] } = await t.db.execute<{ data_version: number; saved_model_id: number | null }>(sql`
    SELECT m.data_version, sm.id AS saved_model_id FROM model m LEFT JOIN saved_model sm ON sm.model_id = m.id AND sm.active WHERE m.id = ${id}`);
  return { dataVersion: r.data_version, savedModelId: r.saved_model_id };
}

/** The stored row, once a reader's background store has finished (freshResults does not wait for it). */
const storedRow = async (t: TestApp, id: number) => {
  await t.app.ctx.background.drain();
  return (await t.db.select().from(modelResult).where(eq(modelResult.modelId, id)))[0];
};

/** Waits until the job stored the results of the model's current save; they are the ones computed from it. */
async function resultsOfCurrentSave(t: TestApp, id: number) {
  const row = await vi.waitFor(async () => {
    const r = await storedRow(t, id);
    expect(r, `model ${id} heeft nog geen resultaten`).toBeDefined();
    expect({ dataVersion: r!.dataVersion, savedModelId: r!.savedModelId }).toEqual(await currentKey(t, id));
    return r!;
  }, { timeout: 30_000, interval: 50 });
  expect(row.results).toEqual(await expectedResults(t, id));
  return row;
}

async function onlineModel(t: TestApp, a: Tenant, name: string, data: unknown = example) {
  const [p] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: a.clientId, name, subregionId: a.subregionId, typeProjectId: a.typeProjectId }).returning();
  const [v] = await t.db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'Versie 1' }).returning();
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name, modelPlatform: 'online', modelData: data }).returning();
  for (const u of [a.adm, a.usr, a.staff]) await t.db.insert(projectRole).values({ projectId: p.id, userId: u.id, role: u.id === a.usr.id ? 'USR' : 'ADM' });
  return { projectId: p.id, versionId: v.id, modelId: m.id };
}

const toolSave = async (t: TestApp, a: Tenant, id: number, data: ModelData, dataVersion: number) =>
  t.app.inject({ method: 'POST', url: `/api/grexonline/model/${id}/`, headers: await bearer(t.app, a.usr), payload: { ...data, data_version: dataVersion } });

const templateWorkbook = buildModelTemplate(workedTemplateModel());

describe('with the results job running', () => {
  let t: TestApp;
  let a: Tenant;
  let usr: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t.db, 'resjob');
    usr = await bearer(t.app, a.usr);
    staff = await bearer(t.app, a.staff);
  });
  afterAll(() => t.close());

  it('a save in the workbench stores the results of the saved data', async () => {
    const { modelId } = await onlineModel(t, a, 'Opslaan');
    const res = await toolSave(t, a, modelId, changed(example, 1_200_000), 0);
    expect(res.statusCode, res.body).toBe(200);
    const row = await resultsOfCurrentSave(t, modelId);
    expect(row.dataVersion).toBe(1);
    expect(row.savedModelId).toBeNull();
    expect(row.clientId).toBe(a.clientId);
    expect(row.computedAt).toEqual(t.clock.now());
    expect(row.results.model.ew).not.toBeCloseTo(onlineModelResults(example).model.ew!, 0);
    expect(row.results.periods).toHaveLength(4);
  });

  it('a save of a model with every section stores each section\'s revenue and each cost category per model and per period (issue 24 item 9)', async () => {
    const full = JSON.parse(readFileSync(new URL('../../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
    const { modelId } = await onlineModel(t, a, 'Alle secties');
    expect((await toolSave(t, a, modelId, full, 0)).statusCode).toBe(200);
    const { results } = await resultsOfCurrentSave(t, modelId);
    for (const c of sectionColumns()) {
      expect(results.model[c.key], c.key).toEqual(expect.any(Number));
      for (const p of results.periods) expect(p[c.key], c.key).toEqual(expect.any(Number));
    }
    for (const key of ['opbrengsten_woningbouw', 'opbrengsten_niet_woningbouw', 'opbrengsten_overige', 'kosten_bouwrijp_maken'] as const) {
      expect(results.model[key], key).toBeGreaterThan(0);
    }
    // the existing fields stay as they were
    expect(Object.keys(results.model)).toEqual(expect.arrayContaining(['ew', 'ncw', 'verliesvoorziening', 'totale_kosten', 'totale_opbrengsten', 'poc', 'fout']));
    const data = await reportData(t.app.ctx, a.clientId, [modelId]);
    for (const c of sectionColumns()) expect(data.rekenmodellen[0]![c.key], c.key).toBe(results.model[c.key]);

    // A row stored without the section columns (by a server of before, during an upgrade) reads as unknown, never as missing keys.
    const old = structuredClone(results);
    for (const r of [old.model, ...old.periods]) for (const c of sectionColumns()) delete (r as Record<string, unknown>)[c.key];
    await t.db.update(modelResult).set({ results: old }).where(eq(modelResult.modelId, modelId));
    const fromOld = await reportData(t.app.ctx, a.clientId, [modelId]);
    expect(fromOld.rekenmodellen[0]!.ew).toBe(results.model.ew);
    for (const r of [fromOld.rekenmodellen[0]!, ...fromOld.perioden]) for (const c of sectionColumns()) expect(r[c.key], c.key).toBeNull();
  });

  it('applied global parameters store the results of the changed data', async () => {
    const { modelId } = await onlineModel(t, a, 'Parameters');
    await toolSave(t, a, modelId, example, 0);
    const before = await resultsOfCurrentSave(t, modelId);
    const res = await t.app.inject({
      method: 'POST', url: `${M}/parameter/`, headers: staff,
      payload: { parameters: [{ parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.08 }], models: [modelId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applied).toEqual([modelId]);
    const after = await resultsOfCurrentSave(t, modelId);
    expect(after.dataVersion).toBe(before.dataVersion + 1);
    expect(after.results.model.ew).not.toBeCloseTo(before.results.model.ew!, 0);
  });

  it('a new online model stores the results of its default data', async () => {
    const { versionId } = await onlineModel(t, a, 'Nieuw online');
    const res = await t.app.inject({ method: 'POST', url: `${M}/model/`, headers: staff, payload: { version: versionId, name: 'Standaard', model_platform: 'online' } });
    expect(res.statusCode, res.body).toBe(201);
    const row = await resultsOfCurrentSave(t, res.json().id);
    expect(row.dataVersion).toBe(0);
  });

  it('duplicates of a model, a version and a project get the results of their own data', async () => {
    const src = await onlineModel(t, a, 'Origineel', changed(example, 900_000));
    const m = await t.app.inject({ method: 'GET', url: `${M}/model/${src.modelId}/duplicate/`, headers: usr });
    expect(m.statusCode, m.body).toBe(200);
    const v = await t.app.inject({ method: 'GET', url: `${M}/version-model/${src.versionId}/duplicate/`, headers: usr });
    expect(v.statusCode, v.body).toBe(200);
    const p = await t.app.inject({ method: 'GET', url: `${M}/project/${src.projectId}/duplicate/`, headers: usr });
    expect(p.statusCode, p.body).toBe(200);
    // The model's copy, the version's copy (with both models) and the project's copy (both versions): 7 models.
    const copies = (await t.db.execute<{ id: number }>(sql`
      SELECT m.id FROM model m JOIN version_model v ON v.id = m.version_id
      WHERE (v.project_id IN (${src.projectId}, ${p.json().id})) AND m.id <> ${src.modelId} ORDER BY m.id`)).rows.map((r) => r.id);
    expect(copies).toHaveLength(7);
    expect(copies).toContain(m.json().id);
    const expected = asStored(onlineModelResults(changed(example, 900_000)));
    for (const id of copies) expect((await resultsOfCurrentSave(t, id)).results).toEqual(expected);
  });

  it('a spreadsheet model: its template\'s workbook, an uploaded file and an activated entry each store that file\'s values', async () => {
    const file = await saveFile(t.db, { clientId: a.clientId, filename: 'Sjabloon.xlsx', contentType: XLSX_CONTENT_TYPE, data: await templateWorkbook, at: t.clock.now() });
    const [tm] = await t.db.insert(templateModel).values({ clientId: a.clientId, name: 'Met voorbeeld', fileId: file.id }).returning();
    const { versionId } = await onlineModel(t, a, 'Spreadsheets');
    const created = await t.app.inject({ method: 'POST', url: `${M}/model/`, headers: usr, payload: { version: versionId, name: 'Werkmap', type_model: tm.id } });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().id;
    const first = await resultsOfCurrentSave(t, id);
    expect(first.savedModelId).not.toBeNull();
    expect(first.results.model.fout).toBeNull();
    expect(first.results.model.ew).toBeCloseTo(onlineModelResults(workedTemplateModel()).model.ew!, 2);

    const other = await buildModelTemplate(changed(workedTemplateModel(), 2_000_000));
    const body = multipart({}, { filename: 'Tweede.xlsx', data: Buffer.from(other) });
    const up = await t.app.inject({ method: 'POST', url: `${M}/model/${id}/saved-model/`, headers: { ...staff, ...body.headers }, payload: body.payload });
    expect(up.statusCode, up.body).toBe(201);
    const second = await resultsOfCurrentSave(t, id);
    expect(second.savedModelId).not.toBe(first.savedModelId);
    expect(second.results.model.ew).not.toBeCloseTo(first.results.model.ew!, 0);

    const act = await t.app.inject({ method: 'PATCH', url: `${M}/model/${id}/saved-model/${first.savedModelId}/`, headers: staff });
    expect(act.statusCode, act.body).toBe(200);
    const again = await resultsOfCurrentSave(t, id);
    expect(again.savedModelId).toBe(first.savedModelId);
    expect(again.results).toEqual(first.results);
  });
});

describe('before the job ran (no worker)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await createTestApp({ jobWorker: false });
    a = await createTenant(t.db, 'resread');
    b = await createTenant(t.db, 'resother');
  });
  afterAll(() => t.close());

  const queued = async (id: number) => (await t.db.execute<{ n: number }>(sql`
    SELECT count(*) AS n FROM pgboss.job WHERE name = 'model-results' AND singleton_key = ${String(id)} AND state = 'created'`)).rows[0]!.n;
  const ew = async (clientId: number, id: number) => (await reportData(t.app.ctx, clientId, [id])).rekenmodellen[0]?.ew;

  it('a save enqueues its results job in its own transaction, once per model; a refused save enqueues nothing', async () => {
    const { modelId } = await onlineModel(t, a, 'Wachtrij');
    expect(await queued(modelId)).toBe(0);
    expect((await toolSave(t, a, modelId, example, 0)).statusCode).toBe(200);
    expect(await queued(modelId)).toBe(1);
    expect((await toolSave(t, a, modelId, changed(example, 1_100_000), 1)).statusCode).toBe(200);
    expect(await queued(modelId)).toBe(1); // the waiting job will read the latest save
    const other = await onlineModel(t, a, 'Geweigerd');
    expect((await toolSave(t, a, other.modelId, example, 7)).statusCode).toBe(409);
    expect(await queued(other.modelId)).toBe(0);
  });

  it('a reader right after a save gets the new save\'s results, not the stored ones of the save before', async () => {
    const { modelId } = await onlineModel(t, a, 'Direct lezen');
    const old = await ew(a.clientId, modelId);
    expect(old).toBeCloseTo(onlineModelResults(example).model.ew!, 6);
    expect((await storedRow(t, modelId))?.dataVersion).toBe(0); // the reader stored what it computed
    expect((await toolSave(t, a, modelId, changed(example, 1_300_000), 0)).statusCode).toBe(200);
    expect((await storedRow(t, modelId))?.dataVersion).toBe(0); // the job has not run
    const fresh = await ew(a.clientId, modelId);
    expect(fresh).toBe(asStored(onlineModelResults(changed(example, 1_300_000))).model.ew);
    expect(fresh).not.toBeCloseTo(old!, 0);
    const row = await storedRow(t, modelId);
    expect(row?.dataVersion).toBe(1);
    expect(row?.results).toEqual(await expectedResults(t, modelId));
  });

  it('uses the stored results of the current save, and never a row of another save', async () => {
    const { modelId } = await onlineModel(t, a, 'Oud resultaat');
    await toolSave(t, a, modelId, example, 0); // data_version 1
    const real = asStored(onlineModelResults(example));
    const bogus: ModelResults = { ...real, model: { ...real.model, ew: 12345.67 } };
    const put = (dataVersion: number, savedModelId: number | null = null) => t.db.insert(modelResult)
      .values({ modelId, clientId: a.clientId, dataVersion, savedModelId, computedAt: t.clock.now(), results: bogus })
      .onConflictDoUpdate({ target: modelResult.modelId, set: { dataVersion, savedModelId, results: bogus } });

    await put(1);
    expect(await ew(a.clientId, modelId)).toBe(12345.67); // stored and current: read, not rebuilt
    await put(0);
    expect(await ew(a.clientId, modelId)).toBe(real.model.ew); // an older save: not used
    expect((await storedRow(t, modelId))?.results).toEqual(real); // and replaced
    await put(2);
    expect(await ew(a.clientId, modelId)).toBe(real.model.ew);
  });

  it('a spreadsheet model\'s row of another history entry is not used', async () => {
    const { versionId } = await onlineModel(t, a, 'Historie');
    const file = await saveFile(t.db, { clientId: a.clientId, filename: 'Sjabloon.xlsx', contentType: XLSX_CONTENT_TYPE, data: await templateWorkbook, at: t.clock.now() });
    const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId, name: 'Werkmap', modelPlatform: 'spreadsheet' }).returning();
    const [old] = await t.db.insert(savedModel).values({ timestampSave: new Date(), modelId: m.id, active: false, fileId: file.id, filenameOrig: 'oud.xlsx', filesize: 1 }).returning();
    await t.db.insert(savedModel).values({ timestampSave: new Date(), modelId: m.id, active: true, fileId: file.id, filenameOrig: 'nieuw.xlsx', filesize: 1 });
    const real = await expectedResults(t, m.id);
    await t.db.insert(modelResult).values({
      modelId: m.id, clientId: a.clientId, dataVersion: 0, savedModelId: old.id, computedAt: t.clock.now(),
      results: { ...real, model: { ...real.model, ew: 1 } },
    });
    expect(await ew(a.clientId, m.id)).toBe(real.model.ew);
    expect((await storedRow(t, m.id))?.savedModelId).toBe((await currentKey(t, m.id)).savedModelId);
  });

  it('a write stores only the results of the current save: an older one neither replaces nor creates a row', async () => {
    const { modelId } = await onlineModel(t, a, 'Bewaakt');
    const [older] = await resultSources(t.db, [modelId]);
    await toolSave(t, a, modelId, changed(example, 1_400_000), 0);
    const stale = asStored(onlineModelResults(example));
    await storeResults(t.db, t.clock.now(), [{ source: older!, results: stale }], { skipLocked: false });
    expect(await storedRow(t, modelId)).toBeUndefined();
    await refreshModelResults(t.app.ctx, modelId); // what the job does
    const row = await storedRow(t, modelId);
    expect(row?.dataVersion).toBe(1);
    expect(row?.results).toEqual(await expectedResults(t, modelId));
    await storeResults(t.db, t.clock.now(), [{ source: older!, results: stale }], { skipLocked: false });
    expect((await storedRow(t, modelId))?.results).toEqual(row?.results);
  });

  /** A save under way on another connection: it holds the model row until `commit()`. */
  async function saveUnderWay(modelId: number, data: ModelData) {
    let commit!: () => void;
    const done = new Promise<void>((r) => { commit = r; });
    let holding!: () => void;
    const held = new Promise<void>((r) => { holding = r; });
    const tx = t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE model SET model_data = ${JSON.stringify(data)}::jsonb, data_version = data_version + 1 WHERE id = ${modelId}`);
      holding();
      await done;
    });
    await held;
    return async () => { commit(); await tx; };
  }

  it('a job that computed while a save was under way does not store the results of the save before it', async () => {
    const { modelId } = await onlineModel(t, a, 'Gelijktijdig');
    const commit = await saveUnderWay(modelId, changed(example, 1_500_000));
    const job = refreshModelResults(t.app.ctx, modelId); // reads data_version 0, then waits for the save's row lock
    await vi.waitFor(async () => {
      const { rows: [r] } = await t.db.execute<{ n: number }>(sql`
        SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      expect(r!.n).toBe(1);
    }, { timeout: 30_000, interval: 20 });
    await commit();
    await job;
    expect(await storedRow(t, modelId)).toBeUndefined();
    await refreshModelResults(t.app.ctx, modelId); // the save's own job
    expect((await storedRow(t, modelId))?.results).toEqual(asStored(onlineModelResults(changed(example, 1_500_000))));
  });

  it('a reader does not wait for a save under way: it answers the committed save and leaves storing to the save\'s job', async () => {
    const { modelId } = await onlineModel(t, a, 'Niet wachten');
    const commit = await saveUnderWay(modelId, changed(example, 1_600_000));
    try {
      expect(await ew(a.clientId, modelId)).toBe(asStored(onlineModelResults(example)).model.ew);
      expect(await storedRow(t, modelId)).toBeUndefined();
    } finally {
      await commit();
    }
    expect(await ew(a.clientId, modelId)).toBe(asStored(onlineModelResults(changed(example, 1_600_000))).model.ew);
  });

  it('answers the same rows from stored results as computed ones, for several models in the order asked', async () => {
    const x = await onlineModel(t, a, 'Vergelijk 1');
    const y = await onlineModel(t, a, 'Vergelijk 2', changed(example, 700_000));
    await t.db.delete(modelResult);
    const cold = await reportData(t.app.ctx, a.clientId, [y.modelId, x.modelId]);
    expect(cold.rekenmodellen.map((r) => r.rekenmodel_id)).toEqual([y.modelId, x.modelId]);
    await t.app.ctx.background.drain();
    expect((await t.db.select().from(modelResult)).map((r) => r.modelId).sort()).toEqual([x.modelId, y.modelId].sort());
    const warm = await reportData(t.app.ctx, a.clientId, [y.modelId, x.modelId]);
    expect(JSON.stringify(warm)).toBe(JSON.stringify(cold));
  });

  it('another client\'s model id yields nothing, and nothing is computed for it', async () => {
    const { modelId } = await onlineModel(t, a, 'Ander bedrijf');
    expect(await reportData(t.app.ctx, b.clientId, [modelId])).toEqual({ rekenmodellen: [], perioden: [] });
    expect(await storedRow(t, modelId)).toBeUndefined();
    expect((await reportData(t.app.ctx, a.clientId, [modelId])).rekenmodellen).toHaveLength(1);
  });
});
