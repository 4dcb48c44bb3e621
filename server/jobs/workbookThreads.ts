import { Worker } from 'node:worker_threads';
import type { WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import type { ReportData } from '../../src/api/contract/reportData.ts';

// Filling a spreadsheet model (unzip, rewrite every sheet's XML, zip again: ~0.2 s of CPU for a
// 2 MB workbook) or a report template with its data runs in worker threads, not on the server's event loop: meanwhile the server keeps
// answering (other users' task polls every 100 ms), and the machine's second core does the work of a
// second job. One thread per job a worker runs at a time (queue.ts); started at first use, and they do
// not keep the process alive.

const THREADS = 2;

/** What a thread does: write a model's inputs (workbookInputs.ts) or fill a report (reportWorkbook.ts). */
export type WorkbookTask = { kind: 'inputs'; xlsx: Uint8Array; inputs: WorkbookInputs } | { kind: 'report'; xlsx: Uint8Array; data: ReportData };

interface Task {
  message: WorkbookTask;
  resolve(xlsx: Uint8Array | null): void;
  reject(e: Error): void;
}
type Answer = { xlsx: Uint8Array } | { notAWorkbook: true } | { error: string };

const waiting: Task[] = [];
const idle: Thread[] = [];
const threads = new Set<Thread>();

class Thread {
  private readonly worker = new Worker(new URL('./workbookWorker.ts', import.meta.url));
  private task: Task | undefined;

  constructor() {
    threads.add(this);
    this.worker.unref();
    this.worker.on('message', (a: Answer) => {
      if ('error' in a) this.task!.reject(new Error(a.error));
      else this.task!.resolve('xlsx' in a ? a.xlsx : null);
      this.next();
    });
    this.worker.on('error', (e) => this.task?.reject(e));
    this.worker.on('exit', () => { // after an error: the next call starts another thread
      threads.delete(this);
      const i = idle.indexOf(this);
      if (i >= 0) idle.splice(i, 1);
    });
  }

  /** Takes the oldest waiting task, or goes idle. */
  next() {
    this.task = waiting.shift();
    if (!this.task) {
      this.worker.unref();
      idle.push(this);
      return;
    }
    this.worker.ref();
    this.worker.postMessage(this.task.message);
  }
}

function run(message: WorkbookTask): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ message, resolve, reject });
    (idle.pop() ?? (threads.size < THREADS ? new Thread() : undefined))?.next();
  });
}

/** The workbook with its inputs written (writeWorkbookInputs), or null when the file is no xlsx workbook. */
export const fillWorkbook = (xlsx: Uint8Array, inputs: WorkbookInputs) => run({ kind: 'inputs', xlsx, inputs });

/** The report template filled with the data (fillReportWorkbook), or null when it is no workbook or lacks a data sheet. */
export const fillReport = (xlsx: Uint8Array, data: ReportData) => run({ kind: 'report', xlsx, data });
