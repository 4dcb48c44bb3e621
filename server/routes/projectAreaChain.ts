import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, badRequest } from '../errors.ts';
import { assertMainAppAccess } from '../policies/projects.ts';
import type { CachedAnswer, Coding } from '../services/answerCache.ts';

// Shared steps of the project-area route plugins (project, version-model, model, attachment, log,
// reference data). Each plugin calls projectAreaChain(app) in its own (encapsulated) scope.

/** Validates with a contract schema outside the route schema (multipart fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return r.data;
}

export function projectAreaChain(app: FastifyInstance) {
  // authorise, first part: global role NON may call nothing here (runs after the global authenticate hook).
  app.addHook('onRequest', async (req) => {
    if (req.user) assertMainAppAccess(req.user);
  });
}

/** Sends JSON text built by PostgreSQL as it is. */
export function sendJsonText(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(typeof json === 'string' ? Buffer.from(json) : json);
}

/** The best content coding the caller accepts (Accept-Encoding, q=0 refuses), or null for none. */
export function acceptedCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * A cached answer (server/services/answerCache.ts): its bytes with its ETag, compressed when the caller
 * accepts it; 304 without a body when the caller already holds this version (If-None-Match).
 * `private, no-cache`: the browser asks every time.
 */
export async function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === answer.etag) return reply.code(304).send(null);
  const coding = acceptedCoding(req.headers['accept-encoding']);
  const encoded = coding && answer.encoded(coding);
  if (encoded) reply.header('content-encoding', coding);
  return sendJsonText(reply, encoded ? await encoded : answer.body);
}

/** A download: always as attachment, with an ASCII fallback name and the UTF-8 name (RFC 6266/5987). */
export function sendDownload(reply: FastifyReply, filename: string, data: Buffer) {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\/:*?<>|;%\r\n]/g, '_').trim() || 'bestand';
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return reply
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`)
    .header('x-content-type-options', 'nosniff')
    .type('application/octet-stream')
    .send(data);
}

export interface Upload {
  fields: Record<string, string>;
  file?: { filename: string; contentType: string; data: Buffer };
}

/** Reads a multipart body: text fields and at most one file, read as a stream up to the size limit (413). */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const tooLarge = () => new HttpError(413, `Het bestand is te groot (maximaal ${Math.round(maxBytes / 1_000_000)} MB).`);
  const out: Upload = { fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        out.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      if (part.filename && size > 0 && !out.file) {
        out.file = { filename: part.filename.split(/[\\/]/).pop()!, contentType: part.mimetype || 'application/octet-stream', data: Buffer.concat(chunks) };
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || (e as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // a malformed body (bad boundary, cut off): the client's fault
    throw new HttpError(400, 'Upload niet geslaagd.');
  }
  return out;
}
