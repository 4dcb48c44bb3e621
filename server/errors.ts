import { NOT_FOUND } from '../src/api/contract/messages.ts';
import type { MapviewerError } from '../src/api/contract/openModel.ts';

/** An answer with a status and a Dutch message; services throw it, the error handler sends it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    /** What went wrong underneath (a 5xx: the error handler logs it for the operator). */
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export { NOT_FOUND };
/**
 * The body of every refusal: `{ message, errors }`, `errors` the per-field problems (empty when the
 * refusal is not about a field), plus what the error adds (e.g. `retry_after`).
 */
export const errorBody = (message: string, extra: Record<string, unknown> = {}) => ({ message, errors: [], ...extra });

export const notFound = () => new HttpError(404, NOT_FOUND);
export const forbidden = () => new HttpError(403, 'U heeft geen rechten voor deze actie.');
export const unauthorized = () => new HttpError(401, 'U bent niet ingelogd.');

/**
 * PostgreSQL's refusal of text it cannot hold (a NUL character: 22021 in text, 22P05 in jsonb) as the
 * client's 400; no field's schema says it, and the statement failing rolls its transaction back.
 */
export function unstorableText(e: unknown): HttpError | undefined {
  const code = ((e as { cause?: { code?: unknown } })?.cause ?? (e as { code?: unknown }))?.code;
  return code === '22021' || code === '22P05' ? new HttpError(400, 'De aanvraag bevat een ongeldig teken.') : undefined;
}

/** 400 with the rule's own Dutch message(s) as `message` and the per-field problems in `errors`. */
export function badRequest(errors: { path: string; message: string }[]): HttpError {
  const message = [...new Set(errors.map((e) => e.message))].join(' ');
  return new HttpError(400, message, { errors });
}

export const DATABASE_UNAVAILABLE = 'De database is tijdelijk niet bereikbaar. Probeer het over enkele ogenblikken opnieuw.';
export const DISK_FULL = 'Er is geen schijfruimte meer om dit op te slaan. Er is niets opgeslagen; neem contact op met de beheerder.';

/** Errors of the connection rather than of the statement: the database is down, restarting or out of reach. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '53300']); // admin/crash shutdown, cannot connect now, too many connections
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/**
 * The answer for a failure of the database itself, wherever in the request it came (drizzle wraps the
 * driver's error as `cause`): 503 while it is unreachable, so that the client retries, and 507 when its
 * disk (or ours) is full, where the failed statement's transaction left nothing behind. Null otherwise.
 */
export function databaseFailure(err: unknown): HttpError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC') return new HttpError(507, DISK_FULL);
    if ((typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) || UNREACHABLE_MESSAGES.test(e.message)) {
      return new HttpError(503, DATABASE_UNAVAILABLE);
    }
  }
  return null;
}

/**
 * A job's failure that running again cannot mend (a model without a file, missing map data, a worker
 * thread's deadline): the runner (server/jobs/runner.ts) marks the job row failed with this Dutch message
 * and, for the map data, the map-viewer error value. Anything else a handler throws counts as a crash
 * and is retried.
 */
export class JobFailure extends Error {
  constructor(message: string, readonly mapviewerError: MapviewerError | null = null) {
    super(message);
  }
}
