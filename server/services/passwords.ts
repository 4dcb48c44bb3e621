import { and, eq, isNull, ne } from 'drizzle-orm';
import { unmetPasswordRequirements } from '../../src/lib/passwordPolicy.ts';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, passwordResetToken, refreshToken } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { BAD_RESET_CODE, WRONG_CURRENT_PASSWORD } from '../../src/api/contract/messages.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { canChangeOwnPassword, mayAct } from '../policies/users.ts';
import { assertAttemptAllowed, RESET_MAIL_LIMITS } from './attempts.ts';
import { command, type Command } from './command.ts';
import { checkSecondFactor } from './mfa.ts';
import { findUserByEmail, normalizeEmail, revokeAllSessions } from './session.ts';

const RESET_TOKEN_MS = 60 * 60 * 1000;
const POLICY_FAILED = 'Wachtwoord voldoet niet aan de eisen.';

/** 400 with one error per unmet requirement (path = the field), or nothing when the password is fine. */
export function assertPasswordPolicy(password: string, path: string, message = POLICY_FAILED): void {
  const unmet = unmetPasswordRequirements(password);
  if (unmet.length) throw new HttpError(400, message, { errors: unmet.map((m) => ({ path, message: m })) });
}

/**
 * Stores a new password hash (hashed before the command: the slow hash holds no transaction open);
 * `resetRequired` for a temporary password chosen by an admin.
 */
export async function storePassword(c: Command, userId: number, passwordHash: string, resetRequired: boolean): Promise<void> {
  await c.tx.update(appUser).set({ passwordHash, passwordChangedAt: c.now, passwordResetRequired: resetRequired })
    .where(eq(appUser.id, userId));
}

/**
 * Mails a single-use reset code valid one hour. Unknown, blocked or inactive accounts get no mail but
 * the same answer. Every request counts as an attempt of kind 'reset-send', whether the address exists
 * or not, so the limits (RESET_MAIL_LIMITS: 5 per address from all IPs, 20 per IP, per 15 minutes)
 * neither flood a mailbox nor tell which addresses are known. A mail that cannot be sent (mail server
 * down) does not change the answer either, which would tell that the address exists: its code is voided,
 * the audit log says so, and the error is returned for the operator's log.
 */
export async function sendResetToken(ctx: AppContext, emailIn: string, ip: string): Promise<{ mailError: unknown } | null> {
  const email = normalizeEmail(emailIn);
  await assertAttemptAllowed(ctx, 'reset-send', email, ip, RESET_MAIL_LIMITS); // always counts: never succeeded()
  const user = await findUserByEmail(ctx, email);
  if (!user || !mayAct(user)) return null;
  const token = randomToken(18);
  const [issued] = await command(ctx, { user, ip }, async (c) => {
    const rows = await c.tx.insert(passwordResetToken).values({
      userId: user.id, tokenHash: sha256(token), expiresAt: new Date(c.now.getTime() + RESET_TOKEN_MS), createdAt: c.now,
    }).returning({ id: passwordResetToken.id });
    await c.audit('Wachtwoordherstel aangevraagd');
    return rows;
  });
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Wachtwoord herstellen — Grondslag',
      text: `Beste ${user.firstName},\n\nU heeft gevraagd uw wachtwoord te herstellen. Vul deze code in:\n\n${token}\n\n`
        + 'De code is één uur geldig en werkt één keer. Heeft u dit niet gevraagd, dan kunt u deze e-mail negeren.\n',
    });
    return null;
  } catch (mailError) {
    await command(ctx, { user, ip }, async (c) => {
      await c.tx.update(passwordResetToken).set({ usedAt: c.now }).where(eq(passwordResetToken.id, issued!.id));
      await c.audit('Wachtwoordherstel: de e-mail met de code kon niet worden verstuurd');
    });
    return { mailError: mailError ?? new Error('mail') };
  }
}

async function findValidToken(ctx: AppContext, email: string, token: string) {
  const user = await findUserByEmail(ctx, email);
  if (!user || !mayAct(user) || !token) return null;
  const [row] = await ctx.db.select().from(passwordResetToken)
    .where(and(eq(passwordResetToken.userId, user.id), eq(passwordResetToken.tokenHash, sha256(token)), isNull(passwordResetToken.usedAt)));
  if (!row || row.expiresAt <= ctx.config.now()) return null;
  return { user, row };
}

/** check-token: { token, mfa }. Failed checks count towards the limits (kind 'reset-check'). */
export async function checkResetToken(ctx: AppContext, emailIn: string, token: string, ip: string) {
  const email = normalizeEmail(emailIn);
  const attempt = await assertAttemptAllowed(ctx, 'reset-check', email, ip);
  const found = await findValidToken(ctx, email, token.trim());
  if (found) await attempt.succeeded();
  return { token: Boolean(found), mfa: Boolean(found?.user.mfaVerified) };
}

/** check-mfa: a TOTP code (or a recovery code) for the reset; answers an mfa_token that set-password must present. */
export async function checkResetMfa(ctx: AppContext, emailIn: string, token: string, code: string, ip: string) {
  const email = normalizeEmail(emailIn);
  const attempt = await assertAttemptAllowed(ctx, 'reset-mfa', email, ip);
  const found = await findValidToken(ctx, email, token.trim());
  const ok = Boolean(found?.user.mfaVerified) && await checkSecondFactor(ctx, found!.user, code.trim(), ip, 'wachtwoordherstel');
  if (ok) await attempt.succeeded();
  if (!ok || !found) throw new HttpError(400, BAD_RESET_CODE);
  const mfaToken = randomToken();
  await command(ctx, { user: found.user, ip }, (c) =>
    c.tx.update(passwordResetToken).set({ mfaTokenHash: sha256(mfaToken) }).where(eq(passwordResetToken.id, found.row.id)));
  return { mfa_verified: true, mfa_token: mfaToken };
}

/**
 * set-password: the reset code (and, with MFA on, the mfa_token of check-mfa) and a new password
 * that meets the policy. Then every reset code of the user is used up, every session ends and a
 * temporary-password flag is cleared.
 */
export async function setPasswordWithToken(
  ctx: AppContext, input: { email: string; token: string; mfaToken?: string | null; password: string }, ip: string,
): Promise<void> {
  const email = normalizeEmail(input.email);
  const attempt = await assertAttemptAllowed(ctx, 'reset-check', email, ip);
  const found = await findValidToken(ctx, email, input.token.trim());
  const mfaOk = found && (!found.user.mfaVerified
    || (found.row.mfaTokenHash !== null && !!input.mfaToken && sha256(input.mfaToken) === found.row.mfaTokenHash));
  if (!found || !mfaOk) throw new HttpError(400, BAD_RESET_CODE);
  await attempt.succeeded(); // the code was right: not a guess, whatever follows
  assertPasswordPolicy(input.password, 'new_password');
  const passwordHash = await hashPassword(input.password);
  await command(ctx, { user: found.user, ip }, async (c) => {
    // Use the code up first (conditionally), so two concurrent requests cannot both set a password.
    const used = await c.tx.update(passwordResetToken).set({ usedAt: c.now })
      .where(and(eq(passwordResetToken.id, found.row.id), isNull(passwordResetToken.usedAt))).returning({ id: passwordResetToken.id });
    if (used.length !== 1) throw new HttpError(400, BAD_RESET_CODE);
    await c.tx.update(passwordResetToken).set({ usedAt: c.now })
      .where(and(eq(passwordResetToken.userId, found.user.id), isNull(passwordResetToken.usedAt)));
    await storePassword(c, found.user.id, passwordHash, false);
    await revokeAllSessions(c, found.user.id, 'password');
    await c.audit('Wachtwoord hersteld via e-mail');
  });
}

/**
 * The own password change in the settings; other browsers' sessions end, with their access tokens, and
 * this one (the session the request's access token names) stays.
 */
export async function changeOwnPassword(
  ctx: AppContext, user: UserRow, current: string, next: string, ip: string, currentSession: string | null,
): Promise<void> {
  if (!canChangeOwnPassword(user)) throw new HttpError(403, 'Uw wachtwoord kan hier niet worden gewijzigd.');
  const attempt = await assertAttemptAllowed(ctx, 'password-change', user.email, ip);
  const ok = await verifyPassword(user.passwordHash, current);
  if (ok) await attempt.succeeded();
  if (!ok) throw new HttpError(400, WRONG_CURRENT_PASSWORD);
  assertPasswordPolicy(next, 'new_password');
  const passwordHash = await hashPassword(next);
  await command(ctx, { user, ip }, async (c) => {
    await storePassword(c, user.id, passwordHash, false);
    if (currentSession) {
      await c.tx.update(refreshToken).set({ revokedAt: c.now, revokedReason: 'password' })
        .where(and(eq(refreshToken.userId, user.id), isNull(refreshToken.revokedAt), ne(refreshToken.family, currentSession)));
    } else {
      await revokeAllSessions(c, user.id, 'password');
    }
    await c.audit('Eigen wachtwoord gewijzigd');
  });
}
