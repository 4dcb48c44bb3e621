import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_SAML_RESPONSE_CHARS, SAML_RESPONSE_TOO_LARGE, SamlAcsBody, samlEndpoints } from '../../src/api/contract/saml.ts';
import { SAML_MFA_PATH } from '../../src/api/contract/routes.ts';
import { HttpError } from '../errors.ts';
import * as saml from '../services/saml.ts';
import { setMfaTicketCookie, setRefreshCookie } from './auth.ts';
import { route } from './route.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A small Dutch page for a browser that was sent here (the SPA is not loaded on these addresses). */
function errorPage(message: string): string {
  return `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inloggen mislukt – Grondslag</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1c2127;margin:0}
main{max-width:32rem;margin:15vh auto;background:#fff;padding:2rem;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.25rem;margin-top:0}a{color:#215db0}</style></head>
<body><main><h1>Inloggen mislukt</h1><p>${escapeHtml(message)}</p>
<p><a href="/">Terug naar het inlogscherm</a></p></main></body></html>`;
}

/** Browser navigations (Accept: text/html) get the page, API clients `{ message }` as everywhere. */
function refuse(req: FastifyRequest, reply: FastifyReply, e: unknown) {
  if (!(e instanceof HttpError)) throw e;
  if (!(req.headers.accept ?? '').includes('text/html')) throw e;
  return reply.code(e.status).type('text/html; charset=utf-8').send(errorPage(e.message));
}

/** SAML single sign-on (spec 2 §7 saml/sign-in/) and the client's IdP settings, under /api/manager/. */
export default async function samlRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['saml'];

  // The IdP posts the response as a form. Fastify parses only JSON and text; this parser is scoped
  // to this plugin, so no other route accepts urlencoded bodies. Its limit leaves room for the
  // form's percent-encoding of the largest SAMLResponse the contract takes; a larger body is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * MAX_SAML_RESPONSE_CHARS },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  // A body over that limit is refused unread (413) with the sign-in's own words, as a page for a browser.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err; // the app's handler answers the rest
    return refuse(req, reply, new HttpError(413, SAML_RESPONSE_TOO_LARGE));
  });

  route(app, samlEndpoints.settings, async (req) => saml.getSettings(ctx, req.user));
  route(app, samlEndpoints.save, async (req) => saml.updateSettings(ctx, req.user, req.body, req.ip));

  // The sign-in itself is the IdP's and the browser's (XML, redirects, a posted form): outside the endpoint table.

  r.get('/saml/metadata/', { config: { public: true }, schema: { tags } }, async (req, reply) => {
    reply.type('application/samlmetadata+xml; charset=utf-8');
    return saml.spMetadata(ctx, req.hostname);
  });

  r.get('/saml/sign-in/', { config: { public: true }, schema: { tags } }, async (req, reply) => {
    try {
      const url = await saml.signInUrl(ctx, req.hostname);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    } catch (e) {
      return refuse(req, reply, e);
    }
  });

  r.post('/saml/acs/', { config: { public: true }, schema: { tags, body: SamlAcsBody } }, async (req, reply) => {
    try {
      const outcome = await saml.consumeResponse(ctx, req.hostname, req.body.SAMLResponse, req.ip);
      reply.header('cache-control', 'no-store');
      if (outcome.kind === 'mfa') {
        // The password sign-in's MFA step: the ticket as its cookie, the address in the fragment (never
        // sent to a server) so the app opens that step for this account.
        setMfaTicketCookie(app, reply, outcome.ticket);
        return reply.redirect(`${SAML_MFA_PATH}#${encodeURIComponent(outcome.user.email)}`, 302);
      }
      setRefreshCookie(app, reply, outcome.session.refresh);
      // RelayState is ignored: always to the app, which signs in with the refresh cookie at start-up.
      return reply.redirect('/', 302);
    } catch (e) {
      return refuse(req, reply, e);
    }
  });
}
