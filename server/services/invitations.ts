import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, userInvitation } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import { INVITE_INVALID } from '../../src/api/contract/messages.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { hashPassword } from '../auth/passwords.ts';
import { formatCount } from '../../src/lib/count.ts';
import { mayAct } from '../policies/users.ts';
import { assertAttemptAllowed } from './attempts.ts';
import { fullName } from './audit.ts';
import { command, type Command } from './command.ts';
import { assertPasswordPolicy, storePassword } from './passwords.ts';
import { afterPassword, revokeAllSessions, type LoginOutcome } from './session.ts';

/** The address of the screen where an invited user sets their password; the token in the fragment stays out of request logs. */
export const invitationLink = (ctx: AppContext, token: string) => `${ctx.config.publicUrl.replace(/\/$/, '')}/uitnodiging#${token}`;

/** An invitation issued in a command, to be mailed after it commits. */
export interface IssuedInvitation {
  id: number;
  token: string;
}

/** A new invitation for the user, inside the caller's command, valid `inviteHours` from the command's time. */
export async function issueInvitation(c: Command, ctx: AppContext, user: UserRow): Promise<IssuedInvitation> {
  const token = randomToken(24);
  const [row] = await c.tx.insert(userInvitation).values({
    userId: user.id, tokenHash: sha256(token), expiresAt: new Date(c.now.getTime() + ctx.config.inviteHours * 3_600_000), createdAt: c.now,
  }).returning({ id: userInvitation.id });
  return { id: row!.id, token };
}

/**
 * Mails an issued invitation (after its command committed). Sent: the user's earlier unused links stop
 * working and the log says it was sent. Not sent (the mail server down or refusing): this link is
 * revoked, earlier ones stay as they were, the log says so, and the request answers 502 with `failed`.
 * Earlier links are revoked only now, so that a mail that never left takes no working link away.
 * Without a mail server (none configured) the link is returned for the administrator to pass on
 * (issue 35.9): it replaces the earlier ones as a sent one would, and the log says it was not mailed.
 */
export async function sendInvitation(ctx: AppContext, actor: UserRow, ip: string, user: UserRow, invitation: IssuedInvitation,
  failed: { message: string; body?: Record<string, unknown> }): Promise<{ link?: string }> {
  const mailServer = ctx.config.mail.host !== undefined;
  let error: unknown = null;
  try {
    // Without a mail server the development mailer still writes it to the server log (and the e2e mail file).
    await mailInvitation(ctx, user, actor, invitation.token);
  } catch (e) {
    error = e ?? new Error('mail');
  }
  const open = and(eq(userInvitation.userId, user.id), isNull(userInvitation.usedAt), isNull(userInvitation.revokedAt));
  await command(ctx, { user: actor, ip }, async (c) => {
    if (error === null) {
      // Older than this one only: a newer invitation (a second click meanwhile) is not taken back.
      await c.tx.update(userInvitation).set({ revokedAt: c.now }).where(and(open, lt(userInvitation.id, invitation.id)));
      await c.audit(mailServer ? `Uitnodiging verstuurd aan '${fullName(user)}' (${user.email})`
        : `Uitnodiging aan '${fullName(user)}' (${user.email}) niet per e-mail verstuurd: er is geen mailserver ingesteld; de link is aan de beheerder getoond`);
    } else {
      await c.tx.update(userInvitation).set({ revokedAt: c.now }).where(and(open, eq(userInvitation.id, invitation.id)));
      await c.audit(`Uitnodiging aan '${fullName(user)}' (${user.email}) kon niet worden verstuurd: het versturen van de e-mail is mislukt`);
    }
  });
  if (error !== null) throw new HttpError(502, failed.message, failed.body, { cause: error });
  return mailServer ? {} : { link: invitationLink(ctx, invitation.token) };
}

/** The invitation mail. */
async function mailInvitation(ctx: AppContext, user: UserRow, inviter: UserRow, token: string): Promise<void> {
  const hours = ctx.config.inviteHours;
  const validity = hours % 24 === 0 ? formatCount(hours / 24, 'dag', 'dagen') : formatCount(hours, 'uur', 'uur');
  await ctx.mailer.send({
    to: user.email,
    subject: 'Uitnodiging voor Grondslag',
    text: `Beste ${user.firstName},\n\n${fullName(inviter)} heeft een account voor u aangemaakt in Grondslag. `
      + `Open deze link om uw eigen wachtwoord te kiezen:\n\n${invitationLink(ctx, token)}\n\n`
      + `De link is ${validity} geldig en werkt één keer. Is hij verlopen, vraag dan uw beheerder u opnieuw uit te nodigen.\n`,
  });
}

/** The invitation of a token that still works, with its user (who may act), else null. */
async function validInvitation(ctx: AppContext, token: string) {
  const [row] = await ctx.db.select({ invitation: userInvitation, user: appUser }).from(userInvitation)
    .innerJoin(appUser, eq(appUser.id, userInvitation.userId))
    .where(and(eq(userInvitation.tokenHash, sha256(token)), isNull(userInvitation.usedAt), isNull(userInvitation.revokedAt),
      gt(userInvitation.expiresAt, ctx.config.now())));
  return row && mayAct(row.user) ? row : null;
}

/** Failed checks count per IP (the token is the secret, there is no account to count on). */
const inviteAttempt = (ctx: AppContext, ip: string) => assertAttemptAllowed(ctx, 'invitation', 'invitation', ip);

export async function checkInvitation(ctx: AppContext, token: string, ip: string) {
  const attempt = await inviteAttempt(ctx, ip);
  const found = await validInvitation(ctx, token);
  if (!found) throw new HttpError(400, INVITE_INVALID);
  await attempt.succeeded();
  return { email: found.user.email, first_name: found.user.firstName, mfa_forced: found.user.mfaForced };
}

/**
 * The invited user's own password: the invitation is used up (conditionally, so two requests cannot
 * both use it), the password stored as a chosen one (no temporary-password step), every other session
 * ends, and the user is signed in, or, with MFA on (a re-invited account), asked the code first.
 */
export async function acceptInvitation(ctx: AppContext, token: string, password: string, ip: string): Promise<LoginOutcome> {
  const attempt = await inviteAttempt(ctx, ip);
  const found = await validInvitation(ctx, token);
  if (!found) throw new HttpError(400, INVITE_INVALID);
  await attempt.succeeded();
  assertPasswordPolicy(password, 'new_password');
  const passwordHash = await hashPassword(password);
  const { user } = found;
  await command(ctx, { user, ip }, async (c) => {
    const used = await c.tx.update(userInvitation).set({ usedAt: c.now })
      .where(and(eq(userInvitation.id, found.invitation.id), isNull(userInvitation.usedAt), isNull(userInvitation.revokedAt),
        gt(userInvitation.expiresAt, c.now)))
      .returning({ id: userInvitation.id });
    if (used.length !== 1) throw new HttpError(400, INVITE_INVALID);
    await storePassword(c, user.id, passwordHash, false);
    await revokeAllSessions(c, user.id, 'password');
    await c.audit('Uitnodiging geaccepteerd, wachtwoord gekozen');
  });
  return afterPassword(ctx, user, ip);
}
