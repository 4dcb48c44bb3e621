import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { createTenant, createUser, PASSWORD, bearer, type Tenant } from '../../test/server/fixtures.ts';
import { appUser, auditLog, passwordResetToken, refreshToken } from '../db/schema/index.ts';
import { encrypt } from '../auth/crypto.ts';
import type { UserRow } from '../context.ts';

let t: TestApp;
let tenant: Tenant;
const NEW = 'Nieuw-Wachtwoord-2026!';

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t.db, 'reset');
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip = '10.8.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/manager/user/${url}`, payload, remoteAddress: ip, headers });
const login = (email: string, password: string, ip = '10.8.9.9') =>
  t.app.inject({ method: 'POST', url: '/api/manager/user/login/', payload: { email, password }, remoteAddress: ip });

/** Asks a code and returns it from the captured mail. */
async function requestCode(email: string, ip = '10.8.0.1'): Promise<string> {
  const before = t.mails.length;
  const res = await post('reset-password/send-token/', { email }, ip);
  expect(res.statusCode).toBe(200);
  expect(t.mails.length).toBe(before + 1);
  const m = t.mails.at(-1)!;
  expect(m.to).toBe(email.toLowerCase());
  return /\n\n(\S+)\n\n/.exec(m.text)![1];
}

describe('password reset by mail', () => {
  it('answers the same for an unknown e-mail and sends no mail; rejects a malformed e-mail', async () => {
    const before = t.mails.length;
    const known = await post('reset-password/send-token/', { email: tenant.vwr.email });
    const unknown = await post('reset-password/send-token/', { email: 'niemand@reset.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
    const bad = await post('reset-password/send-token/', { email: 'geen-adres' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe('Ongeldig e-mailadres');
  });

  it('a mail server that is down does not tell that the address exists: the same answer, the code voided, the log says why', async () => {
    const u = await createUser(t.db, tenant.clientId, { email: 'smtp-down@reset.test' });
    const unknown = await post('reset-password/send-token/', { email: 'niemand-anders@reset.test' });
    t.mailFailure = new Error('ECONNREFUSED');
    try {
      const known = await post('reset-password/send-token/', { email: u.email });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
    } finally {
      t.mailFailure = null;
    }
    const [row] = await t.db.select().from(passwordResetToken).where(eq(passwordResetToken.userId, u.id));
    expect(row!.usedAt).not.toBeNull(); // nobody received it, so it cannot be used
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.userId, u.id))).map((x) => x.description);
    expect(audits).toContain('Wachtwoordherstel: de e-mail met de code kon niet worden verstuurd');
    // Once the mail server is back, a new request works as usual.
    const code = await requestCode(u.email);
    expect((await post('reset-password/check-token/', { email: u.email, reset_password_token: code })).json()).toEqual({ token: true, mfa: false });
  });

  it('full flow without MFA: check-token → set-password; sessions end, temporary flag cleared, code single-use', async () => {
    const u = await createUser(t.db, tenant.clientId, { email: 'plain@reset.test', passwordResetRequired: true });
    const session = await login(u.email, PASSWORD);
    expect(session.statusCode).toBe(200);
    const older = await requestCode(u.email);
    const token = await requestCode(u.email);
    expect((await post('reset-password/check-token/', { email: u.email, reset_password_token: 'fout' })).json()).toEqual({ token: false, mfa: false });
    expect((await post('reset-password/check-token/', { email: u.email, reset_password_token: token })).json()).toEqual({ token: true, mfa: false });
    const weak = await post('reset-password/set-password/', { email: u.email, reset_password_token: token, reset_password_2fa_token: null, new_password: 'kort' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Wachtwoord voldoet niet aan de eisen.');
    expect(weak.json().errors.map((e: { message: string }) => e.message)).toContain('Minimaal 12 tekens');
    const ok = await post('reset-password/set-password/', { email: u.email, reset_password_token: token, reset_password_2fa_token: null, new_password: NEW });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Wachtwoord gewijzigd');
    expect((await login(u.email, NEW)).statusCode).toBe(200);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(row.passwordResetRequired).toBe(false);
    const open = await t.db.select().from(refreshToken).where(and(eq(refreshToken.userId, u.id), isNull(refreshToken.revokedAt)));
    expect(open).toHaveLength(1); // only the sign-in after the reset
    // Reuse of the code, and the older outstanding code, are both refused.
    for (const tk of [token, older]) {
      const again = await post('reset-password/set-password/', { email: u.email, reset_password_token: tk, new_password: 'Ander-Wachtwoord-99!' });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('De ingevoerde code is ongeldig');
      expect((await post('reset-password/check-token/', { email: u.email, reset_password_token: tk })).json().token).toBe(false);
    }
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.userId, u.id));
    expect(audits.map((a) => a.description)).toContain('Wachtwoord hersteld via e-mail');
  });

  it('refuses an expired code (after 1 hour) and a code of another user', async () => {
    const token = await requestCode(tenant.usr.email);
    expect((await post('reset-password/check-token/', { email: tenant.vwr.email, reset_password_token: token })).json().token).toBe(false);
    t.clock.advance(60 * 60_000 - 1000);
    expect((await post('reset-password/check-token/', { email: tenant.usr.email, reset_password_token: token })).json().token).toBe(true);
    t.clock.advance(2000);
    expect((await post('reset-password/check-token/', { email: tenant.usr.email, reset_password_token: token })).json().token).toBe(false);
    const res = await post('reset-password/set-password/', { email: tenant.usr.email, reset_password_token: token, new_password: NEW });
    expect(res.statusCode).toBe(400);
  });

  it('never bypasses MFA: check-token says mfa, set-password needs the mfa_token of check-mfa', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const u = await createUser(t.db, tenant.clientId, {
      email: 'mfa@reset.test', mfaVerified: true, mfaSecret: encrypt(t.app.ctx.encryptionKey, secret),
    });
    const token = await requestCode(u.email);
    expect((await post('reset-password/check-token/', { email: u.email, reset_password_token: token })).json()).toEqual({ token: true, mfa: true });
    const without = await post('reset-password/set-password/', { email: u.email, reset_password_token: token, reset_password_2fa_token: '', new_password: NEW });
    expect(without.statusCode).toBe(400);
    const forged = await post('reset-password/set-password/', { email: u.email, reset_password_token: token, reset_password_2fa_token: 'verzonnen', new_password: NEW });
    expect(forged.statusCode).toBe(400);
    const wrong = await post('reset-password/check-mfa/', { email: u.email, reset_password_token: token, mfa_code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('De ingevoerde code is ongeldig');
    const c = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const ok = await post('reset-password/check-mfa/', { email: u.email, reset_password_token: token, mfa_code: c });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ mfa_verified: true, mfa_token: expect.any(String) });
    const replay = await post('reset-password/check-mfa/', { email: u.email, reset_password_token: token, mfa_code: c });
    expect(replay.statusCode).toBe(400);
    const set = await post('reset-password/set-password/', { email: u.email, reset_password_token: token, reset_password_2fa_token: ok.json().mfa_token, new_password: NEW });
    expect(set.statusCode).toBe(200);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(row.mfaVerified).toBe(true); // the reset does not switch MFA off
  });

  it('limits reset mails per address (5, from all IPs) and per IP (20) in 15 minutes, alike for known and unknown addresses; refused requests send no mail', async () => {
    const send = (email: string, ip: string) => post('reset-password/send-token/', { email }, ip);
    const known = await createUser(t.db, tenant.clientId, { email: 'flood@reset.test' });
    let mails = t.mails.length;
    const refusals: unknown[] = [];
    for (const email of [known.email, 'onbekend-flood@reset.test']) {
      for (let i = 0; i < 5; i++) expect((await send(email, `10.8.4.${i}`)).statusCode).toBe(200);
      const refused = await send(email, '10.8.4.9');
      expect(refused.statusCode).toBe(429);
      refusals.push(refused.json());
    }
    expect(refusals[0]).toEqual({ message: 'Te veel pogingen. Probeer het over 15 minuten opnieuw.', errors: [] });
    expect(refusals[1]).toEqual(refusals[0]);
    expect(t.mails.length).toBe(mails + 5);
    expect((await send('ander@reset.test', '10.8.4.9')).statusCode).toBe(200);

    const ip = '10.8.5.5';
    const other = await createUser(t.db, tenant.clientId, { email: 'per-ip@reset.test' });
    for (let i = 0; i < 20; i++) expect((await send(`x${i}@reset.test`, ip)).statusCode).toBe(200);
    mails = t.mails.length;
    expect((await send(other.email, ip)).statusCode).toBe(429);
    expect(t.mails.length).toBe(mails);
    expect((await send(other.email, '10.8.5.6')).statusCode).toBe(200);
    expect(t.mails.length).toBe(mails + 1);

    t.clock.advance(15 * 60_000 + 1000);
    expect((await send(known.email, '10.8.4.9')).statusCode).toBe(200);
    expect((await send(other.email, ip)).statusCode).toBe(200);
    expect(t.mails.length).toBe(mails + 3);
  });

  it('limits check-token and check-mfa per IP (10 failures)', async () => {
    const ip = '10.8.6.6';
    for (let i = 0; i < 10; i++) await post('reset-password/check-token/', { email: tenant.adm.email, reset_password_token: `fout${i}` }, ip);
    expect((await post('reset-password/check-token/', { email: tenant.adm.email, reset_password_token: 'x' }, ip)).statusCode).toBe(429);
    for (let i = 0; i < 10; i++) await post('reset-password/check-mfa/', { email: tenant.adm.email, reset_password_token: 'x', mfa_code: '000000' }, ip);
    expect((await post('reset-password/check-mfa/', { email: tenant.adm.email, reset_password_token: 'x', mfa_code: '000000' }, ip)).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post('reset-password/check-token/', { email: tenant.adm.email, reset_password_token: 'x' }, ip)).statusCode).toBe(200);
  });
});

describe('own password change (user/me/reset-password/)', () => {
  let u: UserRow;
  beforeAll(async () => {
    u = await createUser(t.db, tenant.clientId, { email: 'self@reset.test', passwordResetRequired: true });
  });

  it('400 on a wrong current password, 400 with the unmet requirements on a weak one', async () => {
    const h = await bearer(t.app, u);
    const wrong = await post('me/reset-password/', { current_password: 'fout', new_password: NEW }, '10.8.1.1', h);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Oud wachtwoord is onjuist.');
    const common = await post('me/reset-password/', { current_password: PASSWORD, new_password: 'Password123!' }, '10.8.1.1', h);
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ message: 'Wachtwoord voldoet niet aan de eisen.', errors: [{ path: 'new_password', message: 'Dit wachtwoord is te bekend; kies een ander.' }] });
  });

  it('changes the password, clears the temporary flag and ends the other sessions only', async () => {
    const mine = await login(u.email, PASSWORD, '10.8.2.1');
    const other = await login(u.email, PASSWORD, '10.8.2.2');
    const myCookie = mine.cookies.find((c) => c.name === 'grondslag_refresh')!.value;
    const otherCookie = other.cookies.find((c) => c.name === 'grondslag_refresh')!.value;
    // This browser: its access token and its refresh cookie name one session, the one that stays.
    const res = await post('me/reset-password/', { current_password: PASSWORD, new_password: NEW }, '10.8.1.1',
      { authorization: `Bearer ${mine.json().access}`, cookie: `grondslag_refresh=${myCookie}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Wachtwoord gewijzigd.');
    const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/manager/token/refresh/', cookies: { grondslag_refresh: cookie }, payload: {} });
    expect((await refresh(myCookie)).statusCode).toBe(200);
    expect((await refresh(otherCookie)).statusCode).toBe(401);
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, u.id));
    expect(row.passwordResetRequired).toBe(false);
  });

  it('a super-admin changes his own generated password (his profile stays read-only)', async () => {
    const staff = await createUser(t.db, tenant.clientId, { email: 'staf@reset.test', role: 'ADM', isStaff: true, passwordResetRequired: true });
    const h = await bearer(t.app, staff);
    const res = await post('me/reset-password/', { current_password: PASSWORD, new_password: NEW }, '10.8.1.2', h);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Wachtwoord gewijzigd.');
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, staff.id));
    expect(row.passwordResetRequired).toBe(false);
    expect((await login(staff.email, PASSWORD, '10.8.2.3')).statusCode).toBe(401);
    expect((await login(staff.email, NEW, '10.8.2.4')).statusCode).toBe(200);
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.userId, staff.id))).map((x) => x.description);
    expect(audits).toContain('Eigen wachtwoord gewijzigd');
    const me = await t.app.inject({ method: 'GET', url: '/api/manager/user/me/', headers: await bearer(t.app, staff) });
    expect(me.json()).toMatchObject({ can_change_password: true, can_edit_profile: false });
    const profile = await t.app.inject({ method: 'PUT', url: '/api/manager/user/me/', headers: await bearer(t.app, staff), payload: { first_name: 'Ander' } });
    expect(profile.statusCode).toBe(403);
  });
});
