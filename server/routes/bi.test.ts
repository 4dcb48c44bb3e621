import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { parseCsdl } from '../../test/server/csdl.ts';
import { AT_GATE, PAST_GATES, bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { seedTree } from '../../test/server/projectFixtures.ts';
import { appUser, auditLog, biLink, model, projectRole } from '../db/schema/index.ts';
import { reportData } from '../services/reportData.ts';
import { BI_CREATE_RATE_LIMIT, BI_IP_RATE_LIMIT, BI_RATE_LIMIT, BI_USER_RATE_LIMIT } from '../services/biLinks.ts';
import { onWire } from '../services/biFeed.ts';
import type { UserRow } from '../context.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import type { BiLink, BiPassword } from '../../src/api/contract/biLink.ts';
import { BI_LINK_MESSAGES, WORK_GATES } from '../../src/api/contract/messages.ts';
import { REQUIRED_MESSAGE } from '../../src/lib/names.ts';
import type { ReportData } from '../../src/api/contract/reportData.ts';

// BI links (spec 1 §2, §7 /api/bi/v1/report/…; docs/bi-links.md): the owner's calls, and the feed's
// Basic authentication, formats (JSON, CSV, OData v4), access record, rate limit and permissions.

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const BI = '/api/bi/v1';
const HOUR = 3600 * 1000;

let t: TestApp;
let A: Tenant;
let B: Tenant;
/** A's project 'Plan Noord, fase 1' (USR: USR, VWR: VWR): an online model (the worked example) and a spreadsheet model. */
let onlineId: number;
let sheetId: number;
let projectId: number;
/** A model of A on a project where the USR has no role, and one of B. */
let noRoleId: number;
let otherClientId: number;

beforeAll(async () => {
  t = await createTestApp();
  A = await createTenant(t.db, 'bia');
  B = await createTenant(t.db, 'bib');
  const tree = await seedTree(t.db, A, { name: 'Plan Noord, fase 1', roles: { [A.usr.id]: 'USR', [A.vwr.id]: 'VWR', [A.adm.id]: 'ADM' } });
  projectId = tree.projectId;
  sheetId = tree.modelId;
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name: 'Online', modelPlatform: 'online', modelData: example }).returning();
  onlineId = m.id;
  noRoleId = (await seedTree(t.db, A, { roles: { [A.adm.id]: 'ADM' } })).modelId;
  otherClientId = (await seedTree(t.db, B, { roles: { [B.usr.id]: 'USR' } })).modelId;
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: UserRow | null, payload?: object) =>
  t.app.inject({ method, url: `${BI}/${url}`, payload, headers: user ? await bearer(t.app, user) : {} });

async function createLink(user: UserRow, models: number[], description = 'Dashboard') {
  const res = await call('POST', 'report/', user, { description, models });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BiLink>();
}
async function generate(user: UserRow, uuid: string, body?: object) {
  const res = await call('POST', `report/${uuid}/password/`, user, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BiPassword>();
}
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
/** A GET of the feed by its absolute link (the path after the public address), with Basic credentials. */
const pull = (link: string, suffix = '', auth?: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: new URL(link + suffix).pathname + (new URL(link + suffix).search), headers: auth ? { authorization: auth } : {}, remoteAddress: ip });
/** What the feed serves: reportData's rows, money rounded to cents. */
const expected = async (ids: number[]): Promise<ReportData> => onWire(await reportData(t.app.ctx, A.clientId, ids));

/** RFC 4180 parser, independent of the server's writer: rows of fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (ch === '"') { quoted = false; i++; continue; }
      field += ch; i++; continue;
    }
    if (ch === '"') { quoted = true; i++; continue; }
    if (ch === ',') { row.push(field); field = ''; i++; continue; }
    if (ch === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i += 2; continue; }
    if (ch === '\n') throw new Error('a bare LF ends a line');
    field += ch; i++;
  }
  if (field !== '' || row.length) throw new Error('the last line has no CRLF');
  return rows;
}
const csvText = (v: unknown) => (v === null ? '' : String(v));

describe('POST report/ (create)', () => {
  it('refuses a missing description and a missing or empty model list with the Dutch messages', async () => {
    for (const [payload, message] of [
      [{ models: [onlineId] }, REQUIRED_MESSAGE],
      [{ description: '   ', models: [onlineId] }, REQUIRED_MESSAGE],
      [{ description: 'X', models: [] }, BI_LINK_MESSAGES.models],
      [{ description: 'X' }, BI_LINK_MESSAGES.models],
    ] as const) {
      const res = await call('POST', 'report/', A.usr, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers 404 for a model the caller cannot read: no role on its project, or another client', async () => {
    for (const models of [[onlineId, noRoleId], [otherClientId], [999_999]]) {
      const res = await call('POST', 'report/', A.usr, { description: 'X', models });
      expect(res.statusCode).toBe(404);
    }
    expect((await call('POST', 'report/', B.usr, { description: 'X', models: [onlineId] })).statusCode).toBe(404);
  });

  it('makes the link: absolute feed address, fixed user name, no password yet, the models in their order; audited', async () => {
    const l = await createLink(A.vwr, [sheetId, onlineId, sheetId], 'Kwartaalcijfers');
    expect(l).toMatchObject({
      description: 'Kwartaalcijfers', username: 'grondslag', version_api: 'v1', models: [sheetId, onlineId],
      expiration_password: null, timestamp_last_accessed: null, ipaddress: null,
      timestamp_created: t.clock.now().toISOString(), link: `${t.config.publicUrl}/api/bi/v1/feed/${l.uuid}/`,
      // Spec 1 §3 names the field `url` (issue 22): both carry the feed's address.
      url: `${t.config.publicUrl}/api/bi/v1/feed/${l.uuid}/`,
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, A.vwr.id));
    expect(audits.map((a) => a.description)).toContain("BI-link 'Kwartaalcijfers' aangemaakt");
  });
});

describe('the owner\'s calls', () => {
  it('lists only the caller\'s own links; another user (ADM and staff included) or client gets 404 on every call', async () => {
    const mine = await createLink(A.usr, [onlineId], 'Mijn link');
    const theirs = await createLink(A.vwr, [onlineId], 'Andermans link');
    const list = (await call('GET', 'report/', A.usr)).json<BiLink[]>();
    expect(list.map((l) => l.uuid)).toContain(mine.uuid);
    expect(list.map((l) => l.uuid)).not.toContain(theirs.uuid);
    expect((await call('GET', `report/${mine.uuid}/`, A.usr)).json()).toEqual(mine);
    for (const u of [A.vwr, A.adm, A.staff, B.adm]) {
      expect((await call('GET', `report/${mine.uuid}/`, u)).statusCode).toBe(404);
      expect((await call('POST', `report/${mine.uuid}/password/`, u)).statusCode).toBe(404);
      expect((await call('DELETE', `report/${mine.uuid}/`, u)).statusCode).toBe(404);
    }
    expect((await call('GET', `report/${mine.uuid}/`, A.usr)).statusCode).toBe(200);
    expect((await call('GET', 'report/not-a-uuid/', A.usr)).statusCode).toBe(400);
  });

  it('generates a password shown once (1 day without a choice); the row shows its expiry, never the password', async () => {
    const l = await createLink(A.usr, [onlineId]);
    const p = await generate(A.usr, l.uuid);
    expect(p.username).toBe('grondslag');
    expect(p.password.length).toBeGreaterThanOrEqual(32);
    expect(p.expiration_password).toBe(new Date(t.clock.now().getTime() + 24 * HOUR).toISOString());
    const row = await call('GET', `report/${l.uuid}/`, A.usr);
    expect(row.json().expiration_password).toBe(p.expiration_password);
    expect(row.body).not.toContain(p.password);
    expect((await call('GET', 'report/', A.usr)).body).not.toContain(p.password);
  });

  it('deletes the link: gone from the list, its feed answers 401 like unknown credentials', async () => {
    const l = await createLink(A.usr, [onlineId]);
    const p = await generate(A.usr, l.uuid);
    expect((await pull(l.link, '', basic(p.username, p.password))).statusCode).toBe(200);
    expect((await call('DELETE', `report/${l.uuid}/`, A.usr)).statusCode).toBe(204);
    expect((await call('GET', 'report/', A.usr)).json<BiLink[]>().map((x) => x.uuid)).not.toContain(l.uuid);
    expect((await call('GET', `report/${l.uuid}/`, A.usr)).statusCode).toBe(404);
    const res = await pull(l.link, '', basic(p.username, p.password));
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm="Grondslag BI"/);
  });
});

describe('validity of a password (issue 25 item 8)', () => {
  const settings = (user: UserRow, days?: number) =>
    call(days === undefined ? 'GET' : 'PUT', 'settings/', user, days === undefined ? undefined : { password_max_days: days });

  it('the owner chooses 1 day (default) up to a year; the feed serves until then, not a second longer', async () => {
    const l = await createLink(A.usr, [sheetId]);
    expect(l.password_max_days).toBe(365);
    const year = await generate(A.usr, l.uuid, { valid_days: 365 });
    expect(year.expiration_password).toBe(new Date(t.clock.now().getTime() + 365 * 24 * HOUR).toISOString());
    expect((await call('GET', `report/${l.uuid}/`, A.usr)).json().expiration_password).toBe(year.expiration_password);
    const auth = basic(year.username, year.password);
    t.clock.advance(364 * 24 * HOUR);
    expect((await pull(l.link, 'odata/', auth)).statusCode).toBe(200);
    t.clock.advance(24 * HOUR);
    expect((await pull(l.link, 'odata/', auth)).statusCode).toBe(401);
    const week = await generate(A.usr, l.uuid, { valid_days: 7 });
    expect(week.expiration_password).toBe(new Date(t.clock.now().getTime() + 7 * 24 * HOUR).toISOString());
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, A.usr.id));
    expect(audits.map((a) => a.description)).toContain("Wachtwoord van BI-link 'Dashboard' gegenereerd, geldig 7 dagen");
    for (const valid_days of [0, 366, 1.5, '30']) {
      const res = await call('POST', `report/${l.uuid}/password/`, A.usr, { valid_days });
      expect(res.statusCode, String(valid_days)).toBe(400);
      expect(res.json().errors[0].path).toBe('valid_days');
    }
  });

  it('staff set the client\'s maximum: others may not; a longer choice is refused on the field; longer passwords are shortened', async () => {
    expect((await settings(A.staff)).json()).toEqual({ password_max_days: 365 });
    for (const u of [A.adm, A.usr]) {
      expect((await settings(u)).statusCode).toBe(403);
      expect((await settings(u, 30)).statusCode).toBe(403);
    }
    const l = await createLink(A.usr, [sheetId]);
    const long = await generate(A.usr, l.uuid, { valid_days: 200 });
    expect((await settings(A.staff, 1000)).statusCode).toBe(400);
    const set = await settings(A.staff, 30);
    expect(set.json()).toEqual({ password_max_days: 30 });
    try {
      expect((await settings(B.staff)).json()).toEqual({ password_max_days: 365 }); // per client
      const row = (await call('GET', `report/${l.uuid}/`, A.usr)).json<BiLink>();
      expect(row.password_max_days).toBe(30);
      expect(row.expiration_password).toBe(new Date(t.clock.now().getTime() + 30 * 24 * HOUR).toISOString());
      expect((await pull(l.link, '', basic(long.username, long.password))).statusCode).toBe(200); // shortened, not revoked
      const refused = await call('POST', `report/${l.uuid}/password/`, A.usr, { valid_days: 31 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'valid_days', message: 'Kies een geldigheid van ten hoogste 30 dagen: langer staat uw organisatie niet toe.' }]);
      expect((await generate(A.usr, l.uuid, { valid_days: 30 })).expiration_password).toBe(row.expiration_password);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, A.staff.id));
      expect(audits.map((a) => a.description)).toContain('Maximale geldigheid van BI-wachtwoorden op 30 dagen gezet');
    } finally {
      await settings(A.staff, 365);
    }
  });
});

describe('the feed: Basic authentication', () => {
  it('serves the right credentials; wrong password, wrong user name, no header, an unknown link, expiry: 401 with the challenge', async () => {
    const l = await createLink(A.usr, [onlineId]);
    expect((await pull(l.link, '', basic('grondslag', 'nog-geen-wachtwoord'))).statusCode).toBe(401); // nothing generated yet
    const p = await generate(A.usr, l.uuid);
    const right = basic(p.username, p.password);
    expect((await pull(l.link, '', right)).statusCode).toBe(200);
    const unknown = l.link.replace(l.uuid, '00000000-0000-4000-8000-000000000000');
    for (const [link, auth] of [
      [l.link, basic(p.username, `${p.password}x`)], [l.link, basic('admin', p.password)], [l.link, undefined],
      [l.link, `Bearer ${p.password}`], [unknown, right], [l.link.replace(l.uuid, 'geen-uuid'), right],
      [`${l.link}odata/$metadata`, basic(p.username, 'fout')],
    ] as const) {
      const res = await pull(link, '', auth);
      expect(res.statusCode, `${link} ${auth}`).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="Grondslag BI", charset="UTF-8"');
    }
    // A bearer token of the owner is no Basic credential of the feed.
    const token = (await bearer(t.app, A.usr)).authorization;
    expect((await t.app.inject({ method: 'GET', url: new URL(l.link).pathname, headers: { authorization: token } })).statusCode).toBe(401);

    t.clock.advance(24 * HOUR - 1000);
    expect((await pull(l.link, '', right)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await pull(l.link, '', right)).statusCode).toBe(401); // expired at exactly 24 h

    const again = await generate(A.usr, l.uuid); // 'regenerate': a new password, the old one stays refused
    expect((await pull(l.link, '', basic(again.username, again.password))).statusCode).toBe(200);
    expect((await pull(l.link, '', right)).statusCode).toBe(401);
  });

  it('records the last access time and address of every authenticated pull', async () => {
    const l = await createLink(A.usr, [onlineId]);
    const p = await generate(A.usr, l.uuid);
    await pull(l.link, '', basic(p.username, 'fout'), '198.51.100.1'); // refused pulls are not recorded
    expect((await call('GET', `report/${l.uuid}/`, A.usr)).json()).toMatchObject({ timestamp_last_accessed: null, ipaddress: null });
    t.clock.advance(5 * 60 * 1000);
    await pull(l.link, 'odata/Perioden', basic(p.username, p.password), '198.51.100.23');
    expect((await call('GET', `report/${l.uuid}/`, A.usr)).json()).toMatchObject({
      timestamp_last_accessed: t.clock.now().toISOString(), ipaddress: '198.51.100.23',
    });
  });

  it('is rate-limited per link: the pull after the limit within a minute answers 429 (Dutch), the next minute serves again', async () => {
    const l = await createLink(A.usr, [sheetId]);
    const other = await createLink(A.usr, [sheetId]);
    const auth = basic('grondslag', (await generate(A.usr, l.uuid)).password);
    const otherAuth = basic('grondslag', (await generate(A.usr, other.uuid)).password);
    for (let i = 0; i < BI_RATE_LIMIT.pulls; i++) {
      const res = await pull(l.link, 'odata/$metadata', auth);
      expect(res.statusCode).toBe(200);
      if (i === 0) t.clock.advance(30_000); // the window runs from the first pull
    }
    const refused = await pull(l.link, 'odata/Rekenmodellen', auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: '429', message: BI_LINK_MESSAGES.rateLimited } });
    expect(refused.headers['retry-after']).toBe('60');
    const plain = await pull(l.link, '', auth);
    expect(plain.statusCode).toBe(429);
    expect(plain.json().message).toBe(BI_LINK_MESSAGES.rateLimited);
    expect((await pull(other.link, '', otherAuth)).statusCode).toBe(200); // per link
    t.clock.advance(30_000);
    expect((await pull(l.link, '', auth)).statusCode).toBe(200);
  });

  it('is rate-limited per owner over all their links and per IP over all links, and link creation per user per hour (issue 34 finding 4)', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(async (i) => {
      const u = await createUser(t.db, A.clientId, { email: `bi-limits-${i}@bia.test`, role: 'USR' });
      await t.db.insert(projectRole).values({ projectId, userId: u.id, role: 'USR' });
      return u;
    }));
    /** `n` links of a user with their passwords, and a pull that takes them in turn (below each link's limit). */
    const feeds = async (user: UserRow, n: number) => {
      const links = await Promise.all(Array.from({ length: n }, async () => {
        const l = await createLink(user, [sheetId]);
        return { link: l.link, auth: basic('grondslag', (await generate(user, l.uuid)).password) };
      }));
      let i = 0;
      return (ip: string) => {
        const l = links[i++ % n]!;
        return pull(l.link, 'odata/$metadata', l.auth, ip);
      };
    };
    const [u1, u2, u3, u4] = users as [UserRow, UserRow, UserRow, UserRow];

    // Per owner: spread over three links and many addresses, the owner's pulls stop at their limit.
    const own = await feeds(u1, 3);
    for (let i = 0; i < BI_USER_RATE_LIMIT.count; i++) expect((await own(`192.0.2.${i % 200}`)).statusCode).toBe(200);
    const refused = await own('192.0.2.250');
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: { code: '429', message: BI_LINK_MESSAGES.rateLimitedUser } }]);
    expect(refused.headers['retry-after']).toBe('60');
    const other = await feeds(u2, 2);
    expect((await other('192.0.2.250')).statusCode).toBe(200); // another owner from the same address

    // Per IP: owners together from one address stop at its limit; the same owner elsewhere is served.
    const third = await feeds(u3, 3);
    const fourth = await feeds(u4, 3);
    const ip = '198.51.100.77';
    for (let i = 0; i < BI_IP_RATE_LIMIT.count; i++) expect((await [other, third, fourth][i % 3]!(ip)).statusCode).toBe(200);
    const fromIp = await third(ip);
    expect([fromIp.statusCode, fromIp.json().error.message]).toEqual([429, BI_LINK_MESSAGES.rateLimitedIp]);
    expect((await third('198.51.100.78')).statusCode).toBe(200);

    t.clock.advance(BI_RATE_LIMIT.windowSeconds * 1000);
    expect((await own('192.0.2.250')).statusCode).toBe(200);
    expect((await third(ip)).statusCode).toBe(200);

    // Link creation: u3 made 3 links; the one past the hour's limit is refused and not made.
    for (let i = 3; i < BI_CREATE_RATE_LIMIT.count; i++) await createLink(u3, [sheetId]);
    const tooMany = await call('POST', 'report/', u3, { description: 'Nog een', models: [sheetId] });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([429, BI_LINK_MESSAGES.tooManyLinks]);
    expect(await t.db.select().from(biLink).where(eq(biLink.userId, u3.id))).toHaveLength(BI_CREATE_RATE_LIMIT.count);
    t.clock.advance(HOUR);
    await createLink(u3, [sheetId]);
  });

  it('serves only what the owner can read now; an owner without access gets 403', async () => {
    const l = await createLink(A.usr, [sheetId, onlineId]);
    const auth = basic('grondslag', (await generate(A.usr, l.uuid)).password);
    expect((await pull(l.link, '', auth)).json<ReportData>().rekenmodellen.map((r) => r.rekenmodel_id)).toEqual([sheetId, onlineId]);
    await t.db.update(projectRole).set({ role: 'NON' }).where(and(eq(projectRole.projectId, projectId), eq(projectRole.userId, A.usr.id)));
    try {
      const res = await pull(l.link, '', auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rekenmodellen: [], perioden: [] });
      expect((await pull(l.link, 'odata/Rekenmodellen', auth)).json().value).toEqual([]);
    } finally {
      await t.db.update(projectRole).set({ role: 'USR' }).where(and(eq(projectRole.projectId, projectId), eq(projectRole.userId, A.usr.id)));
    }
    await t.db.update(appUser).set({ blocked: true }).where(eq(appUser.id, A.usr.id));
    try {
      const res = await pull(l.link, 'odata/Rekenmodellen', auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(BI_LINK_MESSAGES.ownerWithoutAccess);
    } finally {
      await t.db.update(appUser).set({ blocked: false }).where(eq(appUser.id, A.usr.id));
    }
  });
});

describe('the feed of an owner held at a work gate (issue 33.2)', () => {
  it.each(WORK_GATES)('%s: refused with 403 until the owner clears it', async (gate) => {
    const l = await createLink(A.usr, [sheetId]);
    const auth = basic('grondslag', (await generate(A.usr, l.uuid)).password);
    expect((await pull(l.link, '', auth)).statusCode).toBe(200);
    await t.db.update(appUser).set(AT_GATE[gate]).where(eq(appUser.id, A.usr.id));
    try {
      const res = await pull(l.link, 'odata/Rekenmodellen', auth);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(BI_LINK_MESSAGES.ownerWithoutAccess);
    } finally {
      await t.db.update(appUser).set(PAST_GATES).where(eq(appUser.id, A.usr.id));
    }
    expect((await pull(l.link, '', auth)).statusCode).toBe(200);
  });
});

describe('the feed: formats', () => {
  let link: BiLink;
  let auth: string;
  let data: ReportData;
  beforeAll(async () => {
    link = await createLink(A.usr, [onlineId, sheetId]);
    auth = basic('grondslag', (await generate(A.usr, link.uuid)).password);
    data = await expected([onlineId, sheetId]);
    expect(data.perioden.length).toBeGreaterThan(2); // the worked example has periods
  });

  it('JSON at the link itself: reportData\'s rows', async () => {
    const res = await pull(link.link, '', auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(data);
    expect(res.json().rekenmodellen[0].project).toBe('Plan Noord, fase 1');
  });

  it('CSV (RFC 4180) of Rekenmodellen by default and of Perioden with set=perioden; a bad option is a Dutch 400', async () => {
    for (const [suffix, rows] of [['?format=csv', data.rekenmodellen], ['?format=csv&set=perioden', data.perioden]] as const) {
      const res = await pull(link.link, suffix, auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      const [header, ...lines] = parseCsv(res.body);
      expect([...header].sort()).toEqual(Object.keys(rows[0]).sort());
      expect(lines).toEqual(rows.map((r) => header.map((c) => csvText(r[c as keyof typeof r]))));
    }
    expect(res400((await pull(link.link, '?format=xml', auth)))).toBe('Kies format=json of format=csv.');
    expect(res400((await pull(link.link, '?format=csv&set=x', auth)))).toBe('Kies set=rekenmodellen of set=perioden.');
  });

  it('OData: service document, headers, and both entity sets equal to reportData\'s rows', async () => {
    const root = `${link.link}odata/`;
    for (const suffix of ['odata/', 'odata']) {
      const doc = await pull(link.link, suffix, auth);
      expect(doc.statusCode).toBe(200);
      expect(doc.headers['odata-version']).toBe('4.0');
      expect(doc.headers['content-type']).toMatch(/^application\/json;odata\.metadata=minimal/);
      expect(doc.json()).toEqual({
        '@odata.context': `${root}$metadata`,
        value: [{ name: 'Rekenmodellen', kind: 'EntitySet', url: 'Rekenmodellen' }, { name: 'Perioden', kind: 'EntitySet', url: 'Perioden' }],
      });
    }
    for (const [set, rows] of [['Rekenmodellen', data.rekenmodellen], ['Perioden', data.perioden]] as const) {
      const res = await pull(link.link, `odata/${set}`, auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['odata-version']).toBe('4.0');
      expect(res.json()).toEqual({ '@odata.context': `${root}$metadata#${set}`, value: rows });
    }
  });

  it('OData $metadata is valid CSDL (@odata/metadata) and each entity set answers exactly what it declares', async () => {
    const res = await pull(link.link, 'odata/$metadata', auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml;charset=utf-8');
    expect(res.headers['odata-version']).toBe('4.0');
    expect((await pull(link.link, 'odata/%24metadata', auth)).body).toBe(res.body); // the $ percent-encoded
    const meta = parseCsdl(res.body);
    const [schema] = meta.edmx.dataServices.schemas;
    expect(schema.namespace).toBe('Grondslag');
    const sets = schema.entityContainer[0].entitySets;
    expect(sets.map((s) => s.name)).toEqual(['Rekenmodellen', 'Perioden']);
    const keys: Record<string, string[]> = {};
    for (const s of sets) {
      const type = schema.entityTypes.find((e) => `${schema.namespace}.${e.name}` === s.entityType);
      expect(type, s.entityType).toBeDefined();
      keys[s.name] = type!.key.propertyRefs.map((k) => k.name);
      for (const k of keys[s.name]) expect(type!.properties.find((p) => p.name === k)?.nullable).toBe(false);
      const answer = (await pull(link.link, `odata/${s.name}`, auth)).json<{ value: Record<string, unknown>[] }>();
      expect(answer.value.length).toBeGreaterThan(0);
      for (const row of answer.value) {
        expect(Object.keys(row).sort()).toEqual(type!.properties.map((p) => p.name).sort());
        for (const p of type!.properties) expect(fitsEdm(row[p.name], String(p.type), p.nullable !== false), `${s.name}.${p.name} = ${row[p.name]}`).toBe(true);
      }
    }
    expect(keys).toEqual({ Rekenmodellen: ['rekenmodel_id'], Perioden: ['rekenmodel_id', 'periode'] });
    // The library writes the parsed model back as CSDL: it understood every element we wrote.
    const xmlAgain = meta.document('xml') as string;
    expect(xmlAgain).toContain('<EntitySet Name="Perioden"');
    expect(summary(parseCsdl(xmlAgain))).toEqual(summary(meta));
  });

  it('OData $select, $top, $skip and $count', async () => {
    const root = `${link.link}odata/`;
    const sel = (await pull(link.link, 'odata/Perioden?$select=periode,saldo,rekenmodel_id&$top=3&$skip=2&$count=true', auth)).json();
    expect(sel).toEqual({
      '@odata.context': `${root}$metadata#Perioden(rekenmodel_id,periode,saldo)`,
      '@odata.count': data.perioden.length,
      value: data.perioden.slice(2, 5).map((p) => ({ rekenmodel_id: p.rekenmodel_id, periode: p.periode, saldo: p.saldo })),
    });
    expect((await pull(link.link, 'odata/Rekenmodellen?$top=0', auth)).json().value).toEqual([]);
    expect((await pull(link.link, 'odata/Rekenmodellen?$top=1&$format=json', auth)).json().value).toEqual(data.rekenmodellen.slice(0, 1));
    expect((await pull(link.link, 'odata/Rekenmodellen?$select=*', auth)).json().value).toEqual(data.rekenmodellen);
  });

  it('OData refuses what it does not serve with an OData error body: 501 for $expand/$apply, 400 for bad or unknown options, 404 for an unknown set', async () => {
    for (const [suffix, status] of [
      ['odata/Rekenmodellen?$apply=groupby((project))', 501], ['odata/Perioden?$expand=x', 501],
      ['odata/Rekenmodellen?$format=xml', 501], ['odata/Rekenmodellen?$top=-1', 400], ['odata/Rekenmodellen?$top=abc', 400],
      ['odata/Rekenmodellen?$select=bestaatniet', 400], ['odata/Rekenmodellen?$onbekend=1', 400], ['odata/Kosten', 404],
    ] as const) {
      const res = await pull(link.link, encodeURI(suffix).replaceAll('$', '%24'), auth);
      expect(res.statusCode, suffix).toBe(status);
      expect(res.headers['odata-version']).toBe('4.0');
      const body = res.json();
      expect(body.error.code).toBe(String(status));
      expect(body.error.message).toMatch(/[a-z]/);
    }
    // A custom (non-$) option is allowed and ignored (OData 4.0 §5.2).
    expect((await pull(link.link, 'odata/Rekenmodellen?bron=powerbi', auth)).json().value).toEqual(data.rekenmodellen);
  });
});

describe('the feed: the opening book value (boekwaarde_start, calculation.md §8.1)', () => {
  it('serves it after `fout`, the last fixed column of Rekenmodellen, in JSON, CSV and OData, typed as an amount: the model\'s, 0 when absent, null for a spreadsheet model', async () => {
    const [m] = await t.db.insert(model).values({
      createdAt: new Date(), timestampLastModified: new Date(), versionId: (await t.db.select().from(model).where(eq(model.id, onlineId)))[0]!.versionId,
      name: 'Met boekwaarde', modelPlatform: 'online', modelData: { ...example, base_parameters: { ...example.base_parameters, opening_book_value: 250_000.004 } },
    }).returning();
    // The ADM owns it: the other tests' pulls count against the USR's limit.
    const l = await createLink(A.adm, [m!.id, onlineId, sheetId], 'Boekwaarde');
    const auth = basic('grondslag', (await generate(A.adm, l.uuid)).password);
    const want = [250_000, 0, null]; // rounded to cents, as every amount of the feed

    const json = (await pull(l.link, '', auth)).json<ReportData>();
    expect(json.rekenmodellen.map((r) => r.boekwaarde_start)).toEqual(want);
    /** The column after `fout` (the section columns follow it). */
    const afterFout = (names: readonly string[]) => names[names.indexOf('fout') + 1];
    expect(afterFout(Object.keys(json.rekenmodellen[0]!))).toBe('boekwaarde_start');

    const [header, ...lines] = parseCsv((await pull(l.link, '?format=csv', auth)).body);
    expect(afterFout(header)).toBe('boekwaarde_start');
    expect(lines.map((r) => r[header.indexOf('boekwaarde_start')])).toEqual(['250000', '0', '']);
    const nl = (await pull(l.link, '?format=csv&dialect=nl', auth)).body.split('\r\n');
    expect(afterFout(nl[0]!.replace(/^\uFEFF/, '').split(';'))).toBe('boekwaarde_start');

    const meta = parseCsdl((await pull(l.link, 'odata/$metadata', auth)).body);
    const type = meta.edmx.dataServices.schemas[0]!.entityTypes.find((e) => e.name === 'Rekenmodel')!;
    const p = type.properties.find((x) => x.name === afterFout(type.properties.map((x) => x.name)))!;
    expect([p.name, String(p.type), p.nullable, Number(p.scale)]).toEqual(['boekwaarde_start', 'Edm.Decimal', true, 2]);
    const odata = (await pull(l.link, 'odata/Rekenmodellen?$select=rekenmodel_id,boekwaarde_start&$filter=boekwaarde_start gt 0'.replaceAll(' ', '%20'), auth)).json();
    expect(odata.value).toEqual([{ rekenmodel_id: m!.id, boekwaarde_start: 250_000 }]);
  });
});

const res400 = (res: { statusCode: number; json: () => { message: string } }) => {
  expect(res.statusCode).toBe(400);
  return res.json().message;
};

/** Does a JSON value fit an Edm primitive type (OData JSON format §7.1)? */
function fitsEdm(v: unknown, type: string, nullable: boolean): boolean {
  if (v === null) return nullable;
  switch (type) {
    case 'Edm.Int32': return Number.isInteger(v) && Math.abs(v as number) < 2 ** 31;
    case 'Edm.Double': return typeof v === 'number';
    case 'Edm.Decimal': return typeof v === 'number' && Math.round(v * 100) === Number((v * 100).toFixed(6)); // cents
    case 'Edm.String': return typeof v === 'string';
    case 'Edm.Date': return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    case 'Edm.DateTimeOffset': return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v);
    default: return false;
  }
}

/** The parts of a parsed CSDL the feed relies on, as plain data. */
const summary = (meta: ReturnType<typeof parseCsdl>) => meta.edmx.dataServices.schemas.map((s) => ({
  namespace: s.namespace,
  types: s.entityTypes.map((e) => ({
    name: e.name, key: e.key.propertyRefs.map((k) => k.name),
    properties: e.properties.map((p) => [p.name, String(p.type), p.nullable]),
  })),
  sets: s.entityContainer.map((c) => c.entitySets.map((e) => [e.name, e.entityType])),
}));
