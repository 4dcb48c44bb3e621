// `npm run bench -- reports`: the rows of a report / BI pull (reportData) for 50 models on a real
// (embedded) PostgreSQL: 25 online models of 40 periods (largeModel) and 25 spreadsheet models whose
// active entry is the shipped template's workbook.
// - cold: nothing stored, every model's results computed (in the worker threads) and stored;
// - warm: every model's results stored for its current save (what readers meet after the jobs ran),
//   also with the JSON text a BI pull sends;
// - the jobs: 50 saves at once (resultsChanged), until every result is stored.
// Medians of several runs; figures are printed, never asserted. Issue 13's targets: a report over 50
// models ≤ 3 s, the BI JSON for 50 models ≤ 300 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { connect, migrateDb, type Db } from '../server/db/index.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { model, modelResult, savedModel } from '../server/db/schema/index.ts';
import { freePort } from '../server/net.ts';
import { shippedTemplate } from '../server/seed/templates.ts';
import { saveFile } from '../server/storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../server/storage/xlsx.ts';
import { resultsChanged } from '../server/services/modelResults.ts';
import { reportData } from '../server/services/reportData.ts';
import { createTenant } from '../server/test/fixtures.ts';
import { seedTree } from '../server/test/projectFixtures.ts';
import { largeModel } from '../src/formulas/testing/largeModel.ts';

const ONLINE = 25;
const SPREADSHEET = 25;
const COLD_RUNS = 3;
const WARM_RUNS = 15;
const TARGETS = { report: 3000, bi: 300 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x)} ms`;
async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const s = performance.now();
  const r = await f();
  return [performance.now() - s, r];
}

export default async function bench() {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-bench-'));
  const pg = await startEmbeddedPostgres(dir, await freePort());
  const db: Db = connect(pg.url, 10);
  try {
    await migrateDb(db);
    console.log(`machine load average (1 min) at the start: ${loadavg()[0].toFixed(1)}`);
    const tenant = await createTenant(db, 'bench');
    // seedTree makes spreadsheet models with one active entry each; half of them become online models.
    const tree = await seedTree(db, tenant, { models: ONLINE + SPREADSHEET });
    const ids = (await db.execute<{ id: number }>(sql`SELECT id FROM model WHERE version_id = ${tree.versionId} ORDER BY id`)).rows.map((r) => r.id);
    const online = ids.slice(0, ONLINE);
    const sheets = ids.slice(ONLINE);
    for (const [i, id] of online.entries()) {
      await db.update(model).set({ modelPlatform: 'online', modelData: largeModel({ seed: i + 1 }) }).where(sql`${model.id} = ${id}`);
    }
    await db.delete(savedModel).where(sql`${savedModel.modelId} IN (${sql.join(online.map((i) => sql`${i}`), sql`, `)})`);
    const xlsx = await shippedTemplate();
    for (const id of sheets) {
      const f = await saveFile(db, { clientId: tenant.clientId, filename: 'Grondexploitatie standaard.xlsx', contentType: XLSX_CONTENT_TYPE, data: xlsx, at: new Date() });
      await db.update(savedModel).set({ fileId: f.id, filesize: f.size }).where(sql`${savedModel.modelId} = ${id}`);
    }
    console.log(`${ONLINE} online models (${largeModel().base_parameters.phasing_period}, 40 periods, 400 entries each), ${SPREADSHEET} spreadsheet models (${(xlsx.byteLength / 1e3).toFixed(0)} kB workbook)`);

    // Readers only at first: no job worker, so nothing but reportData stores results.
    let app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false }, db });
    await app.ready();
    const ctx = app.ctx;
    await reportData(ctx, tenant.clientId, [online[0]!, sheets[0]!]); // warm-up: threads, modules, plans

    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      await db.delete(modelResult);
      const [t, data] = await timed(() => reportData(ctx, tenant.clientId, ids));
      if (data.rekenmodellen.length !== ids.length || data.perioden.length < ONLINE * 40) throw new Error('rows missing');
      cold.push(t);
    }
    const stored = (await db.select({ id: modelResult.modelId }).from(modelResult)).length;
    console.log(`reportData, 50 models, nothing stored: median ${ms(median(cold))} of ${COLD_RUNS} (${cold.map(ms).join(', ')}); then ${stored}/50 stored`);

    const warm: number[] = [];
    const json: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARM_RUNS; i++) {
      const [t, data] = await timed(() => reportData(ctx, tenant.clientId, ids));
      const [tj, text] = await timed(async () => JSON.stringify(data));
      warm.push(t);
      json.push(t + tj);
      bytes = text.length;
    }
    console.log(`reportData, 50 models, all stored: median ${ms(median(warm))} of ${WARM_RUNS}  (report target ≤ ${TARGETS.report} ms)`);
    console.log(`  with the BI JSON text (${(bytes / 1e3).toFixed(0)} kB): median ${ms(median(json))}  (target ≤ ${TARGETS.bi} ms)`);
    await app.close();

    // The jobs: a save of all 50 at once; time until every current save's results are stored.
    app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent' }, db });
    await app.ready();
    await db.delete(modelResult);
    const [t] = await timed(async () => {
      await db.transaction(async (tx) => resultsChanged({ tx, jobs: app.ctx.jobs }, ids));
      for (;;) {
        const { rows: [r] } = await db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM model_result`);
        if (r!.n === ids.length) return;
        await new Promise((res) => setTimeout(res, 50));
      }
    });
    console.log(`results jobs for 50 saved models (2 at a time, worker threads): all stored after ${ms(t)}`);
    await app.close();
  } finally {
    await db.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
