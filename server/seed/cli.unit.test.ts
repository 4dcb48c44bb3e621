import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedMessages } from './cli.ts';

// `npm run seed` pointed at a data folder without the server's database: a Dutch instruction, no stack
// trace, exit code 1, and no new database that the server would never use.

const dir = mkdtempSync(join(tmpdir(), 'grondslag-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runSeed(env: Record<string, string>) {
  const { DATABASE_URL: _, ...rest } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--demo'], { env: { ...rest, ...env }, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run seed without the server\'s DATA_DIR', () => {
  it('says to start the server first or to give the server\'s DATA_DIR', () => {
    const r = runSeed({ DATA_DIR: dir });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(seedMessages.noDatabase(dir));
    expect(r.stderr).toContain('Start eerst de server (npm start');
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dir, 'pg', 'cluster'))).toBe(false);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false); // the lock is given back
  });

  it('a database address that does not answer: what to check, no stack trace', () => {
    const r = runSeed({ DATABASE_URL: 'postgres://postgres:x@127.0.0.1:9/postgres' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(seedMessages.unreachable('van DATABASE_URL'));
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
