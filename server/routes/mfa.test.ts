import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, PASSWORD, bearer, type Tenant } from '../../test/server/fixtures.ts';
import { appUser, auditLog } from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';

let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'mfa');
});
afterAll(() => t.close());

const code = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
const post = async (url: string, user: UserRow | null, payload?: object, extra: { ip?: string; cookies?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST', url: `/api/manager/${url}`, payload, remoteAddress: extra.ip ?? '10.9.0.1', cookies: extra.cookies,
    headers: user ? await bearer(t.app, user) : {},
  });

/** Sets up and verifies MFA for a user; returns the secret. */
async function enable(user: UserRow): Promise<string> {
  const setup = await post('user/mfa/setup/', user);
  expect(setup.statusCode).toBe(200);
  const { base32 } = setup.json();
  const res = await post('user/mfa/verify/', user, { user_email: user.email, mfa_code: await code(base32) });
  expect(res.json()).toMatchObject({ mfa_verified: true });
  t.clock.advance(30_000); // the next code is a new time step
  return base32;
}

async function ticketFor(email: string, ip = '10.9.1.1'): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email, password: PASSWORD }, remoteAddress: ip });
  expect(res.json().mfa).toBe(true);
  const ticket = res.cookies.find((c) => c.name === 'grondslag_mfa')!;
  return { grondslag_mfa: ticket.value };
}

describe('MFA setup', () => {
  it('answers a base32 secret and an otpauth address with issuer Grondslag, stores the secret encrypted, keeps MFA off until verified', async () => {
    const res = await post('user/mfa/setup/', tenant.usr);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.base32).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.setup_key).toBe(body.base32);
    expect(body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Grondslag:usr%40mfa\.test\?.*issuer=Grondslag/);
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, tenant.usr.id));
    expect(u.mfaVerified).toBe(false);
    expect(u.mfaSecret).toBeTruthy();
    expect(u.mfaSecret).not.toContain(body.base32);
  });

  it('refuses a wrong code with the spec message and enables MFA on a right one', async () => {
    const { base32 } = (await post('user/mfa/setup/', tenant.vwr)).json();
    const wrong = await post('user/mfa/verify/', tenant.vwr, { user_email: tenant.vwr.email, mfa_code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('De ingevoerde code is ongeldig.');
    const otherEmail = await post('user/mfa/verify/', tenant.vwr, { user_email: tenant.adm.email, mfa_code: await code(base32) });
    expect(otherEmail.statusCode).toBe(400);
    const ok = await post('user/mfa/verify/', tenant.vwr, { user_email: tenant.vwr.email.toUpperCase(), mfa_code: await code(base32) });
    expect(ok.json()).toMatchObject({ mfa_verified: true, recovery_codes: expect.any(Array) });
    const me = await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: await bearer(t.app, tenant.vwr) });
    expect(me.json().mfa_verified).toBe(true);
  });

  it('disable turns MFA off and forgets the secret', async () => {
    await enable(tenant.non);
    const res = await post('user/mfa/disable/', tenant.non);
    expect(res.json()).toMatchObject({ mfa_verified: false });
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, tenant.non.id));
    expect(u).toMatchObject({ mfaVerified: false, mfaSecret: null });
  });

  it('needs a bearer token', async () => {
    expect((await post('user/mfa/setup/', null)).statusCode).toBe(401);
    expect((await post('user/mfa/verify/', null, { user_email: 'x@y.nl', mfa_code: '123456' })).statusCode).toBe(401);
    expect((await post('user/mfa/disable/', null)).statusCode).toBe(401);
  });
});

describe('MFA sign-in step', () => {
  let secret: string;
  beforeAll(async () => {
    secret = await enable(tenant.adm);
  });

  it('signs in with the ticket cookie and a right code, like the password step (refresh cookie, audit)', async () => {
    const cookies = await ticketFor(tenant.adm.email);
    const res = await post('user/login/mfa/', null, { email: 'ADM@mfa.test', mfa_code: await code(secret) }, { cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json().access).toMatch(/^ey/);
    expect(res.json().user.email).toBe('adm@mfa.test');
    const refresh = res.cookies.find((c) => c.name === 'grondslag_refresh')!;
    expect(refresh.httpOnly).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: { authorization: `Bearer ${res.json().access}` } });
    expect(me.statusCode).toBe(200);
  });

  it('rejects a replayed code (accepted once only), also within the same time step', async () => {
    t.clock.advance(30_000);
    const c = await code(secret);
    const first = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: c }, { cookies: await ticketFor(tenant.adm.email) });
    expect(first.statusCode).toBe(200);
    const replay = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: c }, { cookies: await ticketFor(tenant.adm.email) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Ongeldige code!');
  });

  it('accepts a code of the previous step (±1) but not of two steps ago', async () => {
    t.clock.advance(60_000);
    const old = await code(secret);
    t.clock.advance(30_000);
    const ok = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: old }, { cookies: await ticketFor(tenant.adm.email) });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(60_000);
    const stale = await code(secret);
    t.clock.advance(60_000);
    const res = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: stale }, { cookies: await ticketFor(tenant.adm.email) });
    expect(res.statusCode).toBe(401);
  });

  it('refuses without ticket, with a ticket of another user, with an expired ticket, and a code of wrong length', async () => {
    t.clock.advance(30_000);
    const c = await code(secret);
    expect((await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: c })).statusCode).toBe(401);
    await enable(tenant.staff);
    const staffTicket = await ticketFor(tenant.staff.email);
    expect((await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: c }, { cookies: staffTicket })).statusCode).toBe(401);
    const ticket = await ticketFor(tenant.adm.email);
    t.clock.advance(6 * 60_000);
    const late = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: await code(secret) }, { cookies: ticket });
    expect(late.statusCode).toBe(401);
    const short = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: '12345' }, { cookies: await ticketFor(tenant.adm.email) });
    expect(short.statusCode).toBe(401);
    expect(short.json().message).toBe('Ongeldige code!');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.description, 'Mislukte MFA-inlogpoging (adm@mfa.test)'));
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('limits failed codes: 10 failures for one account from one IP within 15 minutes → 429; another IP still works; after 15 minutes again', async () => {
    t.clock.advance(30_000);
    const ip = '10.9.7.7';
    const cookies = await ticketFor(tenant.adm.email, ip);
    for (let i = 0; i < 10; i++) {
      const res = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: '000000' }, { ip, cookies });
      expect(res.statusCode).toBe(401);
    }
    const refused = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: await code(secret) }, { ip, cookies });
    expect(refused.statusCode).toBe(429);
    const other = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: await code(secret) }, { ip: '10.9.8.8', cookies: await ticketFor(tenant.adm.email, '10.9.8.8') });
    expect(other.statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    const again = await post('user/login/mfa/', null, { email: tenant.adm.email, mfa_code: await code(secret) }, { ip, cookies: await ticketFor(tenant.adm.email, ip) });
    expect(again.statusCode).toBe(200);
  });
});
