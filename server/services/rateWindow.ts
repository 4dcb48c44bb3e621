import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { rateWindow } from '../db/schema/index.ts';

/** A limit of `count` requests per fixed window of `seconds`, from the first request of the window. */
export interface RateLimit { count: number; seconds: number }

/**
 * Counts one request under `key` in one statement on its row (so every server instance shares the
 * count, and requests sent at once are counted one after the other): the window's count with it, or null
 * when the window already holds `limit.count` requests (that request is not counted). Run it in the
 * transaction whose rollback should take the count back.
 */
export async function countRequest(db: DbOrTx, key: string, limit: RateLimit, now: Date): Promise<number | null> {
  const windowStart = new Date(now.getTime() - limit.seconds * 1000);
  const fresh = sql`(${rateWindow.windowStart} > ${windowStart})`;
  const counted = await db.insert(rateWindow).values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateWindow.key,
      set: {
        windowStart: sql`CASE WHEN ${fresh} THEN ${rateWindow.windowStart} ELSE ${now}::timestamptz END`,
        count: sql`CASE WHEN ${fresh} THEN ${rateWindow.count} + 1 ELSE 1 END`,
      },
      setWhere: sql`NOT (${fresh} AND ${rateWindow.count} >= ${limit.count})`,
    })
    .returning({ count: rateWindow.count });
  return counted[0]?.count ?? null;
}

/** Removes windows that ended more than a day ago: nothing counts them any more. */
export async function dropOldWindows(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(rateWindow).where(lt(rateWindow.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
}
