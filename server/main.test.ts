import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './net.ts';
import { removeTempDirs, signIn as signInAt, spawnServer, tempDir, type ServerProcess } from '../test/server/serverProcess.ts';

// The real server process (server/main.ts) on its own data folder: data survives SIGTERM, and a
// second server on the same folder stops with a clear message without touching the database; servers
// on their own data folders run side by side.

const newDataDir = () => tempDir('main');
const dataDir = newDataDir();
const PASSWORD = 'Demo-Wachtwoord-2026!';
const running: ServerProcess[] = [];

/** Without `pgPort` EMBEDDED_PG_PORT is not set, as in a plain start from the README. */
async function start(port: number, pgPort?: number, dir = dataDir, env: Record<string, string> = {}) {
  const server = await spawnServer({ DATA_DIR: dir, ...(pgPort === undefined ? {} : { EMBEDDED_PG_PORT: String(pgPort) }), DEMO_PASSWORD: PASSWORD, ...env }, port);
  running.push(server);
  return server;
}

const signIn = (port: number) => signInAt(`http://127.0.0.1:${port}`, 'gebruiker@grondslag.local', PASSWORD);

afterAll(() => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  removeTempDirs();
});

describe('server process', () => {
  it('keeps its data over a SIGTERM restart and refuses a second server on the same data folder', async () => {
    const [port, port2, pgPort] = [await freePort(), await freePort(), await freePort()];
    const first = await start(port, pgPort, dataDir, { LOG_LEVEL: 'info' });
    await first.ready;
    expect(first.output()).toContain('admin@grondslag.local');
    // Redirected (a pipe, as under a process manager) the log line comes before the box of sign-ins, not in it.
    const out = first.output();
    expect(out.indexOf('Server listening')).toBeGreaterThan(-1);
    expect(out.indexOf('Server listening')).toBeLessThan(out.indexOf('Inloggegevens'));

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
    await again.ready;
    expect(again.output()).not.toContain('admin@grondslag.local'); // no second seed
    const me = await fetch(`http://127.0.0.1:${port}/api/manager/user/me/`, { headers: { authorization: `Bearer ${await signIn(port)}` } });
    expect(((await me.json()) as { first_name: string }).first_name).toBe('Blijvend');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);

  it('runs two servers on their own data folders without EMBEDDED_PG_PORT; a restart keeps the kept port while it is free', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const dirA = newDataDir();
    const dirB = newDataDir();
    const a = await start(portA, undefined, dirA);
    const b = await start(portB, undefined, dirB);
    await Promise.all([a.ready, b.ready]);
    expect(await signIn(portA)).toBeTruthy();
    expect(await signIn(portB)).toBeTruthy();
    const keptA = readFileSync(join(dirA, 'pg', 'port'), 'utf8');
    expect(keptA).not.toBe(readFileSync(join(dirB, 'pg', 'port'), 'utf8'));

    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const again = await start(portA, undefined, dirA);
    await again.ready;
    expect(readFileSync(join(dirA, 'pg', 'port'), 'utf8')).toBe(keptA);
    expect(await signIn(portA)).toBeTruthy();

    // The kept port taken by something else meanwhile: a new free one is chosen and kept.
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(keptA), '127.0.0.1', resolve));
    try {
      const third = await start(portA, undefined, dirA);
      await third.ready;
      expect(readFileSync(join(dirA, 'pg', 'port'), 'utf8')).not.toBe(keptA);
      expect(await signIn(portA)).toBeTruthy();
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      squatter.close();
    }
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 300_000); // four starts, each initialising or recovering an embedded PostgreSQL: minutes on a busy machine
});
