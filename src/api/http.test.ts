import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, type Endpoint } from './contract/endpoint.ts';
import { FetchError, RequiredError, ResponseError, call, fieldErrorsOf, http, required, type ClientEndpoint } from './http.ts';

/** A declaration as the browser's table (./endpoints.ts) types it. */
const asClient = <E extends Endpoint>(e: E) => e as ClientEndpoint<E>;

const x = asClient(endpoint({ method: 'POST', path: '/api/manager/x/:id/' }, {
  tags: [],
  query: z.object({ version_model_id: z.number() }),
  body: z.object({ type_project: z.number() }),
  response: { 200: z.object({ first_name: z.string(), log_rows: z.array(z.object({ user_name_full: z.string() })) }) },
}));
const me = asClient(endpoint({ method: 'GET', path: '/api/manager/user/me/' }, { tags: [], response: { 200: z.object({ ok: z.boolean() }) } }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  http.setAccessToken(null);
});

describe('the API client boundary', () => {
  it('sends snake_case with the bearer token to the declared path and returns camelCase', async () => {
    const fetch = vi.fn(async () => json(200, { first_name: 'Anna', log_rows: [{ user_name_full: 'A B' }] }));
    vi.stubGlobal('fetch', fetch);
    http.setAccessToken('tok');
    const res = await call(x, { params: { id: 'a/b' }, body: { typeProject: 2 }, query: { versionModelId: 5 } });
    expect(res).toEqual({ firstName: 'Anna', logRows: [{ userNameFull: 'A B' }] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/manager/x/a%2Fb/?version_model_id=5');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"type_project":2}');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('sends a wire body as it is, and no token to a public endpoint', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    http.setAccessToken('tok');
    const open = asClient(endpoint({ method: 'POST', path: '/api/manager/open/', public: true }, {
      tags: [], body: z.object({ reset_password_2fa_token: z.string() }), response: { 200: z.object({ ok: z.boolean() }) },
    }));
    await call(open, { wireBody: { reset_password_2fa_token: 't' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{"reset_password_2fa_token":"t"}');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('refuses a missing path parameter before any request', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(() => call(x, { params: { id: undefined as unknown as number }, body: { typeProject: 2 } })).toThrow(RequiredError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('raises the spec\'s error for a non-2xx answer, keeping the server\'s Dutch message and status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(409, { message: 'Er bestaat al een project met deze naam.' })));
    const err = await call(x, { params: { id: 1 }, body: { typeProject: 2 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as ResponseError).message).toBe('Response returned an error code');
    expect((err as ResponseError).status).toBe(409);
    expect((err as ResponseError).serverMessage).toBe('Er bestaat al een project met deze naam.');
  });

  it('raises the spec\'s error when the request itself fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const err = await call(me).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect((err as Error).message).toBe('The request failed and the interceptors did not return an alternative response');
  });

  it('raises a required-parameter error naming the parameter before any call', () => {
    expect(() => required(undefined, 'projectId')).toThrow(RequiredError);
    expect(() => required(null, 'projectId')).toThrow(/projectId/);
    expect(required(0, 'id')).toBe(0);
  });

  it('refreshes once on 401 and retries the call with the new token', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      calls++;
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json(200, { ok: true }) : json(401, { message: 'U bent niet ingelogd.' });
    }));
    http.setAccessToken('old');
    http.setRefreshHandler(async () => {
      http.setAccessToken('new');
      return true;
    });
    expect(await call(me)).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});

describe('fieldErrorsOf', () => {
  it("gives a 400's per-field problems, and none for anything else", () => {
    const errors = [{ path: 'name', message: 'Voer een naam in.' }];
    expect(fieldErrorsOf(new ResponseError(400, 'Ongeldig', { message: 'Ongeldig', errors }))).toEqual(errors);
    expect(fieldErrorsOf(new ResponseError(409, 'Bestaat al', { message: 'Bestaat al' }))).toEqual([]);
    expect(fieldErrorsOf(new ResponseError(500, undefined, null))).toEqual([]);
    expect(fieldErrorsOf(new Error('netwerk'))).toEqual([]);
  });
});
