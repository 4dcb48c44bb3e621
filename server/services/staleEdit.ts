import { HttpError } from '../errors.ts';
import { STALE_EDIT_MESSAGE } from '../../src/api/contract/messages.ts';
import type { NamedKind } from '../../src/lib/names.ts';

type Values = Record<string, unknown>;

/**
 * Optimistic concurrency of the project, version and model info forms. `previous` holds the values the form
 * was loaded with. A field that someone changed since (stored ≠ previous) and that this save would set to
 * something else (next ≠ stored) would silently undo that change: 409 with code 'stale', before anything is
 * written. Fields the save does not set, or that `previous` does not name, are not checked.
 */
export function refuseStaleEdit(kind: NamedKind, stored: Values, previous: Values | undefined, next: Values): void {
  if (!previous) return;
  const lost = Object.keys(previous).filter((k) => k in stored && next[k] !== undefined
    && stored[k] !== previous[k] && stored[k] !== next[k]);
  if (lost.length) throw new HttpError(409, STALE_EDIT_MESSAGE[kind], { code: 'stale', fields: lost });
}

/** A list of user roles as values per user (`role:<id>`), for refuseStaleEdit; `skip` leaves a user out. */
export const rolesByUser = (roles: { id: number; role: string }[] | undefined, skip?: number): Values | undefined =>
  roles && Object.fromEntries(roles.filter((r) => r.id !== skip).map((r) => [`role:${r.id}`, r.role]));
