import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { UserRow } from '../context.ts';
import { projectListJson } from './projectRows.ts';

// The project list (2,000 rows ≈ 450 kB of JSON) is read far more often than it changes. Each
// instance keeps the last answer per user and `all` flag, with a fingerprint of everything the list is
// made of: count and sum of the row versions (xmin) of the client's projects, subregions and project
// types and of the user's project roles. Any insert, update or delete (by any code path or instance)
// changes the fingerprint, which is read BEFORE the list, so a cached answer is never older than it.

const MAX_ENTRIES = 256;
const caches = new WeakMap<Db, Map<string, { fp: string; body: Buffer }>>();

async function fingerprint(db: Db, user: UserRow): Promise<string> {
  const { rows } = await db.execute<{ fp: string }>(sql`
    SELECT concat_ws('/',
      (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM project WHERE client_id = ${user.clientId}),
      (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM project_role WHERE user_id = ${user.id}),
      (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM subregion WHERE client_id = ${user.clientId}),
      (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) FROM type_project WHERE client_id = ${user.clientId})) AS fp`);
  return rows[0].fp;
}

export interface CachedList { body: Buffer; etag: string }
const etagOf = (user: UserRow, all: boolean, fp: string) =>
  `W/"p${createHash('sha1').update(`${user.id}:${all}:${fp}`).digest('base64url')}"`;

/** GET project/: the JSON bytes and an ETag, from the cache when nothing they depend on changed. */
export async function cachedProjectListJson(db: Db, user: UserRow, all: boolean): Promise<CachedList> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = `${user.id}:${all}`;
  const fp = await fingerprint(db, user);
  const hit = cache.get(key);
  if (hit && hit.fp === fp) {
    cache.delete(key); // keep the most recently used last
    cache.set(key, hit);
    return { body: hit.body, etag: etagOf(user, all, fp) };
  }
  const body = Buffer.from(await projectListJson(db, user, all));
  cache.delete(key);
  cache.set(key, { fp, body });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return { body, etag: etagOf(user, all, fp) };
}
