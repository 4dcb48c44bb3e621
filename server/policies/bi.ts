import type { UserRow } from '../context.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { BI_LINK_MESSAGES } from '../../src/api/contract/messages.ts';
import { HttpError } from '../errors.ts';
import { hasMainAppAccess, mayActInMainApp } from './users.ts';
import { formatCount } from '../../src/lib/count.ts';

// Who may do what with BI links (spec 1 §2 "BI links"; docs/decisions.md "BI links"). The spec does not
// say; decided:
// - Any user of the main app (global role other than NON, which mainAppOnly refuses first) may make a
//   BI link, over models he can read (a reading project role, as for reports); any other model → 404.
// - A link is its owner's: only he lists, reads, deletes it and generates its password. Anyone else,
//   a client ADM and staff included, gets 404 (a link's password is a personal credential).
// - The feed serves, at every pull, only the models the owner can read at that moment; an owner who is
//   blocked, deactivated or set to NON gets 403 for his links (credentials right, access gone).

export const canCreateBiLink = hasMainAppAccess;

/** 404 unless every chosen model is one the caller can read. */
export function requireReadableModels(ids: readonly number[], readable: ReadonlySet<number>): void {
  if (ids.some((id) => !readable.has(id))) throw notFound();
}

export function requireCreateBiLink(user: UserRow): void {
  if (!canCreateBiLink(user)) throw forbidden();
}

/** 404 unless the link is the caller's (own client and own user). */
export function requireOwnLink(user: UserRow, link: { clientId: number; userId: number } | undefined): void {
  if (!link || link.clientId !== user.clientId || link.userId !== user.id) throw notFound();
}

/** The owner of a pulled link must still be an active user of the main app. */
export function requireFeedOwner(owner: UserRow): void {
  if (!mayActInMainApp(owner)) throw new HttpError(403, BI_LINK_MESSAGES.ownerWithoutAccess);
}

/** 400 on the field when the chosen validity exceeds the client's maximum (staff's setting). */
export function requirePasswordValidity(days: number, maxDays: number): void {
  if (days > maxDays) {
    const message = `Kies een geldigheid van ten hoogste ${formatCount(maxDays, 'dag', 'dagen')}: langer staat uw organisatie niet toe.`;
    throw badRequest([{ path: 'valid_days', message }]);
  }
}
