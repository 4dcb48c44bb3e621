import { Worker } from 'node:worker_threads';
import type { WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import type { ModelResults, ModelResultsInput } from '../../src/formulas/modelResults.ts';
import type { RolledModel, RolloverOutcome, Totals } from '../../src/formulas/annual/rolloverPreview.ts';
import type { ReportSheetsData } from '../../src/api/contract/reportData.ts';
import type { VarianceOutcome, WorkbookCheck, WorkerAnswer, WorkerMessage, WorkerSettings, WorkerTask } from './workbookWorker.ts';
import type { ModelRef } from './warmEngines.ts';
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
// Warm engines (issue 38, warmEngines.ts): each thread keeps the engines of the online models it computed,
// within its share of the heap (WORKER_ENGINES_MB) and for a limited time; a task that names a model goes to
// the thread that keeps it when that thread is free (affinity), else to any, and a thread that computed a
// model tells the others to forget their older engine of it.

let threadCount = 2;
let deadlineMs = 60_000;
let memoryMb = 1024;
let enginesMb = 96;
/** An engine not used for this long is let go (a report or a pull of the same models comes within minutes). */
const ENGINES_MAX_AGE_MS = 15 * 60_000;
/** How far down the line a free thread looks for a task of a model it keeps, before it takes the oldest. */
const AFFINITY_WINDOW = 16;
/**
 * How long a task waits for the busy thread that keeps its model before another thread builds it anew: a warm
 * answer takes tens of ms, a build of the bench model ≈ 0.5 s of CPU.
 */
const AFFINITY_WAIT_MS = 1000;

/** The number of threads (config.workerThreads): N instances on one machine each take their share of its cores. */
export function setWorkerThreads(n: number): void {
  threadCount = Math.max(1, Math.floor(n));
}

interface Task {
  message: WorkerTask;
  /** The models whose engines the task uses (the thread that keeps them is the one to run it). */
  models: number[];
  /** When it joined the line (performance.now()). */
  queuedAt: number;
  /** Run once more after its thread ran out of memory while it kept engines (a thread without them decides). */
  retried?: boolean;
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
/** Per model, the thread that ran its last task: the one that keeps its newest engine. */
const holders = new Map<number, Thread>();

/**
 * The index in `line` of the task a free thread takes: the first of a model it keeps, else the first no thread
 * keeps, else the oldest that waited long enough for its keeper (busy: an idle keeper took it already);
 * -1: none yet (the line is looked at again when the wait is over).
 */
function pick(line: Task[], thread: Thread): number {
  let free = -1;
  let waited = -1;
  const now = performance.now();
  for (let i = 0; i < Math.min(line.length, AFFINITY_WINDOW); i++) {
    const held = line[i]!.models.map((id) => holders.get(id));
    if (held.includes(thread)) return i;
    if (free < 0 && held.every((h) => h === undefined)) free = i;
    if (waited < 0 && now - line[i]!.queuedAt >= AFFINITY_WAIT_MS) waited = i;
  }
  if (free >= 0 || waited >= 0) return free >= 0 ? free : waited;
  if (line.length > AFFINITY_WINDOW) return 0; // a long line: no thread idles
  lookAgain();
  return -1;
}

let looking: NodeJS.Timeout | undefined;
/** Once the oldest task's wait for its keeper is over, the idle threads look at the line again. */
function lookAgain() {
  if (looking) return;
  looking = setTimeout(() => {
    looking = undefined;
    for (const t of idle.splice(0)) t.next();
  }, AFFINITY_WAIT_MS);
  looking.unref();
}

/**
 * The worker runs TypeScript through tsx, as the server does (`node --import tsx`): the engine uses syntax
 * that Node's own type stripping refuses. A server started with tsx passes it on; test runners need it added.
 */
const execArgv = process.execArgv.some((a) => a.includes('tsx')) ? undefined : [...process.execArgv, '--import', 'tsx'];

class Thread {
  private readonly memoryMb = memoryMb;
  private readonly enginesMb = enginesMb;
  private readonly worker = new Worker(new URL('./workbookWorker.ts', import.meta.url), {
    execArgv,
    // The old generation holds the task's data; the young one stays at V8's size, so the limit is the heap's.
    resourceLimits: { maxOldGenerationSizeMb: this.memoryMb },
    // The warm engines take at most half the heap: a task keeps the other half, and with it the memory it had.
    workerData: { enginesMb: Math.min(this.enginesMb, this.memoryMb / 2), enginesMaxAgeMs: ENGINES_MAX_AGE_MS } satisfies WorkerSettings,
  });
  readonly threadId = this.worker.threadId;
  /** The models this thread keeps (as its last answer said). */
  readonly held = new Set<number>();
  private task: Task | undefined;
  private deadline: NodeJS.Timeout | undefined;

  constructor() {
    threads.add(this);
    this.worker.unref();
    this.worker.on('message', (a: WorkerAnswer) => {
      if (!threads.has(this) || !this.task) return; // an answer that came after the deadline
      clearTimeout(this.deadline);
      this.holds(a.held);
      if ('error' in a) this.task.reject(new Error(a.error));
      else this.task.resolve(a.value);
      this.next();
    });
    this.worker.on('error', (e) => {
      const outOfMemory = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      // The engines it kept may have taken the room: a new thread, without them, runs the task once more.
      if (outOfMemory && this.task && this.held.size > 0 && !this.task.retried) {
        this.task.retried = true;
        waiting.unshift(this.task);
      } else this.task?.reject(outOfMemory ? new WorkerOutOfMemory() : e);
      this.task = undefined;
    });
    this.worker.on('exit', () => this.retire(new Error('De rekenthread is gestopt.')));
  }

  /** Takes the oldest waiting task (background ones last), or goes idle; started under another heap limit, it makes way for a new thread. */
  next() {
    if (this.memoryMb !== memoryMb || this.enginesMb !== enginesMb) {
      this.task = undefined;
      return this.stop();
    }
    const line = waiting.length ? waiting : behind;
    const at = line.length ? pick(line, this) : -1;
    this.task = at >= 0 ? line.splice(at, 1)[0] : undefined;
    if (!this.task) {
      this.worker.unref();
      idle.push(this);
      return;
    }
    this.worker.ref();
    // What another thread computed since is newer there: this thread forgets it (unless its task needs it now).
    const drop = [...this.held].filter((id) => (holders.get(id) ?? this) !== this && !this.task!.models.includes(id));
    for (const id of this.task.models) holders.set(id, this);
    this.worker.postMessage({ task: this.task.message, drop } satisfies WorkerMessage);
    const ms = Math.min(deadlineMs, this.task.deadlineMs ?? deadlineMs);
    this.deadline = setTimeout(() => {
      this.retire(new WorkerTimeout(ms / 1000));
      void this.worker.terminate();
    }, ms);
  }

  /** Takes the models the thread keeps from its answer: those it let go are nobody's, those nobody else keeps are its own. */
  private holds(held: number[]) {
    for (const id of this.held) if (holders.get(id) === this && !held.includes(id)) holders.delete(id);
    this.held.clear();
    for (const id of held) {
      this.held.add(id);
      if (!holders.has(id)) holders.set(id, this);
    }
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
    for (const [id, t] of holders) if (t === this) holders.delete(id);
    this.task?.reject(reason);
    this.task = undefined;
    if (waiting.length || behind.length) new Thread().next();
  }
}

/** The deadline of a task, from the moment a thread takes it (config.workerTaskSeconds). */
export function setWorkerTaskSeconds(seconds: number): void {
  deadlineMs = Math.max(1, seconds * 1000);
}

/** The thread (its threadId) that keeps a model's newest engine, if any: where the model's next task goes when it is free. */
export const keeperOf = (modelId: number): number | undefined => holders.get(modelId)?.threadId;

/** The warm engines' share of each thread's heap (config.workerEnginesMb; at most half of it): idle threads are replaced now, a busy one after its task. */
export function setWorkerEnginesMb(mb: number): void {
  enginesMb = Math.max(0, mb);
  for (const thread of idle.splice(0)) thread.stop();
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
/** The models whose engines a task uses. */
const modelsOf = (m: WorkerTask): number[] => ('model' in m && m.model ? [m.model.modelId] : []);

function inThread<T>(message: WorkerTask, opts: TaskOptions = {}): Promise<T> {
  const shared = opts.key === undefined ? undefined : keyed.get(opts.key);
  if (shared) {
    const i = opts.background ? -1 : behind.indexOf(shared.task);
    if (i >= 0) waiting.push(...behind.splice(i, 1));
    return shared.answer as Promise<T>;
  }
  let task!: Task;
  const answer = new Promise<T>((resolve, reject) => {
    task = { message, models: modelsOf(message), queuedAt: performance.now(), deadlineMs: opts.deadlineMs, resolve: resolve as (v: unknown) => void, reject };
  });
  (opts.background ? behind : waiting).push(task);
  if (opts.key !== undefined) {
    const key = opts.key;
    keyed.set(key, { task, answer });
    const forget = () => keyed.delete(key);
    answer.then(forget, forget);
  }
  // The idle thread that keeps the task's model, else the last to go idle, else a new one.
  const keeper = idle.findIndex((t) => task.models.some((id) => holders.get(id) === t));
  (idle.splice(keeper >= 0 ? keeper : idle.length - 1, 1)[0] ?? (threads.size < threadCount ? new Thread() : undefined))?.next();
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

/**
 * A model's results (modelResultsOf: the engine, or the saved-workbook reader); `opts.key`: a digest of the input.
 * With `model` (an online model's save), from the engine a thread keeps for it when it has one.
 */
export const computeModelResults = (input: ModelResultsInput, opts?: TaskOptions & { model?: ModelRef }): Promise<ModelResults> =>
  inThread({ kind: 'results', input, model: opts?.model }, opts);

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
 * The jaarovergang of an online model to book year `year` with its preview's figures, or the Dutch reason it
 * cannot be done: the rollover and an engine of the rolled model (a second of CPU for the bench model), and
 * one of the model itself unless `before` (its stored EW and NCW) is given or the thread keeps it (`model`).
 */
export const rolloverInThread = (modelData: unknown, year: number, opts: { model?: ModelRef; before?: Totals } = {}): Promise<RolloverOutcome> =>
  inThread({ kind: 'rollover', modelData, year, ...opts });

/** The jaarovergang alone (what the execution stores: no engine, a fifth of the preview's work), or why it cannot be done. */
export const rolledInThread = (modelData: unknown, year: number): Promise<RolledModel> =>
  inThread({ kind: 'rolled', modelData, year });

/**
 * The verschillenanalyse of model A against model B (their stored model data as JSON text; calculation.md
 * §9): a dozen engine states of one model, seconds for a large one. `opts.key`: both models' saves, so users
 * asking for the same pair meanwhile share one run.
 */
export const varianceInThread = (a: string, b: string, opts?: TaskOptions): Promise<VarianceOutcome> =>
  inThread({ kind: 'variance', a, b }, opts);
