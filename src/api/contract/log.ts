import { z } from 'zod';
import { CalendarDate, MAX_ID, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Audit log (spec 1 "Logs", §7): GET /api/manager/log/ — global role ADM, own client only.

export const LOG_TEXT_MAX = 200;
export const LOG_DATES_REVERSED = 'De datum "tot en met" ligt vóór de datum "vanaf".';

/**
 * client_id defaults to the caller's client (another client's id answers 404); page starts at 1.
 * Optional filters (issue 35.9), all together: user_id (who acted), text (part of the description, case
 * ignored), date_from / date_to (yyyy-mm-dd, both included, days in Europe/Amsterdam like the screen shows).
 */
export const LogQuery = z.object({
  client_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  log_rows: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).default(1),
  user_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  text: z.string().trim().max(LOG_TEXT_MAX, `Zoektekst is te lang (maximaal ${LOG_TEXT_MAX} tekens)`).optional()
    .transform((v) => v || undefined),
  date_from: CalendarDate.optional(),
  date_to: CalendarDate.optional(),
}).refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { path: ['date_to'], message: LOG_DATES_REVERSED });
export type LogQuery = z.output<typeof LogQuery>;

export const LogRow = z.object({
  id: z.number(),
  description: z.string(),
  ipaddress: z.string(),
  timestamp: Timestamp,
  user_name_full: z.string(),
  client_name: z.string(),
});
export type LogRow = z.infer<typeof LogRow>;

/** Newest first. `pages` is at least 1. */
export const LogPage = z.object({ log_rows: z.array(LogRow), pages: z.number() });
export type LogPage = z.infer<typeof LogPage>;

export const logEndpoints = {
  page: endpoint(routes.log.page, { tags: ['log'], query: LogQuery, response: { 200: LogPage } }),
};
