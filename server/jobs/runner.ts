import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, JobRow } from '../context.ts';
import { job } from '../db/schema/index.ts';
import { keepFile, saveFile } from '../storage/files.ts';
import { JobFailure } from '../errors.ts';
import type { JobOutput } from './job.ts';
import { JOB_HANDLERS } from './kinds.ts';

// One run of one job (called by the pg-boss worker, queue.ts). The job row is the truth the browser
// polls; pg-boss only decides who runs what when. A run may be repeated (a crash, a killed worker whose
// job expired), and two runs of one job may overlap (a worker that was thought dead finishes after all):
// the result is stored by the first run that finishes and by no other.

const unfinished = inArray(job.status, ['queued', 'running']);

/** Thrown by progress() to stop a run that no longer counts: another run finished the job, or pg-boss gave its time away. */
class RunLost extends Error {}

export async function runJob(ctx: AppContext, id: string, signal: AbortSignal): Promise<void> {
  const [row] = await ctx.db.update(job)
    .set({ status: 'running', attempts: sql`${job.attempts} + 1`, startedAt: ctx.config.now() })
    .where(and(eq(job.id, id), unfinished)).returning();
  if (!row) return; // finished by an earlier run, or deleted with its model or user
  const handler = JOB_HANDLERS[row.kind];
  if (!handler) throw new Error(`Dit serverproces kent taaksoort '${row.kind}' niet.`);
  const progress = async (text: string, pct: number) => {
    if (signal.aborted) throw new RunLost(`Taak ${id}: de looptijd is voorbij.`);
    const done = await ctx.db.update(job).set({ progressText: text, progressPct: pct })
      .where(and(eq(job.id, id), eq(job.status, 'running'))).returning({ id: job.id });
    if (!done.length) throw new RunLost(`Taak ${id} is al afgerond.`);
  };
  let output: JobOutput;
  try {
    output = await handler({ ctx, job: row, progress });
  } catch (e) {
    if (e instanceof RunLost) return; // nothing left to do: the job is settled elsewhere
    if (!(e instanceof JobFailure)) throw e;
    await markFailed(ctx, id, e.message, e.mapviewerError);
    return;
  }
  await storeResult(ctx, row, output);
}

/**
 * Stores a run's result if the job is still unfinished. The guard and the writes are one transaction:
 * of two runs finishing together the second waits for the first's row lock, then finds the job done and
 * writes nothing (its file included). The stored file's bytes are kept in memory for its download, which follows.
 */
async function storeResult(ctx: AppContext, row: JobRow, output: JobOutput): Promise<void> {
  const fileId = await ctx.db.transaction(async (tx) => {
    const now = ctx.config.now();
    const won = await tx.update(job).set({ status: 'done', progressPct: 100, finishedAt: now })
      .where(and(eq(job.id, row.id), eq(job.status, 'running'))).returning({ id: job.id });
    if (!won.length) return null;
    const file = await saveFile(tx, { clientId: row.clientId, filename: output.filename, contentType: output.contentType, data: output.data, at: now });
    const result = (await output.complete?.(tx, file, now)) ?? null;
    await tx.update(job).set({
      resultFileId: file.id, fileUuid: randomUUID(), resultFilename: output.filename, result,
      expiresAt: new Date(now.getTime() + ctx.config.fileLinkHours * 3_600_000),
    }).where(eq(job.id, row.id));
    return file.id;
  });
  if (fileId !== null) keepFile(ctx.db, fileId, output.data);
}

/**
 * Marks an unfinished job failed: by its handler (a JobFailure, with its Dutch message), or when pg-boss
 * gives up on it (retries used up, or its last worker died; message null: the kind's general text).
 */
export async function markFailed(ctx: AppContext, id: string, message: string | null, mapviewerError: JobRow['mapviewerError'] = null) {
  await ctx.db.update(job).set({ status: 'failed', error: message, mapviewerError, finishedAt: ctx.config.now() })
    .where(and(eq(job.id, id), unfinished));
}
