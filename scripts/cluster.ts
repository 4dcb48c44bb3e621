// `npm run start:cluster -- N`: N server processes (server/main.ts) on one PostgreSQL behind nginx.
// - The database: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, started once here and shared (this
//   process holds the data folder's lock; the instances connect by URL and take no lock of their own).
//   Migrations, the first seed and the shipped content run here once, before the instances start.
// - The instances listen on free loopback ports with TRUST_PROXY=true (the client's address comes from
//   nginx) and PUBLIC_URL the address of nginx. One that stops by itself is started again.
// - nginx (Debian's package, installed when missing) listens on HOST:PORT with deploy/nginx.conf, run in
//   the foreground with its own prefix in a temporary folder, not as the system service.
// - Ctrl+C or SIGTERM stops nginx, then the instances, then the database.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv, startupNotices } from '../server/config.ts';
import { connect } from '../server/db/index.ts';
import { migrateDb } from '../server/db/migrate.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../server/db/embedded.ts';
import { lockDataDir } from '../server/lock.ts';
import { freePort } from '../server/net.ts';
import { ensureShippedContent, printSeededUsers, seedIfEmpty } from '../server/seed/index.ts';
import { ensureProgram } from './ensure.ts';

const root = join(import.meta.dirname, '..');
const count = Number(process.argv.slice(2).find((a) => !a.startsWith('-')) ?? 2);
const config = configFromEnv();

function fail(message: string): never {
  console.error(`\nGrondslag-cluster kan niet starten: ${message}\n`);
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1 || count > 32) fail(`het aantal instanties moet 1 t/m 32 zijn, niet '${process.argv[2]}'.`);

/** Copies a child's output with a prefix per line. */
function prefixed(stream: NodeJS.ReadableStream, prefix: string, to: NodeJS.WriteStream) {
  let rest = '';
  stream.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const l of lines) to.write(`${prefix} ${l}\n`);
  });
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then((r) => r.ok, () => false);
}

/** Waits until `url` answers 200, or fails when the process exits first. */
async function waitFor(url: string, child: ChildProcess, what: string) {
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopte tijdens het starten.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let stopping = false;
let unlock = () => {};
let embedded: EmbeddedDb | undefined;
let databaseUrl = config.databaseUrl;
const instances: { port: number; child: ChildProcess }[] = [];
let nginx: ChildProcess | undefined;
let prefix: string | undefined;

function exited(child: ChildProcess | undefined, ms: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function shutdown(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cluster stopt`);
  nginx?.kill('SIGQUIT'); // finishes the requests under way
  await exited(nginx, 10_000);
  for (const i of instances) i.child.kill('SIGTERM');
  await Promise.all(instances.map((i) => exited(i.child, 20_000)));
  await embedded?.stop().catch(() => {});
  unlock();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
  process.exit(code);
}
// Only this shutdown stops the embedded server, after the instances (see server/main.ts).
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

function startInstance(n: number, port: number): ChildProcess {
  const { EMBEDDED_PG_PORT: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      // Each instance takes its share of the machine's cores for workbook and engine work (unless set).
      WORKER_THREADS: String(Math.max(1, Math.floor(availableParallelism() / count))),
      ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', PUBLIC_URL: config.publicUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(child.stdout!, `[${n}]`, process.stdout);
  prefixed(child.stderr!, `[${n}]`, process.stderr);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${n}] gestopt (${signal ?? `code ${code}`}); wordt opnieuw gestart`);
    setTimeout(() => {
      if (stopping) return;
      instances[n - 1] = { port, child: startInstance(n, port) };
    }, 1000);
  });
  return child;
}

/** deploy/nginx.conf with the fields filled in, in its own prefix folder (pid, temp files). */
function writeNginxConfig(ports: number[]): string {
  prefix = mkdtempSync(join(tmpdir(), 'grondslag-nginx-'));
  chmodSync(prefix, 0o755); // started as root, nginx's workers run as nobody and need its temp folders
  const listen = config.host === '0.0.0.0' ? String(config.port) : `${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const text = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', listen)
    .replaceAll('{{MAX_BODY}}', `${Math.ceil(Math.max(config.maxUploadBytes, 20 * 1024 * 1024) / 1_000_000) + 1}m`)
    .replaceAll('{{SERVERS}}', ports.map((p) => `    server 127.0.0.1:${p};`).join('\n'));
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, text);
  return file;
}

try {
  const nginxPath = ensureProgram('nginx');
  if (!databaseUrl) {
    unlock = lockDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'pg'), config.embeddedPgPort);
    databaseUrl = embedded.url;
  }
  // Once, before the instances: they find the database migrated and seeded.
  const db = connect(databaseUrl, 2);
  try {
    await migrateDb(db);
    const seeded = await seedIfEmpty(db, config.now());
    if (seeded) printSeededUsers(seeded);
    await ensureShippedContent(db, config.now());
  } finally {
    await db.$client.end();
  }

  for (let n = 1; n <= count; n++) {
    const port = await freePort();
    instances.push({ port, child: startInstance(n, port) });
  }
  await Promise.all(instances.map((i, n) => waitFor(`http://127.0.0.1:${i.port}/api/manager/status/`, i.child, `Instantie ${n + 1}`)));

  const file = writeNginxConfig(instances.map((i) => i.port));
  nginx = spawn(nginxPath, ['-p', prefix!, '-c', file, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'pipe'] });
  prefixed(nginx.stderr!, '[nginx]', process.stderr);
  nginx.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[nginx] gestopt (${signal ?? `code ${code}`})`);
    void shutdown('nginx gestopt', 1);
  });
  const local = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  await waitFor(`http://${local}:${config.port}/api/manager/status/`, nginx, 'nginx');
  console.log(`Grondslag draait op ${config.publicUrl}: ${count} instanties (poorten ${instances.map((i) => i.port).join(', ')}) achter nginx. Stop met Ctrl+C.`);
  for (const notice of startupNotices(process.env, config)) console.warn(notice);
} catch (e) {
  console.error(`\nGrondslag-cluster kan niet starten: ${(e as Error).message}\n`);
  await shutdown('fout', 1);
}
