import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/server/app.ts';
import type { LogFormat } from './logFormat.ts';
import { createTenant } from '../test/server/fixtures.ts';
import { editLinkFor, rolesAsGlobal, seedTree } from '../test/server/projectFixtures.ts';

// The server's log as buildApp writes it: one line per request, text or JSON.

let t: TestApp | undefined;
afterEach(() => t?.close());

async function loggingApp(format: LogFormat): Promise<string[]> {
  const lines: string[] = [];
  t = await createTestApp({ logLevel: 'info' }, { logger: format, logDestination: { write: (s: string) => void lines.push(...s.split('\n').filter(Boolean)) } });
  lines.length = 0; // start-up lines
  return lines;
}

async function logOf(format: LogFormat): Promise<string[]> {
  const lines = await loggingApp(format);
  const res = await t!.app.inject({ method: 'GET', url: '/api/manager/project/' });
  expect(res.statusCode).toBe(401);
  return lines;
}

describe('request log', () => {
  it('text: one readable line per request', async () => {
    const lines = await logOf('text');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/api\/manager\/project\/ 401 \d+ ms$/);
  });

  it('json: one pino record per request', async () => {
    const lines = await logOf('json');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, req: { method: 'GET', url: '/api/manager/project/' }, res: { statusCode: 401 }, msg: 'request completed' });
  });
});

describe('WebDAV edit links in the request log (issue 22 item 7)', () => {
  it.each(['text', 'json'] as const)('%s: the token of the address is masked, however the address is spelled', async (format) => {
    const lines = await loggingApp(format);
    const a = await createTenant(t!.db, 'log');
    const tree = await seedTree(t!.db, a, { roles: rolesAsGlobal(a) });
    const link = await editLinkFor(t!.db, a, tree, { publicUrl: 'http://localhost', userId: a.usr.id, filename: 'Model.xlsx', now: t!.clock.now(), hours: 24 });
    const path = new URL(link).pathname;
    const token = path.split('/')[2];
    for (const url of [path, path.replace('/dav/', '/%64av/'), `${path}?x=1`, path.replace('/dav/', '/DAV/')]) {
      await t!.app.inject({ method: 'GET', url });
    }
    await t!.app.inject({ method: 'PROPFIND', url: path, headers: { depth: '0' } });
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
    expect(lines.filter((l) => l.includes('/dav/***/Model.xlsx'))).toHaveLength(3);
    expect(lines.some((l) => l.includes('/%64av/***/Model.xlsx'))).toBe(true);
  });
});
