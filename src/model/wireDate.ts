// Dates on the wire (yyyy-mm-dd), for the model data and the contract alike.
import { z } from 'zod';

// Validation messages in Dutch, for the server's 400 answers and the client's own checks alike: set here,
// on the ground floor, so the model schema has them wherever it is used (the CLI, a worker thread).
z.config(z.locales.nl());

/** yyyy-mm-dd on the wire. */
export const WIRE_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const WireDate = z.string().regex(WIRE_DATE, 'Gebruik het formaat jjjj-mm-dd');

/** yyyy-mm-dd and a real calendar day. */
export const CalendarDate = WireDate
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1900;
  }, 'Ongeldige datum');
