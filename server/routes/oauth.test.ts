import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { AT_GATE, PAST_GATES, bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { appUser, auditLog, featureArea, oauthToken, versionRegion } from '../db/schema/index.ts';
import { externalViewerAnswers } from '../services/oauth.ts';
import type { UserRow } from '../context.ts';
import { VIEWER_ADDRESS_INTERNAL, WORK_GATES } from '../../src/api/contract/messages.ts';

// The external map viewer's OAuth flow (issue 14 item 5), driven as a viewer would: the main app asks
// authorize/ with its bearer token for the address to send the frame to, the viewer's back end exchanges
// the code at token/ (a form post, as OAuth clients send) and reads resource/ with the access token.

const M = '/api/manager';
const REDIRECT = 'https://kaart.example.nl/oauth/callback';
const BASE = 'https://kaart.example.nl/';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let treeA: Tree;
let hiddenA: Tree;
let treeB: Tree;
let viewerA: { client_id: string; client_secret: string };
let viewerB: { client_id: string; client_secret: string };

const square = (x: number, y: number, d = 0.001) => ({
  type: 'Polygon' as const,
  coordinates: [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]],
});

async function register(staff: UserRow, body: Record<string, string> = { name: 'Kaartviewer', base_url: BASE, redirect_uri: REDIRECT }) {
  const res = await t.app.inject({ method: 'PUT', url: `${M}/mapviewer/oauth/client/`, headers: await bearer(t.app, staff), payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json();
  return { client_id: json.external.client_id as string, client_secret: json.client_secret as string };
}

const authorizeQuery = (clientId: string, over: Record<string, string> = {}) => new URLSearchParams({
  approval_prompt: 'auto', client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', state: 'st-~/1 2', ...over,
}).toString();

async function authorizeRaw(user: UserRow, clientId: string, over: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `${M}/mapviewer/oauth/authorize/?${authorizeQuery(clientId, over)}`, headers: await bearer(t.app, user) });
}

/** The code the viewer receives at its redirect URI. */
async function codeFor(user: UserRow, clientId: string): Promise<string> {
  const res = await authorizeRaw(user, clientId);
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().redirect_to).searchParams.get('code')!;
}

/** The viewer's back end: a form post, as OAuth clients send it. */
const tokenForm = (fields: Record<string, string>) => t.app.inject({
  method: 'POST', url: `${M}/mapviewer/oauth/token/`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString(),
});
const exchange = (code: string, v = viewerA, over: Record<string, string> = {}) => tokenForm({
  grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: v.client_id, client_secret: v.client_secret, ...over,
});
const refresh = (refreshToken: string, v = viewerA, over: Record<string, string> = {}) => t.app.inject({
  method: 'POST', url: `${M}/mapviewer/oauth/token/`,
  payload: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: v.client_id, client_secret: v.client_secret, ...over },
});
const resource = (accessToken: string) => t.app.inject({
  method: 'GET', url: `${M}/mapviewer/oauth/resource/`, headers: { authorization: `Bearer ${accessToken}` },
});

async function tokensFor(user: UserRow, v = viewerA) {
  const res = await exchange(await codeFor(user, v.client_id), v);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number; token_type: string };
}

beforeAll(async () => {
  t = await createTestApp({ mapViewerAllowLoopback: true }); // the reachability tests' viewers listen on this machine
  a = await createTenant(t.db, 'oautha');
  b = await createTenant(t.db, 'oauthb');
  treeA = await seedTree(t.db, a, { name: 'Stationsgebied', roles: rolesAsGlobal(a) });
  // A project where the VWR has role NON and the USR none: only ADM and staff read it.
  hiddenA = await seedTree(t.db, a, { name: 'Geheim project', roles: { [a.adm.id]: 'ADM', [a.staff.id]: 'ADM', [a.vwr.id]: 'NON' } });
  treeB = await seedTree(t.db, b, { name: 'Havenkwartier', roles: rolesAsGlobal(b) });
  await t.db.insert(versionRegion).values([
    { updatedAt: new Date(), versionId: treeA.versionId, geometry: square(5.38, 52.15), areaM2: 7600 },
    { updatedAt: new Date(), versionId: hiddenA.versionId, geometry: square(5.39, 52.16), areaM2: 7600 },
    { updatedAt: new Date(), versionId: treeB.versionId, geometry: square(4.47, 51.92), areaM2: 7700 },
  ]);
  await t.db.insert(featureArea).values({
    updatedAt: new Date(), versionId: treeA.versionId, name: 'Groen', function: 'main_structure_green', geometry: square(5.3801, 52.1501, 0.0002), areaM2: 300,
  });
  viewerA = await register(a.staff);
  viewerB = await register(b.staff);
});
afterAll(() => t.close());

describe('authorize → token → resource', () => {
  it('gives a code bound to the redirect URI with the state unchanged, tokens for it and the user\'s outlines', async () => {
    const res = await authorizeRaw(a.vwr, viewerA.client_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const to = new URL(res.json().redirect_to);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get('state')).toBe('st-~/1 2');
    const code = to.searchParams.get('code')!;
    expect(code.length).toBeGreaterThanOrEqual(32);

    const tok = await exchange(code);
    expect(tok.statusCode, tok.body).toBe(200);
    const body = tok.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String) });
    expect(tok.headers['cache-control']).toBe('no-store');
    // Only hashes are stored.
    const stored = await t.db.select().from(oauthToken);
    expect(JSON.stringify(stored)).not.toContain(body.access_token);
    expect(JSON.stringify(stored)).not.toContain(body.refresh_token);

    const me = await resource(body.access_token);
    expect(me.statusCode, me.body).toBe(200);
    const r = me.json();
    expect(r.user).toEqual({
      id: a.vwr.id, first_name: a.vwr.firstName, last_name: a.vwr.lastName, name: `${a.vwr.firstName} ${a.vwr.lastName}`,
      email: a.vwr.email, client: { id: a.clientId, name: 'oautha' },
    });
    // The VWR reads Stationsgebied, not the project where his role is NON, nor client B's.
    expect(r.versions.map((v: { id: number }) => v.id)).toEqual([treeA.versionId]);
    expect(r.versions[0]).toMatchObject({
      project: { id: treeA.projectId, name: 'Stationsgebied' }, region: square(5.38, 52.15), region_area_m2: 7600,
      feature_areas: [{ name: 'Groen', function: 'main_structure_green', geometry: square(5.3801, 52.1501, 0.0002), area_m2: 300 }],
    });
  });

  it('shows the project administrator every version he can read, and another client\'s user only his own', async () => {
    const adm = await resource((await tokensFor(a.adm)).access_token);
    expect(adm.json().versions.map((v: { id: number }) => v.id).sort()).toEqual([treeA.versionId, hiddenA.versionId].sort());
    const other = await resource((await tokensFor(b.usr, viewerB)).access_token);
    expect(other.json().user.client.id).toBe(b.clientId);
    expect(other.json().versions.map((v: { id: number }) => v.id)).toEqual([treeB.versionId]);
  });

  it('refreshes with rotation (JSON body too): the old pair ends, reuse of the old refresh token ends the grant', async () => {
    const first = await tokensFor(a.usr);
    const res = await refresh(first.refresh_token);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json();
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await resource(second.access_token)).statusCode).toBe(200);
    expect((await resource(first.access_token)).statusCode).toBe(401);

    // The rotated token again (stolen?): refused, and the grant's current tokens with it.
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    expect((await resource(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).json().error).toBe('invalid_grant');
  });
});

describe('refusals', () => {
  const invalidGrant = { error: 'invalid_grant', error_description: expect.stringMatching(/^De autorisatiecode/), message: expect.any(String), errors: [] };

  it('a redirect URI other than the registered one, at authorize and at token', async () => {
    for (const redirect_uri of [`${REDIRECT}/extra`, 'https://kaart.example.nl/oauth/callback?x=1', 'https://evil.example/cb']) {
      const res = await authorizeRaw(a.usr, viewerA.client_id, { redirect_uri });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_client', message: 'De kaartviewer is onbekend voor deze klant of de redirect-URI hoort er niet bij.' });
    }
    const code = await codeFor(a.usr, viewerA.client_id);
    const res = await exchange(code, viewerA, { redirect_uri: 'https://evil.example/cb' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidGrant);
  });

  it('a code used twice, and the tokens of its first use end with it', async () => {
    const code = await codeFor(a.usr, viewerA.client_id);
    const first = await exchange(code);
    expect(first.statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidGrant);
    expect((await resource(first.json().access_token)).statusCode).toBe(401);
  });

  it('a code after its 60 seconds (the test clock), and one just before', async () => {
    const late = await codeFor(a.usr, viewerA.client_id);
    const onTime = await codeFor(a.usr, viewerA.client_id);
    t.clock.advance(59_000);
    expect((await exchange(onTime)).statusCode).toBe(200);
    t.clock.advance(2_000);
    const res = await exchange(late);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidGrant);
  });

  it('an unknown code, a wrong secret, another viewer\'s code, a missing secret, Basic authentication', async () => {
    expect((await exchange('verzonnen-code')).json()).toEqual(invalidGrant);
    const code = await codeFor(a.usr, viewerA.client_id);
    const wrong = await exchange(code, { ...viewerA, client_secret: 'fout-geheim' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', error_description: 'De client is onbekend of het clientgeheim klopt niet.' });
    // The same code with B's own (valid) credentials: a code belongs to the viewer it was made for.
    expect((await exchange(code, viewerB)).json().error).toBe('invalid_grant');
    const missing = await tokenForm({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: viewerA.client_id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_client');
    // HTTP Basic with a wrong secret: 401 (RFC 6749 §5.2).
    const basic = await t.app.inject({
      method: 'POST', url: `${M}/mapviewer/oauth/token/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${viewerA.client_id}:fout`).toString('base64')}` },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }).toString(),
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().error).toBe('invalid_client');
  });

  it('an expired access token, our own JWT, no token: 401 invalid_token with WWW-Authenticate', async () => {
    const tok = await tokensFor(a.usr);
    t.clock.advance(3599_000);
    expect((await resource(tok.access_token)).statusCode).toBe(200);
    t.clock.advance(2_000);
    const expired = await resource(tok.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'invalid_token', error_description: 'Het toegangstoken is ongeldig of verlopen.', message: 'Het toegangstoken is ongeldig of verlopen.', errors: [] });
    expect(expired.headers['www-authenticate']).toMatch(/^Bearer realm="Grondslag", error="invalid_token"/);
    // The refresh token is still good after the access token ended.
    expect((await refresh(tok.refresh_token)).statusCode).toBe(200);

    const jwt = (await bearer(t.app, a.usr)).authorization;
    expect((await t.app.inject({ method: 'GET', url: `${M}/mapviewer/oauth/resource/`, headers: { authorization: jwt } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${M}/mapviewer/oauth/resource/` })).statusCode).toBe(401);
  });

  it.each(WORK_GATES)('the tokens of a user held at a work gate (%s) stop working until it is cleared (issue 33.2)', async (gate) => {
    const u = await createUser(t.db, a.clientId, { email: `poort-${gate}@oautha.test`, role: 'USR' });
    const tok = await tokensFor(u);
    expect((await resource(tok.access_token)).statusCode).toBe(200);
    await t.db.update(appUser).set(AT_GATE[gate]).where(eq(appUser.id, u.id));
    expect((await resource(tok.access_token)).statusCode).toBe(401);
    expect((await refresh(tok.refresh_token)).json().error).toBe('invalid_grant');
    await t.db.update(appUser).set(PAST_GATES).where(eq(appUser.id, u.id));
    expect((await resource(tok.access_token)).statusCode).toBe(200);
  });

  it('a blocked user\'s tokens stop working', async () => {
    const u = await createUser(t.db, a.clientId, { firstName: 'Tijdelijk', lastName: 'Gebruiker', email: 'tijdelijk@oautha.test', role: 'USR' });
    const tok = await tokensFor(u);
    expect((await resource(tok.access_token)).statusCode).toBe(200);
    await t.db.update(appUser).set({ blocked: true }).where(eq(appUser.id, u.id));
    expect((await resource(tok.access_token)).statusCode).toBe(401);
    expect((await refresh(tok.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('authorize: bad or missing parameters in Dutch, another client\'s viewer unknown, NON and anonymous refused', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `${M}/mapviewer/oauth/authorize/?client_id=${viewerA.client_id}`, headers: await bearer(t.app, a.usr) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Vul approval_prompt in.');
    expect(missing.json().message).toContain('Vul state in.');
    const state = await authorizeRaw(a.usr, viewerA.client_id, { state: 'één' });
    expect(state.statusCode).toBe(400);
    expect(state.json().message).toBe('state mag alleen zichtbare ASCII-tekens en spaties bevatten.');
    const tokenType = await authorizeRaw(a.usr, viewerA.client_id, { response_type: 'token' });
    expect(tokenType.statusCode).toBe(400);
    expect(tokenType.json().message).toBe('response_type moet code zijn.');
    // B's user may not obtain a code for A's viewer: it is as unknown to him as a made-up id.
    const foreign = await authorizeRaw(b.usr, viewerA.client_id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('invalid_client');
    expect((await authorizeRaw(a.usr, 'verzonnen')).json()).toEqual(foreign.json());
    expect((await authorizeRaw(a.non, viewerA.client_id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${M}/mapviewer/oauth/authorize/?${authorizeQuery(viewerA.client_id)}` })).statusCode).toBe(401);
  });

  it('token: a bad grant type or body is invalid_request with a Dutch description', async () => {
    const res = await tokenForm({ grant_type: 'password', username: 'x', password: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', message: 'grant_type moet authorization_code of refresh_token zijn.' });
  });
});

describe('PKCE (RFC 7636; issue 22 item 6)', () => {
  const verifier = () => randomBytes(48).toString('base64url'); // 64 characters of the allowed set
  const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');
  const challengedCode = async (over: Record<string, string>) => {
    const res = await authorizeRaw(a.usr, viewerA.client_id, over);
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().redirect_to).searchParams.get('code')!;
  };
  const refusedGrant = (res: Awaited<ReturnType<typeof exchange>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  };

  it('S256: a code is refused without a verifier and with a wrong one, and accepted with the right one', async () => {
    const v = verifier();
    const challenge = { code_challenge: s256(v), code_challenge_method: 'S256' };
    refusedGrant(await exchange(await challengedCode(challenge)));
    refusedGrant(await exchange(await challengedCode(challenge), viewerA, { code_verifier: verifier() }));
    // The challenge itself is no verifier.
    refusedGrant(await exchange(await challengedCode(challenge), viewerA, { code_verifier: s256(v) }));
    // A failed attempt spends the code: the right verifier comes too late for it.
    const code = await challengedCode(challenge);
    refusedGrant(await exchange(code, viewerA, { code_verifier: verifier() }));
    refusedGrant(await exchange(code, viewerA, { code_verifier: v }));
    const ok = await exchange(await challengedCode(challenge), viewerA, { code_verifier: v });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await resource(ok.json().access_token)).statusCode).toBe(200);
  });

  it('plain (also without a method, RFC 7636 §4.3): the verifier is the challenge', async () => {
    const v = verifier();
    const challenges: Record<string, string>[] = [{ code_challenge: v, code_challenge_method: 'plain' }, { code_challenge: v }];
    for (const challenge of challenges) {
      refusedGrant(await exchange(await challengedCode(challenge)));
      refusedGrant(await exchange(await challengedCode(challenge), viewerA, { code_verifier: verifier() }));
      expect((await exchange(await challengedCode(challenge), viewerA, { code_verifier: v })).statusCode).toBe(200);
    }
  });

  it('a code without a challenge is refused with a verifier; a malformed challenge or method in Dutch', async () => {
    refusedGrant(await exchange(await codeFor(a.usr, viewerA.client_id), viewerA, { code_verifier: verifier() }));
    const short = await authorizeRaw(a.usr, viewerA.client_id, { code_challenge: 'kort', code_challenge_method: 'S256' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'code_challenge', message: 'code_challenge moet 43 tot 128 tekens zijn (A-Z, a-z, 0-9, -, ., _, ~).' }]);
    const method = await authorizeRaw(a.usr, viewerA.client_id, { code_challenge: verifier(), code_challenge_method: 'S512' });
    expect(method.json().errors).toEqual([{ path: 'code_challenge_method', message: 'code_challenge_method moet S256 of plain zijn.' }]);
    const alone = await authorizeRaw(a.usr, viewerA.client_id, { code_challenge_method: 'S256' });
    expect(alone.json().errors).toEqual([{ path: 'code_challenge', message: 'Vul code_challenge in bij code_challenge_method.' }]);
  });
});

describe('housekeeping', () => {
  it('removes grants whose code and refresh tokens have run out, and keeps live ones', async () => {
    const c = await createTenant(t.db, 'oauthg');
    const v = await register(c.staff);
    const dead = await codeFor(c.usr, v.client_id); // never exchanged
    const live = await tokensFor(c.usr, v);
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    await codeFor(c.usr, v.client_id); // a new code sweeps
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM oauth_code oc JOIN oauth_viewer ov ON ov.id = oc.viewer_id WHERE ov.client_id = ${c.clientId}`);
    expect(rows[0].n).toBe(2); // the live grant's code and the new one
    expect((await exchange(dead, v)).json().error).toBe('invalid_grant');
    expect((await refresh(live.refresh_token, v)).statusCode).toBe(200);
  });
});

describe('configuration of the external viewer (staff)', () => {
  it('shows the secret once, replaces the registration with a new id and secret, and removes it', async () => {
    const c = await createTenant(t.db, 'oauthc');
    const h = await bearer(t.app, c.staff);
    const url = `${M}/mapviewer/oauth/client/`;
    expect((await t.app.inject({ method: 'GET', url, headers: h })).json()).toEqual({ external: null });

    const bad = await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: '', base_url: 'ftp://kaart.example.nl', redirect_uri: 'http://kaart.example.nl/cb' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Vul een naam in.');
    expect(bad.json().message).toContain('Voer als basisadres een geldig https-adres in');
    expect(bad.json().message).toContain('Voer als redirect-URI een geldig https-adres in');

    const first = await register(c.staff);
    const shown = await t.app.inject({ method: 'GET', url, headers: h });
    expect(shown.json()).toEqual({ external: { name: 'Kaartviewer', base_url: BASE, redirect_uri: REDIRECT, client_id: first.client_id, created_at: t.clock.current.toISOString() } });
    expect(shown.body).not.toContain(first.client_secret);
    const tok = await tokensFor(c.usr, first);

    const second = await register(c.staff, { name: 'Nieuwe viewer', base_url: BASE, redirect_uri: REDIRECT });
    expect(second.client_id).not.toBe(first.client_id);
    expect(second.client_secret).not.toBe(first.client_secret);
    expect((await resource(tok.access_token)).statusCode).toBe(401);
    expect((await refresh(tok.refresh_token, first)).json().error).toBe('invalid_client');

    const del = await t.app.inject({ method: 'DELETE', url, headers: h });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: h })).json()).toEqual({ external: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.clientId, c.clientId));
    expect(audit.map((r) => r.description)).toEqual(expect.arrayContaining([
      `Externe kaartviewer 'Kaartviewer' ingesteld (${BASE})`,
      `Externe kaartviewer 'Nieuwe viewer' vervangen (${BASE})`,
      "Externe kaartviewer 'Nieuwe viewer' verwijderd; de ingebouwde kaartviewer wordt gebruikt",
    ]));
  });
});

describe('the base address is no internal address (issue 22 item 5)', () => {
  const INTERNAL = [
    'http://127.0.0.1:8080/', 'http://localhost:8080/', 'http://[::1]:8080/', 'https://10.0.0.5/', 'https://172.16.3.4/',
    'https://192.168.1.1/', 'https://169.254.169.254/latest/meta-data/', 'https://[fe80::1]/', 'https://[fd12:3456::1]/',
    'https://0.0.0.0/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:a9fe:a9fe]/', 'https://100.64.0.1/', 'https://localhost/',
  ];

  it('refuses loopback, private and link-local addresses on the field, and stores nothing', async () => {
    const c = await createTenant(t.db, 'oauthi');
    const h = await bearer(t.app, c.staff);
    const url = `${M}/mapviewer/oauth/client/`;
    t.config.mapViewerAllowLoopback = false;
    try {
      for (const base of INTERNAL) {
        const res = await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: 'Intern', base_url: base, redirect_uri: REDIRECT } });
        expect([base, res.statusCode, res.json().errors]).toEqual([base, 400, [{ path: 'base_url', message: VIEWER_ADDRESS_INTERNAL }]]);
      }
      expect((await t.app.inject({ method: 'GET', url, headers: h })).json()).toEqual({ external: null });
      expect((await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: 'Extern', base_url: 'https://93.184.215.14/', redirect_uri: REDIRECT } })).statusCode).toBe(200);
    } finally {
      t.config.mapViewerAllowLoopback = true;
    }
    // The development setting allows this machine only.
    expect((await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: 'Lokaal', base_url: 'http://localhost:8080/', redirect_uri: REDIRECT } })).statusCode).toBe(200);
    const privateNet = await t.app.inject({ method: 'PUT', url, headers: h, payload: { name: 'Privé', base_url: 'https://10.0.0.5/', redirect_uri: REDIRECT } });
    expect(privateNet.json().errors).toEqual([{ path: 'base_url', message: VIEWER_ADDRESS_INTERNAL }]);
  });
});

describe('the frames\' addresses', () => {
  it('point at the external viewer (the built-in viewer\'s query on its base address) while one is registered', async () => {
    const c = await createTenant(t.db, 'oauthe');
    const tree = await seedTree(t.db, c, { roles: rolesAsGlobal(c) });
    const h = await bearer(t.app, c.adm);
    const addresses = async () => {
      const version = (await t.app.inject({ method: 'GET', url: `${M}/version-model/${tree.versionId}/`, headers: h })).json();
      const sub = (await t.app.inject({ method: 'GET', url: `${M}/subregion/`, headers: h })).json().find((x: { id: number }) => x.id === c.subregionId);
      const client = (await t.app.inject({ method: 'GET', url: `${M}/mapviewer/client_region/`, headers: h })).json();
      const overview = (await t.app.inject({ method: 'GET', url: `${M}/mapviewer/overview/`, headers: h })).json();
      return [version.viewer_uri, version.outline_uri, version.editor_uri, sub.outline_uri, client.outline_uri, overview.viewer_uri];
    };
    const builtIn = await addresses();
    expect(builtIn.every((u) => u.startsWith('/mapviewer.html?'))).toBe(true);

    await register(c.staff, { name: 'Extern', base_url: 'https://kaart.example.nl/viewer/?tenant=42', redirect_uri: REDIRECT });
    const external = await addresses();
    expect(external).toEqual([
      `https://kaart.example.nl/viewer/?tenant=42&mode=view&version=${tree.versionId}`,
      `https://kaart.example.nl/viewer/?tenant=42&mode=region&version=${tree.versionId}`,
      `https://kaart.example.nl/viewer/?tenant=42&mode=features&version=${tree.versionId}`,
      `https://kaart.example.nl/viewer/?tenant=42&mode=subregion&subregion=${c.subregionId}`,
      'https://kaart.example.nl/viewer/?tenant=42&mode=client',
      'https://kaart.example.nl/viewer/?tenant=42&mode=overview',
    ]);
    // Another client keeps the built-in viewer.
    const plain = await createTenant(t.db, 'oauthf');
    const other = (await t.app.inject({ method: 'GET', url: `${M}/mapviewer/overview/`, headers: await bearer(t.app, plain.adm) })).json();
    expect(other.viewer_uri).toBe(builtIn[5]);

    await t.app.inject({ method: 'DELETE', url: `${M}/mapviewer/oauth/client/`, headers: await bearer(t.app, c.staff) });
    expect(await addresses()).toEqual(builtIn);
  });
});

describe('externalViewerAnswers', () => {
  const servers: Server[] = [];
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const s = createServer(handler);
    servers.push(s);
    await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
  };
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((done) => s.close(done));
    }
  });

  it('is true for the built-in viewer and for an external one that answers; false for one that does not', async () => {
    const c = await createTenant(t.db, 'oauthd');
    expect(await externalViewerAnswers(t, c.clientId)).toBe(true);

    const seen: string[] = [];
    const up = await listen((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(405).end(); // a viewer that knows no HEAD still answers
    });
    await register(c.staff, { name: 'Lokaal', base_url: up, redirect_uri: `${up}cb` });
    expect(await externalViewerAnswers(t, c.clientId)).toBe(true);
    expect(seen).toEqual(['HEAD /']);

    const failing = await listen((_req, res) => res.writeHead(503).end());
    await register(c.staff, { name: 'Storing', base_url: failing, redirect_uri: `${failing}cb` });
    expect(await externalViewerAnswers(t, c.clientId)).toBe(false);

    // Accepts the connection and never answers: the bounded wait ends it.
    const silent = await listen(() => {});
    await register(c.staff, { name: 'Stil', base_url: silent, redirect_uri: `${silent}cb` });
    expect(await externalViewerAnswers(t, c.clientId, 200)).toBe(false);

    // Nobody listens on the port.
    const gone = await listen(() => {});
    const s = servers.pop()!;
    await new Promise((done) => s.close(done));
    await register(c.staff, { name: 'Weg', base_url: gone, redirect_uri: `${gone}cb` });
    expect(await externalViewerAnswers(t, c.clientId, 200)).toBe(false);
  });
});
