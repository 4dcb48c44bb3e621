// `npm run bench -- jobs`: the job queue with the open-model job on a real (embedded) PostgreSQL.
// A 2 MB spreadsheet model (the template's layout, filled with a large model) is opened through the API
// on a listening server, polled as the browser polls (every 100 ms):
// - one user at a time: enqueue (GET model/{id}/open/) → 200 of open-model-task/{id}/; target ≤ 1 s;
// - 20 users at once: every file checked (its global parameters and space usage), p95; target ≤ 3 s.
//   Their 20 models hold the same workbook with the same inputs (as models just made from one template),
//   so after the first open a filled copy is kept (server/jobs/openModel.ts); then once more with
//   parameters of each model's own, so that every open reads and fills its file;
// - the queue's overhead per job (job row created → its run started) and the worker's throughput.
// Figures are printed, never asserted.
import { eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { withBenchDatabase } from './support/database.ts';
import { featureArea, job, savedModel, storedFile, versionRegion } from '../server/db/schema/index.ts';
import { freePort } from '../server/net.ts';
import { bearer, createTenant, createUser } from '../test/server/fixtures.ts';
import type { UserRow } from '../server/context.ts';
import { seedTree } from '../test/server/projectFixtures.ts';
import { largeModel } from '../test/formulas/largeModel.ts';
import { buildModelTemplate, templateModelData } from '../src/formulas/modelTemplate.ts';
import { openXlsx, readSheetCells } from '../src/formulas/xlsxPackage.ts';
import type { ParameterRow } from '../src/api/contract/parameters.ts';
import { goal } from './support/goal.ts';

const USERS = 20;
const TARGETS = { single: 1000, p95: 3000 };
const PARAMETERS: ParameterRow[] = [
  { parameter_type: 'BtwPercentage', period_type: 'Uitgangspunt', value_float: 0.19 },
  { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.031 },
];
const GREEN_M2 = 4321.5;

/** A workbook in the template's layout of about 2 MB: the template filled with a large model. */
export async function bigWorkbook(): Promise<Uint8Array> {
  const m = largeModel({ costEntries: 2200, residentialEntries: 700 });
  m.base_parameters.space_usage = templateModelData().base_parameters.space_usage;
  return buildModelTemplate(m);
}

/** The value of a one-cell defined name of a workbook. */
async function named(xlsx: Uint8Array, names: string[]): Promise<number[]> {
  const pkg = await openXlsx(xlsx);
  const cells = new Map<string, Awaited<ReturnType<typeof readSheetCells>>>();
  const out: number[] = [];
  for (const name of names) {
    const r = pkg.names.get(name.toLowerCase())!;
    if (!cells.has(r.sheet)) cells.set(r.sheet, await readSheetCells(pkg, r.sheet));
    out.push(Number(cells.get(r.sheet)!.get(`${r.r1}:${r.c1}`)?.value));
  }
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${Math.round(pct(s, 50))} ms, p95 ${Math.round(pct(s, 95))} ms, max ${Math.round(s[s.length - 1])} ms`;
};

export default async function bench() {
  await withBenchDatabase(20, async (db) => {
    let t0 = performance.now();
    const xlsx = await bigWorkbook();
    console.log(`workbook: ${(xlsx.byteLength / 1e6).toFixed(2)} MB, built in ${Math.round(performance.now() - t0)} ms`);

    const tenant = await createTenant(db, 'bench');
    const users = [tenant.usr, ...await Promise.all(Array.from({ length: USERS - 1 }, (_, i) =>
      createUser(db, tenant.clientId, { email: `u${i}@bench.test`, role: 'USR' })))];
    const roles = Object.fromEntries(users.map((u) => [u.id, 'USR' as const]));
    const tree = await seedTree(db, tenant, { roles, models: USERS + 1 });
    const models = (await db.execute<{ id: number }>(sql`SELECT id FROM model WHERE version_id = ${tree.versionId} ORDER BY id`)).rows.map((r) => r.id);
    const files = db.select({ id: savedModel.fileId }).from(savedModel).where(inArray(savedModel.modelId, models));
    await db.update(storedFile).set({ data: Buffer.from(xlsx), size: xlsx.byteLength }).where(inArray(storedFile.id, files));
    const geometry = { type: 'Polygon', coordinates: [] };
    await db.insert(versionRegion).values({ updatedAt: new Date(), versionId: tree.versionId, geometry, areaM2: 50_000 });
    await db.insert(featureArea).values({ updatedAt: new Date(), versionId: tree.versionId, name: 'Park', function: 'public_space_green', geometry, areaM2: GREEN_M2 });

    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent' }, db });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    // A signed-in session of the user (the bearer hook wants a live one).
    const auth = async (user: UserRow) => bearer(app, user);
    const applied = await fetch(`${base}/api/manager/parameter/`, {
      method: 'POST', headers: { ...await auth(tenant.staff), 'content-type': 'application/json' }, body: JSON.stringify({ parameters: PARAMETERS, models }),
    });
    if (!applied.ok) throw new Error(`parameter/: ${applied.status}`);

    /** One user opens one model as the browser does; the time from the open request to the 200, and the file. */
    const openModel = async (user: UserRow, modelId: number) => {
      const headers = await auth(user);
      const s = performance.now();
      const open = await fetch(`${base}/api/manager/model/${modelId}/open/?mapviewer_required=true`, { headers });
      if (!open.ok) throw new Error(`open: ${open.status} ${await open.text()}`);
      const { open_model_task: task } = (await open.json()) as { open_model_task: string };
      for (;;) {
        const res = await fetch(`${base}/api/manager/open-model-task/${task}/`, { headers });
        if (res.status === 200) {
          const ms = performance.now() - s;
          const ready = (await res.json()) as { uuid: string; filename_orig: string };
          const file = await fetch(`${base}/files/${ready.uuid}/${encodeURIComponent(ready.filename_orig)}`, { headers });
          return { ms, task, file: new Uint8Array(await file.arrayBuffer()) };
        }
        if (res.status !== 202) throw new Error(`task: ${res.status} ${await res.text()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const correct = async (file: Uint8Array, expected = PARAMETERS[1].value_float!) => {
      const [btw, kosten, green] = await named(file, ['BtwPercentage', 'Kostenstijging', 'Ruimtegebruik_public_space_green']);
      return btw === 0.19 && kosten === expected && green === GREEN_M2;
    };

    await openModel(users[0], models[USERS]); // warm-up (module loading, the statements' plans)
    const single: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await openModel(users[0], models[USERS]);
      if (!(await correct(r.file))) throw new Error('the opened file lacks its inputs');
      single.push(r.ms);
    }
    console.log(`one user, enqueue → 200 (polling every 100 ms): ${stats(single)}  (target ≤ ${TARGETS.single} ms: ${goal(pct([...single].sort((a, b) => a - b), 50), TARGETS.single, 'ms')})`);

    /** 20 users open their model at once: the times, and how many files hold `kosten` (per model) and the other inputs. */
    const burst = async (kosten: (i: number) => number) => {
      const s = performance.now();
      const all = await Promise.all(users.map((u, i) => openModel(u, models[i])));
      const wall = performance.now() - s;
      const ok = (await Promise.all(all.map((r, i) => correct(r.file, kosten(i))))).filter(Boolean).length;
      return { all, ok, wall };
    };
    const same = await burst(() => PARAMETERS[1].value_float!);
    const sameP95 = pct([...same.all.map((r) => r.ms)].sort((a, b) => a - b), 95);
    console.log(`${USERS} users at once: ${stats(same.all.map((r) => r.ms))}  (target p95 ≤ ${TARGETS.p95} ms: ${goal(sameP95, TARGETS.p95, 'ms')}); ${same.ok}/${USERS} files correct; all done in ${Math.round(same.wall)} ms`);
    const own = (i: number) => (40 + i) / 1000;
    for (const [i, id] of models.slice(0, USERS).entries()) {
      const res = await fetch(`${base}/api/manager/parameter/`, {
        method: 'POST', headers: { ...await auth(tenant.staff), 'content-type': 'application/json' },
        body: JSON.stringify({ parameters: [{ ...PARAMETERS[1], value_float: own(i) }], models: [id] }),
      });
      if (!res.ok) throw new Error(`parameter/: ${res.status}`);
    }
    const distinct = await burst(own);
    console.log(`${USERS} users at once, each model its own parameters (every file read and filled): ${stats(distinct.all.map((r) => r.ms))}; ${distinct.ok}/${USERS} files correct; all done in ${Math.round(distinct.wall)} ms`);
    const all = distinct.all;

    const rows = await db.select({ created: job.createdAt, started: job.startedAt, finished: job.finishedAt }).from(job)
      .where(inArray(job.id, all.map((r) => r.task)));
    const wait = rows.map((r) => r.started!.getTime() - r.created.getTime());
    const run = rows.map((r) => r.finished!.getTime() - r.started!.getTime());
    const first = Math.min(...rows.map((r) => r.started!.getTime()));
    const last = Math.max(...rows.map((r) => r.finished!.getTime()));
    console.log(`  (those of every file read and filled) in the queue (created → run started): ${stats(wait)}; running: ${stats(run)}`);
    console.log(`  worker throughput: ${(rows.length / ((last - first) / 1000)).toFixed(1)} jobs/s (one instance, 4 at a time)`);

    // The queue's own overhead: jobs whose run is short (a model without a file fails at once).
    await db.update(savedModel).set({ active: false }).where(eq(savedModel.modelId, models[USERS]));
    const empty: number[] = [];
    for (let i = 0; i < 20; i++) {
      const headers = await auth(users[0]);
      const open = await fetch(`${base}/api/manager/model/${models[USERS]}/open/`, { headers });
      const { open_model_task: task } = (await open.json()) as { open_model_task: string };
      for (;;) {
        const [r] = await db.select({ status: job.status, created: job.createdAt, started: job.startedAt }).from(job).where(eq(job.id, task));
        if (r.status === 'failed') { empty.push(r.started!.getTime() - r.created.getTime()); break; }
        await new Promise((res) => setTimeout(res, 5));
      }
    }
    console.log(`queue overhead per job (created → run started, LISTEN/NOTIFY, one at a time): ${stats(empty)}`);
    await app.close();
  });
}
