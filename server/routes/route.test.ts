import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';

// A handler answers once (issue 35 finding 9): one walk of the app logged ≈ 119 'Reply was already
// sent' warnings. A handler that sends the answer itself hands back the reply, which is a thenable: an
// async handler's promise resolved to `undefined`, and route() then sent a 204 after it.

let t: TestApp | undefined;
afterEach(() => t?.close());

describe('route(): a handler that sends its own answer', () => {
  it('is answered once: no "Reply was already sent" in the log (text, cached text, 304)', async () => {
    const lines: string[] = [];
    t = await createTestApp({ logLevel: 'warn' }, { logger: 'json', logDestination: { write: (s: string) => void lines.push(...s.split('\n').filter(Boolean)) } });
    const a = await createTenant(t.db, 'once');
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const headers = await bearer(t.app, a.adm);
    lines.length = 0;
    const versions = await t.app.inject({ method: 'GET', url: `/api/manager/version-model/?project_id=${tree.projectId}`, headers });
    expect(versions.statusCode).toBe(200);
    expect(versions.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: tree.versionId })]));
    const projects = await t.app.inject({ method: 'GET', url: '/api/manager/project/', headers });
    expect(projects.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/manager/project/', headers: { ...headers, 'if-none-match': projects.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(lines.filter((l) => l.includes('Reply was already sent'))).toEqual([]);
  });
});
