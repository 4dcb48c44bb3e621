import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Db } from '../db/index.ts';
import { Lru } from '../lru.ts';

// Cached answers of the hot lists (GET project/, GET model/?version_model_id=). They are read far more
// often than they change: the 2,000-project list is ~550 kB of JSON. Each answer is kept per caller (the
// key holds server/policies/capabilities.ts' capabilityKey: the user, his global role and staff flag, which
// the rows' capability flags depend on besides his project roles) and per query, together with the
// client's data revision that was read before the answer was built (req.dataRevision, read by the
// authenticate hook). Every write to the rows the lists are made of raises that revision at commit,
// whatever code path or server instance wrote (triggers, server/db/revision.ts), so an answer is served
// only while nothing it depends on has changed since it was built. Bounded by entries and (uncompressed)
// bytes, least recently used out first. A caller that accepts br or gzip (every browser) gets the
// compressed form, made once.

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

/** Content codings we send, best first; a browser asks for both. */
export type Coding = 'br' | 'gzip';
const compress: Record<Coding, (b: Buffer) => Promise<Buffer>> = {
  // quality 5: 550 kB of project list → 16 kB in ~10 ms (once per answer), against 30 kB for gzip
  br: (b) => promisify(brotliCompress)(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => promisify(gzip)(b, { level: 6 }),
};
/** Smaller answers are sent as they are. */
const COMPRESS_FROM_BYTES = 1024;

export class CachedAnswer {
  /** Compressed forms, made on first request (shared by concurrent requests) and kept with the answer. */
  private readonly coded = new Map<Coding, Promise<Buffer>>();
  constructor(readonly body: Buffer, readonly etag: string, readonly revision: number) {}

  /** The body in `coding`; null when the answer is too small to be worth compressing. */
  encoded(coding: Coding): Promise<Buffer> | null {
    if (this.body.length < COMPRESS_FROM_BYTES) return null;
    let c = this.coded.get(coding);
    if (!c) this.coded.set(coding, (c = compress[coding](this.body)));
    return c;
  }
}

class AnswerCache {
  private readonly lru = new Lru<string, CachedAnswer>({ entries: MAX_ENTRIES, size: MAX_BYTES }, (a) => a.body.length);

  get(key: string, revision: number): CachedAnswer | undefined {
    if (this.lru.peek(key)?.revision !== revision) return undefined;
    return this.lru.get(key);
  }

  set(key: string, entry: CachedAnswer) {
    // a slow request that read an older revision does not replace a newer answer
    if ((this.lru.peek(key)?.revision ?? -1) > entry.revision) return;
    this.lru.set(key, entry);
  }
}

const caches = new WeakMap<Db, AnswerCache>();

/**
 * The answer for `key` (which must hold the caller's capabilityKey and every query parameter) at data revision `revision`:
 * from the cache, or built now by `build` (whose reads come after the revision was read) and kept.
 * `build` may throw (404): nothing is kept then.
 */
export async function cachedAnswer(db: Db, key: string, revision: number, build: () => Promise<string>): Promise<CachedAnswer> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AnswerCache()));
  const hit = cache.get(key, revision);
  if (hit) return hit;
  const body = Buffer.from(await build());
  const answer = new CachedAnswer(body, `W/"${createHash('sha1').update(body).digest('base64url')}"`, revision);
  cache.set(key, answer);
  return answer;
}
