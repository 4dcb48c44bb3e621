import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { connect, type Db } from './db/index.ts';
import { job, model, templateReport } from './db/schema/index.ts';
import { ensureReportTemplates } from './seed/templates.ts';
import { createTestApp, type TestApp } from '../test/server/app.ts';
import { PASSWORD, bearer, createTenant, type Tenant } from '../test/server/fixtures.ts';
import { editLinkFor, rolesAsGlobal, seedTree, type Tree } from '../test/server/projectFixtures.ts';
import type { UserRow } from './context.ts';
import { BI_RATE_LIMIT } from './services/biLinks.ts';
import type { Mail } from './context.ts';
import { CASH_FLOWS_NAME } from '../src/formulas/reportTemplates.ts';

// Two server instances (buildApp() twice, each with its own connection pool, answer cache and job
// worker) on one database, as `npm run start:cluster` runs them behind nginx: whatever a user does
// works whichever instance answers. Each step alternates the instances on purpose.

const M = '/api/manager';
const worked = JSON.parse(readFileSync(new URL('../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

let t: TestApp;
let dbB: Db;
let A: FastifyInstance;
let B: FastifyInstance;
const mailsB: Mail[] = [];
let ten: Tenant;
let tree: Tree;
let onlineId: number;

beforeAll(async () => {
  t = await createTestApp();
  A = t.app;
  dbB = connect(t.db.$client.options.connectionString!, 5);
  B = await buildApp({ config: t.config, db: dbB, mailer: { send: async (m) => void mailsB.push(m) } });
  await B.ready();
  ten = await createTenant(t.db, 'inst');
  tree = await seedTree(t.db, ten, { roles: rolesAsGlobal(ten) });
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: tree.versionId, name: 'Online', modelPlatform: 'online', modelData: worked }).returning();
  onlineId = m.id;
});
afterAll(async () => {
  await B?.close();
  await dbB?.$client.end();
  await t.close();
});

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: `${M}/user/login/`, payload: { email, password }, remoteAddress: ip });
const refreshCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'grondslag_refresh')?.value;
const refresh = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: `${M}/token/refresh/`, cookies: { grondslag_refresh: token } });
const as = async (app: FastifyInstance, user: UserRow, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: await bearer(app, user) });

describe('sessions', () => {
  it('a sign-in on one instance is valid on the other, and the refresh token rotates across them', async () => {
    const signedIn = await login(A, ten.usr.email, PASSWORD, '10.1.0.1');
    expect(signedIn.statusCode).toBe(200);
    const access = signedIn.json().access as string;
    const me = await B.inject({ method: 'GET', url: `${M}/user/me/`, headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(ten.usr.email);

    const first = refreshCookie(signedIn)!;
    const onB = await refresh(B, first);
    expect(onB.statusCode).toBe(200);
    const second = refreshCookie(onB)!;
    expect(second).not.toBe(first);
    // B's new access token works on A; A rotates B's refresh token in turn.
    expect((await A.inject({ method: 'GET', url: `${M}/user/me/`, headers: { authorization: `Bearer ${onB.json().access}` } })).statusCode).toBe(200);
    const onA = await refresh(A, second);
    expect(onA.statusCode).toBe(200);
    const third = refreshCookie(onA)!;

    // After the grace period a rotated token is refused on either instance, and its reuse ends the family.
    t.clock.advance(60_000);
    expect((await refresh(A, first)).statusCode).toBe(401);
    expect((await refresh(B, second)).statusCode).toBe(401);
    expect((await refresh(B, third)).statusCode).toBe(401);
  });

  it('a sign-out on one instance ends the refresh token on the other', async () => {
    const signedIn = await login(B, ten.vwr.email, PASSWORD, '10.1.0.2');
    const token = refreshCookie(signedIn)!;
    const out = await A.inject({
      method: 'POST', url: `${M}/user/logout/`, headers: { authorization: `Bearer ${signedIn.json().access}` }, cookies: { grondslag_refresh: token },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(B, token)).statusCode).toBe(401);
  });
});

describe('the edit session and saves', () => {
  const session = (app: FastifyInstance, u: UserRow, method: 'POST' | 'DELETE' = 'POST') => as(app, u, method, `/api/grexonline/model/${onlineId}/session/`);
  const load = (app: FastifyInstance, u: UserRow) => as(app, u, 'GET', `/api/grexonline/model/${onlineId}/`);
  type Phase = { phase_name: string };
  const base = worked.base_parameters as { phasing_costs_revenues: Phase[] };
  /** The worked example with `name` as its first phase's name: which save the stored data is. */
  const save = (app: FastifyInstance, u: UserRow, version: number, name: string) => as(app, u, 'POST', `/api/grexonline/model/${onlineId}/`, {
    ...worked, base_parameters: { ...base, phasing_costs_revenues: base.phasing_costs_revenues.map((p, k) => (k ? p : { ...p, phase_name: name })) }, data_version: version,
  });
  const firstPhase = (data: unknown) => (data as { base_parameters: { phasing_costs_revenues: Phase[] } }).base_parameters.phasing_costs_revenues[0]!.phase_name;

  it('a session taken on A is seen on B; a save on B of an older version answers 409 on A', async () => {
    expect((await session(A, ten.usr)).json()).toMatchObject({ held: true });
    expect((await session(B, ten.adm)).json()).toMatchObject({ held: false, read_only_reason: 'session' });
    expect((await load(B, ten.adm)).json()).toMatchObject({ read_only_reason: 'session', session: { user_id: ten.usr.id, mine: false } });
    const v = (await load(B, ten.usr)).json().data_version as number;
    expect((await save(B, ten.adm, v, 'x')).statusCode).toBe(423);

    const saved = await save(B, ten.usr, v, 'Eerste');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data_version).toBe(v + 1);
    const stale = await save(A, ten.usr, v, 'Verloren');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'conflict', data_version: v + 1 });
    expect((await load(A, ten.usr)).json().data_version).toBe(v + 1);

    // Closed on B: A lets the other user in.
    expect((await session(B, ten.usr, 'DELETE')).json()).toMatchObject({ held: false });
    expect((await session(A, ten.adm)).json()).toMatchObject({ held: true });
    await session(B, ten.adm, 'DELETE');
  });

  it('saves of one version sent to both at once: exactly one is acknowledged', async () => {
    const v = (await load(A, ten.usr)).json().data_version as number;
    const answers = await Promise.all([A, B, A, B, A, B].map((app, i) => save(app, ten.usr, v, `Gelijktijdig ${i}`)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = firstPhase(answers.find((r) => r.statusCode === 200)!.json());
    expect(winner).toMatch(/^Gelijktijdig \d$/);
    const [row] = await t.db.select({ v: model.dataVersion, data: model.modelData }).from(model).where(eq(model.id, onlineId));
    expect(row.v).toBe(v + 1);
    expect(firstPhase(row.data)).toBe(winner);
  });
});

describe('WebDAV locks of an opened spreadsheet model', () => {
  it('a lock taken on A holds on B: a save without its token is refused, with it accepted; unlocked on B, A sees it gone', async () => {
    const url = await editLinkFor(t.db, ten, tree, { publicUrl: 'http://grondslag.test', userId: ten.usr.id, filename: 'Model.xlsx', now: t.clock.now(), hours: 24 });
    const path = new URL(url).pathname;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Invoer').getCell('A1').value = 'via B';
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const lockinfo = '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>Excel</D:owner></D:lockinfo>';
    const locked = await A.inject({ method: 'LOCK' as never, url: path, payload: lockinfo, headers: { 'content-type': 'application/xml', timeout: 'Second-600' } });
    expect(locked.statusCode, locked.body).toBe(200);
    const token = /<([^>]+)>/.exec(String(locked.headers['lock-token']))![1]!;
    expect((await B.inject({ method: 'LOCK' as never, url: path, payload: lockinfo, headers: { 'content-type': 'application/xml' } })).statusCode).toBe(423);
    expect((await B.inject({ method: 'PUT', url: path, payload: body })).statusCode).toBe(423);
    expect((await B.inject({ method: 'PUT', url: path, payload: body, headers: { if: `(<${token}>)` } })).statusCode).toBeLessThan(300);
    expect((await B.inject({ method: 'UNLOCK' as never, url: path, headers: { 'lock-token': `<${token}>` } })).statusCode).toBe(204);
    const again = await A.inject({ method: 'LOCK' as never, url: path, payload: lockinfo, headers: { 'content-type': 'application/xml' } });
    expect(again.statusCode).toBe(200);
    await A.inject({ method: 'UNLOCK' as never, url: path, headers: { 'lock-token': String(again.headers['lock-token']) } });
  });
});

describe('answer caches', () => {
  it('a rename through A shows at once in B\'s cached project list', async () => {
    const name = async (app: FastifyInstance) =>
      ((await as(app, ten.usr, 'GET', `${M}/project/?all=true`)).json() as { id: number; name: string }[]).find((p) => p.id === tree.projectId)?.name;
    const before = await name(B);
    expect(await name(B)).toBe(before); // answered from B's cache
    await t.db.execute(sql`UPDATE project SET name = 'Via A hernoemd' WHERE id = ${tree.projectId}`);
    expect(await name(B)).toBe('Via A hernoemd');
    expect(await name(A)).toBe('Via A hernoemd');
  });
});

describe('rate limits are counted in PostgreSQL', () => {
  it('failed sign-ins count across instances: the 11th from one IP is refused by either', async () => {
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? A : B, ten.non.email, 'fout', '10.2.0.1')).statusCode).toBe(401);
    expect((await login(A, ten.non.email, 'fout', '10.2.0.1')).statusCode).toBe(429);
    expect((await login(B, ten.non.email, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
  });

  it('30 wrong passwords sent at once to both instances: exactly 10 are tried', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2 ? A : B, ten.adm.email, 'fout', '10.2.0.2')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });

  it('reset mails count across instances: the 6th for one address is refused', async () => {
    const send = (app: FastifyInstance, ip: string) =>
      app.inject({ method: 'POST', url: `${M}/user/reset-password/send-token/`, payload: { email: ten.staff.email }, remoteAddress: ip });
    const sent = t.mails.length + mailsB.length;
    for (let i = 0; i < 5; i++) expect((await send(i % 2 ? A : B, `10.3.0.${i}`)).statusCode).toBe(200);
    expect((await send(A, '10.3.0.9')).statusCode).toBe(429);
    expect((await send(B, '10.3.0.10')).statusCode).toBe(429);
    expect(t.mails.length + mailsB.length - sent).toBe(5);
  });

  it('BI pulls of one link count across instances, also when sent at once', async () => {
    const link = await as(A, ten.usr, 'POST', '/api/bi/v1/report/', { description: 'Dashboard', models: [onlineId] });
    expect(link.statusCode, link.body).toBe(201);
    const { uuid, link: address } = link.json() as { uuid: string; link: string };
    const pw = (await as(B, ten.usr, 'POST', `/api/bi/v1/report/${uuid}/password/`)).json() as { username: string; password: string };
    const authorization = `Basic ${Buffer.from(`${pw.username}:${pw.password}`).toString('base64')}`;
    const url = new URL(address).pathname;
    const answers = await Promise.all(Array.from({ length: BI_RATE_LIMIT.pulls + 10 }, (_, i) =>
      (i % 2 ? A : B).inject({ method: 'GET', url, headers: { authorization } })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(BI_RATE_LIMIT.pulls);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
  });
});

describe('jobs', () => {
  it('reports asked on both instances each run once, with two workers taking jobs', async () => {
    await ensureReportTemplates(t.db, t.clock.now());
    const [tpl] = await t.db.select({ id: templateReport.id }).from(templateReport)
      .where(sql`${templateReport.clientId} = ${ten.clientId} AND ${templateReport.name} = ${CASH_FLOWS_NAME}`);
    const asked = await Promise.all([A, B, A, B].map((app) => as(app, ten.adm, 'POST', `${M}/report/`, { template_report: tpl.id, models: [onlineId] })));
    const uuids = asked.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { uuid: string }).uuid;
    });
    // Polled on the other instance than the one that was asked.
    for (const [i, uuid] of uuids.entries()) {
      let polled;
      do {
        await new Promise((r) => setTimeout(r, 50));
        polled = await as(i % 2 ? A : B, ten.adm, 'GET', `${M}/report/?uuid=${uuid}`);
      } while (polled.statusCode === 202);
      expect(polled.statusCode, polled.body).toBe(200);
    }
    const rows = await t.db.select({ status: job.status, attempts: job.attempts, file: job.resultFileId }).from(job).where(inArray(job.id, uuids));
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r).toMatchObject({ status: 'done', attempts: 1, file: expect.any(Number) });
    // pg-boss's own record: each job was handed out once.
    const { rows: boss } = await t.db.execute<{ retry_count: number; state: string }>(
      sql`SELECT retry_count, state FROM pgboss.job WHERE id::text IN (${sql.join(uuids.map((u) => sql`${u}`), sql`, `)})`);
    expect(boss).toHaveLength(4);
    for (const b of boss) expect(b).toMatchObject({ retry_count: 0, state: 'completed' });
  });
});
