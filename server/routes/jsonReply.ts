import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from '../services/answerCache.ts';
import { acceptedCoding } from './contentCoding.ts';

// JSON answers sent as bytes: text built by a service as it is, or a cached answer with its ETag.

/** Sends JSON text built by PostgreSQL as it is. */
export function sendJsonText(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(typeof json === 'string' ? Buffer.from(json) : json);
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
