import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/net.ts';
import { PASSWORD } from './fixtures.ts';

// The one way tests and benchmarks start a REAL server process (server/main.ts): the fault tests, the
// process tests (server/main.test.ts), a job worker beside a test's app, and the benchmarks on a live server.

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

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** Resolves when the server answers its status, rejects when it stops before that. */
  ready: Promise<void>;
  output(): string;
}

/**
 * Starts server/main.ts on `port` (a free one when absent) with `env` over this process's environment,
 * without waiting for it (`ready` says when it answers). EMBEDDED_PG_PORT is not passed on unless `env`
 * sets it, as in a plain start; the data folder is a new temporary one unless `env` names DATA_DIR.
 */
export async function spawnServer(env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const { EMBEDDED_PG_PORT: _, ...own } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...own, PORT: String(port), HOST: '127.0.0.1', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env, DATA_DIR: env.DATA_DIR ?? tempDir('server-data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      if (await fetch(`${base}/api/manager/status/`).then((r) => r.ok, () => false)) return;
      const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 200))]);
      if (gone) throw new Error(`server stopped before it answered:\n${output}`);
    }
  })();
  ready.catch(() => {}); // a caller that expects the process to stop (a refused start) never awaits it
  return { child, base, exited, ready, output: () => output };
}

/** spawnServer() that waits until the server answers. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const server = await spawnServer(env, port);
  await server.ready;
  return server;
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

/** An access token of a user with `password` (the fixture users' by default), signed in through the API. */
export async function signIn(base: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/manager/user/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const { access, user } = (await res.json()) as { access: string; user: { work_gate: string | null } };
  // The demo users have not accepted the terms yet; the server holds every other call until they do.
  if (user.work_gate === 'terms_not_accepted') {
    const accepted = await call(base, access, 'PUT', '/api/manager/user/me/', { terms_conditions_accepted: true });
    if (accepted.status !== 200) throw new Error(`terms ${email}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
  return access;
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
