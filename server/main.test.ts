import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './net.ts';

// The real server process (server/main.ts) on its own data folder: data survives SIGTERM, and a
// second server on the same folder stops with a clear message without touching the database; servers
// on their own data folders run side by side.

const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-main-'));
  chmodSync(dir, 0o755);
  dataDirs.push(dir);
  return dir;
}
const dataDir = newDataDir();
const PASSWORD = 'Demo-Wachtwoord-2026!';
const running: ChildProcess[] = [];

/** Without `pgPort` EMBEDDED_PG_PORT is not set, as in a plain start from the README. */
async function start(port: number, pgPort?: number, dir = dataDir) {
  const { EMBEDDED_PG_PORT: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, ...(pgPort === undefined ? {} : { EMBEDDED_PG_PORT: String(pgPort) }), DEMO_PASSWORD: PASSWORD, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForStatus(port: number, exited: Promise<number | null>) {
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/manager/status/`).then((r) => r.ok, () => false);
    if (up) return;
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 250))]);
    if (gone) throw new Error('server stopped before it answered');
  }
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/manager/user/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gebruiker@grondslag.local', password: PASSWORD }),
  });
  return ((await res.json()) as { access: string }).access;
}

afterAll(() => {
  for (const c of running) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('keeps its data over a SIGTERM restart and refuses a second server on the same data folder', async () => {
    const [port, port2, pgPort] = [await freePort(), await freePort(), await freePort()];
    const first = await start(port, pgPort);
    await waitForStatus(port, first.exited);
    expect(first.output()).toContain('admin@grondslag.local');

    const token = await signIn(port);
    const put = await fetch(`http://127.0.0.1:${port}/api/manager/user/me/`, {
      method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ first_name: 'Blijvend' }),
    });
    expect(put.status).toBe(200);

    const second = await start(port2, pgPort);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Er draait al een Grondslag-server');
    expect((await fetch(`http://127.0.0.1:${port}/api/manager/status/`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);

    const again = await start(port, pgPort);
    await waitForStatus(port, again.exited);
    expect(again.output()).not.toContain('admin@grondslag.local'); // no second seed
    const me = await fetch(`http://127.0.0.1:${port}/api/manager/user/me/`, { headers: { authorization: `Bearer ${await signIn(port)}` } });
    expect(((await me.json()) as { first_name: string }).first_name).toBe('Blijvend');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);

  it('runs two servers on their own data folders without EMBEDDED_PG_PORT; a restart keeps the kept port while it is free', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const dirA = newDataDir();
    const dirB = newDataDir();
    const a = await start(portA, undefined, dirA);
    const b = await start(portB, undefined, dirB);
    await Promise.all([waitForStatus(portA, a.exited), waitForStatus(portB, b.exited)]);
    expect(await signIn(portA)).toBeTruthy();
    expect(await signIn(portB)).toBeTruthy();
    const keptA = readFileSync(join(dirA, 'pg', 'port'), 'utf8');
    expect(keptA).not.toBe(readFileSync(join(dirB, 'pg', 'port'), 'utf8'));

    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const again = await start(portA, undefined, dirA);
    await waitForStatus(portA, again.exited);
    expect(readFileSync(join(dirA, 'pg', 'port'), 'utf8')).toBe(keptA);
    expect(await signIn(portA)).toBeTruthy();

    // The kept port taken by something else meanwhile: a new free one is chosen and kept.
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(keptA), '127.0.0.1', resolve));
    try {
      const third = await start(portA, undefined, dirA);
      await waitForStatus(portA, third.exited);
      expect(readFileSync(join(dirA, 'pg', 'port'), 'utf8')).not.toBe(keptA);
      expect(await signIn(portA)).toBeTruthy();
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      squatter.close();
    }
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 120_000);
});
