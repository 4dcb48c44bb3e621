import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthorizeAnswer, AuthorizeQuery, OAuthError, ResourceAnswer, TokenAnswer, TokenBody,
  ViewerRegistered, ViewerRegistrationBody, ViewerSettings,
} from '../../src/api/contract/mapViewerOAuth.ts';
import { HttpError } from '../errors.ts';
import * as oauth from '../services/oauth.ts';

/**
 * The OAuth calls of the external viewer answer their errors as OAuth does (RFC 6749 §5.2): a bad body is
 * `invalid_request` with the contract's Dutch messages; the rest goes on to the app's error handler.
 */
function oauthErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    throw oauth.oauthError(400, 'invalid_request', [...new Set(err.validation.map((v) => v.message ?? ''))].join(' ').trim() || undefined);
  }
  // Any other 400 (a body that is no JSON, a poisoning key like __proto__) also in the OAuth shape, which the
  // route's 400 schema holds answers to (else their serialisation failed: a 500).
  const status = err instanceof HttpError ? err.status : err.statusCode;
  if (status === 400 && !(err instanceof HttpError && 'error' in err.body)) throw oauth.oauthError(400, 'invalid_request');
  // RFC 6750 §3: a refused access token names the scheme (the viewer knows to sign in again).
  if (err instanceof HttpError && err.status === 401) reply.header('www-authenticate', `Bearer realm="Grondslag", error="${String(err.body.error)}"`);
  throw err;
}

/** The external map viewer (issue 14 item 5; spec 1 §7 mapviewer/oauth/…), under /api/manager/. */
export default async function oauthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['mapviewer'];

  // OAuth clients post the token request as a form (RFC 6749 §4.1.3). Scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

  r.get('/mapviewer/oauth/authorize/', {
    schema: { tags, querystring: AuthorizeQuery, response: { 200: AuthorizeAnswer } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return oauth.authorize(ctx, req.user, req);
  });

  r.post('/mapviewer/oauth/token/', {
    config: { public: true },
    errorHandler: oauthErrors,
    schema: { tags, body: TokenBody, response: { 200: TokenAnswer, 400: OAuthError, 401: OAuthError } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return oauth.token(ctx, req);
  });

  // Public for the app's hook (the viewer has no JWT of ours): the service authenticates the OAuth token.
  r.get('/mapviewer/oauth/resource/', {
    config: { public: true },
    errorHandler: oauthErrors,
    schema: { tags, response: { 200: ResourceAnswer, 401: OAuthError } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return oauth.resource(ctx, req);
  });

  // Staff's registration of the client's external viewer.
  r.get('/mapviewer/oauth/client/', { schema: { tags, response: { 200: ViewerSettings } } },
    async (req) => oauth.getViewerSettings(ctx, req.user));

  r.put('/mapviewer/oauth/client/', { schema: { tags, body: ViewerRegistrationBody, response: { 200: ViewerRegistered } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return oauth.registerViewer(ctx, req.user, req.body, req.ip);
    });

  r.delete('/mapviewer/oauth/client/', { schema: { tags } }, async (req, reply) => {
    await oauth.removeViewer(ctx, req.user, req.ip);
    return reply.code(204).send();
  });
}
