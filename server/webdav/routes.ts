import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { errorBody, notFound } from '../errors.ts';
import { DAV_PREFIX } from './editLinks.ts';
import {
  DavError, assertMayPut, fileData, fileInfo, liveLock, lock, lockSeconds, refreshLock, resolveLink, save, sessionOf, unlock, type DavLink,
} from './service.ts';
import {
  BadXml, DAV_NS, MAX_DAV_XML_BYTES, activeLockXml, errorXml, lockAnswerXml, multistatusXml, parseLockinfo, parsePropfind,
  parseProppatch, propXml, responseXml, type ActiveLock, type PropName,
} from './xml.ts';
import { escapeXml } from '../../src/lib/xml.ts';

// The WebDAV handler of the edit links (/dav/{token}/{filename}, server/webdav/editLinks.ts): class 1
// and 2 (locks) for exactly one file per token, enough for Excel and LibreOffice to open, lock, save
// and unlock it. Outside /api/, so the bearer-token hook does not apply: the unguessable, expiring
// token in the path is the credential. Why our own handler and not webdav-server: docs/decisions.md.

/** The WebDAV methods Fastify does not know by default; those with a body get it read. */
const DAV_METHODS: [string, boolean][] = [
  ['PROPFIND', true], ['PROPPATCH', true], ['MKCOL', true], ['LOCK', true], ['UNLOCK', false], ['COPY', false], ['MOVE', false],
];

/** The methods whose body is XML (or, for MKCOL, never read): read up to MAX_DAV_XML_BYTES only. */
const XML_METHODS = ['PROPFIND', 'PROPPATCH', 'LOCK', 'MKCOL'];
const XML_TOO_LARGE = 'De XML-aanvraag is te groot.';

const FILE_METHODS = 'OPTIONS, GET, HEAD, PUT, PROPFIND, PROPPATCH, LOCK, UNLOCK';
const FOLDER_METHODS = 'OPTIONS, PROPFIND, PROPPATCH';

const NO_NEW_RESOURCES = 'Hier kan alleen het geopende rekenmodel worden opgeslagen.';
const notAllowed = (allow: string) => new DavError(405, 'Deze methode is niet toegestaan.', undefined, { allow });
const forbidden = () => new DavError(403, NO_NEW_RESOURCES);

/** What the request's path names under a token: the token's folder, its file, another name in it, or deeper. */
type Target = 'folder' | 'file' | 'missing' | 'deeper';

interface DavRequest {
  d: DavLink;
  target: Target;
  /** The request's path (decoded), for the If header's resource tags. */
  path: string;
  folderHref: string;
  fileHref: string;
}

async function davRequest(ctx: AppContext, req: FastifyRequest): Promise<DavRequest> {
  const raw = req.url.split('?')[0].slice(DAV_PREFIX.length + 1);
  let segments: string[];
  try {
    segments = raw.split('/').map(decodeURIComponent);
  } catch {
    throw notFound();
  }
  const [token, ...rest] = segments;
  if (!token) throw notFound();
  const d = await resolveLink(ctx, token);
  const names = rest.at(-1) === '' ? rest.slice(0, -1) : rest;
  const target: Target = names.length === 0 ? 'folder' : names.length > 1 ? 'deeper' : names[0] === d.link.filename ? 'file' : 'missing';
  const folderHref = `${DAV_PREFIX}/${encodeURIComponent(token)}/`;
  return { d, target, path: decodeURIComponent(raw ? `${DAV_PREFIX}/${raw}` : DAV_PREFIX), folderHref, fileHref: folderHref + encodeURIComponent(d.link.filename) };
}

/** The request body's bytes (a copy typed as the upload path's, ArrayBuffer-backed). */
const bodyBytes = (req: FastifyRequest) => Buffer.concat(Buffer.isBuffer(req.body) ? [req.body] : []);
/** The request body as text (the XML of PROPFIND, PROPPATCH, LOCK). */
const bodyText = (req: FastifyRequest) => (Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '');
/** A request header's (first) value. */
const header = (req: FastifyRequest, name: string) => [req.headers[name]].flat()[0];

const sendXml = (reply: FastifyReply, status: number, xml: string) => reply.code(status).type('application/xml; charset=utf-8').send(xml);

// ---------- PROPFIND ----------

const dav = (name: string): PropName => ({ ns: DAV_NS, name });
const SUPPORTED_LOCK = '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>';

/** The live properties of a resource, as XML values; a property that is not in the map is not defined for it. */
async function liveProps(ctx: AppContext, r: DavRequest, target: 'folder' | 'file'): Promise<Map<string, string>> {
  const f = await fileInfo(ctx.db, r.d);
  const common: [string, string][] = [
    ['creationdate', escapeXml(f.createdAt.toISOString())],
    ['getlastmodified', escapeXml(f.createdAt.toUTCString())],
  ];
  if (target === 'folder') {
    return new Map([...common, ['resourcetype', '<D:collection/>'], ['displayname', escapeXml(r.d.access.modelName)],
      ['supportedlock', ''], ['lockdiscovery', '']]);
  }
  const s = await sessionOf(ctx.db, r.d.link.modelId);
  const now = ctx.config.now();
  const live = liveLock(s, now);
  return new Map([...common, ['resourcetype', ''], ['displayname', escapeXml(r.d.link.filename)],
    ['getcontentlength', String(f.size)], ['getcontenttype', escapeXml(f.contentType)], ['getetag', escapeXml(f.etag)],
    ['supportedlock', SUPPORTED_LOCK], ['lockdiscovery', live ? activeLockXml(activeLock(live, now, r.fileHref)) : '']]);
}

const activeLock = (l: { token: string; owner: string; expiresAt: Date }, now: Date, root: string): ActiveLock => ({
  token: l.token, owner: l.owner, root, seconds: Math.max(0, Math.ceil((l.expiresAt.getTime() - now.getTime()) / 1000)),
});

async function propfind(ctx: AppContext, r: DavRequest, req: FastifyRequest, reply: FastifyReply) {
  if (r.target === 'missing' || r.target === 'deeper') throw notFound();
  const request = parsePropfind(bodyText(req));
  const depth = (header(req, 'depth') ?? 'infinity').toLowerCase();
  const targets: ('folder' | 'file')[] = r.target === 'folder' && depth !== '0' ? ['folder', 'file'] : [r.target];
  const responses = await Promise.all(targets.map(async (t) => {
    const props = await liveProps(ctx, r, t);
    const href = t === 'folder' ? r.folderHref : r.fileHref;
    if (request.kind === 'propname') return responseXml(href, [{ status: '200 OK', props: [...props.keys()].map((n) => propXml(dav(n))) }]);
    const asked = request.kind === 'allprop' ? [...props.keys()].map(dav) : request.props;
    const known = asked.filter((p) => p.ns === DAV_NS && props.has(p.name));
    const unknown = asked.filter((p) => !(p.ns === DAV_NS && props.has(p.name)));
    return responseXml(href, [
      { status: '200 OK', props: known.map((p) => propXml(p, props.get(p.name))) },
      { status: '404 Not Found', props: unknown.map((p) => propXml(p)) },
    ]);
  }));
  return sendXml(reply, 207, multistatusXml(responses));
}

/**
 * PROPPATCH: the DAV: properties are live and protected (403); others (Office sends the Windows file
 * times) are accepted and not kept — the file's own properties are what the server serves.
 */
async function proppatch(r: DavRequest, req: FastifyRequest, reply: FastifyReply) {
  if (r.target === 'missing' || r.target === 'deeper') throw notFound();
  const props = parseProppatch(bodyText(req));
  const href = r.target === 'folder' ? r.folderHref : r.fileHref;
  const isDav = (p: PropName) => p.ns === DAV_NS;
  const protectedOnes = props.filter(isDav);
  // One property refused fails them all (RFC 4918 §9.2: a PROPPATCH is atomic).
  const others = { status: protectedOnes.length ? '424 Failed Dependency' : '200 OK', props: props.filter((p) => !isDav(p)).map((p) => propXml(p)) };
  return sendXml(reply, 207, multistatusXml([responseXml(href, [{ status: '403 Forbidden', props: protectedOnes.map((p) => propXml(p)) }, others])]));
}

/**
 * The refusal of a method on the folder, another name in it or deeper (OPTIONS, PROPFIND and PROPPATCH
 * are answered there before): nothing can be created, moved or deleted, only the file saved.
 */
function outsideFile(target: Exclude<Target, 'file'>, method: string, allow: string) {
  if (target === 'deeper') return method === 'PUT' || method === 'MKCOL' ? new DavError(409, NO_NEW_RESOURCES) : notFound();
  if (target === 'missing') return method === 'PUT' || method === 'MKCOL' || method === 'LOCK' ? forbidden() : notFound();
  return method === 'DELETE' || method === 'MOVE' || method === 'COPY' ? forbidden() : notAllowed(allow);
}

// ---------- the routes ----------

export async function webdavRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  for (const [method, hasBody] of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody });
  }
  // Bodies of any type arrive as bytes: the workbook of a PUT, the XML of PROPFIND, PROPPATCH and LOCK.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DavError) {
      reply.headers(err.headers);
      if (err.condition) return sendXml(reply, err.status, errorXml(err.condition));
      return reply.code(err.status).send(errorBody(err.message));
    }
    if (err instanceof BadXml) return reply.code(400).send(errorBody('Ongeldige XML.'));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && XML_METHODS.includes(req.method)) return reply.code(413).send(errorBody(XML_TOO_LARGE));
    throw err; // the app's handler answers the rest (HttpError, framework errors, faults)
  });

  // A PUT's link, target, edit right, lock and If header are checked before its body is read (onRequest):
  // a refusal answers at once and closes the connection (the app's onSend), the bytes are never taken in.
  const checkedPuts = new WeakMap<FastifyRequest, DavRequest>();
  const onRequest = async (req: FastifyRequest) => {
    if (req.method !== 'PUT') return;
    const r = await davRequest(ctx, req);
    if (r.target !== 'file') throw outsideFile(r.target, req.method, FOLDER_METHODS);
    await assertMayPut(ctx, r.d, r.path, header(req, 'if'));
    checkedPuts.set(req, r);
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const r = checkedPuts.get(req) ?? await davRequest(ctx, req);
    const { target } = r;
    const method = req.method;
    const allow = target === 'file' ? FILE_METHODS : FOLDER_METHODS;
    if (method === 'OPTIONS') {
      if (target === 'missing' || target === 'deeper') throw notFound();
      return reply.code(200).headers({ dav: '1, 2', 'ms-author-via': 'DAV', allow }).send();
    }
    if (method === 'PROPFIND') return propfind(ctx, r, req, reply);
    if (method === 'PROPPATCH') return proppatch(r, req, reply);
    if (target !== 'file') throw outsideFile(target, method, allow);
    switch (method) {
      case 'GET':
      case 'HEAD': {
        const f = await fileInfo(ctx.db, r.d);
        reply.headers({ etag: f.etag, 'last-modified': f.createdAt.toUTCString(), 'content-type': f.contentType });
        if (method === 'HEAD') return reply.header('content-length', f.size).send();
        return reply.send((await fileData(ctx, r.d)).data);
      }
      case 'PUT': {
        const etag = await save(ctx, r.d, r.path, header(req, 'if'), bodyBytes(req), req.ip);
        return reply.code(204).header('etag', etag).send();
      }
      case 'LOCK': {
        const seconds = lockSeconds(header(req, 'timeout'));
        const info = parseLockinfo(bodyText(req));
        if (info?.scope === 'shared') throw new DavError(412, 'Alleen een exclusieve vergrendeling is mogelijk.');
        // A refresh has no body (RFC 4918 §9.10.2); some clients send the lockinfo again with their token in If.
        const ifHeader = header(req, 'if');
        const refresh = !info || (ifHeader !== undefined && /\(\s*(not\s*)?</i.test(ifHeader));
        const held = refresh
          ? await refreshLock(ctx, r.d, r.path, ifHeader, seconds, req.ip)
          : await lock(ctx, r.d, info.owner, seconds, req.ip);
        const answer = activeLock(held, ctx.config.now(), r.fileHref);
        if (!refresh) reply.header('lock-token', `<${held.token}>`);
        return sendXml(reply, 200, lockAnswerXml(answer));
      }
      case 'UNLOCK': {
        // The token in angle brackets (RFC 4918 §10.5); bare, as some clients send it, it is accepted too.
        const token = /^\s*<?([^<>\s]+)>?\s*$/.exec(header(req, 'lock-token') ?? '')?.[1];
        if (!token) throw new DavError(400, 'Lock-Token ontbreekt.');
        await unlock(ctx, r.d, token, req.ip);
        return reply.code(204).send();
      }
      case 'MKCOL':
        throw notAllowed(allow);
      case 'DELETE':
      case 'MOVE':
      case 'COPY':
        throw forbidden();
      default:
        throw notAllowed(allow);
    }
  };
  const url = `${DAV_PREFIX}/*`;
  app.route({
    method: ['OPTIONS', 'GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', ...DAV_METHODS.map(([m]) => m).filter((m) => !XML_METHODS.includes(m))],
    url, exposeHeadRoute: false, onRequest, handler,
  });
  // A larger XML body is refused while it arrives (by its Content-Length, or as it streams), never parsed.
  app.route({ method: XML_METHODS, url, bodyLimit: MAX_DAV_XML_BYTES, config: { tooLargeMessage: XML_TOO_LARGE }, handler });
}
