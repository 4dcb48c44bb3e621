import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { configFromEnv } from '../config.ts';
import { createTenant, PASSWORD, bearer, type Tenant } from '../../test/server/fixtures.ts';
import { auditLog, appUser } from '../db/schema/index.ts';

let t: TestApp;
let tenant: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'alpha');
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email, password }, remoteAddress: ip });

function refreshCookie(res: { cookies: { name: string; value: string; httpOnly?: boolean; sameSite?: string }[] }) {
  return res.cookies.find((c) => c.name === 'grondslag_refresh');
}

describe('sign-in', () => {
  it('signs in with e-mail and password, sets an httpOnly SameSite=Strict refresh cookie and records it', async () => {
    const res = await login('USR@alpha.test', PASSWORD, '10.1.1.1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mfa).toBe(false);
    expect(body.access).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: 'usr@alpha.test', role: 'USR' });
    const cookie = refreshCookie(res)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, tenant.usr.id), eq(auditLog.description, 'Ingelogd')));
    expect(rows[0].ipaddress).toBe('10.1.1.1');
    const [u] = await t.db.select().from(appUser).where(eq(appUser.id, tenant.usr.id));
    expect(u.lastLogin).not.toBeNull();
  });

  it('answers the same Dutch message for a wrong password and an unknown e-mail, and logs the failure', async () => {
    const wrong = await login('adm@alpha.test', 'niet-het-wachtwoord', '10.2.2.2');
    const unknown = await login('niemand@alpha.test', 'niet-het-wachtwoord', '10.2.2.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('De combinatie van e-mailadres en wachtwoord is onjuist');
    expect(unknown.json().message).toBe(wrong.json().message);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.ipaddress, '10.2.2.2'));
    expect(rows.map((r) => r.description)).toEqual(['Mislukte inlogpoging (adm@alpha.test)', 'Mislukte inlogpoging (niemand@alpha.test)']);
  });

  it('answers a malformed body with 400 and a message per field, never 500', async () => {
    for (const payload of [{}, { email: 5 }, { email: 'a@b.nl' }, 'geen json']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: payload as object, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Ongeldige/);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email: 'a@b.nl' } });
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'password' })]);
  });

  it('refuses a blocked account with 405 and the spec message', async () => {
    await t.db.update(appUser).set({ blocked: true }).where(eq(appUser.id, tenant.vwr.id));
    const res = await login('vwr@alpha.test', PASSWORD, '10.3.3.3');
    expect(res.statusCode).toBe(405);
    expect(res.json().message).toMatch(/^U kunt met dit account geen toegang krijgen tot/);
    await t.db.update(appUser).set({ blocked: false }).where(eq(appUser.id, tenant.vwr.id));
  });

  it('lets role NON sign in; the client shows the waiting screen from me.role', async () => {
    const res = await login('non@alpha.test', PASSWORD, '10.4.4.4');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('NON');
  });

  it('asks for the MFA step instead of a token when MFA is on', async () => {
    await t.db.update(appUser).set({ mfaVerified: true }).where(eq(appUser.id, tenant.adm.id));
    const res = await login('adm@alpha.test', PASSWORD, '10.5.5.5');
    expect(res.json()).toMatchObject({ access: null, mfa: true });
    expect(refreshCookie(res)).toBeUndefined();
    await t.db.update(appUser).set({ mfaVerified: false }).where(eq(appUser.id, tenant.adm.id));
  });
});

describe('attempt limits', () => {
  it('refuses an account on one IP after 10 failures for 15 minutes, not from another IP', async () => {
    const email = 'staff@alpha.test';
    for (let i = 0; i < 10; i++) expect((await login(email, 'fout', '10.9.9.9')).statusCode).toBe(401);
    const blocked = await login(email, PASSWORD, '10.9.9.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Te veel pogingen. Probeer het over 15 minuten opnieuw.');
    expect((await login(email, PASSWORD, '10.9.9.10')).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login(email, PASSWORD, '10.9.9.9')).statusCode).toBe(200);
  });

  it('limits one IP over all accounts', async () => {
    for (let i = 0; i < 100; i++) {
      await t.db.insert((await import('../db/schema/index.ts')).loginAttempt).values({ email: `x${i}@y.nl`, ip: '10.8.8.8', success: false, at: t.clock.now() });
    }
    expect((await login('usr@alpha.test', PASSWORD, '10.8.8.8')).statusCode).toBe(429);
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh cookie; a rotated token reused after the grace period revokes the family', async () => {
    const first = refreshCookie(await login('usr@alpha.test', PASSWORD, '10.6.6.1'))!;
    const r1 = await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: first.value } });
    expect(r1.statusCode).toBe(200);
    expect(r1.json().access).toMatch(/^ey/);
    const second = refreshCookie(r1)!;
    expect(second.value).not.toBe(first.value);
    const r2 = await t.app.inject({ method: 'GET', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: second.value } });
    expect(r2.statusCode).toBe(200);
    t.clock.advance(60_000);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: first.value } });
    expect(reuse.statusCode).toBe(401);
    const third = refreshCookie(r2)!;
    const afterTheft = await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: third.value } });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refuses refresh without a cookie, and after expiry', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/' })).statusCode).toBe(401);
    const c = refreshCookie(await login('usr@alpha.test', PASSWORD, '10.6.6.2'))!;
    t.clock.advance(15 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: c.value } })).statusCode).toBe(401);
  });

  it('signs out: the refresh token stops working and the sign-out is logged', async () => {
    const res = await login('usr@alpha.test', PASSWORD, '10.7.7.7');
    const access = res.json().access;
    const c = refreshCookie(res)!;
    const out = await t.app.inject({ method: 'POST', url: '/api/manager/user/logout/', headers: { authorization: `Bearer ${access}` }, cookies: { grondslag_refresh: c.value }, remoteAddress: '10.7.7.7' });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: c.value } })).statusCode).toBe(401);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.description, 'Uitgelogd'), eq(auditLog.ipaddress, '10.7.7.7')));
    expect(rows).toHaveLength(1);
  });

  it('ends a blocked user\'s access at once', async () => {
    const auth = await bearer(t.app, tenant.usr);
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: auth })).statusCode).toBe(200);
    await t.db.update(appUser).set({ blocked: true }).where(eq(appUser.id, tenant.usr.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: auth })).statusCode).toBe(401);
    await t.db.update(appUser).set({ blocked: false }).where(eq(appUser.id, tenant.usr.id));
  });
});

describe('me', () => {
  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/user/me/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('updates the profile and accepts the terms', async () => {
    const auth = await bearer(t.app, tenant.adm);
    const res = await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: auth, payload: { first_name: 'Ada', terms_conditions_accepted: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ada', terms_conditions_accepted: true });
  });

  it('keeps a staff profile read-only but lets staff accept the terms', async () => {
    const auth = await bearer(t.app, tenant.staff);
    expect((await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: auth, payload: { first_name: 'X' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: auth, payload: { terms_conditions_accepted: true } })).statusCode).toBe(200);
  });

  it('rejects an invalid e-mail with a field message and a taken one with 409', async () => {
    const auth = await bearer(t.app, tenant.adm);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: auth, payload: { email: 'geen-adres' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({ path: 'email', message: 'E-mailadres is niet geldig' });
    const taken = await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: auth, payload: { email: 'usr@alpha.test' } });
    expect(taken.statusCode).toBe(409);
  });
});

describe('status', () => {
  it('answers status and client-status without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/status/' })).json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/client-status/' })).json()).toEqual({ saml: false, client_name: 'alpha' });
    expect((await t.app.inject({ method: 'GET', url: '/api/grexsuperadmin/status/' })).statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/manager/status/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/manager/user/login/');
  });
});

describe('authorization of the sign-in core', () => {
  // Every caller reaches only their own account; a staff profile is read-only (spec 2 §2).
  const callers = ['none', 'NON', 'VWR', 'USR', 'ADM', 'staff', 'other'] as const;
  const rows: { name: string; method: 'GET' | 'PUT' | 'POST'; url: string; body?: object; expect: number[] }[] = [
    { name: 'GET user/me/', method: 'GET', url: '/api/manager/user/me/', expect: [401, 200, 200, 200, 200, 200, 200] },
    { name: 'PUT user/me/ profile', method: 'PUT', url: '/api/manager/user/me/', body: { last_name: 'Gewijzigd' }, expect: [401, 200, 200, 200, 200, 403, 200] },
    { name: 'POST user/logout/', method: 'POST', url: '/api/manager/user/logout/', expect: [401, 200, 200, 200, 200, 200, 200] },
    { name: 'GET status/ (public)', method: 'GET', url: '/api/manager/status/', expect: [200, 200, 200, 200, 200, 200, 200] },
  ];
  it.each(rows)('$name: exact status per caller', async (row) => {
    const other = await createTenant(t.db, `other${row.name.length}${row.method}`);
    const users = { NON: tenant.non, VWR: tenant.vwr, USR: tenant.usr, ADM: tenant.adm, staff: tenant.staff, other: other.adm };
    const got = [];
    for (const c of callers) {
      const headers = c === 'none' ? {} : await bearer(t.app, users[c]);
      const res = await t.app.inject({ method: row.method, url: row.url, headers, ...(row.body ? { payload: row.body } : {}) });
      got.push(res.statusCode);
      if (c === 'other' && row.url.endsWith('/me/') && res.statusCode === 200) {
        expect(res.json().email).toBe(other.adm.email); // never another client's account
      }
    }
    expect(got).toEqual(row.expect);
  });
});

describe('cookies behind https (issue 22 item 10)', () => {
  it('are Secure when PUBLIC_URL is https, without SECURE_COOKIES', async () => {
    const { publicUrl, secureCookies } = configFromEnv({ PUBLIC_URL: 'https://grex.gemeente.example' });
    const https = await createTestApp({ publicUrl, secureCookies });
    try {
      const other = await createTenant(https.db, 'secure');
      const res = await https.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email: other.usr.email, password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.cookies.find((c) => c.name === 'grondslag_refresh')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await https.close();
    }
    // Plain http (the local demo) keeps them without Secure, or the browser would drop them.
    expect(refreshCookie(await login('usr@alpha.test', PASSWORD, '10.9.9.9'))).not.toHaveProperty('secure', true);
  });
});

describe('an access token ends with its session (issue 33.4)', () => {
  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: { authorization: `Bearer ${access}` } });
  const signIn = async (ip: string) => {
    const res = await login('vwr@alpha.test', PASSWORD, ip);
    expect(res.statusCode).toBe(200);
    return { access: res.json().access as string, refresh: refreshCookie(res)!.value };
  };

  it('is refused (401) after a sign-out, with or without the refresh cookie; a refresh keeps the session and its tokens', async () => {
    const browser = await signIn('10.8.0.1');
    const rotated = await t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: browser.refresh } });
    const renewed = rotated.json().access as string;
    expect((await me(browser.access)).statusCode).toBe(200); // the session lives on through the rotation
    expect((await me(renewed)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/manager/user/logout/', headers: { authorization: `Bearer ${renewed}` }, cookies: { grondslag_refresh: refreshCookie(rotated)!.value } });
    expect((await me(browser.access)).statusCode).toBe(401);
    expect((await me(renewed)).statusCode).toBe(401);

    const apiClient = await signIn('10.8.0.2');
    const other = await signIn('10.8.0.3');
    await t.app.inject({ method: 'POST', url: '/api/manager/user/logout/', headers: { authorization: `Bearer ${apiClient.access}` } });
    expect((await me(apiClient.access)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(200); // another sign-in is another session
  });

  it('is refused after a password change elsewhere; the session that changed it goes on', async () => {
    const here = await signIn('10.8.1.1');
    const there = await signIn('10.8.1.2');
    const change = await t.app.inject({
      method: 'POST', url: '/api/manager/user/me/reset-password/', headers: { authorization: `Bearer ${here.access}` },
      payload: { current_password: PASSWORD, new_password: 'Ander-Wachtwoord-77!' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(there.access)).statusCode).toBe(401);
    expect((await me(here.access)).statusCode).toBe(200);
    await t.db.update(appUser).set({ passwordHash: tenant.vwr.passwordHash }).where(eq(appUser.id, tenant.vwr.id));
  });

  it('is refused after an admin sets a new password for the user', async () => {
    const session = await signIn('10.8.2.1');
    const res = await t.app.inject({
      method: 'POST', url: `/api/manager/user/${tenant.vwr.id}/reset-password/`, headers: await bearer(t.app, tenant.adm),
      payload: { new_password: 'Tijdelijk-Wachtwoord-55!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(session.access)).statusCode).toBe(401);
    await t.db.update(appUser).set({ passwordHash: tenant.vwr.passwordHash, passwordResetRequired: false }).where(eq(appUser.id, tenant.vwr.id));
  });

  it('is refused when it names no session (a token signed without one)', async () => {
    const bare = await t.app.ctx.tokens.sign({ userId: tenant.vwr.id, clientId: tenant.vwr.clientId });
    expect((await me(bare)).statusCode).toBe(401);
  });
});
