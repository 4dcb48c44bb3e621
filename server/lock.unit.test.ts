import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './lock.ts';

describe('one server per data folder', () => {
  it('refuses a second lock while the holder lives, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
    // A living process other than us holds the lock.
    writeFileSync(join(dir, 'server.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(/Er draait al een Grondslag-server \(proces \d+\)/);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that no longer runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-lock-'));
    const dead = spawnSync('true').pid!;
    writeFileSync(join(dir, 'server.pid'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
  });
});
