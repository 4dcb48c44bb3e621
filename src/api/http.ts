import { camelize, snakify } from './case.ts';

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

const BASE = '/api';

let accessToken: string | null = null;
let refreshing: Promise<boolean> | null = null;
let onRefresh: (() => Promise<boolean>) | null = null;

export const http = {
  setAccessToken(token: string | null) {
    accessToken = token;
  },
  getAccessToken: () => accessToken,
  /** The auth store refreshes the token once when an authorised call answers 401, then retries. */
  setRefreshHandler(handler: () => Promise<boolean>) {
    onRefresh = handler;
  },
};

interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  form?: FormData;
  /** Calls without a bearer token: login, refresh, reset, status. */
  anonymous?: boolean;
  /** Keep the body as is (model data is snake_case on the wire and in the engine). */
  rawBody?: boolean;
  rawResponse?: boolean;
  /** The path is from the site's root, not under /api (the file server's /files/…). */
  root?: boolean;
}

function url(path: string, query?: RequestOptions['query'], root = false): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), String(v));
  }
  const qs = params.toString();
  return `${root ? '' : BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(method: string, path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.rawBody ? opts.body : snakify(opts.body));
  }
  if (!opts.anonymous && accessToken) headers.authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url(path, opts.query, opts.root), { method, headers, body, credentials: 'same-origin' });
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

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let res = await send(method, path, opts);
  if (res.status === 401 && !opts.anonymous && onRefresh) {
    refreshing ??= onRefresh().finally(() => (refreshing = null));
    if (await refreshing) res = await send(method, path, opts);
  }
  if (!res.ok) throw await errorFrom(res);
  if (opts.rawResponse) return res as unknown as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const json = JSON.parse(text) as unknown;
  return (opts.rawBody ? json : camelize(json)) as T;
}

/** Downloads a file answer and hands it to the browser under the server's filename. */
export async function download(path: string, fallbackName: string, opts: Pick<RequestOptions, 'root'> = {}): Promise<void> {
  const res = await request<Response>('GET', path, { ...opts, rawResponse: true });
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
