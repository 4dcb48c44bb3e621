import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { editLink } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';

// The WebDAV address of an opened spreadsheet model (edit_url of open-model-task/{id}/): an
// unguessable, expiring path /dav/{token}/{filename}. Excel (ms-excel:ofe|u|<url>) and LibreOffice
// lock, read and save the file there (server/webdav); only the token's hash is stored.

export const DAV_PREFIX = '/dav';

interface NewEditLink {
  clientId: number;
  modelId: number;
  userId: number;
  /** The opened file's name, the last segment of the address. */
  filename: string;
  /** The stored file a GET serves until the first save. */
  fileId: number;
  now: Date;
  hours: number;
}

/** Stores a new edit link and returns its absolute address under the product's public URL. */
export async function createEditLink(db: DbOrTx, publicUrl: string, link: NewEditLink): Promise<string> {
  const token = randomToken(24);
  await db.insert(editLink).values({
    tokenHash: sha256(token), clientId: link.clientId, modelId: link.modelId, userId: link.userId, filename: link.filename,
    fileId: link.fileId, createdAt: link.now, expiresAt: new Date(link.now.getTime() + link.hours * 3_600_000),
  });
  return `${publicUrl.replace(/\/$/, '')}${DAV_PREFIX}/${token}/${encodeURIComponent(link.filename)}`;
}

/** The live link of a token (null when unknown or expired). */
export async function findEditLink(db: DbOrTx, token: string, now: Date) {
  const [row] = await db.select().from(editLink).where(and(eq(editLink.tokenHash, sha256(token)), gt(editLink.expiresAt, now)));
  return row ?? null;
}
