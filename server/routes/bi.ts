import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BI_REALM, BiFeedQuery, BiUuidParams, ODataQuery, biLinkEndpoints as ep } from '../../src/api/contract/biLink.ts';
import * as bi from '../services/biLinks.ts';
import {
  ODATA_JSON, ODATA_XML, ODataError, checkQueryOptions, csvOf, entitySetAnswer, entitySets, metadataXml, serviceDocument,
} from '../services/biFeed.ts';
import { feedQuery, queryRows } from '../services/biQuery.ts';
import { requireFeedOwner } from '../policies/bi.ts';
import { HttpError, NOT_FOUND, errorBody } from '../errors.ts';
import { INVALID_INPUT } from '../../src/api/contract/messages.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { route } from './route.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The BI link whose Basic credentials the feed request carried (feed routes only). */
    biLink: bi.FeedLink | null;
  }
}

/** The BI area (spec 1 §7 /api/bi/v1/report/…): the owner's links with a bearer token, and the feed. */
export default async function biRoutes(app: FastifyInstance) {
  await app.register(linkRoutes);
  await app.register(feedRoutes, { prefix: '/feed' });
}

/** report/…: create, list, read, delete a link and generate its password; settings/ (staff). Bearer token, main app. */
async function linkRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.create, async (req) => bi.createBiLink(ctx, req.user, req.body, req.ip));
  route(app, ep.list, async (req) => bi.listBiLinks(ctx, req.user));
  route(app, ep.get, async (req) => bi.getBiLink(ctx, req.user, req.params.uuid));
  route(app, ep.remove, async (req) => bi.deleteBiLink(ctx, req.user, req.params.uuid, req.ip));
  route(app, ep.generatePassword, async (req) => bi.generateBiPassword(ctx, req.user, req.params.uuid, req.body?.valid_days, req.ip));
  route(app, ep.settings, async (req) => bi.getBiSettings(ctx, req.user));
  route(app, ep.saveSettings, async (req) => bi.updateBiSettings(ctx, req.user, req.body, req.ip));
}

const isOData = (req: FastifyRequest) => /\/odata(\/|$|\?)/.test(req.url);

/**
 * The feed at feed/{uuid}/ (JSON, CSV) and feed/{uuid}/odata/ (OData v4), for HTTP Basic authentication
 * with the link's credentials. Chain: authenticate and count the pull (onRequest) → validate (schema) →
 * authorise (preHandler: the owner still has access) → service (the rows the owner can read) → respond.
 */
async function feedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const config = { public: true } as const; // no bearer token: the global authenticate hook leaves these alone
  const schema = { tags: ['bi'], params: BiUuidParams };

  app.decorateRequest('biLink', null);
  app.addHook('onRequest', async (req, reply) => {
    if (isOData(req)) reply.header('OData-Version', '4.0');
    const link = await bi.authenticateFeed(ctx, (req.params as { uuid?: string }).uuid ?? '', req.headers.authorization);
    await bi.recordPull(ctx, link, req.ip);
    req.biLink = link;
  });
  app.addHook('preHandler', async (req) => requireFeedOwner(req.biLink!.owner));
  app.setErrorHandler(feedError);

  r.get('/:uuid/', { config, schema: { ...schema, querystring: BiFeedQuery } }, async (req, reply) => {
    const data = await bi.feedData(ctx, req.biLink!);
    if (req.query.format === 'csv') {
      return reply.type('text/csv; charset=utf-8; header=present').send(csvOf(data, req.query.set, req.query.dialect));
    }
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(data));
  });

  const root = (req: FastifyRequest) => `${bi.feedUrl(ctx, req.biLink!.uuid)}odata/`;
  const sendOData = (reply: FastifyReply, body: unknown) => reply.type(ODATA_JSON).send(JSON.stringify(body));
  for (const path of ['/:uuid/odata', '/:uuid/odata/']) {
    r.get(path, { config, schema }, async (req, reply) => sendOData(reply, serviceDocument(root(req))));
  }
  const sendMetadata = (reply: FastifyReply) => reply.type(ODATA_XML).send(metadataXml());
  r.get('/:uuid/odata/$metadata', { config, schema }, async (_req, reply) => sendMetadata(reply));

  r.get('/:uuid/odata/:set', {
    config, schema: { ...schema, params: BiUuidParams.extend({ set: z.string() }), querystring: ODataQuery },
  }, async (req, reply) => {
    if (req.params.set === '$metadata') return sendMetadata(reply); // asked as %24metadata
    const def = entitySets().find((e) => e.set === req.params.set);
    if (!def) throw new ODataError(404, `Onbekende entiteitenset ${req.params.set}.`);
    checkQueryOptions(req.query);
    const query = feedQuery(def, req.query);
    const data = await bi.feedData(ctx, req.biLink!);
    return sendOData(reply, entitySetAnswer(root(req), def, await queryRows<object>(ctx.db, query, data[def.data]), req.query));
  });
}

/**
 * The feed's errors: a Basic challenge with every 401, Retry-After with the 429, and under odata/ the
 * OData JSON error body `{ error: { code, message } }` that Power BI and Excel show; elsewhere `{ message, errors }`.
 */
function feedError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  let status: number;
  let message: string;
  if (hasZodFastifySchemaValidationErrors(err)) {
    status = 400;
    message = [...new Set(err.validation.map((v) => v.message ?? INVALID_INPUT))].join(' ');
  } else if (err instanceof HttpError) {
    status = err.status;
    message = err.message;
  } else if ((err.statusCode ?? 500) < 500) {
    status = err.statusCode!;
    message = status === 404 ? NOT_FOUND : 'Ongeldige aanvraag.';
  } else {
    req.log.error(err);
    status = 500;
    message = 'Er is een onverwachte fout opgetreden.';
  }
  if (status === 401) reply.header('WWW-Authenticate', `Basic realm="${BI_REALM}", charset="UTF-8"`);
  if (status === 429) reply.header('Retry-After', String(bi.BI_RATE_LIMIT.windowSeconds));
  if (isOData(req)) return reply.code(status).type(ODATA_JSON).send(JSON.stringify({ error: { code: String(status), message } }));
  return reply.code(status).send(errorBody(message));
}
