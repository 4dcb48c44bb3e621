import { Worker } from 'node:worker_threads';
import type { WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import type { ModelResults, ModelResultsInput } from '../../src/formulas/modelResults.ts';
import type { RolloverOutcome } from '../../src/formulas/annual/rolloverPreview.ts';
import type { ReportSheetsData } from '../../src/api/contract/reportData.ts';
import type { VarianceOutcome, WorkbookCheck, WorkerAnswer, WorkerTask } from './workbookWorker.ts';
import type { SamlCheck, SamlSettingsOf } from './samlCheck.ts';
import { JobFailure } from '../errors.ts';
import { WORKER_MEMORY_MESSAGE, workerTimeoutMessage } from '../../src/api/contract/messages.ts';

// The CPU-heavy workbook and engine work of the server — filling a spreadsheet model (unzip, rewrite
// every sheet's XML, zip again: ~0.2 s for a 2 MB workbook) or a report template, building the engine for a model's results
// (a few hundred ms for a large model) — runs in worker threads, not on the server's event loop:
// meanwhile the server keeps answering (other users' task polls every 100 ms), and the machine's second
// core does the work of a second task. Two threads by default, as many as the cores (WORKER_THREADS;
// several instances on one machine take a share each); started at first use, and they do not keep the
// process alive. Tasks of every kind wait in one line, oldest first, except background tasks (the results
// jobs after saves), which wait behind all others: a burst of saves does not stand between a user and the
// file or report he waits for. A task given a key (a digest of its input) is run once for everyone who
// asks for that key while it waits or runs; asked for without `background`, a waiting background task
// moves up to the first line. Every task has a deadline (WORKER_TASK_SECONDS): a task that outlives it (a hostile
// workbook, or anything else that will not end) is failed with a Dutch message and its thread is
// terminated and replaced, so a poison file holds one thread for a bounded time, never the pool.

let threadCount = 2;
let deadlineMs = 60_000;
let memoryMb = 1024;

/** The number of threads (config.workerThreads): N instances on one machine each take their share of its cores. */
export function setWorkerThreads(n: number): void {
  threadCount = Math.max(1, Math.floor(n));
}

interface Task {
  message: WorkerTask;
  /** A deadline shorter than the pool's, for a task someone waits for at once (a sign-in). */
  deadlineMs?: number;
  resolve(value: unknown): void;
  reject(e: Error): void;
}

/** How a task is asked for: `background` waits behind every other task; tasks of one `key` share a run. */
export interface TaskOptions {
  background?: boolean;
  key?: string;
  deadlineMs?: number;
}

const waiting: Task[] = [];
const behind: Task[] = [];
const keyed = new Map<string, { task: Task; answer: Promise<unknown> }>();
const idle: Thread[] = [];
const threads = new Set<Thread>();

/**
 * The worker runs TypeScript through tsx, as the server does (`node --import tsx`): the engine uses syntax
 * that Node's own type stripping refuses. A server started with tsx passes it on; test runners need it added.
 */
const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? undefined : [...process.execArgv, '--import', 'tsx'];

class Thread {
  private readonly memoryMb = memoryMb;
  private readonly worker = new Worker(new URL('./workbookWorker.ts', import.meta.url), {
    execArgv,
    // The old generation holds the task's data; the young one stays at V8's size, so the limit is the heap's.
    resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
  });
  private task: Task | undefined;
  private deadline: NodeJS.Timeout | undefined;

  constructor() {
    threads.add(this);
    this.worker.unref();
    this.worker.on('message', (a: WorkerAnswer) => {
      if (!threads.has(this) || !this.task) return; // an answer that came after the deadline
      clearTimeout(this.deadline);
      if ('error' in a) this.task.reject(new Error(a.error));
      else this.task.resolve(a.value);
      this.next();
    });
    this.worker.on('error', (e) => {
      const outOfMemory = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.task?.reject(outOfMemory ? new WorkerOutOfMemory() : e);
      this.task = undefined;
    });
    this.worker.on('exit', () => this.retire(new Error('De rekenthread is gestopt.')));
  }

  /** Takes the oldest waiting task (background ones last), or goes idle; started under another heap limit, it makes way for a new thread. */
  next() {
    if (this.memoryMb !== memoryMb) {
      this.task = undefined;
      return this.stop();
    }
    this.task = waiting.shift() ?? behind.shift();
    if (!this.task) {
      this.worker.unref();
      idle.push(this);
      return;
    }
    this.worker.ref();
    this.worker.postMessage(this.task.message);
    const ms = Math.min(deadlineMs, this.task.deadlineMs ?? deadlineMs);
    this.deadline = setTimeout(() => {
      this.retire(new WorkerTimeout(ms / 1000));
      void this.worker.terminate();
    }, ms);
  }

  /** Leaves the pool idle and ends (its limits changed). */
  stop() {
    this.retire(new Error('De rekenthread is gestopt.'));
    void this.worker.terminate();
  }

  /** Leaves the pool (it stopped, or its task ran past the deadline): its task fails, a new thread takes the waiting ones. */
  private retire(reason: Error) {
    if (!threads.delete(this)) return;
    clearTimeout(this.deadline);
    const i = idle.indexOf(this);
    if (i >= 0) idle.splice(i, 1);
    this.task?.reject(reason);
    this.task = undefined;
    if (waiting.length || behind.length) new Thread().next();
  }
}

/** The deadline of a task, from the moment a thread takes it (config.workerTaskSeconds). */
export function setWorkerTaskSeconds(seconds: number): void {
  deadlineMs = Math.max(1, seconds * 1000);
}

/** The heap limit of the threads (config.workerMemoryMb): idle ones are replaced now, a busy one after its task. */
export function setWorkerMemoryMb(mb: number): void {
  memoryMb = Math.max(1, Math.floor(mb));
  for (const thread of idle.splice(0)) thread.stop();
}

/**
 * A task the pool stopped: past its deadline or beyond its thread's memory. A JobFailure: the job that ran
 * it fails for good with the message (a retry would only hold a thread again); the results reader stores
 * it as the model's error.
 */
export class WorkerStopped extends JobFailure {}

export class WorkerTimeout extends WorkerStopped {
  constructor(seconds: number) {
    super(workerTimeoutMessage(seconds));
  }
}

export class WorkerOutOfMemory extends WorkerStopped {
  constructor() {
    super(WORKER_MEMORY_MESSAGE);
  }
}

/** Runs one task in a worker thread (workbookWorker.ts), or joins the run of its key; its answer, or its error. */
function inThread<T>(message: WorkerTask, opts: TaskOptions = {}): Promise<T> {
  const shared = opts.key === undefined ? undefined : keyed.get(opts.key);
  if (shared) {
    const i = opts.background ? -1 : behind.indexOf(shared.task);
    if (i >= 0) waiting.push(...behind.splice(i, 1));
    return shared.answer as Promise<T>;
  }
  let task!: Task;
  const answer = new Promise<T>((resolve, reject) => {
    task = { message, deadlineMs: opts.deadlineMs, resolve: resolve as (v: unknown) => void, reject };
  });
  (opts.background ? behind : waiting).push(task);
  if (opts.key !== undefined) {
    const key = opts.key;
    keyed.set(key, { task, answer });
    const forget = () => keyed.delete(key);
    answer.then(forget, forget);
  }
  (idle.pop() ?? (threads.size < threadCount ? new Thread() : undefined))?.next();
  return answer;
}

/**
 * The workbook with its inputs written (writeWorkbookInputs) and the keys it has no cell for, or null when
 * the file is no xlsx workbook.
 */
export const fillWorkbook = (xlsx: Uint8Array, inputs: WorkbookInputs): Promise<{ xlsx: Uint8Array; skipped: string[] } | null> =>
  inThread({ kind: 'fill', xlsx, inputs });

/**
 * An uploaded workbook checked (openedOrProblem; with `reportTemplate`, its data sheets too): in a thread,
 * since a file within the upload caps can unpack to ~100 MB of parts, a second of work the event loop
 * would otherwise spend while other users wait. The bytes are copied to the thread; the caller keeps them to store.
 */
export const checkWorkbook = (xlsx: Uint8Array, opts: { reportTemplate?: boolean } = {}): Promise<WorkbookCheck> =>
  inThread({ kind: 'check', xlsx, reportTemplate: opts.reportTemplate ?? false });

/** The problem of a checked workbook, or null when it opened. */
export const problemOf = (check: WorkbookCheck) => ('problem' in check ? check.problem : null);

/** A model's results (modelResultsOf: the engine, or the saved-workbook reader); `opts.key`: a digest of the input. */
export const computeModelResults = (input: ModelResultsInput, opts?: TaskOptions): Promise<ModelResults> =>
  inThread({ kind: 'results', input }, opts);

/** The report template filled with the data (fillReportWorkbook), or null when it is no workbook or lacks a data sheet. */
export const fillReport = (xlsx: Uint8Array, data: ReportSheetsData): Promise<Uint8Array | null> =>
  inThread({ kind: 'report', xlsx, data });

/**
 * The longest a SAML response's check may take (the pool's deadline when that is shorter). A bounded
 * response takes well under 2 s even when hostile; the rest is room for a cold thread's start (loading
 * node-saml took 5.5 s on a busy test machine).
 */
const SAML_CHECK_MS = 20_000;

/** A posted SAMLResponse checked by node-saml against the client's IdP at `nowMs` (samlCheck.ts); throws when invalid. */
export const checkSamlResponse = (settings: SamlSettingsOf, nowMs: number, samlResponse: string): Promise<SamlCheck> =>
  inThread({ kind: 'saml', settings, nowMs, samlResponse }, { deadlineMs: SAML_CHECK_MS });

/**
 * The jaarovergang of an online model to book year `year` with its preview's figures (two engine builds
 * and the rollover: seconds for a large model), or the Dutch reason it cannot be done.
 */
export const rolloverInThread = (modelData: unknown, year: number): Promise<RolloverOutcome> =>
  inThread({ kind: 'rollover', modelData, year });

/**
 * The verschillenanalyse of model A against model B (their stored model data as JSON text; calculation.md
 * §9): a dozen engine states of one model, seconds for a large one. `opts.key`: both models' saves, so users
 * asking for the same pair meanwhile share one run.
 */
export const varianceInThread = (a: string, b: string, opts?: TaskOptions): Promise<VarianceOutcome> =>
  inThread({ kind: 'variance', a, b }, opts);
