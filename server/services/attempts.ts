import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { loginAttempt } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';

const ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

/** Failed attempts of one kind within the window that refuse the next one. */
interface AttemptLimits {
  /** On one account from one IP: that IP is refused for that account. */
  accountIp: number;
  /** On one account from all IPs together (a spread-out attack). */
  account: number;
  /** From one IP, whatever the account (kinds that always count, such as reset requests, are recorded
   * as failures). */
  ip: number;
}

const SIGN_IN_LIMITS: AttemptLimits = { accountIp: 10, account: 50, ip: 100 };
/** Reset mails: each request mails a stranger's address, so far fewer; a real user asks one or two. */
export const RESET_MAIL_LIMITS: AttemptLimits = { accountIp: 5, account: 5, ip: 20 };

const tooMany = () => new HttpError(429, 'Te veel pogingen. Probeer het over 15 minuten opnieuw.');

/**
 * Refuses an attempt when the limits of the last 15 minutes are reached. The window slides, so a
 * user locked out on one IP gets in from another at once, and on the same IP within 15 minutes.
 */
export async function assertAttemptAllowed(
  ctx: AppContext, kind: string, email: string, ip: string, limits = SIGN_IN_LIMITS,
): Promise<void> {
  const since = new Date(ctx.config.now().getTime() - ATTEMPT_WINDOW_MS);
  const recent = and(eq(loginAttempt.kind, kind), gte(loginAttempt.at, since));
  const [[byIp], [byAccountIp], [byAccount]] = await Promise.all([
    ctx.db.select({ n: count() }).from(loginAttempt).where(and(recent, eq(loginAttempt.ip, ip), eq(loginAttempt.success, false))),
    ctx.db.select({ n: count() }).from(loginAttempt)
      .where(and(recent, eq(loginAttempt.email, email), eq(loginAttempt.ip, ip), eq(loginAttempt.success, false))),
    ctx.db.select({ n: count() }).from(loginAttempt)
      .where(and(recent, eq(loginAttempt.email, email), eq(loginAttempt.success, false))),
  ]);
  if (byIp.n >= limits.ip || byAccountIp.n >= limits.accountIp || byAccount.n >= limits.account) {
    throw tooMany();
  }
}

export async function recordAttempt(ctx: AppContext, kind: string, email: string, ip: string, success: boolean): Promise<void> {
  const at = ctx.config.now();
  await ctx.db.insert(loginAttempt).values({ kind, email, ip, success, at });
  // Keep the table small: nothing older than a day is ever counted.
  await ctx.db.delete(loginAttempt).where(lt(loginAttempt.at, new Date(at.getTime() - 24 * 3600 * 1000)));
}
