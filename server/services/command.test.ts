import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { appUser, auditLog, project } from '../db/schema/index.ts';
import { EMAIL_IN_USE } from '../../src/api/contract/messages.ts';
import { DUPLICATE_REFERENCE_MESSAGE } from '../../src/api/contract/messages.ts';
import { CONFLICT_MESSAGE, command } from './command.ts';
import { updateUser } from './users.ts';

// The command path: one transaction (the audit row included), one clock, the spec's 409s.

let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'cmd');
});
afterAll(() => t.close());

// PostgreSQL refuses a NUL character in text: an audit row with one fails to insert, as any write can.
const BROKEN_IP = 'ip\u0000';

describe('command()', () => {
  it('rolls the write back when the audit insert fails', async () => {
    const ctx = t.app.ctx;
    await expect(command(ctx, { user: a.adm, ip: BROKEN_IP }, async (c) => {
      await c.tx.update(appUser).set({ firstName: 'Teruggedraaid' }).where(eq(appUser.id, a.usr.id));
      await c.audit('Gebruiker gewijzigd');
    })).rejects.toThrow();
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, a.usr.id));
    expect(u.firstName).toBe(a.usr.firstName);
  });

  it('a user update whose audit row fails leaves the user unchanged', async () => {
    await expect(updateUser(t.app.ctx, a.adm, a.vwr.id, { first_name: 'Half' }, BROKEN_IP)).rejects.toThrow();
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, a.vwr.id));
    expect(u.firstName).toBe(a.vwr.firstName);
  });

  it('stamps the writes and the audit row with the configured clock', async () => {
    t.clock.current = new Date('2027-01-15T08:30:00Z');
    const h = await bearer(t.app, a.adm);
    const res = await t.app.inject({ method: 'PUT', url: `/api/manager/user/${a.usr.id}/`, headers: h, payload: { last_name: 'Klok' } });
    expect(res.statusCode).toBe(200);
    const created = await t.app.inject({
      method: 'POST', url: '/api/manager/project/', headers: h,
      payload: { name: 'Klokproject', number: null, description: null, organisation: null, projectmanager: null, subregion: a.subregionId, type_project: a.typeProjectId, roles: [{ id: a.usr.id, role: 'USR' }] },
    });
    expect(created.statusCode).toBe(201);
    const [p] = await t.db.select().from(project).where(eq(project.name, 'Klokproject'));
    expect(p.createdAt).toEqual(t.clock.current);
    expect(p.timestampLastModified).toEqual(t.clock.current);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.clientId, a.clientId)).orderBy(desc(auditLog.id)).limit(2);
    expect(rows.map((r) => r.description)).toEqual(["Project 'Klokproject' aangemaakt", "Gebruiker 'cmd Klok' gewijzigd (last_name)"]);
    expect(rows.map((r) => r.timestamp)).toEqual([t.clock.current, t.clock.current]);
  });

  it('answers a unique violation with the spec\'s 409 text of that index', async () => {
    const h = await bearer(t.app, a.adm);
    const email = await t.app.inject({ method: 'PUT', url: `/api/manager/user/${a.usr.id}/`, headers: h, payload: { email: a.vwr.email } });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe(EMAIL_IN_USE);
    const phase = await t.app.inject({ method: 'POST', url: '/api/manager/phase/', headers: h, payload: { description: 'INITIATIEF' } });
    expect(phase.statusCode).toBe(409);
    expect(phase.json().message).toBe(DUPLICATE_REFERENCE_MESSAGE.phase);
  });

  it('knows a 409 text for every unique index a request can run into', async () => {
    // Tokens, random ids and grant rows are written by the server alone (conflicts there are upserts or
    // would need a collision of random values), so they need none.
    const internal = ['refresh_token_hash_key', 'user_subregion_key', 'user_template_report_key', 'edit_link_token_key', 'job_file_uuid_key', 'bi_link_uuid_key',
      'oauth_viewer_client_key', 'oauth_viewer_oauth_client_key', 'oauth_code_hash_key', 'oauth_token_access_key', 'oauth_token_refresh_key', 'user_invitation_token_hash_key'];
    const { rows } = await t.db.execute<{ name: string }>(sql`
      SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE INDEX%'
        AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_pk' AND indexname NOT LIKE '%drizzle%'`);
    expect(rows.map((r) => r.name).filter((n) => !internal.includes(n)).sort()).toEqual(Object.keys(CONFLICT_MESSAGE).sort());
  });
});
