import { sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { notFound } from '../errors.ts';
import * as policy from '../policies/projects.ts';
import type { LogPage, LogRow } from '../../src/api/contract/log.ts';

/** GET log/: newest first, pages of `rows`; global ADM and own client only (another client: 404). */
export async function listLog(ctx: AppContext, user: UserRow, q: { client_id?: number; log_rows: number; page: number }): Promise<LogPage> {
  policy.requireLogs(user);
  if (q.client_id !== undefined && q.client_id !== user.clientId) throw notFound();
  const { rows: [{ n }] } = await ctx.db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM audit_log WHERE client_id = ${user.clientId}`);
  const { rows } = await ctx.db.execute<Omit<LogRow, 'timestamp'> & { timestamp: Date }>(sql`
    SELECT l.id, l.description, l.ipaddress, l.timestamp, l.user_name_full, c.name AS client_name
    FROM audit_log l JOIN client c ON c.id = l.client_id
    WHERE l.client_id = ${user.clientId}
    ORDER BY l.timestamp DESC, l.id DESC LIMIT ${q.log_rows} OFFSET ${(q.page - 1) * q.log_rows}`);
  return {
    log_rows: rows.map((r) => ({ ...r, timestamp: new Date(r.timestamp).toISOString() })),
    pages: Math.max(1, Math.ceil(n / q.log_rows)),
  };
}
