import { z } from 'zod';
import { AreaGeometry } from './map.ts';
import { ErrorBody, Timestamp } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// The external map viewer (issue 14 item 5; spec 1 §7 mapviewer/oauth/authorize/, token/, resource/, §3
// "OAuth token response"): Grondslag is the OAuth 2 authorization-code provider of a registered viewer.
// docs/map.md "External map viewer" describes the flow.

const required = (name: string) => `Vul ${name} in.`;
const text = (name: string, max = 2000) => z.string({ error: required(name) }).trim().min(1, required(name)).max(max, `${name[0].toUpperCase()}${name.slice(1)} is te lang.`);

/** https, or http on the loopback address (a viewer under test or on the same machine). */
export function isViewerUrl(value: string): boolean {
  try {
    const u = new URL(value);
    if (u.username || u.password || u.hash) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}
const ViewerUrl = (name: string) => text(name).refine(isViewerUrl, `Voer als ${name} een geldig https-adres in (zonder gebruikersnaam of #).`);

/** GET mapviewer/oauth/authorize/: all five required (spec 1 §7). */
/** RFC 6749 Appendix A: client_id and state are visible ASCII and spaces only. */
const VSCHAR = /^[\x20-\x7E]+$/;
/** RFC 7636 §4.1: a code verifier (and a plain challenge, and an S256 one in base64url) is 43–128 of these. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;
export const AuthorizeQuery = z.object({
  approval_prompt: text('approval_prompt', 20),
  client_id: text('client_id', 200).regex(VSCHAR, 'client_id bevat ongeldige tekens.'),
  redirect_uri: text('redirect_uri'),
  response_type: z.literal('code', { error: 'response_type moet code zijn.' }),
  state: text('state', 2000).regex(VSCHAR, 'state mag alleen zichtbare ASCII-tekens en spaties bevatten.'),
  // PKCE (RFC 7636 §4.3): optional; with it the token exchange must send the matching code_verifier.
  code_challenge: z.string().regex(PKCE_VALUE, 'code_challenge moet 43 tot 128 tekens zijn (A-Z, a-z, 0-9, -, ., _, ~).').optional(),
  code_challenge_method: z.enum(['S256', 'plain'], { error: 'code_challenge_method moet S256 of plain zijn.' }).optional(),
}).refine((q) => q.code_challenge !== undefined || q.code_challenge_method === undefined, {
  path: ['code_challenge'], message: 'Vul code_challenge in bij code_challenge_method.',
});
/**
 * The answer to the main app (which calls with its bearer token): the viewer's redirect URI with `code`
 * and `state`, where the app navigates the viewer's frame. No HTTP redirect: a frame's navigation carries
 * no bearer token, and a 302 to another origin would be followed by fetch.
 */
export const AuthorizeAnswer = z.object({ redirect_to: z.string() });

/** POST mapviewer/oauth/token/ (form-encoded as OAuth clients send, or JSON). The library checks the rest. */
export const TokenBody = z.object({
  grant_type: z.enum(['authorization_code', 'refresh_token'], { error: 'grant_type moet authorization_code of refresh_token zijn.' }),
  code: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  refresh_token: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  code_verifier: z.string().max(200).optional(),
});
/** Spec 1 §3 "OAuth token response". */
export const TokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** An OAuth error (RFC 6749 §5.2, RFC 6750 §3.1) with the Dutch `message` every answer of ours has. */
export const OAuthError = ErrorBody.extend({ error: z.string(), error_description: z.string() });

/** GET mapviewer/oauth/resource/ (OAuth access token): who is signed in and the outlines he may read. */
export const ResourceAnswer = z.object({
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    name: z.string(),
    email: z.string(),
    client: z.object({ id: z.number().int(), name: z.string() }),
  }),
  versions: z.array(z.object({
    id: z.number().int(),
    name: z.string(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    /** The version region, null when none is drawn. */
    region: AreaGeometry.nullable(),
    /** The region's area in m² as the server computed it. */
    region_area_m2: z.number().nullable(),
    feature_areas: z.array(z.object({ id: z.number().int(), name: z.string(), function: z.string(), geometry: AreaGeometry, area_m2: z.number() })),
  })),
});
export type ResourceAnswer = z.infer<typeof ResourceAnswer>;

/** PUT mapviewer/oauth/client/ (staff): register or replace the client's external viewer. */
export const ViewerRegistrationBody = z.object({
  name: text('een naam', 200),
  base_url: ViewerUrl('basisadres'),
  redirect_uri: ViewerUrl('redirect-URI'),
});
export type ViewerRegistrationBody = z.infer<typeof ViewerRegistrationBody>;

export const ViewerRegistration = z.object({
  name: z.string(),
  base_url: z.string(),
  redirect_uri: z.string(),
  client_id: z.string(),
  created_at: Timestamp,
});
/** GET: the registration, or null (the built-in viewer). */
export const ViewerSettings = z.object({ external: ViewerRegistration.nullable() });
export type ViewerSettings = z.infer<typeof ViewerSettings>;
/** PUT's answer: the secret once, never again (only its hash is stored). */
export const ViewerRegistered = z.object({ external: ViewerRegistration, client_secret: z.string() });
export type ViewerRegistered = z.infer<typeof ViewerRegistered>;

const tags = ['mapviewer'];

/** The external map viewer (issue 14 item 5; spec 1 §7 mapviewer/oauth/…). */
export const mapViewerOAuthEndpoints = {
  /** A code for the external viewer in a frame, for the signed-in user: where to send the frame. */
  authorize: endpoint(routes.mapViewerOAuth.authorize, { tags, query: AuthorizeQuery, response: { 200: AuthorizeAnswer } }),
  /** The viewer's token request (a form, RFC 6749 §4.1.3); its errors in the OAuth shape. */
  token: endpoint(routes.mapViewerOAuth.token, {
    tags, body: TokenBody, response: { 200: TokenAnswer, 400: OAuthError, 401: OAuthError },
  }),
  /** Public for the app's hook (the viewer has no JWT of ours): the service authenticates the OAuth token. */
  resource: endpoint(routes.mapViewerOAuth.resource, { tags, response: { 200: ResourceAnswer, 401: OAuthError } }),
  /** Staff's registration of the client's external viewer, with a secret shown once. */
  settings: endpoint(routes.mapViewerOAuth.settings, { tags, response: { 200: ViewerSettings } }),
  register: endpoint(routes.mapViewerOAuth.register, { tags, body: ViewerRegistrationBody, response: { 200: ViewerRegistered } }),
  remove: endpoint(routes.mapViewerOAuth.remove, { tags, response: {} }),
};
