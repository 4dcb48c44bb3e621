import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { mapViewerOAuthEndpoints as ep } from '../../src/api/contract/mapViewerOAuth.ts';
import { HttpError } from '../errors.ts';
import * as oauth from '../services/oauth.ts';
import { route } from './route.ts';

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
  const ctx = app.ctx;

  // OAuth clients post the token request as a form (RFC 6749 §4.1.3). Scoped to this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));

  route(app, ep.authorize, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return oauth.authorize(ctx, req.user, req);
  });
  route(app, ep.token, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return oauth.token(ctx, req);
  }, { errorHandler: oauthErrors });
  route(app, ep.resource, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return oauth.resource(ctx, req);
  }, { errorHandler: oauthErrors });

  // Staff's registration of the client's external viewer.
  route(app, ep.settings, async (req) => oauth.getViewerSettings(ctx, req.user));
  route(app, ep.register, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return oauth.registerViewer(ctx, req.user, req.body, req.ip);
  });
  route(app, ep.remove, async (req) => oauth.removeViewer(ctx, req.user, req.ip));
}
