import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { embeddedUrl, keptPort } from '../db/embedded.ts';
import { PASSWORD } from '../../test/server/fixtures.ts';
import { testDb } from '../../test/server/faults.ts';
import { call, removeTempDirs, signIn, startServer, stopServer, tempDir, type ServerProcess } from '../../test/server/serverProcess.ts';

// `npm run backup` and `npm run restore -- FILE` on a data folder with the embedded PostgreSQL, round trip:
// data made, backed up while the server runs, changed and deleted, restored (refused while the server
// runs), and the server started again has it all back, files included.

const dataDir = tempDir('faults-backup');
const env = { DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD };
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server);
  removeTempDirs();
});

function script(...args: string[]): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _, EMBEDDED_PG_PORT: __, ...own } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { env: { ...own, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Every table's row count, and a digest of every stored file's bytes. */
async function fingerprint(db: Db) {
  const { rows } = await db.$client.query<{ name: string }>(`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  const counts: Record<string, number> = {};
  for (const t of rows) counts[t.name] = (await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`)).rows[0].n;
  const files = (await db.$client.query<{ d: string }>(`SELECT md5(string_agg(md5(data), ',' ORDER BY id)) AS d FROM stored_file`)).rows[0].d;
  return { counts, files };
}

const me = async (s: ServerProcess, token: string) => (await call(s.base, token, 'GET', '/api/manager/user/me/')).body.first_name;

describe('npm run backup / npm run restore', () => {
  it('round-trips all data of the embedded database, and refuses to restore under a running server', async () => {
    server = await startServer(env);
    let token = await signIn(server.base, 'gebruiker@grondslag.local');
    expect((await call(server.base, token, 'PUT', '/api/manager/user/me/', { first_name: 'Voor' })).status).toBe(200);
    const db = testDb(embeddedUrl(join(dataDir, 'pg'), keptPort(join(dataDir, 'pg'))!));
    const before = await fingerprint(db);
    expect(before.counts.stored_file).toBeGreaterThan(0);

    const file = join(dataDir, 'mijn.backup');
    const backup = await script(file);
    expect(backup.output).toContain('Back-up geschreven');
    expect(backup.code).toBe(0);
    expect(await fingerprint(db)).toEqual(before); // a backup writes nothing

    // Changed and deleted after the backup.
    expect((await call(server.base, token, 'PUT', '/api/manager/user/me/', { first_name: 'Na' })).status).toBe(200);
    await db.$client.query('DELETE FROM stored_file WHERE id = (SELECT min(id) FROM stored_file)');
    await db.$client.query('DELETE FROM audit_log');

    const refused = await script('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Er draait al een Grondslag-server');
    expect(refused.output).toContain('stop eerst die server');
    expect(await me(server, token)).toBe('Na');

    await db.$client.end();
    await stopServer(server);
    const restored = await script('restore', file);
    expect(restored.output).toContain('Hersteld uit');
    expect(restored.code).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);

    server = await startServer(env);
    const after = testDb(embeddedUrl(join(dataDir, 'pg'), keptPort(join(dataDir, 'pg'))!));
    try {
      expect(await fingerprint(after)).toEqual(before);
    } finally {
      await after.$client.end();
    }
    token = await signIn(server.base, 'gebruiker@grondslag.local');
    expect(await me(server, token)).toBe('Voor');
    // The sequences came back too: new rows get new ids.
    expect((await call(server.base, token, 'PUT', '/api/manager/user/me/', { first_name: 'Daarna' })).status).toBe(200);

    // The default file name, in the data folder.
    const byDefault = await script();
    expect(byDefault.code).toBe(0);
    expect(byDefault.output).toMatch(/backups\/grondslag-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.backup/);
  }, 180_000);
});
