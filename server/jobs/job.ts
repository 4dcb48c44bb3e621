import type { AppContext, JobRow } from '../context.ts';
import type { Tx } from '../db/index.ts';

// What a job kind's handler sees and answers (docs/conventions.md "Jobs"). The runner (runner.ts) marks
// the row running, calls the handler, and stores its result once; the handler only does the work.

export interface JobRun {
  ctx: AppContext;
  /** The job row as the runner marked it running (params, owner, model). */
  job: JobRow;
  /**
   * Writes the step's Dutch text and percentage into the job row, where the poll reads them. Throws
   * when the run no longer counts (its time is up and the job went to another worker).
   */
  progress(text: string, pct: number): Promise<void>;
}

/** What a handler produced: a file, and what else belongs to the result. */
export interface JobOutput {
  filename: string;
  contentType: string;
  data: Uint8Array;
  /**
   * Writes that belong to the result (e.g. the opened model's edit link), in the transaction that
   * stores it: only the run whose result is kept makes them. Answers the kind's extra answer fields
   * (the job row's `result`).
   */
  complete?(tx: Tx, file: { id: number }, now: Date): Promise<Record<string, unknown> | null>;
}

export type JobHandler = (run: JobRun) => Promise<JobOutput>;

/** A system job's handler (kinds.ts SYSTEM_JOBS): its data as enqueued; a throw is retried. */
export type SystemJobHandler = (ctx: AppContext, data: { key: string }) => Promise<void>;
