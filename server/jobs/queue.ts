import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle } from 'pg-boss';
import type { Config } from '../config.ts';
import type { AppContext, JobKind, JobQueue, JobRow, SystemQueue } from '../context.ts';
import type { Db, Tx } from '../db/index.ts';
import { JOB_HANDLERS, SYSTEM_JOBS } from './kinds.ts';
import { markFailed, runJob } from './runner.ts';
import { JOB_SCHEMA } from '../db/pgBoss.ts';
import { forgetFinishedJobs } from '../services/jobs.ts';

// The job queue (pg-boss 12, in PostgreSQL's schema `pgboss`). Every server instance starts one: it
// enqueues in the caller's transaction, and, with config.jobWorker, runs a worker per job kind.
//
// - Fast start: LISTEN/NOTIFY is on (the queues notify), so a committed job wakes the workers at once
//   (~10 ms); polling every second remains as the backstop for retries and missed notifications.
// - Crashes: a handler that throws is run again after 1–2 s, then 2–4 s (retryLimit 2, back-off); a job
//   whose worker died expires after config.jobExpireSeconds and is taken up by any instance's
//   supervisor (every fifth of that time) and run again. When pg-boss gives up, the job goes to the
//   dead-letter queue, whose worker marks the row failed.
// - Exactly one result: pg-boss hands a job to one worker at a time; the runner's guarded final write
//   (runner.ts) keeps the result of the first run that finishes if an expired run finishes after all.

/** The dead-letter queue of every kind: its jobs are jobs pg-boss gave up on. */
const GAVE_UP = 'job-gave-up';

interface JobData { jobId: string }
/** A system job's data: its singleton key (kinds.ts SYSTEM_JOBS). */
interface SystemJobData { key: string }

const POLLING = { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 };

/** How often a worker instance removes expired jobs, edit links and their files. */
const SWEEP_MS = 3_600_000;

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private sweeper: ReturnType<typeof setInterval> | null = null;

  constructor(db: Db, private readonly config: Config, private readonly log: (e: unknown) => void) {
    const supervise = Math.min(60, Math.max(1, Math.round(config.jobExpireSeconds / 5)));
    this.boss = new PgBoss({
      connectionString: db.$client.options.connectionString, max: 4, schema: JOB_SCHEMA,
      useListenNotify: true, schedule: false,
      superviseIntervalSeconds: supervise, monitorIntervalSeconds: supervise,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', log);
  }

  /** Starts pg-boss (schema migrations if a newer pg-boss needs them) and, with config.jobWorker, the workers. */
  async start(ctx: AppContext): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(GAVE_UP);
    const kinds = Object.keys(JOB_HANDLERS) as JobKind[];
    for (const kind of kinds) await this.boss.createQueue(kind, { notify: true, deadLetter: GAVE_UP });
    const systemQueues = Object.keys(SYSTEM_JOBS) as SystemQueue[];
    for (const name of systemQueues) await this.boss.createQueue(name, { notify: true, policy: 'stately' });
    if (!this.config.jobWorker) return;
    // Jobs someone waits for: four at a time per instance and kind. An open spends most of its run on the
    // database (its file, its inputs, storing the result) and its CPU work waits in the workbook threads'
    // line (server/threads/, as many as the cores): with only as many jobs as threads, the threads sat
    // idle while each job waited on the database. System jobs (results after saves): two, in the background.
    for (const kind of kinds) await this.workers<JobData>(kind, 4, (j) => runJob(ctx, j.data.jobId, j.signal));
    for (const name of systemQueues) await this.workers<SystemJobData>(name, 2, (j) => SYSTEM_JOBS[name](ctx, j.data));
    await this.boss.work<JobData>(GAVE_UP, POLLING, async ([j]) => markFailed(ctx, j.data.jobId, null));
    // Produced files of users who never open again expire too; every instance sweeps (the deletes are idempotent).
    const sweep = () => forgetFinishedJobs(ctx.db, this.config.now(), this.config.fileLinkHours).catch(this.log);
    void sweep();
    this.sweeper = setInterval(sweep, SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * `n` workers of one job each rather than localConcurrency n, so that each can wake itself: after a
   * job a worker fetches the next at once instead of after the rest of its polling second, which with
   * a backlog (20 users at once) held each worker to one job a second. An empty fetch polls as before.
   */
  private async workers<T extends object>(queue: string, n: number, run: (j: { data: T; signal: AbortSignal }) => Promise<void>): Promise<void> {
    for (let i = 0; i < n; i++) {
      let worker = '';
      worker = await this.boss.work<T>(queue, POLLING, async ([j]) => {
        try {
          await run(j);
        } finally {
          this.boss.notifyWorker(worker);
        }
      });
    }
  }

  /**
   * Enqueues system jobs (kinds.ts SYSTEM_JOBS) in the caller's transaction, one per key: a key that
   * already waits in the queue is not added again (the waiting job will read the state it finds), one
   * that is running gets one waiting job after it. A rollback removes them; workers wake at commit.
   */
  async enqueueSystem(tx: Tx, queue: SystemQueue, keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)];
    if (!unique.length) return;
    await this.boss.insert(queue, unique.map((key) => ({
      data: { key } satisfies SystemJobData, singletonKey: key,
      retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: this.config.jobExpireSeconds,
    })), { db: fromDrizzle(tx, sql) });
  }

  /**
   * Enqueues the job of a just-inserted job row in the same transaction: a rollback removes both, and
   * the workers are woken at commit. The pg-boss job carries the row's id.
   */
  async enqueue(tx: Tx, row: Pick<JobRow, 'id' | 'kind'>): Promise<void> {
    const data: JobData = { jobId: row.id };
    await this.boss.send(row.kind, data, {
      id: row.id, db: fromDrizzle(tx, sql),
      retryLimit: 2, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: this.config.jobExpireSeconds,
    });
  }

  /** Stops taking jobs and waits (up to 10 s) for the running ones; what is left is run again elsewhere. */
  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
