import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { editLinkFor, rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { ensureProgram } from '../../scripts/ensure.ts';

// Debian's litmus suite (basic, locks) against one edit link's folder. Litmus first makes its own
// collection (MKCOL litmus/) and works on resources inside it, which a one-file link refuses, so most
// of its tests fail there by design (docs/decisions.md, "Spreadsheet models"). The test holds the exact
// result per test: a test that starts failing, or starts passing, fails it.

let t: TestApp;
let a: Tenant;
let base: string;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'litmus');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  work = mkdtempSync(join(tmpdir(), 'grondslag-litmus-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** Runs one litmus program against the folder of a fresh edit link: the result per test, and its output. */
async function litmus(suite: 'basic' | 'locks') {
  const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
  const url = await editLinkFor(t.db, a, tree, { publicUrl: base, userId: a.usr.id, filename: 'model.xlsx', now: t.clock.now(), hours: 1 });
  // Asynchronous: the server that answers litmus runs in this process.
  const output = await new Promise<string>((resolve, reject) => {
    const p = spawn(ensureProgram(suite === 'basic' ? 'litmus-basic' : 'litmus-locks'), ['--htdocs', '/usr/share/litmus/htdocs', url.slice(0, url.lastIndexOf('/') + 1)], { cwd: work });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { out += d; });
    p.on('error', reject);
    p.on('close', () => resolve(out));
  });
  // " 1. begin................. FAIL (…)": the last result on a test's line (litmus prints the name twice on a tty-less run).
  const results: Record<string, string> = {};
  for (const m of output.matchAll(/\d+\.\s+(\w+)\.+\s+(pass|FAIL|SKIPPED|WARNING)/g)) results[m[1]] = m[2];
  return { results, output };
}

describe('litmus against one edit link', () => {
  // Both suites start with MKCOL of their own collection; the link refuses it (403), so they stop after
  // `begin`, and none of their tests on the file can run. webdav.test.ts covers those on the file.
  for (const suite of ['basic', 'locks'] as const) {
    it(`${suite}: init passes, begin fails on the refused MKCOL`, async () => {
      const { results, output } = await litmus(suite);
      expect(results, output).toEqual({ init: 'pass', begin: 'FAIL' });
      expect(output).toMatch(/Could not create new collection `\/dav\/[^/]+\/litmus\/' for tests: 403 Forbidden/);
    });
  }
});
