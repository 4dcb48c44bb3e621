import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { audit } from '../services/audit.ts';
import { LOG_DATES_REVERSED } from '../../src/api/contract/log.ts';

// GET log/ filters (issue 35 finding 9): by user, by text in the action, by date range; all together.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adm: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'alpha');
  b = await createTenant(t.db, 'beta');
  adm = await bearer(t.app, a.adm);
  const row = (tenant: Tenant, user: Tenant['usr'], description: string, at: string) =>
    audit(t.db, { clientId: tenant.clientId, user, description, ip: '10.0.0.1', at: new Date(at) });
  await row(a, a.usr, "Project 'Noord' aangemaakt", '2026-03-01T10:00:00Z');
  // 23:30 UTC on 2 March is 00:30 on 3 March in Amsterdam: the day the screen shows.
  await row(a, a.adm, "Project 'Zuid' verwijderd", '2026-03-02T23:30:00Z');
  await row(a, a.usr, "Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd", '2026-03-05T12:00:00Z');
  await row(b, b.usr, "Project 'Noord' aangemaakt", '2026-03-01T10:00:00Z');
});
afterAll(() => t.close());

const log = (query: string) => t.app.inject({ method: 'GET', url: `/api/manager/log/?log_rows=50&page=1&${query}`, headers: adm });
const actions = async (query: string) => {
  const res = await log(query);
  expect(res.statusCode).toBe(200);
  return (res.json().log_rows as { description: string }[]).map((r) => r.description);
};

describe('GET log/ filters', () => {
  it('without filters lists the own client only, newest first', async () => {
    expect(await actions('')).toEqual([
      "Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd", "Project 'Zuid' verwijderd", "Project 'Noord' aangemaakt",
    ]);
  });

  it('narrows by user, and counts the pages of what it keeps', async () => {
    expect(await actions(`user_id=${a.usr.id}`)).toEqual(["Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd", "Project 'Noord' aangemaakt"]);
    expect(await actions(`user_id=${b.usr.id}`)).toEqual([]); // another client's user: none of his rows
    const paged = await t.app.inject({ method: 'GET', url: `/api/manager/log/?log_rows=1&page=2&user_id=${a.usr.id}`, headers: adm });
    expect(paged.json()).toMatchObject({ pages: 2, log_rows: [{ description: "Project 'Noord' aangemaakt" }] });
  });

  it('narrows by text, case ignored, % and _ as plain characters', async () => {
    expect(await actions('text=NOORD')).toEqual(["Project 'Noord' aangemaakt"]);
    expect(await actions(`text=${encodeURIComponent('0%_k')}`)).toEqual(["Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd"]);
    expect(await actions('text=%25')).toEqual(["Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd"]);
    expect(await actions('text=+')).toHaveLength(3); // only spaces: no filter
  });

  it('narrows by date, both ends included, days as in Amsterdam', async () => {
    expect(await actions('date_from=2026-03-03')).toEqual(["Rekenmodel '100%_klaar' in versie 'Versie 1' gewijzigd", "Project 'Zuid' verwijderd"]);
    expect(await actions('date_to=2026-03-02')).toEqual(["Project 'Noord' aangemaakt"]);
    expect(await actions('date_from=2026-03-03&date_to=2026-03-03')).toEqual(["Project 'Zuid' verwijderd"]);
    expect(await actions(`date_from=2026-03-01&date_to=2026-03-05&user_id=${a.usr.id}&text=noord`)).toEqual(["Project 'Noord' aangemaakt"]);
  });

  it('refuses bad filters with a Dutch message', async () => {
    const problem = async (query: string) => {
      const res = await log(query);
      expect(res.statusCode).toBe(400);
      return (res.json().errors as { message: string }[]).map((e) => e.message);
    };
    expect(await problem('date_from=2026-02-30')).toEqual(['Ongeldige datum']);
    expect(await problem('date_to=1-3-2026')).toContain('Gebruik het formaat jjjj-mm-dd');
    expect(await problem('date_from=2026-03-05&date_to=2026-03-01')).toEqual([LOG_DATES_REVERSED]);
    expect(await problem(`text=${'x'.repeat(201)}`)).toEqual(['Zoektekst is te lang (maximaal 200 tekens)']);
    expect((await log('user_id=abc')).statusCode).toBe(400);
  });
});
