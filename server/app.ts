import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler,
} from 'fastify-type-provider-zod';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { AppContext, Mailer } from './context.ts';
import type { Db } from './db/index.ts';
import { appUser, dataRevision, refreshToken } from './db/schema/index.ts';
import { HttpError, NOT_FOUND, badRequest, databaseFailure, errorBody, unauthorized, unstorableText } from './errors.ts';
import { INVALID_INPUT } from '../src/api/contract/messages.ts';
import { overlongList } from './bodyBounds.ts';
import { lingerOnClose } from './lingeringClose.ts';
import { TokenService } from './auth/tokens.ts';
import { BatchLoader } from './auth/userLoader.ts';
import { userSlot } from './auth/requestUser.ts';
import { secret } from './auth/secrets.ts';
import { createMailer } from './services/mail.ts';
import { registerRoutes } from './routes/index.ts';
import { MULTIPART_FRAMING_BYTES, uploadTooLarge } from './routes/upload.ts';
import { assertMayWork } from './routes/workGate.ts';
import { webdavRoutes } from './webdav/routes.ts';
import { PgBossQueue } from './jobs/queue.ts';
import { type LogFormat, requestSerializer, textStream } from './logFormat.ts';
import { DAV_PREFIX } from './webdav/editLinks.ts';
import { FILE_COOKIE, FILE_TOKEN_PURPOSE, FILES_PREFIX } from './services/jobs.ts';
import { DOCUMENTATION_COOKIE, DOCUMENTATION_TOKEN_PURPOSE, documentationPdfRequest } from './services/documentation.ts';
import { mayAct } from './policies/users.ts';
import { TrackedWork } from './background.ts';

interface AppOptions {
  config: Config;
  db: Db;
  /** Tests pass a mailer that captures mail. */
  mailer?: Mailer;
  /** pino logger in this format (server, logFormat.ts) or off (tests). */
  logger?: LogFormat;
  /** Where the log goes instead of pino's own writer on stdout (the server: process.stdout; tests read it). */
  logDestination?: { write(line: string): unknown };
}

/** The security headers (helmet): a strict CSP for the single-page app. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers @fastify/helmet sends with HELMET_OPTIONS, read once from a probe instance. */
async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(Object.entries(res.headers).filter(([k]) => !own.has(k)).map(([k, v]) => [k, String(v)]));
}

/** Dutch messages for Fastify's own 4xx answers. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'Ongeldige aanvraag.',
  404: NOT_FOUND,
  405: 'Deze methode is niet toegestaan.',
  414: 'Het adres is te lang.',
  413: 'Het bestand is te groot.',
  415: 'Dit type inhoud wordt niet ondersteund.',
  429: 'Te veel aanvragen. Probeer het later opnieuw.',
};

/**
 * One line per request: 'request completed' with the method and address besides status and time,
 * instead of Fastify's 'incoming request' + 'request completed' (+ 'Route … not found').
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override routeNotFound() {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(req)) return;
    const record = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...record, err: error }, 'request errored');
    else reply.log.info(record, 'request completed');
  }
}

/**
 * The credential a request needs, from the route the router matched (its pattern, on the decoded path):
 * none for public routes, the API's documentation, the client's files, the WebDAV edit links (their
 * token is in the path) and addresses no route matches (404); a produced file or a documentation PDF
 * also take their own cookie; every other /api route a bearer token.
 */
function credentialOf(req: FastifyRequest): 'none' | 'bearer' | 'file' | 'documentation' {
  const route = req.routeOptions.url;
  if (route === undefined || req.routeOptions.config?.public) return 'none';
  if (route.startsWith(`${FILES_PREFIX}/`)) return 'file';
  if (!route.startsWith('/api/') || route.startsWith('/api/docs')) return 'none';
  return documentationPdfRequest(req) ? 'documentation' : 'bearer';
}

/** Text lines through textStream; JSON as pino writes it, to the destination given or else stdout. */
function logStream({ logger, logDestination }: AppOptions) {
  if (logger === 'text') return { stream: textStream(logDestination) };
  return logDestination ? { stream: logDestination } : {};
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const app = Fastify({
    logger: opts.logger ? {
      level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer(DAV_PREFIX) }, ...logStream(opts),
    } : false,
    logController: new OneLinePerRequest(),
    trustProxy: process.env.TRUST_PROXY === 'true',
    // No body above MAX_UPLOAD_MB (413), and no JSON body above 20 MB however high that is set.
    bodyLimit: Math.min(20 * 1024 * 1024, config.maxUploadBytes),
    // A malformed address or an over-long path parameter is refused by the router, before hooks and the
    // error handler: answer it like every other refusal (Fastify's own body is English, without errors).
    frameworkErrors: (err: FastifyError, _req: unknown, reply: FastifyReply) => {
      reply.headers(headers);
      return reply.code(err.statusCode ?? 400).send(errorBody(FRAMEWORK_MESSAGES[err.statusCode ?? 400] ?? FRAMEWORK_MESSAGES[400]));
    },
  });
  app.setValidatorCompiler<Parameters<typeof validatorCompiler>[0]['schema']>((route) => {
    const validate = validatorCompiler(route);
    if (route.httpPart !== 'body') return validate;
    // A missing body that the route needs is checked as an empty object, so the answer names the
    // required fields (the rules' Dutch messages) instead of 'expected object'.
    return (data) => {
      const result = validate(data);
      return data == null && typeof result === 'object' && 'error' in result ? validate({}) : result;
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body is no body: many clients send `Content-Type: application/json` on every call,
  // also a DELETE. Fastify's own parser refuses it (FST_ERR_CTP_EMPTY_JSON_BODY); a route that needs a
  // body still answers its schema's 400. Otherwise the default parser, with its poisoning checks.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body: string, done) => {
    if (body === '') done(null, undefined);
    else parseJson(req, body, done);
  });

  // The context's services (interfaces in context.ts) made here; the queue is kept to start and stop it.
  const jobs = new PgBossQueue(db, config, (e) => app.log.error(e));
  const ctx: AppContext = {
    db,
    config,
    tokens: new TokenService(await secret(db, 'jwt-signing-key', config.now()), config.accessTokenSeconds, config.now),
    encryptionKey: await secret(db, 'encryption-key', config.now()),
    mailer: opts.mailer ?? createMailer(config, (m) => app.log.info(m)),
    jobs,
    background: new TrackedWork((e) => app.log.error(e)),
  };
  app.decorate('ctx', ctx);

  // Helmet's headers for our policy, set on every answer. Computed once: the plugin builds helmet anew
  // (parsing the CSP) on every request, ~0.07 ms each.
  const headers = await securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });
  await app.register(swagger, {
    openapi: { info: { title: 'Grondslag API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  refuseBodiesUnread(app, config);
  authenticate(app, ctx);

  // A list too long to validate element by element is refused before the schema sees it.
  app.addHook('preValidation', async (req) => {
    const refusal = overlongList(req.body);
    if (refusal) throw refusal;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // A schema violation answers like a service's own 400: the rules' Dutch messages, per field.
    const known = hasZodFastifySchemaValidationErrors(err)
      ? badRequest(err.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
          || String((v.params as { issue?: { path?: unknown[] } } | undefined)?.issue?.path?.join('.') ?? ''),
        message: v.message ?? INVALID_INPUT,
      })))
      : databaseFailure(err) ?? unstorableText(err) ?? err;
    if (known instanceof HttpError) {
      if (known.status >= 500 && known.cause !== undefined) req.log.error(known.cause, known.message);
      return reply.code(known.status).send(errorBody(known.message, known.body));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(FRAMEWORK_MESSAGES[status] ?? 'Ongeldige aanvraag.'));
    }
    req.log.error(err);
    return reply.code(500).send(errorBody('Er is een onverwachte fout opgetreden.'));
  });

  await app.register(registerRoutes);
  // The edit links of opened spreadsheet models: outside /api/, the token in the path is the credential.
  await app.register(webdavRoutes, { ctx });

  // The built client: static files, and index.html for every other non-API path.
  if (existsSync(join(config.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.clientDir, wildcard: false, index: ['index.html'] });
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
      return reply.code(404).send(errorBody(NOT_FOUND));
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBody(NOT_FOUND)));
  }

  // The job queue, and in every instance (config.jobWorker) its worker; stopped before the database closes.
  await jobs.start(ctx);
  app.addHook('onClose', async () => {
    await ctx.background.drain();
    await jobs.stop();
  });
  return app;
}

/**
 * Bodies refused before they are read (issue 34): a body declared larger than its route takes answers 413
 * (in the route's own words where it has them) before the token is checked, and any answer given before
 * the body was read closes the connection.
 */
function refuseBodiesUnread(app: FastifyInstance, config: Config): void {
  // A body declared larger than its route takes is refused before a byte of it is read, and before the
  // token is checked (no database work): a multipart upload of 200 MB was read whole before its 413 (issue 34).
  app.addHook('onRequest', async (req) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    // The header, not req.isMultipart(): the plugin marks a request multipart only when it parses the body.
    if (/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
      if (declared > config.maxUploadBytes + MULTIPART_FRAMING_BYTES) throw uploadTooLarge(config.maxUploadBytes);
    } else if (declared > (req.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit!)) {
      throw new HttpError(413, req.routeOptions.config.tooLargeMessage ?? FRAMEWORK_MESSAGES[413]!);
    }
  });
  // An answer given before the body was read (a refusal by size or token, a 404) closes the connection:
  // to keep it, Node would read (and drop) the rest of the body, however large, from whoever sent it.
  // It closes lingering, for a bounded while, so that a client still sending reads the answer.
  app.addHook('onSend', async (req, reply) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (hasBody && !req.raw.complete) {
      reply.header('connection', 'close');
      lingerOnClose(req.raw.socket);
    }
  });
}

/** The bearer token (or a file's own cookie) checked on every request that needs one: see the first comment. */
function authenticate(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // authenticate: every /api route needs a valid access token of an active user, unless public; so do
  // produced files (/files/…), which also take their own cookie, so that a plain link opens them. Decided
  // on the route the router matched (its decoded path), never on the raw URL: `/%61pi/…` is `/api/…`.
  // A handler that reads `req.user` where none was set answers 401 (fail closed, see userSlot).
  app.decorateRequest('user', userSlot);
  app.decorateRequest('dataRevision', 0);
  // The user and his client's data revision, read before anything else of the request (cached answers
  // are keyed on the revision): one named prepared statement (parsed and planned once per connection),
  // shared by the requests that arrive together (BatchLoader).
  const usersById = db.select({ user: appUser, revision: dataRevision.revision }).from(appUser)
    .leftJoin(dataRevision, eq(dataRevision.clientId, appUser.clientId))
    .where(sql`${appUser.id} = ANY(${sql.placeholder('ids')}::int[])`).prepare('auth_users_by_id');
  const users = new BatchLoader((ids: number[]) => usersById.execute({ ids }), (r) => r.user.id);
  // An access token works while its session lives (issue 33.4): a refresh-token family with a token not
  // revoked (logout, password change, blocking and reuse revoke them all; a rotation leaves its successor).
  // One indexed lookup, batched like the user's and run beside it, so it adds no round trip.
  const liveSessions = db.selectDistinct({ family: refreshToken.family }).from(refreshToken)
    .where(and(sql`${refreshToken.family} = ANY(${sql.placeholder('families')}::uuid[])`, isNull(refreshToken.revokedAt)))
    .prepare('auth_live_sessions');
  const sessions = new BatchLoader((families: string[]) => liveSessions.execute({ families }), (r) => r.family);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (req) => {
    const credential = credentialOf(req);
    if (credential === 'none') return;
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    // Plain links carry no bearer token: a produced file and a documentation PDF take their own cookie.
    const [cookieName, purpose] = credential === 'file' ? [FILE_COOKIE, FILE_TOKEN_PURPOSE]
      : credential === 'documentation' ? [DOCUMENTATION_COOKIE, DOCUMENTATION_TOKEN_PURPOSE] : [];
    const cookie = cookieName && !token ? req.cookies[cookieName] : undefined;
    const claims = token ? await ctx.tokens.verify(token) : cookie ? await ctx.tokens.verify(cookie, purpose) : null;
    if (!claims) throw unauthorized();
    // An access token names its session; one without (or of an ended session) is refused. The cookies of
    // a file or a documentation PDF are not access tokens: they live a few minutes and name none.
    if (token && !claims.sessionId) throw unauthorized();
    const [found, session] = await Promise.all([users.load(claims.userId), claims.sessionId && sessions.load(claims.sessionId)]);
    const user = found?.user;
    if (!user || !mayAct(user) || user.clientId !== claims.clientId || (claims.sessionId && !session)) {
      throw unauthorized();
    }
    assertMayWork(req, user);
    req.user = user;
    req.dataRevision = found.revision ?? 0;
    req.sessionId = claims.sessionId ?? null;
  });
}
