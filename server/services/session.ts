import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, client, refreshToken } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { WRONG_CREDENTIALS } from '../../src/api/contract/messages.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { assertAttemptAllowed } from './attempts.ts';
import { command, type Command } from './command.ts';
import { mayAct } from '../policies/users.ts';

export const NO_ACCESS = 'U kunt met dit account geen toegang krijgen tot Grondslag. Neem contact op met uw administrator.';
/** Lifetime of the ticket between the password step and the MFA step of a sign-in. */
export const MFA_TICKET_SECONDS = 5 * 60;
/** A rotated refresh token still works this long, for tabs that refresh at the same moment. */
const ROTATION_GRACE_MS = 30_000;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface Session {
  access: string;
  refresh: string;
}

export type LoginOutcome =
  | { kind: 'session'; user: UserRow; session: Session }
  | { kind: 'mfa'; user: UserRow; ticket: string };

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(appUser).where(eq(appUser.email, normalizeEmail(email)));
  return user;
}

export async function clientName(ctx: AppContext, clientId: number): Promise<string> {
  const [row] = await ctx.db.select({ name: client.name }).from(client).where(eq(client.id, clientId));
  return row?.name ?? '';
}

/** Step one of sign-in: e-mail and password (spec 2 §4). */
export async function login(ctx: AppContext, emailIn: string, password: string, ip: string): Promise<LoginOutcome> {
  const email = normalizeEmail(emailIn);
  const attempt = await assertAttemptAllowed(ctx, 'login', email, ip);
  const user = await findUserByEmail(ctx, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await command(ctx, { user, ip }, (c) => c.audit(`Mislukte inlogpoging (${email})`));
    throw new HttpError(401, WRONG_CREDENTIALS);
  }
  if (!mayAct(user)) {
    await command(ctx, { user, ip }, (c) => c.audit('Inlogpoging met geblokkeerd account'));
    throw new HttpError(405, NO_ACCESS);
  }
  await attempt.succeeded();
  return afterPassword(ctx, user, ip);
}

/**
 * The password is right (typed at sign-in, or just chosen through an invitation link): an account with
 * MFA on is asked its code (the MFA step's ticket), any other gets its session. The link of a
 * re-invitation is not a second factor (issue 33.4).
 */
export async function afterPassword(ctx: AppContext, user: UserRow, ip: string): Promise<LoginOutcome> {
  if (user.mfaVerified) return { kind: 'mfa', user, ticket: await startMfaStep(ctx, user, ip, 'Wachtwoord juist, MFA-code gevraagd') };
  const session = await startSession(ctx, user, ip);
  return { kind: 'session', user, session };
}

/**
 * The first factor passed (password, or the client's IdP): records it and answers the ticket the MFA
 * step (`loginMfa`) demands with the code, instead of a session.
 */
export async function startMfaStep(ctx: AppContext, user: UserRow, ip: string, description: string): Promise<string> {
  await command(ctx, { user, ip }, (c) => c.audit(description));
  return ctx.tokens.sign({ userId: user.id, clientId: user.clientId }, 'mfa-login', MFA_TICKET_SECONDS);
}

/** Issues an access token and a new refresh-token family; records the sign-in. */
export async function startSession(ctx: AppContext, user: UserRow, ip: string): Promise<Session> {
  const sessionId = randomUUID();
  const refresh = await command(ctx, { user, ip }, async (c) => {
    const token = await issueRefresh(ctx, c, user.id, sessionId);
    await c.tx.update(appUser).set({ lastLogin: c.now }).where(eq(appUser.id, user.id));
    await c.audit('Ingelogd');
    return token;
  });
  const access = await ctx.tokens.sign({ userId: user.id, clientId: user.clientId, sessionId });
  return { access, refresh };
}

/** A new refresh token of the family, valid refreshTokenDays from the command's time. */
async function issueRefresh(ctx: AppContext, c: Command, userId: number, family: string): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(c.now.getTime() + ctx.config.refreshTokenDays * 86_400_000);
  await c.tx.insert(refreshToken).values({ userId, tokenHash: sha256(token), family, expiresAt, createdAt: c.now });
  return token;
}

/**
 * Exchanges a refresh token for a new access token and rotates it. A rotated token presented again
 * after the grace period means it was copied: the whole family is revoked.
 */
export async function refresh(ctx: AppContext, token: string | undefined, ip: string): Promise<{ access: string; refresh?: string }> {
  const invalid = new HttpError(401, 'Sessie verlopen. Log opnieuw in.');
  if (!token) throw invalid;
  // The command commits the revocation of a reused family; the 401 is raised after it.
  const result = await command(ctx, { ip }, async (c): Promise<{ access: string; refresh?: string } | null> => {
    const [row] = await c.tx.select().from(refreshToken).where(eq(refreshToken.tokenHash, sha256(token))).for('update');
    if (!row || row.expiresAt <= c.now) throw invalid;
    const [user] = await c.tx.select().from(appUser).where(eq(appUser.id, row.userId));
    if (!user || !mayAct(user)) throw invalid;
    const access = await ctx.tokens.sign({ userId: user.id, clientId: user.clientId, sessionId: row.family });
    if (row.revokedAt) {
      const withinGrace = row.revokedReason === 'rotated' && c.now.getTime() - row.revokedAt.getTime() < ROTATION_GRACE_MS;
      if (withinGrace) return { access };
      await c.tx.update(refreshToken).set({ revokedAt: c.now, revokedReason: 'reuse' })
        .where(and(eq(refreshToken.family, row.family), isNull(refreshToken.revokedAt)));
      return null;
    }
    await c.tx.update(refreshToken).set({ revokedAt: c.now, revokedReason: 'rotated' }).where(eq(refreshToken.id, row.id));
    return { access, refresh: await issueRefresh(ctx, c, user.id, row.family) };
  });
  if (!result) throw invalid;
  return result;
}

/**
 * Ends the session of this browser: the refresh family of its cookie and the session its access token
 * names (one and the same in the browser; a client without the cookie ends its token's session) are
 * revoked, and with them every access token of the session (the bearer hook checks it).
 */
export async function logout(ctx: AppContext, user: UserRow, token: string | undefined, sessionId: string | null, ip: string): Promise<void> {
  await command(ctx, { user, ip }, async (c) => {
    const [row] = token ? await c.tx.select().from(refreshToken).where(eq(refreshToken.tokenHash, sha256(token))) : [];
    const families = [...new Set([...(row && row.userId === user.id ? [row.family] : []), ...(sessionId ? [sessionId] : [])])];
    if (families.length) {
      await c.tx.update(refreshToken).set({ revokedAt: c.now, revokedReason: 'logout' })
        .where(and(eq(refreshToken.userId, user.id), inArray(refreshToken.family, families), isNull(refreshToken.revokedAt)));
    }
    await c.audit('Uitgelogd');
  });
}

/** Revokes every refresh token of a user (blocked, password changed), inside the caller's command. */
export async function revokeAllSessions(c: Command, userId: number, reason: string): Promise<void> {
  await c.tx.update(refreshToken).set({ revokedAt: c.now, revokedReason: reason })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
}
