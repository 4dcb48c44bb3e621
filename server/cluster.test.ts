import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './net.ts';
import { ensureProgram } from '../scripts/ensure.ts';
import { signIn } from '../test/server/serverProcess.ts';

// `npm run start:cluster -- 2` for real (scripts/cluster.ts): two server processes on one embedded
// PostgreSQL behind nginx. A sign-in through nginx is valid on both instances, and SIGTERM stops all.

const PASSWORD = 'Demo-Wachtwoord-2026!';
const dataDir = mkdtempSync(join(tmpdir(), 'grondslag-cluster-'));
chmodSync(dataDir, 0o755); // the embedded database runs as `postgres` when we are root
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let nginxMissing = '';
try {
  ensureProgram('nginx');
} catch (e) {
  nginxMissing = (e as Error).message;
}

const up = (url: string) => fetch(url).then((r) => r.ok, () => false);

describe('npm run start:cluster', () => {
  it('starts two instances behind nginx, answers through it and stops them all on SIGTERM', async (ctx) => {
    if (nginxMissing) ctx.skip(`nginx kon niet worden geïnstalleerd: ${nginxMissing}`);
    const port = await freePort();
    const { EMBEDDED_PG_PORT: _, DATABASE_URL: __, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', '2'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      while (!/draait op .*: 2 instanties/.test(output)) {
        if (child.exitCode !== null) throw new Error(`cluster stopped: ${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const ports = /poorten (\d+), (\d+)/.exec(output)!.slice(1).map(Number);
      expect(ports).toHaveLength(2);
      for (const p of ports) expect(await up(`http://127.0.0.1:${p}/api/manager/status/`)).toBe(true);

      const base = `http://127.0.0.1:${port}/api/manager`;
      const authorization = `Bearer ${await signIn(`http://127.0.0.1:${port}`, 'gebruiker@grondslag.local', PASSWORD)}`;
      // Through nginx (round robin: both instances answer in turn), and straight at each instance.
      for (let i = 0; i < 4; i++) expect((await fetch(`${base}/project/`, { headers: { authorization } })).status).toBe(200);
      for (const p of ports) {
        const me = await fetch(`http://127.0.0.1:${p}/api/manager/user/me/`, { headers: { authorization } });
        expect(((await me.json()) as { email: string }).email).toBe('gebruiker@grondslag.local');
      }

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const p of [port, ...ports]) expect(await up(`http://127.0.0.1:${p}/api/manager/status/`)).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
