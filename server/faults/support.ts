import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Db } from '../db/index.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.ts';
import { freePort } from '../net.ts';
import { PASSWORD } from '../test/fixtures.ts';

// The fault tests (server/faults/*.faults.test.ts, `npm run test:faults`) run REAL server processes
// (server/main.ts) against an embedded PostgreSQL that the test owns, so that it can stop and start the
// database under a running server, and kill a server while the database stays.

const dirs: string[] = [];
/** A temporary folder, removed by removeTempDirs(). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `grondslag-${prefix}-`));
  chmodSync(dir, 0o755); // the embedded database runs as `postgres` when we are root
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The test's own embedded PostgreSQL: stopped (a fast shutdown, as on a restart) and started again on the same port. */
export class TestPostgres {
  private running: EmbeddedDb | null = null;
  readonly dir = tempDir('faults-pg');
  url = '';
  private port = 0;

  async start(): Promise<void> {
    this.port ||= await freePort();
    this.running = await startEmbeddedPostgres(this.dir, this.port);
    this.url = this.running.url;
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    this.running = null;
  }

  async cleanup(): Promise<void> {
    await this.stop().catch(() => {});
    removeTempDirs();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts server/main.ts on a free port with its own data folder and `env`, and waits until it answers. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const { EMBEDDED_PG_PORT: _, ...own } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...own, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', DATA_DIR: tempDir('faults-data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (await fetch(`${base}/api/manager/status/`).then((r) => r.ok, () => false)) break;
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))]);
    if (gone) throw new Error(`server stopped before it answered:\n${output}`);
  }
  return { child, base, exited, output: () => output };
}

/** SIGKILL: no shutdown, no goodbye to the database (an OOM kill, a pulled plug). */
export async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** An access token of a fixture user (server/test/fixtures.ts), signed in through the API. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/manager/user/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/** A call with a bearer token and a JSON body; the status, the body (JSON or text) and how long it took. */
export async function call(base: string, token: string, method: string, path: string, body?: unknown, timeoutMs = 120_000) {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch { /* not JSON */ }
    return { status: res.status, body: json as Record<string, unknown>, ms: performance.now() - started };
  } catch (e) {
    // the server went away (killed) or the request timed out
    return { status: 0, body: { message: String((e as Error).cause ?? e) } as Record<string, unknown>, ms: performance.now() - started };
  }
}

/** A pool on the test's database for fixtures and checks. */
export const testDb = (url: string): Db => connect(url, 3);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
