import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppContext, UserRow } from '../context.ts';
import { appUser } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { BAD_LOGIN_CODE, BAD_SETUP_CODE } from '../../src/api/contract/messages.ts';
import { decrypt, encrypt } from '../auth/crypto.ts';
import { assertAttemptAllowed } from './attempts.ts';
import { command, type Command } from './command.ts';
import { findUserByEmail, normalizeEmail, startSession, type Session } from './session.ts';
import { removeRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './recoveryCodes.ts';
import { mayAct } from '../policies/users.ts';

const MFA_ISSUER = 'Grondslag';
const TOTP_PERIOD = 30;

/**
 * Checks a six-digit TOTP code against the user's secret within ±1 time step of ctx.config.now(),
 * and accepts it once only: the step is stored in mfa_last_step with a conditional update, so a
 * replayed code (or an older one) fails, also when two requests race.
 */
export async function checkTotp(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.mfaSecret || !/^\d{6}$/.test(code)) return false;
  let secret: string;
  try {
    secret = decrypt(ctx.encryptionKey, user.mfaSecret);
  } catch {
    return false;
  }
  const epoch = Math.floor(ctx.config.now().getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, period: TOTP_PERIOD, epochTolerance: TOTP_PERIOD });
  if (!result.valid) return false;
  const step = Math.floor(epoch / TOTP_PERIOD) + result.delta;
  const updated = await ctx.db.update(appUser).set({ mfaLastStep: step })
    .where(and(eq(appUser.id, user.id), or(isNull(appUser.mfaLastStep), lt(appUser.mfaLastStep, step))))
    .returning({ id: appUser.id });
  return updated.length === 1;
}

/**
 * The second factor at sign-in and in the reset flow: a TOTP code (six digits) or one of the user's
 * recovery codes (issue 25.2), which is then used up.
 */
export async function checkSecondFactor(
  ctx: AppContext, user: UserRow, code: string, ip: string, where: 'inloggen' | 'wachtwoordherstel',
): Promise<boolean> {
  if (/^\d{6}$/.test(code)) return checkTotp(ctx, user, code);
  return user.mfaVerified && code.length > 0 && useRecoveryCode(ctx, user, code, ip, where);
}

/** A new pending secret; MFA is off until a code of it is verified. */
export async function setupMfa(ctx: AppContext, user: UserRow, ip: string) {
  const secret = generateSecret();
  await command(ctx, { user, ip }, async (c) => {
    await c.tx.update(appUser).set({ mfaSecret: encrypt(ctx.encryptionKey, secret), mfaVerified: false, mfaLastStep: null })
      .where(eq(appUser.id, user.id));
    await c.audit('MFA-instelling gestart');
  });
  const otpauth_url = generateURI({ issuer: MFA_ISSUER, label: user.email, secret, period: TOTP_PERIOD });
  return { base32: secret, otpauth_url, setup_key: secret };
}

export async function verifyMfaSetup(ctx: AppContext, user: UserRow, email: string, code: string, ip: string) {
  if (normalizeEmail(email) !== user.email) throw new HttpError(400, BAD_SETUP_CODE);
  const attempt = await assertAttemptAllowed(ctx, 'mfa-setup', user.email, ip);
  const ok = await checkTotp(ctx, user, code.trim());
  if (ok) await attempt.succeeded();
  if (!ok) throw new HttpError(400, BAD_SETUP_CODE);
  const codes = await command(ctx, { user, ip }, async (c) => {
    await c.tx.update(appUser).set({ mfaVerified: true }).where(eq(appUser.id, user.id));
    await c.audit('MFA ingeschakeld');
    return replaceRecoveryCodes(c, user.id);
  });
  return { mfa_verified: true, recovery_codes: codes };
}

/** Ten new recovery codes from the profile (MFA on); the earlier ones stop working. */
export async function regenerateRecoveryCodes(ctx: AppContext, user: UserRow, ip: string) {
  if (!user.mfaVerified) throw new HttpError(400, 'Stel eerst Multi-Factor Authenticatie (MFA) in.');
  const codes = await command(ctx, { user, ip }, async (c) => {
    await c.audit('Nieuwe MFA-herstelcodes aangemaakt');
    return replaceRecoveryCodes(c, user.id);
  });
  return { recovery_codes: codes };
}

/** Turns MFA off for a user, inside the caller's command. */
export async function clearMfa(c: Command, userId: number): Promise<void> {
  await c.tx.update(appUser).set({ mfaVerified: false, mfaSecret: null, mfaLastStep: null }).where(eq(appUser.id, userId));
  await removeRecoveryCodes(c, userId);
}

export async function disableMfa(ctx: AppContext, user: UserRow, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    await clearMfa(c, user.id);
    await c.audit('MFA uitgeschakeld');
  });
}

/** Step two of sign-in: the ticket of step one, the e-mail and a TOTP code or a recovery code. */
export async function loginMfa(
  ctx: AppContext, ticket: string | undefined, emailIn: string, code: string, ip: string,
): Promise<{ user: UserRow; session: Session }> {
  const email = normalizeEmail(emailIn);
  const attempt = await assertAttemptAllowed(ctx, 'login-mfa', email, ip);
  const claims = ticket ? await ctx.tokens.verify(ticket, 'mfa-login') : null;
  const user = await findUserByEmail(ctx, email);
  const valid = Boolean(claims && user && claims.userId === user.id && user.mfaVerified && mayAct(user))
    && await checkSecondFactor(ctx, user!, code.trim(), ip, 'inloggen');
  if (valid) await attempt.succeeded();
  if (!valid || !user) {
    await command(ctx, { user, ip }, (c) => c.audit(`Mislukte MFA-inlogpoging (${email})`));
    throw new HttpError(401, BAD_LOGIN_CODE);
  }
  return { user, session: await startSession(ctx, user, ip) };
}
