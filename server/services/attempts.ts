import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
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

/** An attempt that was let through: it counts as failed until `succeeded()`. */
export interface Attempt {
  succeeded(): Promise<void>;
}

/**
 * Lets an attempt through when the limits of the last 15 minutes are not reached, or refuses it (429).
 * The window slides, so a user locked out on one IP gets in from another at once, and on the same IP
 * within 15 minutes.
 *
 * The count and the attempt's own row (a failure until `succeeded()`) are one transaction under advisory
 * locks on the account and the IP: attempts sent at once, to one server or to several sharing the
 * database, are counted one after the other. Counted before and recorded after the check, 30 guesses
 * sent together all passed a limit of 10.
 */
export async function assertAttemptAllowed(
  ctx: AppContext, kind: string, email: string, ip: string, limits = SIGN_IN_LIMITS,
): Promise<Attempt> {
  const at = ctx.config.now();
  const since = new Date(at.getTime() - ATTEMPT_WINDOW_MS);
  const id = await ctx.db.transaction(async (tx) => {
    // Always the account first, then the IP: no two attempts wait on each other in turn.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`grondslag:attempt:${kind}:account:${email}`}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`grondslag:attempt:${kind}:ip:${ip}`}))`);
    const failed = and(eq(loginAttempt.kind, kind), gte(loginAttempt.at, since), eq(loginAttempt.success, false));
    const [[byIp], [byAccountIp], [byAccount]] = await Promise.all([
      tx.select({ n: count() }).from(loginAttempt).where(and(failed, eq(loginAttempt.ip, ip))),
      tx.select({ n: count() }).from(loginAttempt).where(and(failed, eq(loginAttempt.email, email), eq(loginAttempt.ip, ip))),
      tx.select({ n: count() }).from(loginAttempt).where(and(failed, eq(loginAttempt.email, email))),
    ]);
    if (byIp.n >= limits.ip || byAccountIp.n >= limits.accountIp || byAccount.n >= limits.account) throw tooMany();
    const [row] = await tx.insert(loginAttempt).values({ kind, email, ip, success: false, at }).returning({ id: loginAttempt.id });
    return row.id;
  });
  // Keep the table small: nothing older than a day is ever counted.
  await ctx.db.delete(loginAttempt).where(lt(loginAttempt.at, new Date(at.getTime() - 24 * 3600 * 1000)));
  return {
    succeeded: async () => {
      await ctx.db.update(loginAttempt).set({ success: true }).where(eq(loginAttempt.id, id));
    },
  };
}
