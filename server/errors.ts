/** An answer with a status and a Dutch message; services throw it, the error handler sends it. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * The body of every refusal: `{ message, errors }`, `errors` the per-field problems (empty when the
 * refusal is not about a field), plus what the error adds (e.g. `retry_after`).
 */
export const errorBody = (message: string, extra: Record<string, unknown> = {}) => ({ message, errors: [], ...extra });

export const NOT_FOUND = 'Niet gevonden.';
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
