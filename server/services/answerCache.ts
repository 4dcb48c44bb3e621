import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';

// Cached answers of the hot lists (GET project/, GET model/?version_model_id=). They are read far more
// often than they change: the 2,000-project list is ~550 kB of JSON. Each answer is kept per user (it
// holds the caller's own project roles) and per query, together with the client's data revision that
// was read before the answer was built (req.dataRevision, read by the authenticate hook). Every write
// to the rows the lists are made of raises that revision at commit, whatever code path or server
// instance wrote (triggers, server/db/revision.ts), so an answer is served only while nothing it depends
// on has changed since it was built. Bounded by entries and bytes, least recently used out first.

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

export interface CachedAnswer { body: Buffer; etag: string }
interface Entry extends CachedAnswer { revision: number }

class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  get(key: string, revision: number): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.revision !== revision) return undefined;
    this.entries.delete(key); // most recently used last
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, entry: Entry) {
    this.remove(key);
    if (entry.body.length > MAX_BYTES) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.length;
  }
}

const caches = new WeakMap<Db, AnswerCache>();

/**
 * The answer for `key` (which must name the user and every query parameter) at data revision `revision`:
 * from the cache, or built now by `build` (whose reads come after the revision was read) and kept.
 * `build` may throw (404): nothing is kept then.
 */
export async function cachedAnswer(db: Db, key: string, revision: number, build: () => Promise<string>): Promise<CachedAnswer> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new AnswerCache()));
  const hit = cache.get(key, revision);
  if (hit) return hit;
  const body = Buffer.from(await build());
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  cache.set(key, { body, etag, revision });
  return { body, etag };
}
