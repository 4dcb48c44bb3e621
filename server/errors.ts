import { NOT_FOUND } from '../src/api/contract/messages.ts';

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

export { NOT_FOUND };
export const notFound = () => new HttpError(404, NOT_FOUND);
export const forbidden = () => new HttpError(403, 'U heeft geen rechten voor deze actie.');
export const unauthorized = () => new HttpError(401, 'U bent niet ingelogd.');

/** 400 with the rule's own Dutch message(s) as `message` and the per-field problems in `errors`. */
export function badRequest(errors: { path: string; message: string }[]): HttpError {
  const message = [...new Set(errors.map((e) => e.message))].join(' ');
  return new HttpError(400, message, { errors });
}
