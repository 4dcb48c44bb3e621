import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { appUser } from '../db/schema/index.ts';

// The authenticate hook reads the users of requests that arrive together in one query (BatchLoader).
// Requests of different users, clients and states, sent at once, must each get their own answer.

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'alpha');
  b = await createTenant(t.db, 'beta');
});
afterAll(() => t.close());

describe('authenticate, many requests at once', () => {
  it('answers each caller as himself', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const blocked = await createUser(t.db, a.clientId, { email: 'geblokkeerd@alpha.test', role: 'ADM' });
    const gone = await createUser(t.db, a.clientId, { email: 'weg@alpha.test', role: 'ADM' });
    const callers = [
      { auth: await bearer(t.app, a.adm), status: 200, role: 'ADM' },
      { auth: await bearer(t.app, a.usr), status: 200, role: 'USR' },
      { auth: await bearer(t.app, a.vwr), status: 200, role: 'VWR' },
      { auth: await bearer(t.app, a.non), status: 403 },
      { auth: await bearer(t.app, b.adm), status: 200, role: undefined },
      { auth: await bearer(t.app, blocked), status: 401 },
      { auth: await bearer(t.app, gone), status: 401 },
      { auth: { authorization: 'Bearer kapot' }, status: 401 },
    ];
    await t.db.update(appUser).set({ blocked: true }).where(eq(appUser.id, blocked.id));
    await t.db.delete(appUser).where(eq(appUser.id, gone.id));
    const sent = Array.from({ length: 5 }, () => callers).flat();
    const answers = await Promise.all(sent.map((c) => t.app.inject({ method: 'GET', url: '/api/manager/project/?all=true', headers: c.auth })));
    answers.forEach((res, i) => {
      const c = sent[i];
      expect(res.statusCode, `caller ${i % callers.length}`).toBe(c.status);
      if (c.status === 200) {
        const row = (res.json() as { id: number; role: string }[]).find((p) => p.id === tree.projectId);
        expect(row?.role).toBe(c.role);
      }
    });
  });
});
