// `npm run bench -- load [--seconds 60] [--users 200]`: 200 simulated users for 60 s against the cluster
// of `npm run start:cluster` (scripts/cluster.ts: the instances as their own processes behind nginx, on
// this benchmark's own embedded PostgreSQL), with two instances and then with one for comparison.
// Each user signs in, then, with a think time of 0.5–1.5 s between steps, asks the project list (30 %), a
// version's model list (20 %), opens an online model (the workbench's load, 20 %), saves it (27 %, with the
// data_version it read; a 409 is answered by reading again and saving once more), asks a report and polls
// it until it is ready (1 %), or signs in again (2 %). 100 online models, each shared by two users, so
// saves do meet each other.
// Afterwards every acknowledged save is checked against the database: per model the versions acknowledged
// are exactly those between the start and the stored data_version, and the stored data is that of the
// last one (no lost update). Printed: p50/p95/p99 per call, 5xx answers, lost updates, and for a read-only
// mix without think time (the same 200 users) the requests per second of two instances against one.
// Targets (issue 16): p99 ≤ 250 ms for reads, ≤ 500 ms for saves, 0 errors.
// Shorter runs: `--seconds 10` (or LOAD_SECONDS), fewer users: `--users 50` (or LOAD_USERS).
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/index.ts';
import { freePort } from '../server/net.ts';
import { templateReport } from '../server/db/schema/index.ts';
import { ensureReportTemplates } from '../server/seed/templates.ts';
import { PASSWORD, createTenant, createUser } from '../test/server/fixtures.ts';
import { CASH_FLOWS_NAME } from '../src/formulas/reportTemplates.ts';
import { withBenchDatabase } from './support/database.ts';

function option(name: string, env: string | undefined, fallback: number): number {
  const args = process.argv;
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const raw = i < 0 ? env : args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const n = Number(raw);
  return raw !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
}
const SECONDS = option('seconds', process.env.LOAD_SECONDS, 60);
const USERS = option('users', process.env.LOAD_USERS, 200);
const READ_SECONDS = Math.min(15, SECONDS);
const MODELS = Math.max(1, Math.floor(USERS / 2));
const TARGETS = { read: 250, save: 500 };
/**
 * The users sit in 20 offices, each with its own address (127.0.1.1–20 on the loopback, which nginx passes
 * on as X-Forwarded-For): the per-IP limits meet 10 users per address, not all 200 at once.
 */
const OFFICES = 20;
const agents = Array.from({ length: OFFICES }, () => new Agent({ keepAlive: true }));
const READS = ['project list', 'model list', 'model open', 'report poll'];
const root = join(import.meta.dirname, '..');
const worked = JSON.parse(readFileSync(join(root, 'src/formulas/examples/worked-example.model.json'), 'utf8')) as { base_parameters: Record<string, unknown> };

/** The worked example with `marker` as the name of its first phase: which save the stored data is. */
function marked(marker: string) {
  const phases = worked.base_parameters.phasing_costs_revenues as { phase_name: string }[];
  return { ...worked, base_parameters: { ...worked.base_parameters, phasing_costs_revenues: phases.map((p, k) => (k ? p : { ...p, phase_name: marker })) } };
}

interface Seeded { emails: string[]; versions: number[]; models: number[]; template: number }

/** One client: USERS users (USR on every project), MODELS projects of one version with one online model each. */
async function seed(db: Db): Promise<Seeded> {
  const tenant = await createTenant(db, 'load');
  const emails: string[] = [];
  for (let i = 0; i < USERS; i++) emails.push((await createUser(db, tenant.clientId, { email: `gebruiker${i}@load.test`, role: 'USR' })).email);
  await db.execute(sql`
    INSERT INTO project (client_id, name, number, subregion_id, type_project_id, created_by, created_at, timestamp_last_modified)
    SELECT ${tenant.clientId}, 'Project ' || g, 'P-' || g, ${tenant.subregionId}, ${tenant.typeProjectId}, ${tenant.adm.id}, now(), now() FROM generate_series(1, ${MODELS}) g`);
  await db.execute(sql`
    INSERT INTO project_role (project_id, user_id, role)
    SELECT p.id, u.id, CASE WHEN u.role = 'ADM' THEN 'ADM' WHEN u.role = 'NON' THEN 'NON' ELSE u.role END
    FROM project p CROSS JOIN app_user u WHERE p.client_id = ${tenant.clientId} AND u.client_id = ${tenant.clientId}`);
  await db.execute(sql`
    INSERT INTO version_model (project_id, name, phase_id, created_by, created_at, timestamp_last_modified)
    SELECT p.id, 'Versie 1', ${tenant.phaseId}, ${tenant.adm.id}, now(), now()
    FROM project p WHERE p.client_id = ${tenant.clientId}`);
  await db.execute(sql`
    INSERT INTO model (version_id, name, model_platform, model_data, created_by, created_at, timestamp_last_modified)
    SELECT v.id, 'Online', 'online', ${JSON.stringify(worked)}::jsonb, ${tenant.adm.id}, now(), now()
    FROM version_model v JOIN project p ON p.id = v.project_id WHERE p.client_id = ${tenant.clientId} ORDER BY v.id`);
  await ensureReportTemplates(db, new Date());
  const [tpl] = await db.select({ id: templateReport.id }).from(templateReport)
    .where(sql`${templateReport.clientId} = ${tenant.clientId} AND ${templateReport.name} = ${CASH_FLOWS_NAME}`);
  const rows = (await db.execute<{ version: number; model: number }>(sql`
    SELECT v.id AS version, m.id AS model FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    WHERE p.client_id = ${tenant.clientId} ORDER BY m.id`)).rows;
  await db.execute(sql`ANALYZE`);
  return { emails, versions: rows.map((r) => r.version), models: rows.map((r) => r.model), template: tpl!.id };
}

/** scripts/cluster.ts with `instances` instances on the benchmark's database; resolves with nginx's address. */
async function startCluster(databaseUrl: string, instances: number): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/cluster.ts'), String(instances)], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  while (!output.includes('achter nginx')) {
    if (child.exitCode !== null) throw new Error(`the cluster stopped:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      // What the instances logged besides the usual: errors of the run show here.
      const unusual = output.split('\n').filter((l) => /error|fout|"level":(50|60)/i.test(l));
      if (unusual.length) console.log(`  cluster log, ${unusual.length} error lines, first: ${unusual.slice(0, 3).join(' | ').slice(0, 600)}`);
    },
  };
}

/** CPU seconds of the processes under `roots` (their ended children included) and of the whole machine, from /proc. */
function cpuSeconds(roots: number[]): { trees: number[]; busy: number; all: number } {
  const TICK = 100; // USER_HZ
  const procs = new Map<number, { ppid: number; own: number; ended: number }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // after the name: state ppid … utime(11) stime(12) cutime(13) cstime(14)
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), own: (Number(f[11]) + Number(f[12])) / TICK, ended: (Number(f[13]) + Number(f[14])) / TICK });
    } catch { /* ended meanwhile */ }
  }
  const trees = roots.map((root) => {
    let sum = procs.get(root)?.ended ?? 0;
    for (const [pid, p] of procs) {
      for (let q: number | undefined = pid, hops = 0; q && q > 1 && hops < 20; q = procs.get(q)?.ppid, hops++) {
        if (q === root) { sum += p.own; break; }
      }
    }
    return sum;
  });
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { trees, busy: (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) / TICK, all: f.reduce((x, y) => x + y, 0) / TICK };
}

/** Where the machine's CPU went during `f`: the load generator, the cluster (nginx and instances), PostgreSQL, the rest. */
async function measured<T>(roots: { cluster: number; postgres: number }, f: () => Promise<T>): Promise<[T, string]> {
  if (!existsSync('/proc/stat')) return [await f(), ''];
  // The generator is this process alone: the cluster and PostgreSQL are its children.
  const ids = [roots.cluster, roots.postgres];
  const own = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
  const a = cpuSeconds(ids), g0 = own();
  const result = await f();
  const b = cpuSeconds(ids), gen = own() - g0;
  const onePct = (b.all - a.all) / 100;
  const pct = (x: number) => `${Math.max(0, Math.round(x / onePct))} %`;
  const [cluster, pg] = b.trees.map((x, k) => x - a.trees[k]!);
  const busy = b.busy - a.busy;
  return [result, `  CPU of the machine (${cpus().length} cores = 100 %): busy ${pct(busy)} = load generator ${pct(gen)} + nginx and instances ${pct(cluster!)} + PostgreSQL ${pct(pg!)} + other processes of the machine ${pct(busy - gen - cluster! - pg!)}`];
}

type Stats = Map<string, { ms: number[]; status: Map<number, number> }>;
const pct = (xs: number[], p: number) => xs[Math.max(0, Math.ceil(xs.length * p) - 1)] ?? NaN;

interface Ack { model: number; version: number; marker: string }

/** 200 users with think time (mixed), or without (read mix); returns the stats, the acknowledged saves and the duration. */
async function run(base: string, s: Seeded, seconds: number, mode: 'mixed' | 'reads', tokens: string[] = []): Promise<{ stats: Stats; acks: Ack[]; elapsed: number; tokens: string[] }> {
  const stats: Stats = new Map();
  const acks: Ack[] = [];
  const record = (name: string, ms: number, status: number) => {
    let e = stats.get(name);
    if (!e) stats.set(name, (e = { ms: [], status: new Map() }));
    e.ms.push(ms);
    e.status.set(status, (e.status.get(status) ?? 0) + 1);
  };
  const { hostname, port } = new URL(base);
  const send = async (name: string, method: string, path: string, token: string | null, body?: unknown, office = 0, parse = false) => {
    const start = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const answer = await new Promise<{ status: number; json: unknown }>((resolve) => {
      const req = request({
        hostname, port, path, method, agent: agents[office % OFFICES], localAddress: `127.0.1.${(office % OFFICES) + 1}`,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('error', () => resolve({ status: 0, json: null })).on('end', () => {
          const text = parse ? Buffer.concat(chunks).toString() : '';
          let json: unknown = null;
          // only where the user reads the answer: parsing every list would load the generator, not the servers
          try { json = parse && text ? JSON.parse(text) : null; } catch { /* not JSON */ }
          resolve({ status: res.statusCode ?? 0, json });
        });
      });
      req.on('error', () => resolve({ status: 0, json: null })); // no answer at all: counted with the errors
      req.end(payload);
    });
    record(name, performance.now() - start, answer.status);
    return { status: answer.status, json: answer.json as Record<string, unknown> };
  };

  const end = Date.now() + seconds * 1000;
  const think = () => (mode === 'mixed' ? new Promise((r) => setTimeout(r, 500 + Math.random() * 1000)) : Promise.resolve());
  const signIn = async (i: number) => (await send('sign-in', 'POST', '/api/manager/user/login/', null, { email: s.emails[i], password: PASSWORD }, i, true)).json?.access as string | undefined;

  async function user(i: number) {
    const call = (name: string, method: string, path: string, token: string | null, body?: unknown, parse = false) => send(name, method, path, token, body, i, parse);
    // Sign-ins spread over the first seconds, as people arrive (argon2 takes ~40 ms of a core each); the
    // read mix goes on with the sessions of the mixed run.
    if (!tokens[i]) {
      await new Promise((r) => setTimeout(r, (i / USERS) * Math.min(10_000, seconds * 1000 / 6)));
      // A refused sign-in (counted above) is tried again, as a person would.
      while (!(tokens[i] = (await signIn(i))!) && Date.now() < end) await new Promise((r) => setTimeout(r, 1000));
    }
    let token = tokens[i]!;
    const m = i % s.models.length;
    const modelId = s.models[m]!;
    let version: number | undefined;
    let seq = 0;
    const open = async () => {
      const r = await call('model open', 'GET', `/api/grexonline/model/${modelId}/`, token, undefined, true);
      if (r.status === 200) version = r.json.data_version as number;
    };
    while (Date.now() < end) {
      const roll = Math.random();
      if (roll < 0.3) await call('project list', 'GET', '/api/manager/project/?all=true', token);
      else if (roll < 0.5) await call('model list', 'GET', `/api/manager/model/?version_model_id=${s.versions[(m + seq) % s.versions.length]}`, token);
      else if (roll < 0.7 || mode === 'reads') await open();
      else if (roll < 0.97) {
        if (version === undefined) await open();
        for (let attempt = 0; attempt < 3 && version !== undefined; attempt++) {
          const marker = `u${i}-${++seq}`;
          const r = await call('model save', 'POST', `/api/grexonline/model/${modelId}/`, token,
            { ...marked(marker), data_version: version }, true);
          if (r.status === 200) {
            version = r.json.data_version as number;
            acks.push({ model: modelId, version, marker });
            break;
          }
          if (r.status !== 409) break;
          await open(); // someone else saved first: read again, then save once more
        }
      } else if (roll < 0.98) {
        const asked = await call('report ask', 'POST', '/api/manager/report/', token, { template_report: s.template, models: [modelId] }, true);
        if (asked.status === 200) {
          const started = performance.now();
          for (;;) {
            await new Promise((r) => setTimeout(r, 300));
            const polled = await call('report poll', 'GET', `/api/manager/report/?uuid=${asked.json.uuid}`, token);
            if (polled.status !== 202) {
              record('report ready (ask → file)', performance.now() - started, polled.status);
              break;
            }
            if (performance.now() - started > 60_000) {
              record('report ready (ask → file)', performance.now() - started, 0);
              break;
            }
          }
        }
      } else token = tokens[i] = (await signIn(i)) ?? token;
      await think();
    }
  }
  const start = performance.now();
  await Promise.all(Array.from({ length: USERS }, (_, i) => user(i)));
  return { stats, acks, elapsed: (performance.now() - start) / 1000, tokens };
}

function print(stats: Stats, elapsed: number) {
  const rows = [...stats.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [name, e] of rows) {
    const ms = [...e.ms].sort((a, b) => a - b);
    const target = READS.includes(name) ? TARGETS.read : name === 'model save' ? TARGETS.save : undefined;
    const statuses = [...e.status.entries()].sort(([a], [b]) => a - b).map(([c, n]) => `${c || 'no answer'}×${n}`).join(' ');
    const verdict = target === undefined ? '' : `  (target p99 ≤ ${target} ms: ${pct(ms, 0.99) <= target ? 'OK' : `MISSED by ${Math.round(pct(ms, 0.99) - target)} ms`})`;
    console.log(`  ${name.padEnd(27)} n=${String(ms.length).padStart(6)}  ${(ms.length / elapsed).toFixed(1).padStart(6)}/s  p50 ${pct(ms, 0.5).toFixed(0).padStart(4)}  p95 ${pct(ms, 0.95).toFixed(0).padStart(4)}  p99 ${pct(ms, 0.99).toFixed(0).padStart(5)} ms  [${statuses}]${verdict}`);
  }
  const all = rows.flatMap(([, e]) => [...e.status.entries()]);
  const errors = all.filter(([c]) => c >= 500 || c === 0).reduce((n, [, k]) => n + k, 0);
  console.log(`  answers 5xx or none: ${errors}`);
  return errors;
}

/** Every acknowledged save against the database: no lost update. Returns how many were lost. */
async function checkSaves(db: Db, acks: Ack[], before: Map<number, number>): Promise<number> {
  const { rows } = await db.execute<{ id: number; data_version: number; marker: string }>(sql`
    SELECT id, data_version, model_data->'base_parameters'->'phasing_costs_revenues'->0->>'phase_name' AS marker FROM model
    WHERE id IN (${sql.join([...before.keys()].map((id) => sql`${id}`), sql`, `)})`);
  let lost = 0;
  for (const r of rows) {
    const mine = acks.filter((a) => a.model === r.id).sort((a, b) => a.version - b.version);
    const start = before.get(r.id)!;
    // Each acknowledged save took the next version: as many versions as acknowledgements, none twice.
    const expected = Array.from({ length: r.data_version - start }, (_, k) => start + k + 1);
    const got = mine.map((a) => a.version);
    const wrong = got.length !== expected.length || got.some((v, k) => v !== expected[k]) ? `versions acknowledged ${got.join(',')}, stored ${start}→${r.data_version}`
      : mine.length && mine.at(-1)!.marker !== r.marker ? `stored '${r.marker}', last acknowledged '${mine.at(-1)!.marker}'` : '';
    if (!wrong) continue;
    if (!lost) console.log(`  lost update on model ${r.id}: ${wrong}`);
    lost += Math.max(1, Math.abs(expected.length - got.length));
  }
  return lost;
}

export default async function bench() {
  await withBenchDatabase(4, async (db, dir) => {
    const postgres = Number(readFileSync(join(dir, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const s = await seed(db);
    // The planner's statistics of the seeded tables now, as autovacuum would give them a while later: the
    // first setup measured should not pay for a fresh database.
    await db.execute(sql`ANALYZE`);
    console.log(`${USERS} users, ${MODELS} projects with an online model each (each model shared by two users); ${SECONDS} s mixed, ${READ_SECONDS} s read mix per setup`);
    console.log(`through nginx (scripts/cluster.ts); machine: ${cpus().length} cores shared by the load generator (this process), nginx, the instances and PostgreSQL`);
    const url = db.$client.options.connectionString!;
    const readRate: Record<number, number> = {};
    let failed = false;
    for (const instances of [2, 1]) {
      const cluster = await startCluster(url, instances);
      try {
        console.log(`\n--- ${instances} instance${instances > 1 ? 's' : ''} behind nginx (load average ${loadavg()[0].toFixed(1)}) ---`);
        const before = new Map((await db.execute<{ id: number; data_version: number }>(sql`
          SELECT id, data_version FROM model WHERE id IN (${sql.join(s.models.map((id) => sql`${id}`), sql`, `)})`)).rows.map((r) => [r.id, r.data_version]));
        const roots = { cluster: cluster.pid, postgres };
        const [mixed, mixedCpu] = await measured(roots, () => run(cluster.base, s, SECONDS, 'mixed'));
        console.log(`mixed, ${USERS} users with think time, ${mixed.elapsed.toFixed(0)} s:`);
        const errors = print(mixed.stats, mixed.elapsed);
        console.log(mixedCpu);
        const lost = await checkSaves(db, mixed.acks, before);
        console.log(`  acknowledged saves ${mixed.acks.length}, checked against the database: lost ${lost}`);
        const [reads, readsCpu] = await measured(roots, () => run(cluster.base, s, READ_SECONDS, 'reads', mixed.tokens));
        const n = [...reads.stats.entries()].filter(([k]) => READS.includes(k)).reduce((sum, [, e]) => sum + e.ms.length, 0);
        readRate[instances] = n / reads.elapsed;
        console.log(`read mix without think time, ${USERS} users, ${reads.elapsed.toFixed(0)} s: ${readRate[instances].toFixed(0)} requests/s`);
        const readErrors = print(reads.stats, reads.elapsed);
        console.log(readsCpu);
        const p99 = (name: string) => pct([...(mixed.stats.get(name)?.ms ?? [])].sort((a, b) => a - b), 0.99);
        const missed = READS.some((r) => p99(r) > TARGETS.read) || p99('model save') > TARGETS.save;
        failed ||= errors + readErrors + lost > 0 || missed;
        console.log(`machine load average (1 min) now: ${loadavg()[0].toFixed(1)}`);
      } finally {
        await cluster.stop();
      }
    }
    console.log(`\nread mix: 2 instances ${readRate[2]!.toFixed(0)} req/s against 1 instance ${readRate[1]!.toFixed(0)} req/s (×${(readRate[2]! / readRate[1]!).toFixed(2)})`);
    console.log('bounded by the 2 cores: the load generator, nginx, both instances and PostgreSQL share them (and whatever else runs on the machine, see the load averages), so a second instance adds a process, not a core');
    for (const a of agents) a.destroy();
    console.log(`verdict: ${failed ? 'NOT MET (see above)' : 'OK: 0 errors, 0 lost updates, p99 within the targets'}`);
  });
}
