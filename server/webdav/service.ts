import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { appUser, editLink, modelSession, storedFile } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { requireEdit } from '../policies/projects.ts';
import { mayActInMainApp } from '../policies/users.ts';
import { command, type Command } from '../services/command.ts';
import { editableModel, readableModel } from '../services/editAccess.ts';
import { addSavedModel } from '../services/models.ts';
import type { ModelAccess } from '../services/projectRows.ts';
import { readFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { checkWorkbook, problemOf } from '../threads/workbookThreads.ts';
import { WORKBOOK_MESSAGES } from '../../src/api/contract/messages.ts';
import { findEditLink } from './editLinks.ts';
import type { UploadedFile } from '../../src/api/contract/attachment.ts';
import { evaluateIf, parseIf } from './ifHeader.ts';

// What the WebDAV handler (routes.ts) does with an edit link: the link's model, its file and its lock.
// The lock is the model's edit session (model_session: one row per model, lock columns): it lives in
// PostgreSQL, so every server instance sees it, and ending the session in Projects releases it.

/** A refusal with a WebDAV precondition (RFC 4918 §16) for the XML error body, or extra headers. */
export class DavError extends HttpError {
  constructor(status: number, message: string, readonly condition?: string, readonly headers: Record<string, string> = {}) {
    super(status, message);
  }
}

const LOCKED_MESSAGE = 'Het rekenmodel is vergrendeld.';
const lockedByOther = () => new DavError(423, LOCKED_MESSAGE, 'no-conflicting-lock');
const lockRequired = () => new DavError(423, 'Vergrendel het bestand voordat u het opslaat.', 'lock-token-submitted');
const preconditionFailed = () => new DavError(412, 'Niet aan de voorwaarde voldaan.');

/** Lock timeouts: what a client gets without asking, and at most. */
export const DEFAULT_LOCK_SECONDS = 3600;
const MAX_LOCK_SECONDS = 24 * 3600;

type LinkRow = typeof editLink.$inferSelect;
type SessionRow = typeof modelSession.$inferSelect;

/** A live edit link with its user and his access to the model. */
export interface DavLink {
  token: string;
  link: LinkRow;
  user: UserRow;
  access: ModelAccess;
}

/**
 * The live link of a token, if its user may still read the model; 404 when the token is unknown or
 * expired, or the user is blocked, inactive or no longer sees the model. Writes check edit rights again
 * in their command (editableModel).
 */
export async function resolveLink(ctx: AppContext, token: string): Promise<DavLink> {
  const link = await findEditLink(ctx.db, token, ctx.config.now());
  if (!link) throw notFound();
  const [user] = await ctx.db.select().from(appUser).where(eq(appUser.id, link.userId));
  if (!user || !mayActInMainApp(user) || user.clientId !== link.clientId) throw notFound();
  return { token, link, user, access: await readableModel(ctx.db, user, link.modelId) };
}

/** The file a GET serves, without its bytes. */
export async function fileInfo(db: DbOrTx, d: DavLink) {
  const [f] = await db.select({ id: storedFile.id, size: storedFile.size, createdAt: storedFile.createdAt }).from(storedFile)
    .where(and(eq(storedFile.id, d.link.fileId), eq(storedFile.clientId, d.link.clientId)));
  if (!f) throw notFound();
  return { ...f, etag: etagOf(f.id), contentType: XLSX_CONTENT_TYPE };
}

/** Every save is a new stored file, so the file's id is a strong ETag. */
const etagOf = (fileId: number) => `"${fileId}"`;

export async function fileData(ctx: AppContext, d: DavLink) {
  const f = await readFile(ctx.db, d.link.clientId, d.link.fileId);
  if (!f) throw notFound();
  return { data: f.data, etag: etagOf(f.id) };
}

/** The session's lock while it lasts (config.now), else null. */
export function liveLock(s: Pick<SessionRow, 'lockToken' | 'lockOwner' | 'lockExpiresAt' | 'userId'> | undefined, now: Date) {
  if (!s?.lockToken || !s.lockExpiresAt || s.lockExpiresAt <= now) return null;
  return { token: s.lockToken, owner: s.lockOwner ?? '', expiresAt: s.lockExpiresAt, userId: s.userId };
}

export async function sessionOf(db: DbOrTx, modelId: number): Promise<SessionRow | undefined> {
  const [s] = await db.select().from(modelSession).where(eq(modelSession.modelId, modelId));
  return s;
}

/** The session row, locked for the rest of the command: LOCK, UNLOCK and PUT of one model queue on it. */
async function lockedSession(c: Command, modelId: number): Promise<SessionRow | undefined> {
  const [s] = await c.tx.select().from(modelSession).where(eq(modelSession.modelId, modelId)).for('update');
  return s;
}

/** The seconds of a Timeout header ("Second-600", "Infinite", a list of both): the first we understand, capped. */
export function lockSeconds(header: string | undefined): number {
  for (const part of (header ?? '').split(',').map((p) => p.trim().toLowerCase())) {
    if (part === 'infinite') return MAX_LOCK_SECONDS;
    const m = /^second-(\d+)$/.exec(part);
    if (m) return Math.max(1, Math.min(Number(m[1]), MAX_LOCK_SECONDS));
  }
  return DEFAULT_LOCK_SECONDS;
}

const caller = (d: DavLink, ip: string) => ({ user: d.user, ip });
const expiry = (c: Command, seconds: number) => new Date(c.now.getTime() + seconds * 1000);

/**
 * LOCK with a body: a new exclusive write lock, which starts (or is) the link user's edit session.
 * 423 when another user has the session, or when the model is locked already (another lock token,
 * another client); the session's own user may lock again once his lock has expired or been released.
 */
export async function lock(ctx: AppContext, d: DavLink, owner: string, seconds: number, ip: string) {
  return command(ctx, caller(d, ip), async (c) => {
    await editableModel(c, d.user, d.link.modelId);
    await c.tx.insert(modelSession).values({ modelId: d.link.modelId, userId: d.user.id, startedAt: c.now }).onConflictDoNothing();
    const s = await lockedSession(c, d.link.modelId);
    if (!s || s.userId !== d.user.id || liveLock(s, c.now)) throw lockedByOther();
    const token = `opaquelocktoken:${randomUUID()}`;
    const [row] = await c.tx.update(modelSession).set({ lockToken: token, lockOwner: owner, lockExpiresAt: expiry(c, seconds) })
      .where(eq(modelSession.modelId, d.link.modelId)).returning();
    return liveLock(row, c.now)!;
  });
}

/** The If header's lists; 400 when it is malformed. */
function ifLists(header: string | undefined) {
  if (header === undefined) return [];
  const lists = parseIf(header);
  if (!lists) throw new DavError(400, 'Ongeldige If-header.');
  return lists;
}

/** LOCK without a body: the lock whose token the If header submits gets a new timeout; 412 otherwise. */
export async function refreshLock(ctx: AppContext, d: DavLink, path: string, ifHeader: string | undefined, seconds: number, ip: string) {
  const lists = ifLists(ifHeader);
  return command(ctx, caller(d, ip), async (c) => {
    await editableModel(c, d.user, d.link.modelId);
    const s = await lockedSession(c, d.link.modelId);
    const live = s?.userId === d.user.id ? liveLock(s, c.now) : null;
    const { etag } = await fileInfo(c.tx, d);
    const { holds, tokens } = evaluateIf(lists, { path, etag, lockToken: live?.token ?? null });
    if (!live || !holds || !tokens.includes(live.token)) throw preconditionFailed();
    const [row] = await c.tx.update(modelSession).set({ lockExpiresAt: expiry(c, seconds) })
      .where(eq(modelSession.modelId, d.link.modelId)).returning();
    return liveLock(row, c.now)!;
  });
}

/**
 * UNLOCK: the session's own token releases the lock and ends the edit session (the saved files remain).
 * A token that has expired but was not replaced still ends it (Excel closing after a long pause); any
 * other token answers 409 (RFC 4918 §9.11.1).
 */
export async function unlock(ctx: AppContext, d: DavLink, token: string, ip: string) {
  await command(ctx, caller(d, ip), async (c) => {
    const s = await lockedSession(c, d.link.modelId);
    if (!s || s.userId !== d.user.id || !s.lockToken || s.lockToken !== token) {
      throw new DavError(409, 'Dit bestand heeft geen vergrendeling met dit token.', 'lock-token-matches-request-uri');
    }
    await c.tx.delete(modelSession).where(eq(modelSession.modelId, d.link.modelId));
  });
}

/**
 * Why the link user may not PUT: no live lock of his (never locked, expired, released, session ended in
 * Projects, someone else's) is 423 — a PUT that did not lock could overwrite another's work, and Excel
 * and LibreOffice always lock first; the If header's conditions failing is 412, its lists without his
 * token 423.
 */
function putRefusal(d: DavLink, s: SessionRow | undefined, lists: ReturnType<typeof ifLists>, path: string, fileId: number, now: Date): DavError | null {
  const live = liveLock(s, now);
  if (!live || live.userId !== d.user.id) return lockRequired();
  const { holds, tokens } = evaluateIf(lists, { path, etag: etagOf(fileId), lockToken: live.token });
  if (!holds) return preconditionFailed();
  return tokens.includes(live.token) ? null : lockRequired();
}

/**
 * The PUT's refusal by the user's edit right, the lock and the If header, asked before its body is read (routes.ts): whoever
 * holds no lock can make the server read and unpack nothing. save asks again in its command.
 */
export async function assertMayPut(ctx: AppContext, d: DavLink, path: string, ifHeader: string | undefined) {
  requireEdit(d.access.role);
  const lists = ifLists(ifHeader);
  const [link] = await ctx.db.select({ fileId: editLink.fileId }).from(editLink).where(eq(editLink.id, d.link.id));
  if (!link) throw notFound();
  const refusal = putRefusal(d, await sessionOf(ctx.db, d.link.modelId), lists, path, link.fileId, ctx.config.now());
  if (refusal) throw refusal;
}

/**
 * PUT of a saved workbook (its lock and If header checked before the body was read: assertMayPut): the
 * file is checked in a worker thread, outside the command (a check that waits for a thread holds no
 * row lock): 413 when it unpacks beyond the caps, 415 when it is no xlsx. Then, with the link user's
 * lock still live and the If header still holding (else 423 or 412, nothing changes), the file becomes
 * the model's new active history entry and what the link serves from now on.
 */
export async function save(ctx: AppContext, d: DavLink, path: string, ifHeader: string | undefined, data: UploadedFile['data'], ip: string) {
  const lists = ifLists(ifHeader);
  const problem = problemOf(await checkWorkbook(data));
  if (problem === 'too-large') throw new DavError(413, WORKBOOK_MESSAGES.tooLarge);
  if (problem) throw new DavError(415, 'Alleen een Excel-werkmap (.xlsx) kan hier worden opgeslagen.');
  return command(ctx, caller(d, ip), async (c) => {
    const access = await editableModel(c, d.user, d.link.modelId);
    const s = await lockedSession(c, d.link.modelId);
    const [link] = await c.tx.select().from(editLink).where(eq(editLink.id, d.link.id)).for('update');
    const refusal = putRefusal(d, s, lists, path, link.fileId, c.now);
    if (refusal) throw refusal;
    const fileId = await addSavedModel(c, d.user, access, { filename: link.filename, contentType: XLSX_CONTENT_TYPE, data });
    await c.tx.update(editLink).set({ fileId }).where(eq(editLink.id, link.id));
    await c.audit(`Bestand '${link.filename}' vanuit Excel opgeslagen in de historie van rekenmodel '${access.modelName}' in versie '${access.versionName}'`);
    return etagOf(fileId);
  });
}
