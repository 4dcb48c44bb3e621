import { type SQL, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { notFound } from '../errors.ts';
import * as policy from '../policies/projects.ts';
import type { LogPage, LogQuery, LogRow } from '../../src/api/contract/log.ts';

/** GET log/: newest first, pages of `rows`, narrowed by the optional filters; global ADM and own client only (another client: 404). */
export async function listLog(ctx: AppContext, user: UserRow, q: LogQuery): Promise<LogPage> {
  policy.requireLogs(user);
  if (q.client_id !== undefined && q.client_id !== user.clientId) throw notFound();
  const where = logFilter(user.clientId, q);
  const { rows: [{ n }] } = await ctx.db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM audit_log l WHERE ${where}`);
  const { rows } = await ctx.db.execute<Omit<LogRow, 'timestamp'> & { timestamp: Date }>(sql`
    SELECT l.id, l.description, l.ipaddress, l.timestamp, l.user_name_full, c.name AS client_name
    FROM audit_log l JOIN client c ON c.id = l.client_id
    WHERE ${where}
    ORDER BY l.timestamp DESC, l.id DESC LIMIT ${q.log_rows} OFFSET ${(q.page - 1) * q.log_rows}`);
  return {
    log_rows: rows.map((r) => ({ ...r, timestamp: new Date(r.timestamp).toISOString() })),
    pages: Math.max(1, Math.ceil(n / q.log_rows)),
  };
}

/**
 * The rows of the caller's client the filters keep. The text matches literally (position, not LIKE, so
 * % and _ are plain characters); a day runs from midnight to midnight in Amsterdam, as the screen shows it.
 */
function logFilter(clientId: number, q: LogQuery): SQL {
  const parts: SQL[] = [sql`l.client_id = ${clientId}`];
  if (q.user_id !== undefined) parts.push(sql`l.user_id = ${q.user_id}`);
  if (q.text) parts.push(sql`position(lower(${q.text}) in lower(l.description)) > 0`);
  if (q.date_from) parts.push(sql`l.timestamp >= (${q.date_from}::date)::timestamp AT TIME ZONE 'Europe/Amsterdam'`);
  if (q.date_to) parts.push(sql`l.timestamp < (${q.date_to}::date + 1)::timestamp AT TIME ZONE 'Europe/Amsterdam'`);
  return sql.join(parts, sql` AND `);
}
