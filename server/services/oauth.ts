import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import OAuth2Server, {
  OAuthError as LibraryError, Request as OAuthRequest, Response as OAuthResponse,
  type AuthorizationCodeModel, type RefreshTokenModel,
} from '@node-oauth/oauth2-server';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, client, oauthCode, oauthToken, oauthViewer } from '../db/schema/index.ts';
import { HttpError, badRequest } from '../errors.ts';
import { headStatus, refusedTarget } from './outbound.ts';
import { assertCanManageMapViewer } from '../policies/admin.ts';
import { assertMainAppAccess, readableRoleSql } from '../policies/projects.ts';
import { mayActInMainApp } from '../policies/users.ts';
import { command } from './command.ts';
import { fullName } from './audit.ts';
import { VIEWER_ADDRESS_INTERNAL } from '../../src/api/contract/messages.ts';
import type {
  ResourceAnswer, TokenAnswer, ViewerRegistered, ViewerRegistrationBody, ViewerSettings,
} from '../../src/api/contract/mapViewerOAuth.ts';

// The external map viewer (issue 14 item 5; docs/map.md "External map viewer"): Grondslag is its OAuth 2
// authorization-code provider through @node-oauth/oauth2-server, with the model below on PostgreSQL.
// The library compares expiry with the machine clock; we keep every expiry on ctx.config.now() and hand
// the library the same distance from its own clock (`libraryTime`), so the TestClock moves codes and
// tokens past their end like everything else.

export const CODE_SECONDS = 60;
export const ACCESS_SECONDS = 60 * 60;
export const REFRESH_SECONDS = 14 * 24 * 60 * 60;
const GRANTS = ['authorization_code', 'refresh_token'];

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

type ViewerRow = typeof oauthViewer.$inferSelect;
/** What travels with a code or token through the library: the user and the grant it descends from. */
interface GrantUser { id: number; codeId?: number }

// --- errors: RFC 6749 §5.2 bodies, with Dutch descriptions that do not say which check failed -------

const DESCRIPTION: Record<string, string> = {
  invalid_request: 'Ongeldige aanvraag: een verplicht gegeven ontbreekt of is ongeldig.',
  invalid_client: 'De client is onbekend of het clientgeheim klopt niet.',
  invalid_grant: 'De autorisatiecode of het vernieuwingstoken is ongeldig, verlopen of al gebruikt, of de redirect-URI klopt niet.',
  unauthorized_client: 'Deze client mag dit type autorisatie niet gebruiken.',
  unsupported_grant_type: 'Dit type autorisatie wordt niet ondersteund.',
  unsupported_response_type: 'Alleen response_type=code wordt ondersteund.',
  invalid_scope: 'De gevraagde scope is ongeldig.',
  invalid_token: 'Het toegangstoken is ongeldig of verlopen.',
  access_denied: 'Toegang geweigerd.',
};
/** The authorize call's own texts: its caller is our signed-in user, who may know what was wrong. */
const AUTHORIZE_DESCRIPTION: Record<string, string> = {
  invalid_client: 'De kaartviewer is onbekend voor deze klant of de redirect-URI hoort er niet bij.',
};

/** An OAuth error answer: status, `error`, `error_description` and our usual Dutch `message`. */
export function oauthError(status: number, error: string, description = DESCRIPTION[error] ?? DESCRIPTION.invalid_request): HttpError {
  return new HttpError(status, description, { error, error_description: description });
}

/** The library's error as ours; anything else (a bug of ours) goes on to the general 500. */
function fromLibrary(e: unknown, texts: Record<string, string> = {}): unknown {
  if (!(e instanceof LibraryError)) return e;
  // The library wraps what our model threw (a database error) as server_error: the original goes on.
  if (e.name === 'server_error') return (e as { inner?: unknown }).inner ?? e;
  // A missing bearer token (RFC 6750 §3.1: no error code) and a bad one both answer invalid_token here.
  const name = e.name === 'unauthorized_request' ? 'invalid_token' : e.name;
  return oauthError(e.code, name, texts[name] ?? DESCRIPTION[name]);
}

// --- the model ---------------------------------------------------------------------------------------

/** The library's clock-relative date for one of ours: the same distance from now on either clock. */
const libraryTime = (ctx: AppContext, at: Date) => new Date(Date.now() + (at.getTime() - ctx.config.now().getTime()));

const libraryClient = (v: ViewerRow) => ({ id: v.oauthClientId, grants: GRANTS, redirectUris: [v.redirectUri], viewerId: v.id });

/**
 * The model for one request. `forClient`: the authorize call's tenancy — a user obtains codes only for
 * his own client's viewer; another client's client_id is as unknown as a made-up one.
 */
function model(ctx: AppContext, forClient?: number): AuthorizationCodeModel & RefreshTokenModel {
  const db = ctx.db;
  const now = () => ctx.config.now();

  /** Reuse of a spent code or of a rotated refresh token: the grant is compromised, end all its tokens. */
  const revokeGrant = (codeId: number) =>
    db.update(oauthToken).set({ revokedAt: now() }).where(and(eq(oauthToken.codeId, codeId), isNull(oauthToken.revokedAt)));

  return {
    async getClient(clientId, clientSecret) {
      const [v] = await db.select().from(oauthViewer).where(and(
        eq(oauthViewer.oauthClientId, clientId),
        forClient === undefined ? undefined : eq(oauthViewer.clientId, forClient),
      ));
      if (!v) return null;
      // The authorize step names the client only; the token step must prove it with the secret.
      if (clientSecret === null && forClient !== undefined) return libraryClient(v);
      if (typeof clientSecret !== 'string' || !sameHash(sha256(clientSecret), v.secretHash)) return null;
      return libraryClient(v);
    },

    async saveAuthorizationCode(code, c, user) {
      const at = now();
      // Housekeeping on the way: the viewer's grants whose code and every refresh token have run out (their
      // tokens cascade). A day's grace keeps a spent code's reuse detection for its tokens' first day.
      await db.execute(sql`
        DELETE FROM oauth_code oc WHERE oc.viewer_id = ${c.viewerId} AND oc.expires_at < ${later(at, -24 * 60 * 60)}
          AND NOT EXISTS (SELECT 1 FROM oauth_token ot WHERE ot.code_id = oc.id AND ot.revoked_at IS NULL AND ot.refresh_expires_at > ${at})`);
      await db.insert(oauthCode).values({
        viewerId: c.viewerId, userId: user.id, codeHash: sha256(code.authorizationCode), redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge ?? null, codeChallengeMethod: code.codeChallengeMethod ?? null,
        expiresAt: later(at, CODE_SECONDS), createdAt: at,
      });
      return { ...code, client: c, user };
    },

    async getAuthorizationCode(code) {
      const [row] = await db.select({ code: oauthCode, viewer: oauthViewer }).from(oauthCode)
        .innerJoin(oauthViewer, eq(oauthViewer.id, oauthCode.viewerId))
        .where(eq(oauthCode.codeHash, sha256(code)));
      if (!row) return null;
      if (row.code.usedAt) {
        await revokeGrant(row.code.id);
        return null;
      }
      const user: GrantUser = { id: row.code.userId, codeId: row.code.id };
      return {
        authorizationCode: code, expiresAt: libraryTime(ctx, row.code.expiresAt), redirectUri: row.code.redirectUri,
        // The library checks the exchange's code_verifier against these (after spending the code).
        ...(row.code.codeChallenge ? { codeChallenge: row.code.codeChallenge, codeChallengeMethod: row.code.codeChallengeMethod ?? 'plain' } : {}),
        client: libraryClient(row.viewer), user,
      };
    },

    /** Single use: only the first of two exchanges at once finds the code unspent. */
    async revokeAuthorizationCode(code) {
      const spent = await db.update(oauthCode).set({ usedAt: now() })
        .where(and(eq(oauthCode.codeHash, sha256(code.authorizationCode)), isNull(oauthCode.usedAt)))
        .returning({ id: oauthCode.id });
      return spent.length === 1;
    },

    async saveToken(token, c, user: GrantUser) {
      const at = now();
      if (!token.refreshToken || user.codeId === undefined) return null;
      await db.insert(oauthToken).values({
        viewerId: c.viewerId, userId: user.id, codeId: user.codeId,
        accessTokenHash: sha256(token.accessToken), accessExpiresAt: later(at, ACCESS_SECONDS),
        refreshTokenHash: sha256(token.refreshToken), refreshExpiresAt: later(at, REFRESH_SECONDS), createdAt: at,
      });
      return { ...token, client: c, user };
    },

    async getAccessToken(accessToken) {
      const [row] = await db.select({ token: oauthToken, viewer: oauthViewer, user: appUser }).from(oauthToken)
        .innerJoin(oauthViewer, eq(oauthViewer.id, oauthToken.viewerId))
        .innerJoin(appUser, eq(appUser.id, oauthToken.userId))
        .where(and(eq(oauthToken.accessTokenHash, sha256(accessToken)), isNull(oauthToken.revokedAt)));
      if (!row || !mayActInMainApp(row.user) || row.user.clientId !== row.viewer.clientId) return null;
      return {
        accessToken, accessTokenExpiresAt: libraryTime(ctx, row.token.accessExpiresAt),
        client: libraryClient(row.viewer), user: row.user,
      };
    },

    async getRefreshToken(refreshToken) {
      const [row] = await db.select({ token: oauthToken, viewer: oauthViewer, user: appUser }).from(oauthToken)
        .innerJoin(oauthViewer, eq(oauthViewer.id, oauthToken.viewerId))
        .innerJoin(appUser, eq(appUser.id, oauthToken.userId))
        .where(eq(oauthToken.refreshTokenHash, sha256(refreshToken)));
      if (!row) return null;
      if (row.token.revokedAt) {
        await revokeGrant(row.token.codeId);
        return null;
      }
      if (!mayActInMainApp(row.user)) return null;
      const user: GrantUser = { id: row.user.id, codeId: row.token.codeId };
      return {
        refreshToken, refreshTokenExpiresAt: libraryTime(ctx, row.token.refreshExpiresAt),
        client: libraryClient(row.viewer), user,
      };
    },

    /** Rotation: only the first of two refreshes at once finds the token unrevoked. */
    async revokeToken(token) {
      const revoked = await db.update(oauthToken).set({ revokedAt: now() })
        .where(and(eq(oauthToken.refreshTokenHash, sha256(token.refreshToken)), isNull(oauthToken.revokedAt)))
        .returning({ id: oauthToken.id });
      return revoked.length === 1;
    },

    async verifyScope() {
      return true;
    },
  };
}

function server(ctx: AppContext, forClient?: number) {
  const options = {
    model: model(ctx, forClient),
    authorizationCodeLifetime: CODE_SECONDS,
    accessTokenLifetime: ACCESS_SECONDS,
    refreshTokenLifetime: REFRESH_SECONDS,
    allowBearerTokensInQueryString: false,
    // PKCE (the library's option, missing from its types): RFC 7636 allows both methods; a viewer whose
    // back end cannot hash sends plain, and a challenge without a method is plain (§4.3).
    enablePlainPKCE: true,
  };
  return new OAuth2Server(options);
}

/** The parts of a Fastify request the library reads. */
export interface PlainRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  body?: unknown;
}
/** The library's request: the fields it reads, copied (Fastify's request keeps some of them on getters). */
const libraryRequest = (req: PlainRequest, headers = headersOf(req.headers), body: unknown = {}) =>
  new OAuthRequest({ method: req.method, headers, query: (req.query ?? {}) as Record<string, string>, body: body as Record<string, string> });
const headersOf = (h: PlainRequest['headers']) =>
  Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));

// --- the three calls -----------------------------------------------------------------------------------

/**
 * GET mapviewer/oauth/authorize/: a code for the signed-in user, bound to the viewer and the redirect URI,
 * answered as the address to send the viewer's frame to (with `code` and the unchanged `state`).
 */
export async function authorize(ctx: AppContext, user: UserRow, req: PlainRequest): Promise<{ redirect_to: string }> {
  assertMainAppAccess(user);
  const response = new OAuthResponse();
  try {
    await server(ctx, user.clientId).authorize(libraryRequest(req), response, {
      authenticateHandler: { handle: () => ({ id: user.id }) },
      allowEmptyState: false,
    });
  } catch (e) {
    throw fromLibrary(e, AUTHORIZE_DESCRIPTION);
  }
  return { redirect_to: String(response.get('location')) };
}

/** POST mapviewer/oauth/token/: a code or a refresh token for a new access token and refresh token. */
export async function token(ctx: AppContext, req: PlainRequest): Promise<TokenAnswer> {
  // The library takes form bodies only; a JSON body has already been parsed into the same fields.
  const headers = { ...headersOf(req.headers), 'content-type': 'application/x-www-form-urlencoded' };
  try {
    const t = await server(ctx).token(libraryRequest(req, headers, req.body ?? {}), new OAuthResponse(), {
      requireClientAuthentication: { authorization_code: true, refresh_token: true },
      alwaysIssueNewRefreshToken: true,
    });
    return { access_token: t.accessToken, token_type: 'Bearer', expires_in: ACCESS_SECONDS, refresh_token: t.refreshToken! };
  } catch (e) {
    // RFC 6749 §5.2: a redirect URI other than the authorization request's is invalid_grant; the library
    // says invalid_request, its one error of that kind that is about the grant rather than the request.
    if (e instanceof LibraryError && e.name === 'invalid_request' && /`redirect_uri` is invalid/.test(e.message)) {
      throw oauthError(400, 'invalid_grant');
    }
    throw fromLibrary(e);
  }
}

/**
 * GET mapviewer/oauth/resource/ (the viewer's access token, not our JWT): the signed-in user and the outlines
 * of every version he can read — the project area's readable-role rule, in his own client only.
 */
export async function resource(ctx: AppContext, req: PlainRequest): Promise<ResourceAnswer> {
  let user: UserRow;
  try {
    const t = await server(ctx).authenticate(libraryRequest(req), new OAuthResponse());
    user = t.user as UserRow;
  } catch (e) {
    throw fromLibrary(e);
  }
  const [c] = await ctx.db.select({ id: client.id, name: client.name }).from(client).where(eq(client.id, user.clientId));
  const { rows } = await ctx.db.execute<{
    id: number; name: string; project_id: number; project_name: string; region: ResourceAnswer['versions'][number]['region']; region_area_m2: number | null;
    feature_areas: ResourceAnswer['versions'][number]['feature_areas'];
  }>(sql`
    SELECT v.id, v.name, p.id AS project_id, p.name AS project_name,
      r.geometry AS region, r.area_m2 AS region_area_m2,
      COALESCE((SELECT jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'function', f.function, 'geometry', f.geometry, 'area_m2', f.area_m2) ORDER BY f.id)
        FROM feature_area f WHERE f.version_id = v.id), '[]'::jsonb) AS feature_areas
    FROM version_model v
    JOIN project p ON p.id = v.project_id AND p.client_id = ${user.clientId}
    JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id} AND ${readableRoleSql(sql`pr.role`)}
    LEFT JOIN version_region r ON r.version_id = v.id
    ORDER BY p.name, v.name, v.id`);
  return {
    user: {
      id: user.id, first_name: user.firstName, last_name: user.lastName, name: fullName(user), email: user.email,
      client: { id: c.id, name: c.name },
    },
    versions: rows.map((r) => ({
      id: r.id, name: r.name, project: { id: r.project_id, name: r.project_name },
      region: r.region, region_area_m2: r.region_area_m2, feature_areas: r.feature_areas,
    })),
  };
}

// --- configuration (staff) -----------------------------------------------------------------------------

/** The client's external viewer, or undefined: its frames use the built-in viewer. */
export async function externalViewer(ctx: Pick<AppContext, 'db'>, clientId: number): Promise<ViewerRow | undefined> {
  const [v] = await ctx.db.select().from(oauthViewer).where(eq(oauthViewer.clientId, clientId));
  return v;
}

const registration = (v: ViewerRow) => ({
  name: v.name, base_url: v.baseUrl, redirect_uri: v.redirectUri, client_id: v.oauthClientId, created_at: v.createdAt.toISOString(),
});

export async function getViewerSettings(ctx: AppContext, user: UserRow): Promise<ViewerSettings> {
  assertCanManageMapViewer(user);
  const v = await externalViewer(ctx, user.clientId);
  return { external: v ? registration(v) : null };
}

/**
 * Registers the client's external viewer, or replaces it: always a new client id and secret, so every
 * code and token of the former registration ends with it (its rows cascade). The secret is answered once.
 */
export async function registerViewer(ctx: AppContext, user: UserRow, body: ViewerRegistrationBody, ip: string): Promise<ViewerRegistered> {
  assertCanManageMapViewer(user);
  // The server sends its reachability check there: no internal address (resolved before the transaction).
  if (await refusedTarget(body.base_url, ctx.config.mapViewerAllowLoopback)) {
    throw badRequest([{ path: 'base_url', message: VIEWER_ADDRESS_INTERNAL }]);
  }
  const secret = randomToken();
  const v = await command(ctx, { user, ip }, async (c) => {
    // Two registrations at once: the client row's lock puts them in a row, so the unique index never fires.
    await c.tx.select({ id: client.id }).from(client).where(eq(client.id, user.clientId)).for('update');
    const removed = await c.tx.delete(oauthViewer).where(eq(oauthViewer.clientId, user.clientId)).returning({ id: oauthViewer.id });
    const [row] = await c.tx.insert(oauthViewer).values({
      clientId: user.clientId, name: body.name, oauthClientId: `grondslag-${randomBytes(12).toString('hex')}`,
      secretHash: sha256(secret), redirectUri: body.redirect_uri, baseUrl: body.base_url, createdAt: c.now, createdBy: user.id,
    }).returning();
    await c.audit(`Externe kaartviewer '${body.name}' ${removed.length ? 'vervangen' : 'ingesteld'} (${body.base_url})`);
    return row;
  });
  return { external: registration(v), client_secret: secret };
}

/** Back to the built-in viewer: the registration, and with it every code and token, is removed. */
export async function removeViewer(ctx: AppContext, user: UserRow, ip: string): Promise<void> {
  assertCanManageMapViewer(user);
  await command(ctx, { user, ip }, async (c) => {
    const [v] = await c.tx.delete(oauthViewer).where(eq(oauthViewer.clientId, user.clientId)).returning();
    if (v) await c.audit(`Externe kaartviewer '${v.name}' verwijderd; de ingebouwde kaartviewer wordt gebruikt`);
  });
}

// --- reachability (the open-model check's NoMapViewerConnection) ----------------------------------------

export const VIEWER_CHECK_TIMEOUT_MS = 3000;

/**
 * Whether the client's map viewer answers: true for the built-in one (it is this server); for an external
 * one a HEAD of its base address within `timeoutMs`. Any HTTP answer below 500 counts (a 404 or 405 still
 * says the viewer is up); no answer, a refused connection or a 5xx does not. Redirects are not followed,
 * and an internal address (outbound.ts, checked on the address connected to) is no answer.
 */
export async function externalViewerAnswers(ctx: Pick<AppContext, 'db' | 'config'>, clientId: number, timeoutMs = VIEWER_CHECK_TIMEOUT_MS): Promise<boolean> {
  const v = await externalViewer(ctx, clientId);
  if (!v) return true;
  try {
    return (await headStatus(v.baseUrl, ctx.config.mapViewerAllowLoopback, timeoutMs)) < 500;
  } catch {
    return false;
  }
}
