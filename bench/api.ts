// `npm run bench -- api`: the project-area API under load on a real (embedded) PostgreSQL.
// Seeds 2,000 projects × 3 versions × 3 models in one client, serves buildApp() on a loopback port and
// measures with autocannon (20 connections): GET project/?all=true and GET model/?version_model_id=…,
// then times duplicating a project with 3 versions × 3 models (model data, history files, attachments).
// Targets: project list p99 ≤ 60 ms, model list p99 ≤ 20 ms, duplicate ≤ 300 ms.
// The load asks as the browser does (Accept-Encoding: gzip, deflate, br, zstd: the lists come compressed);
// the project list is measured uncompressed too (a client without Accept-Encoding), both are printed.
import autocannon from 'autocannon';
import { brotliDecompressSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import type { Db } from '../server/db/index.ts';
import { withBenchDatabase } from './support/database.ts';
import { freePort } from '../server/net.ts';
import { bearer, createTenant } from '../test/server/fixtures.ts';
import { defaultModelData } from '../src/formulas/modelDefaults.ts';

const PROJECTS = 2000;
const TARGETS = { projectList: 60, modelList: 20, duplicate: 300 };

/** What Chromium sends with every fetch. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * Where the machine's CPU went between start and the returned function's call (Linux /proc): this
 * process (server and load generator), our PostgreSQL (the postmaster of `pgDataDir` and its children)
 * and every other process of the machine. Empty where /proc is missing.
 */
function cpuMeter(pgDataDir: string): () => string {
  if (!existsSync('/proc/stat')) return () => '';
  const TICK = 100; // USER_HZ
  const machine = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal
    return { busy: (f[0] + f[1] + f[2] + f[5] + f[6]) / TICK, all: f.reduce((x, y) => x + y, 0) / TICK };
  };
  const postgres = () => {
    const root = Number(readFileSync(join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let seconds = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        // fields after the name: state ppid … utime(11) stime(12) cutime(13) cstime(14); the postmaster's
        // cutime/cstime hold its ended backends (pool connections closed while idle)
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(pid) === root) seconds += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
        else if (Number(f[1]) === root) seconds += (Number(f[11]) + Number(f[12])) / TICK;
      } catch { /* ended meanwhile */ }
    }
    return seconds;
  };
  const own = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const m0 = machine(), p0 = postgres(), o0 = own();
  return () => {
    const m1 = machine(), p1 = postgres(), o1 = own();
    const onePercent = (m1.all - m0.all) / 100;
    const pct = (x: number) => `${Math.max(0, Math.round(x / onePercent))} %`;
    const ours = o1 - o0, pg = p1 - p0, busy = m1.busy - m0.busy;
    return `    CPU of the machine: busy ${pct(busy)} = this process (server + load generator) ${pct(ours)} + PostgreSQL ${pct(pg)}` +
      ` + other processes ${pct(busy - ours - pg)}`;
  };
}

async function load(url: string, authorization: string, seconds: number, encoding: Record<string, string> = BROWSER) {
  // the load generator runs in its own thread, so it does not share the event loop with the server
  return autocannon({ url, connections: 20, duration: seconds, headers: { authorization, ...encoding }, workers: 1 });
}
type Result = Awaited<ReturnType<typeof load>>;
const line = (label: string, r: Result, target: number) =>
  `${label}  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s  ` +
  `${Math.round(r.throughput.average / Math.max(1, r.requests.average) / 1000)} kB/answer  non-2xx ${r.non2xx}  (target p99 ≤ ${target} ms)`;


/** 2,000 projects × 3 versions × 3 models (history files, attachments, some open sessions) in one client. */
export async function seed(db: Db) {
  const tenant = await createTenant(db, 'bench');
  const c = tenant.clientId;
  const modelData = JSON.stringify(defaultModelData({ projectName: 'Bench' }));
  await db.execute(sql`
    INSERT INTO project (client_id, name, number, description, subregion_id, type_project_id, hidden, created_by, created_at, timestamp_last_modified)
    SELECT ${c}, 'Project ' || g, CASE WHEN g % 4 = 0 THEN NULL ELSE 'P-' || g END, 'Omschrijving ' || g,
           ${tenant.subregionId}, ${tenant.typeProjectId}, g % 10 = 0, ${tenant.adm.id},
           timestamptz '2025-01-01' + g * interval '1 hour', timestamptz '2025-06-01' + g * interval '1 minute'
    FROM generate_series(1, ${PROJECTS}) g`);
  await db.execute(sql`
    INSERT INTO project_role (project_id, user_id, role)
    SELECT p.id, u.id, CASE WHEN u.id = ${tenant.adm.id} THEN 'ADM' WHEN u.role = 'NON' THEN 'NON' ELSE u.role END
    FROM project p CROSS JOIN app_user u WHERE p.client_id = ${c} AND u.client_id = ${c}`);
  await db.execute(sql`
    INSERT INTO version_model (project_id, name, phase_id, created_by, created_at, timestamp_last_modified)
    SELECT p.id, 'Versie ' || v, ${tenant.phaseId}, ${tenant.adm.id}, p.created_at, p.timestamp_last_modified
    FROM project p CROSS JOIN generate_series(1, 3) v WHERE p.client_id = ${c}`);
  await db.execute(sql`
    INSERT INTO model (version_id, name, type_model_id, model_platform, model_data, created_by, last_modified_by, created_at, timestamp_last_modified)
    SELECT v.id, 'Model ' || m, CASE WHEN m = 1 THEN ${tenant.templateModelId}::int END,
           CASE WHEN m = 1 THEN 'spreadsheet' ELSE 'online' END, CASE WHEN m = 1 THEN NULL ELSE ${modelData}::jsonb END,
           ${tenant.usr.id}, ${tenant.usr.id}, v.created_at, v.timestamp_last_modified
    FROM version_model v CROSS JOIN generate_series(1, 3) m`);
  // every spreadsheet model has one history file (20 kB), every version one file attachment and one link
  await db.execute(sql`
    WITH f AS (
      INSERT INTO stored_file (client_id, filename, content_type, size, data, created_at)
      SELECT ${c}, 'model-' || m.id || '.xlsx', 'application/octet-stream', 20000, decode(repeat('ab', 20000), 'hex'), now()
      FROM model m WHERE m.model_platform = 'spreadsheet' RETURNING id, filename)
    INSERT INTO saved_model (model_id, active, file_id, filename_orig, filesize, user_save, timestamp_save)
    SELECT substring(f.filename from 'model-(\\d+)')::int, true, f.id, f.filename, 20000, ${tenant.usr.id}, now() FROM f`);
  await db.execute(sql`
    WITH f AS (
      INSERT INTO stored_file (client_id, filename, size, data, created_at)
      SELECT ${c}, 'tekening-' || v.id || '.pdf', 50000, decode(repeat('cd', 50000), 'hex'), now() FROM version_model v RETURNING id, filename)
    INSERT INTO attachment (version_id, attachment_type, category_id, name, file_id, timestamp_upload)
    SELECT substring(f.filename from 'tekening-(\\d+)')::int, 'FILE', ${tenant.categoryId}, 'Tekening', f.id, now() FROM f`);
  await db.execute(sql`
    INSERT INTO attachment (version_id, attachment_type, category_id, name, url_link, timestamp_upload)
    SELECT v.id, 'LINK', ${tenant.categoryId}, 'Kaart', 'https://example.org/' || v.id, now() FROM version_model v`);
  await db.execute(sql`INSERT INTO model_session (model_id, user_id, started_at) SELECT id, ${tenant.usr.id}, now() FROM model WHERE id % 50 = 0`);
  await db.execute(sql`ANALYZE`);
  return tenant;
}

export default async function bench() {
  await withBenchDatabase(20, async (db, dir) => {
    const t0 = performance.now();
    const tenant = await seed(db);
    const { rows: [n] } = await db.execute<{ p: number; v: number; m: number }>(sql`
      SELECT (SELECT count(*) FROM project) AS p, (SELECT count(*) FROM version_model) AS v, (SELECT count(*) FROM model) AS m`);
    console.log(`seeded ${n.p} projects, ${n.v} versions, ${n.m} models in ${Math.round(performance.now() - t0)} ms`);

    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent' }, db });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}/api/manager`;
    const { authorization } = await bearer(app, tenant.adm);
    const { rows: [mid] } = await db.execute<{ project_id: number; version_id: number }>(sql`
      SELECT v.project_id, v.id AS version_id FROM version_model v ORDER BY v.id OFFSET ${3 * (PROJECTS / 2)} LIMIT 1`);

    const check = await fetch(`${base}/project/?all=true`, { headers: { authorization } });
    const list = (await check.json()) as unknown[];
    console.log(`GET project/?all=true: ${check.status}, ${list.length} rows`);
    // the compressed answer is the same JSON (node:http, which does not decode by itself)
    const { request } = await import('node:http');
    const br = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(`${base}/project/?all=true`, { headers: { authorization, ...BROWSER } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject).end();
    });
    const same = br.encoding === 'br' && JSON.stringify(JSON.parse(brotliDecompressSync(br.body).toString())) === JSON.stringify(list);
    console.log(`  as a browser asks: ${br.encoding}, ${Math.round(br.body.length / 1000)} kB, same JSON: ${same}`);
    if (!same) throw new Error('the compressed project list differs from the uncompressed one');

    // one request at a time: the cost of one answer, without queueing
    const { projectListJson, modelListJson } = await import('../server/services/projectRows.ts');
    const [admRow] = await db.execute<Record<string, unknown>>(sql`SELECT * FROM app_user WHERE id = ${tenant.adm.id}`).then((r) => r.rows);
    const user = { ...tenant.adm, ...admRow } as typeof tenant.adm;
    const time = async (label: string, f: () => Promise<unknown>) => {
      const ts: number[] = [];
      for (let i = 0; i < 30; i++) {
        const s = performance.now();
        await f();
        ts.push(performance.now() - s);
      }
      ts.sort((x, y) => x - y);
      console.log(`${label}: median ${ts[15].toFixed(1)} ms, max ${ts[29].toFixed(1)} ms (sequential)`);
    };
    await time('project list query (uncached)', () => projectListJson(db, user, true));
    await time('GET project/?all=true', () => fetch(`${base}/project/?all=true`, { headers: { authorization } }).then((r) => r.arrayBuffer()));
    await time('model list query', () => modelListJson(db, user, mid.version_id));
    await time('GET model/?version_model_id', () => fetch(`${base}/model/?version_model_id=${mid.version_id}`, { headers: { authorization } }).then((r) => r.arrayBuffer()));
    if (process.env.BENCH_EXPLAIN) {
      const { projectListSql } = await import('../server/services/projectRows.ts');
      const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${projectListSql(user, true)}`);
      console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
      const { rows: r2 } = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) SELECT ${sql.raw(String(mid.version_id))}`);
      void r2;
      process.exit(0); // diagnosis only
    }

    // the floor of this machine and harness right now: a public answer without database or cache
    // (each run prints where the machine's CPU went meanwhile: on a shared machine others take their part)
    const pgDataDir = join(dir, 'cluster');
    let cpu = cpuMeter(pgDataDir);
    const floor = await load(`http://127.0.0.1:${port}/api/grexsuperadmin/status/`, authorization, 5);
    console.log(`harness floor, GET status/ (no token check, no database)  p50 ${floor.latency.p50} ms  p99 ${floor.latency.p99} ms  ${Math.round(floor.requests.average)} req/s\n${cpu()}`);

    await load(`${base}/project/?all=true`, authorization, 2); // warm-up
    cpu = cpuMeter(pgDataDir);
    const pl = await load(`${base}/project/?all=true`, authorization, 10);
    console.log(`${line('GET project/?all=true (as a browser asks)', pl, TARGETS.projectList)}\n${cpu()}`);
    cpu = cpuMeter(pgDataDir);
    const plain = await load(`${base}/project/?all=true`, authorization, 10, {});
    console.log(`${line('GET project/?all=true (uncompressed)     ', plain, TARGETS.projectList)}\n${cpu()}`);

    const murl = `${base}/model/?version_model_id=${mid.version_id}`;
    await load(murl, authorization, 2);
    cpu = cpuMeter(pgDataDir);
    const ml = await load(murl, authorization, 10);
    console.log(`${line('GET model/?version_model_id (as a browser asks)', ml, TARGETS.modelList)}\n${cpu()}`);

    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const res = await fetch(`${base}/project/${mid.project_id}/duplicate/`, { headers: { authorization } });
      const copy = (await res.json()) as { name: string };
      times.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`duplicate answered ${res.status}`);
      if (i === 0) console.log(`duplicate → '${copy.name}'`);
    }
    const sorted = [...times].sort((x, y) => x - y);
    console.log(`GET project/{id}/duplicate/ (3 versions × 3 models, history files, attachments)  median ${sorted[2].toFixed(1)} ms  max ${sorted[4].toFixed(1)} ms  (target ≤ ${TARGETS.duplicate} ms)`);

    const verdict = (ok: boolean) => (ok ? 'OK' : 'TE LANGZAAM');
    console.log(`machine load average (1 min) at the end: ${loadavg()[0].toFixed(1)} on ${(await import('node:os')).cpus().length} cores`);
    console.log(`verdict: project list ${verdict(pl.latency.p99 <= TARGETS.projectList)} (uncompressed ${verdict(plain.latency.p99 <= TARGETS.projectList)}), ` +
      `model list ${verdict(ml.latency.p99 <= TARGETS.modelList)}, duplicate ${verdict(sorted[4] <= TARGETS.duplicate)}`);
    await app.close();
  });
}
