import type { z } from 'zod';

// One call of the API, declared once (docs/conventions.md "Endpoint table"): the server registers its route
// from it (server/routes/route.ts: validation, serialisation, the OpenAPI document) and the client calls it
// (src/api/http.ts `call`), so a path, a body or an answer cannot drift between the two sides.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a call is made (./routes.ts): what the client needs at run time. */
export interface Route {
  method: Method;
  /** From the site's root, path parameters as `:name` (Fastify's syntax). */
  path: string;
  /** No bearer token: the client sends none, the server asks none (config.public). */
  public?: boolean;
  /**
   * json (default); upload: the body may also come as multipart (text fields, the file as `file`) in the
   * shape the body schema validates; download: the answer is a file (content-disposition names it).
   */
  kind?: 'json' | 'upload' | 'download';
  /** The client keeps the wire's snake_case keys (model data, GeoJSON) instead of converting to camelCase. */
  wireKeys?: boolean;
}

/** What a route takes and answers. */
export interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers' schemas by status; a 204 or a file answer declares none. */
  response: Partial<Record<number, z.ZodType>>;
  /** The OpenAPI document's groups. */
  tags: readonly string[];
}

export type Endpoint = Route & Schemas;

/** Declares an endpoint: a route of ./routes.ts with its schemas; `const` keeps the literal types for both sides. */
export const endpoint = <const R extends Route, const S extends Schemas>(route: R, schemas: S): R & S => ({ ...route, ...schemas });

/** The names of a path's `:name` parameters. */
export type PathParamNames<P extends string> =
  P extends `${string}:${infer N}/${infer R}` ? N | PathParamNames<`/${R}`> : P extends `${string}:${infer N}` ? N : never;

export type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [key in K]: infer S extends z.ZodType } ? S : never;

/** The schema of the successful answer: 200, else 201. */
export type SuccessSchema<E extends Endpoint> = E['response'] extends { 200: infer S extends z.ZodType } ? S
  : E['response'] extends { 201: infer S extends z.ZodType } ? S : never;

// —— the server's side: what the handler reads (after validation) and answers (before serialisation) ——

export type ParamsOf<E extends Endpoint> = [Schema<E, 'params'>] extends [never] ? unknown : z.output<Schema<E, 'params'>>;
export type QueryOf<E extends Endpoint> = [Schema<E, 'query'>] extends [never] ? unknown : z.output<Schema<E, 'query'>>;
export type BodyOf<E extends Endpoint> = [Schema<E, 'body'>] extends [never] ? unknown : z.output<Schema<E, 'body'>>;
export type AnswerOf<E extends Endpoint> = [SuccessSchema<E>] extends [never] ? void : z.input<SuccessSchema<E>>;
