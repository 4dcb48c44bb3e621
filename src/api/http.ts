import type { z } from 'zod';
import type { Endpoint, PathParamNames, Route, Schema, SuccessSchema } from './contract/endpoint.ts';
import { camelize, snakify, type Camelize } from './case.ts';
import { WORK_GATES, type WorkGate } from './contract/messages.ts';

/**
 * The only place that talks HTTP. Converts snake_case ↔ camelCase and raises the spec's three
 * error kinds (spec 1 §8): a non-2xx answer, a failed request, a missing required parameter.
 */
export class ResponseError extends Error {
  constructor(
    readonly status: number,
    /** The answer's Dutch message, when the server sent one. */
    readonly serverMessage: string | undefined,
    readonly body: unknown,
  ) {
    super('Response returned an error code');
  }
}

/** The per-field problems of a 400 answer (`errors: [{ path, message }]`), or none. */
export function fieldErrorsOf(e: unknown): { path: string; message: string }[] {
  const errors = e instanceof ResponseError ? (e.body as { errors?: unknown } | null)?.errors : undefined;
  return Array.isArray(errors) ? errors as { path: string; message: string }[] : [];
}

export class FetchError extends Error {
  constructor(override readonly cause: unknown) {
    super('The request failed and the interceptors did not return an alternative response');
  }
}

export class RequiredError extends Error {
  constructor(readonly field: string) {
    super(`Required parameter ${field} was null or undefined when calling the API.`);
  }
}

/** Throws the required-parameter error before any call when a parameter is null or undefined. */
export function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined) throw new RequiredError(field);
  return value;
}


let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let onRefresh: (() => Promise<boolean>) | null = null;
let onWorkGate: ((gate: WorkGate) => void) | null = null;

export const http = {
  setAccessToken(token: string | null) {
    accessToken = token;
  },
  getAccessToken: () => accessToken,
  /** The auth store refreshes the token once when an authorised call answers 401, then retries. */
  setRefreshHandler(handler: () => Promise<boolean>) {
    onRefresh = handler;
  },
  /**
   * The auth store is told when the server refuses a call with a work gate's code (403; issue 33.2):
   * the account must first set up MFA, accept the terms or change its password, and the app shows that.
   */
  setWorkGateHandler(handler: (gate: WorkGate) => void) {
    onWorkGate = handler;
  },
};

/** The work gate a refusal names, if any. */
function workGateOf(e: ResponseError): WorkGate | null {
  const code = (e.body as { code?: unknown } | null)?.code;
  return e.status === 403 && (WORK_GATES as readonly unknown[]).includes(code) ? code as WorkGate : null;
}

interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  form?: FormData;
  /** Calls without a bearer token: login, refresh, reset, status. */
  anonymous?: boolean;
  /** Send the body's keys as they are (model data is snake_case on the wire and in the engine). */
  wireBody?: boolean;
  /** Hand the answer's keys on as they are. */
  wireAnswer?: boolean;
  rawResponse?: boolean;
  /** The request outlives the page (a session ended as the tab goes away). */
  keepalive?: boolean;
}

function url(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), String(v));
  }
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}`;
}

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.wireBody ? opts.body : snakify(opts.body));
  }
  if (!opts.anonymous && accessToken) headers.authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url(path, opts.query), { method, headers, body, credentials: 'same-origin', ...(opts.keepalive && { keepalive: true }) });
  } catch (e) {
    throw new FetchError(e);
  }
}

async function errorFrom(res: Response): Promise<ResponseError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  const message = (body as { message?: unknown } | null)?.message;
  return new ResponseError(res.status, typeof message === 'string' ? message : undefined, body);
}

async function fetchAnswer<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(method, path, opts);
  if (res.status === 401 && !opts.anonymous && onRefresh) {
    refreshing ??= onRefresh().finally(() => (refreshing = null));
    if (await refreshing) res = await send(method, path, opts);
  }
  if (!res.ok) {
    const error = await errorFrom(res);
    const gate = workGateOf(error);
    if (gate) onWorkGate?.(gate);
    throw error;
  }
  if (opts.rawResponse) return res as unknown as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const json = JSON.parse(text) as unknown;
  return (opts.wireAnswer ? json : camelize(json)) as T;
}

// —— the declared endpoints (src/api/contract/endpoints.ts): camelCase unless the endpoint keeps the wire's keys ——

declare const declared: unique symbol;
/** An endpoint as the client holds it (./endpoints.ts): its route at run time, its declaration `E` as a type only. */
export type ClientEndpoint<E extends Endpoint> = Route & { readonly [declared]?: E };
/** The endpoint table with each endpoint as the client holds it. */
export type ClientTable<T> = { [K in keyof T]: T[K] extends Endpoint ? ClientEndpoint<T[K]> : ClientTable<T[K]> };

type Client<E extends Endpoint, T> = E extends { wireKeys: true } ? T : Camelize<T>;

/**
 * The body of a call: in camelCase (converted to the wire's snake_case), or as `wireBody` with the wire's
 * own keys where the conversion would spell one otherwise (a digit: reset_password_2fa_token). An upload
 * sends a form instead.
 */
type BodyArgs<E extends Endpoint, B extends z.ZodType> = E extends { kind: 'upload' }
  ? { body: Client<E, z.input<B>> } | { form: FormData }
  : undefined extends z.input<B> ? { body?: Client<E, z.input<B>> }
    : { body: Client<E, z.input<B>> } | { wireBody: z.input<B> };

/** What a call sends: the path's parameters, the query and the body. */
export type CallArgs<E extends Endpoint> =
  & ([PathParamNames<E['path']>] extends [never] ? unknown : { params: Record<PathParamNames<E['path']>, string | number> })
  & ([Schema<E, 'query'>] extends [never] ? unknown : { query?: Query<E> })
  & ([Schema<E, 'body'>] extends [never] ? (E extends { kind: 'upload' } ? { form: FormData } : unknown) : BodyArgs<E, Schema<E, 'body'>>)
  & Pick<RequestOptions, 'keepalive'>;

/** What a successful call answers: the declared 200 (else 201) answer. */
export type CallAnswer<E extends Endpoint> = [SuccessSchema<E>] extends [never] ? void : Client<E, z.output<SuccessSchema<E>>>;

type Body<E extends Endpoint> = Client<E, z.input<Schema<E, 'body'>>>;
type Query<E extends Endpoint> = Client<E, z.input<Schema<E, 'query'>>>;
type DeclarationOf<C> = C extends { readonly [declared]?: infer E extends Endpoint } ? E : never;
/** The body a call of the endpoint sends. */
export type CallBody<C extends ClientEndpoint<Endpoint>> = Body<DeclarationOf<C>>;
/** The query a call of the endpoint sends. */
export type CallQuery<C extends ClientEndpoint<Endpoint>> = Query<DeclarationOf<C>>;

/** `[args]`, optional when the endpoint needs none. */
export type ArgsOf<E extends Endpoint> = {} extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

interface AnyArgs {
  params?: Record<string, string | number | null | undefined>;
  query?: RequestOptions['query'];
  body?: unknown;
  wireBody?: unknown;
  form?: FormData;
  keepalive?: boolean;
}

/**
 * The arguments of a call made by a helper several endpoints share (rowCalls, the reference lists), where
 * TypeScript cannot follow that each of them takes these.
 */
export const sharedArgs = <E extends Endpoint>(args: AnyArgs) => [args] as unknown as ArgsOf<E>;

/** The declared path with its parameters filled in; a missing one throws before any request. */
function pathOf(ep: Route, params: AnyArgs['params'] = {}): string {
  return ep.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(required(params[name], name))));
}

function requestOf(ep: Route, args: AnyArgs = {}): [string, RequestOptions] {
  const wireBody = 'wireBody' in args;
  return [pathOf(ep, args.params), {
    query: args.query,
    body: wireBody ? args.wireBody : args.body,
    form: args.form,
    anonymous: ep.public,
    wireBody: wireBody || ep.wireKeys,
    wireAnswer: ep.wireKeys,
    keepalive: args.keepalive,
  }];
}

/** Calls a declared endpoint; body and answer are typed from its schemas. */
export function call<E extends Endpoint>(ep: ClientEndpoint<E>, ...[args]: ArgsOf<E>): Promise<CallAnswer<E>> {
  const [path, opts] = requestOf(ep, args as AnyArgs);
  return fetchAnswer(ep.method, path, opts);
}

/** The answer of a declared endpoint as it came (a job's poll tells 202 from 200). */
export function callResponse<E extends Endpoint>(ep: ClientEndpoint<E>, ...[args]: ArgsOf<E>): Promise<Response> {
  const [path, opts] = requestOf(ep, args as AnyArgs);
  return fetchAnswer(ep.method, path, { ...opts, rawResponse: true });
}

/** Downloads the file answer of a declared endpoint under the server's filename. */
export async function download<E extends Endpoint & { kind: 'download' }>(ep: ClientEndpoint<E>, fallbackName: string, ...[args]: ArgsOf<E>): Promise<void> {
  return saveAnswer(await callResponse(ep, ...[args] as ArgsOf<E>), fallbackName);
}

/**
 * Downloads a produced file from the file server (/files/…, outside /api and the endpoint table: a plain
 * link opens it too, with the file cookie).
 */
export async function downloadProduced(path: string, fallbackName: string): Promise<void> {
  return saveAnswer(await fetchAnswer<Response>('GET', path, { rawResponse: true }), fallbackName);
}

/** Hands a file answer to the browser under the server's filename (content-disposition). */
async function saveAnswer(res: Response, fallbackName: string): Promise<void> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="([^"]+)"/.exec(disposition);
  const name = match ? decodeURIComponent(match[1] ?? match[2]) : fallbackName;
  saveBlob(await res.blob(), name);
}

/** Hands a file made or fetched in the browser to the user as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The Dutch message to show for a failed call: the server's, else the screen's own. */
export function messageOf(e: unknown, fallback: string): string {
  if (e instanceof ResponseError && e.serverMessage && e.status < 500) return e.serverMessage;
  return fallback;
}

export const isStatus = (e: unknown, status: number) => e instanceof ResponseError && e.status === status;
