import { z } from 'zod';
import { ROLES } from './roles.ts';

import '../../model/wireDate.ts'; // sets zod's Dutch messages before any schema here is used

/** Roles of users and of users on projects (spec 2 §6); the values and labels are roles.ts's. */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Every error answer of the API: one Dutch message, and per field problems for a 400. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ message: z.string() });

/** 423 of a change to a frozen model: the project area's rename or move, and the tool's save. */
export const FROZEN_MESSAGE = 'Dit rekenmodel is vergrendeld.';

/**
 * The largest row id: ids are PostgreSQL `serial` (int4). A larger number names no row; unchecked, it
 * reached the database and failed there (500, found by server/routes/fuzz.test.ts).
 */
export const MAX_ID = 2_147_483_647;

/** A reference to a row in a body. */
export const Id = z.number().int().positive().max(MAX_ID);

/** Numeric id in a path. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export { CalendarDate, WIRE_DATE, WireDate } from '../../model/wireDate.ts';

/** Optional free text: empty strings are stored as null (spec 1 §5). */
export const OptionalText = z
  .string()
  .max(10_000)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v));

/** Answer of a list of rows. */
export const Timestamp = z.string();
