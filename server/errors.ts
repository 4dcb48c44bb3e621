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

export const notFound = () => new HttpError(404, 'Niet gevonden.');
export const forbidden = () => new HttpError(403, 'U heeft geen rechten voor deze actie.');
export const unauthorized = () => new HttpError(401, 'U bent niet ingelogd.');

/** PostgreSQL unique violation, to turn into the spec's 409 messages. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** 400 with the rule's own Dutch message(s) as `message` and the per-field problems in `errors`. */
export function badRequest(errors: { path: string; message: string }[]): HttpError {
  const message = [...new Set(errors.map((e) => e.message))].join(' ');
  return new HttpError(400, message, { errors });
}
