import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.ts';
import { storedFile } from '../db/schema/index.ts';
import { Lru } from '../lru.ts';
import { copyFirstRow } from './copyOut.ts';

// Files (attachments, saved models) live in the database (stored_file.data, bytea): one PostgreSQL
// holds everything and several server instances share it. This is the only module that touches them.
//
// Reads through the pool get the bytes as they are (a binary COPY, copyOut.ts) rather than as the hex
// text node-postgres makes of a bytea (a 2 MB workbook is 4 MB of text to decode on the event loop).
// And a stored file never changes (a new version is a new row, and ids are never used again), so its
// bytes can be kept in memory under its id: a model opened again, or a produced file fetched right after
// its job stored it, skips PostgreSQL. Whether the file exists, and is the client's, is still asked each
// time (a query without the bytes). Per database (tests run several in one process, each numbering its
// files from 1), bounded in bytes; not within a transaction. Callers must not change the bytes they get.

const FILE_CACHE = { entries: 500, size: 64 * 1024 * 1024 };
const META_COLUMNS = { id: storedFile.id, filename: storedFile.filename, contentType: storedFile.contentType, size: storedFile.size };
const caches = new WeakMap<Db, Lru<number, Buffer>>();

function cacheOf(db: DbOrTx): Lru<number, Buffer> | undefined {
  if (!('$client' in db)) return undefined; // a transaction
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Lru(FILE_CACHE, (b) => b.byteLength)));
  return cache;
}

/** Keeps a file's bytes just stored (in a transaction, after its commit) for the reads that follow. */
export function keepFile(db: Db, id: number, data: Uint8Array): void {
  cacheOf(db)!.set(id, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

interface FileMeta {
  id: number;
  filename: string;
  contentType: string;
  size: number;
}

export async function saveFile(
  db: DbOrTx,
  f: { clientId: number; filename: string; contentType?: string; data: Uint8Array; at: Date },
): Promise<FileMeta> {
  const [row] = await db.insert(storedFile).values({
    clientId: f.clientId,
    filename: f.filename,
    contentType: f.contentType || 'application/octet-stream',
    size: f.data.byteLength,
    data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength), // a view, not a copy
    createdAt: f.at,
  }).returning({ id: storedFile.id, filename: storedFile.filename, contentType: storedFile.contentType, size: storedFile.size });
  return row;
}

/** The file with its bytes, only within the client. */
export async function readFile(db: DbOrTx, clientId: number, id: number): Promise<(FileMeta & { data: Buffer }) | null> {
  const ours = and(eq(storedFile.id, id), eq(storedFile.clientId, clientId));
  const cache = cacheOf(db);
  if (!cache) { // in a transaction: its own connection, and the bytes as hex text
    const [row] = await db.select({ ...META_COLUMNS, data: storedFile.data }).from(storedFile).where(ours);
    return row ?? null;
  }
  const kept = cache.get(id);
  if (kept) {
    const [meta] = await db.select(META_COLUMNS).from(storedFile).where(ours);
    return meta ? { ...meta, data: kept } : null;
  }
  const row = await copiedFile((db as Db).$client, clientId, id);
  if (row) cache.set(id, row.data);
  return row;
}

/** The file read through a binary COPY (copyOut.ts): its bytes as they are, not as hex text. */
async function copiedFile(pool: Db['$client'], clientId: number, id: number): Promise<(FileMeta & { data: Buffer }) | null> {
  if (!Number.isSafeInteger(clientId) || !Number.isSafeInteger(id)) return null; // written into the statement: integers only
  const fields = await copyFirstRow(pool, `SELECT filename, content_type, size, data FROM stored_file WHERE id = ${id} AND client_id = ${clientId}`);
  if (!fields) return null;
  const [filename, contentType, size, data] = fields as Buffer[];
  return { id, filename: filename!.toString('utf8'), contentType: contentType!.toString('utf8'), size: size!.readInt32BE(0), data: data! };
}

/** The statement that copies the stored file whose id `fileId` gives (inside PostgreSQL, the bytes never leave it), returning the copy's `id`. */
export const copyFileSql = (fileId: SQL) => sql`
  INSERT INTO stored_file (client_id, filename, content_type, size, data, created_at)
  SELECT client_id, filename, content_type, size, data, created_at FROM stored_file WHERE id = (${fileId})
  RETURNING id`;

/** A copy of a file; returns the new id. */
export async function copyFile(db: DbOrTx, id: number): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(copyFileSql(sql`${id}`));
  return rows[0].id;
}

export async function deleteFiles(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(storedFile).where(inArray(storedFile.id, ids));
}
