import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext, JobKind, JobRow, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { job } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { readFile } from '../storage/files.ts';
import type { TaskProgress } from '../../src/api/contract/openModel.ts';
import { MAPVIEWER_ERROR_TEXT } from '../../src/api/contract/messages.ts';

// What the owner of a job sees of it (server/jobs): its state while it runs, its file when it is done.
// Only the user who asked can poll a job or fetch its file; for anyone else it does not exist (404).

/** Where produced files are served: /files/{uuid}/{filename}, outside /api so a plain link works. */
export const FILES_PREFIX = '/files';
/** The cookie that lets a plain link fetch a produced file (see fileCookie). */
export const FILE_COOKIE = 'grondslag_file';
/** The token purpose of that cookie: it is no access token. */
export const FILE_TOKEN_PURPOSE = 'files';

/** A poll's answer while the job runs (202), or the finished row. */
export type TaskState = { running: TaskProgress } | { done: JobRow };

/**
 * The caller's job of this kind as the poll answers it: 202 progress while queued or running, the row
 * when done, 424 with the map error when map data were missing, 422 with the job's Dutch message (or the
 * kind's general one) when it failed. An expired job is gone (404).
 */
export async function taskState(ctx: AppContext, user: UserRow, id: string, kind: JobKind, failed: string): Promise<TaskState> {
  const [row] = await ctx.db.select().from(job).where(and(eq(job.id, id), eq(job.userId, user.id), eq(job.kind, kind)));
  if (!row) throw notFound();
  if (row.status === 'queued' || row.status === 'running') return { running: { progress: row.progressText, progress_pct: row.progressPct } };
  if (row.status === 'failed') {
    if (row.mapviewerError) throw mapviewerFailure(row.mapviewerError);
    throw new HttpError(422, row.error ?? failed);
  }
  if (!row.expiresAt || row.expiresAt <= ctx.config.now()) throw notFound();
  return { done: row };
}

/** 424: the map data an open needs are missing (the body names which way). */
export const mapviewerFailure = (error: NonNullable<JobRow['mapviewerError']>) =>
  new HttpError(424, MAPVIEWER_ERROR_TEXT[error], { mapviewer_error: error });

/**
 * Removes what is over — edit links past their expiry, jobs whose file expired or that failed longer ago
 * than the file lifetime — and the files they produced, unless a live edit link, a live job or a history
 * entry still uses one. With `userId` only that user's (when he asks for a new job); without it everyone's
 * (the queue's hourly sweep, server/jobs/queue.ts).
 */
export async function forgetFinishedJobs(db: DbOrTx, now: Date, hours: number, userId?: number): Promise<void> {
  const failedBefore = new Date(now.getTime() - hours * 3_600_000);
  const ofUser = userId === undefined ? sql`true` : sql`user_id = ${userId}`;
  // One statement: its NOT EXISTS checks see the rows as they were, so the expiry conditions decide.
  await db.execute(sql`
    WITH links AS (
      DELETE FROM edit_link WHERE ${ofUser} AND expires_at <= ${now} RETURNING file_id),
    gone AS (
      DELETE FROM job WHERE ${ofUser} AND (expires_at <= ${now} OR (status = 'failed' AND finished_at <= ${failedBefore}))
      RETURNING result_file_id AS file_id)
    DELETE FROM stored_file f USING (SELECT file_id FROM links UNION SELECT file_id FROM gone) over
    WHERE f.id = over.file_id
      AND NOT EXISTS (SELECT 1 FROM edit_link l WHERE l.file_id = f.id AND l.expires_at > ${now})
      AND NOT EXISTS (SELECT 1 FROM job j WHERE j.result_file_id = f.id AND j.expires_at > ${now})
      AND NOT EXISTS (SELECT 1 FROM saved_model s WHERE s.file_id = f.id)`);
}

/** A job's produced file for its owner until it expires; null otherwise (the route answers 404). */
export async function producedFile(db: DbOrTx, user: UserRow, uuid: string, filename: string, now: Date) {
  const [row] = await db.select({ fileId: job.resultFileId, filename: job.resultFilename }).from(job)
    .where(and(eq(job.fileUuid, uuid), eq(job.userId, user.id), eq(job.status, 'done'), gt(job.expiresAt, now)));
  if (!row?.fileId || row.filename !== filename) return null;
  const file = await readFile(db, user.clientId, row.fileId);
  return file && { filename: row.filename, contentType: file.contentType, data: file.data };
}

/**
 * The cookie that lets the owner open /files/{uuid}/… as a plain link (a new tab, Excel's download):
 * a token of its own purpose (not an access token), httpOnly, SameSite=Strict, sent only to that file's
 * path, and living as long as the file.
 */
export async function fileCookie(ctx: AppContext, user: UserRow, row: JobRow) {
  const seconds = Math.max(1, Math.floor((row.expiresAt!.getTime() - ctx.config.now().getTime()) / 1000));
  const token = await ctx.tokens.sign({ userId: user.id, clientId: user.clientId }, FILE_TOKEN_PURPOSE, seconds);
  return {
    name: FILE_COOKIE, value: token,
    options: { path: `${FILES_PREFIX}/${row.fileUuid}/`, httpOnly: true, sameSite: 'strict' as const, secure: ctx.config.secureCookies, maxAge: seconds },
  };
}
