import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appUser, client } from './tenancy.ts';
import { stamp } from './columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

// The external map viewer of a client (issue 14 item 5, spec 1 §7 mapviewer/oauth/…): Grondslag is its
// OAuth 2 authorization-code provider. Secrets, codes and tokens are stored as SHA-256 (hex) of 256-bit
// random strings only (docs/decisions.md "External map viewer"), so a copy of the database signs nobody in.

/** The registered external viewer of a client; none means the frames use the built-in viewer. */
export const oauthViewer = pgTable('oauth_viewer', {
  id: serial().primaryKey(),
  /** One per client: registering again replaces the row (and with it every code and token). */
  clientId: integer().notNull().references(() => client.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  /** The OAuth client_id the viewer sends: random, not the numeric id (nothing to enumerate). */
  oauthClientId: text().notNull(),
  secretHash: text().notNull(),
  /** Matched exactly (RFC 6749 §3.1.2.3 with no pattern): the only address a code is sent to. */
  redirectUri: text().notNull(),
  /** The viewer's base address: the frames' addresses are built on it, and the reachability check asks it. */
  baseUrl: text().notNull(),
  createdAt: stamp(),
  createdBy: integer().references(() => appUser.id, { onDelete: 'set null' }),
}, (t) => [
  uniqueIndex('oauth_viewer_client_key').on(t.clientId),
  uniqueIndex('oauth_viewer_oauth_client_key').on(t.oauthClientId),
]);

/** An authorization code: single use (usedAt), valid 60 s, bound to user, viewer and redirect URI. */
export const oauthCode = pgTable('oauth_code', {
  id: serial().primaryKey(),
  viewerId: integer().notNull().references(() => oauthViewer.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  redirectUri: text().notNull(),
  expiresAt: at().notNull(),
  /** Set when exchanged; a second exchange is refused and revokes the tokens of the first (RFC 6749 §4.1.2). */
  usedAt: at(),
  /** PKCE (RFC 7636): the authorize request's code_challenge and its method; the exchange must prove it. */
  codeChallenge: text(),
  codeChallengeMethod: text(),
  createdAt: stamp(),
}, (t) => [uniqueIndex('oauth_code_hash_key').on(t.codeHash), index('oauth_code_viewer_idx').on(t.viewerId)]);

/**
 * An access token (1 h) with its refresh token. A refresh rotates: the row is revoked and a new one of
 * the same grant (`codeId`) issued; presenting a revoked refresh token revokes the whole grant.
 */
export const oauthToken = pgTable('oauth_token', {
  id: serial().primaryKey(),
  viewerId: integer().notNull().references(() => oauthViewer.id, { onDelete: 'cascade' }),
  userId: integer().notNull().references(() => appUser.id, { onDelete: 'cascade' }),
  /** The authorization code this chain of tokens descends from: the unit of revocation. */
  codeId: integer().notNull().references(() => oauthCode.id, { onDelete: 'cascade' }),
  accessTokenHash: text().notNull(),
  accessExpiresAt: at().notNull(),
  refreshTokenHash: text().notNull(),
  refreshExpiresAt: at().notNull(),
  revokedAt: at(),
  createdAt: stamp(),
}, (t) => [
  uniqueIndex('oauth_token_access_key').on(t.accessTokenHash),
  uniqueIndex('oauth_token_refresh_key').on(t.refreshTokenHash),
  index('oauth_token_code_idx').on(t.codeId),
]);
