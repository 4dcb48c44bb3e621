import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { storedFile } from '../db/schema/index.ts';

// Files (attachments, saved models) live in the database (stored_file.data, bytea): one PostgreSQL
// holds everything and several server instances share it. This is the only module that touches them.

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
  const [row] = await db.select().from(storedFile).where(and(eq(storedFile.id, id), eq(storedFile.clientId, clientId)));
  return row ?? null;
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
