import type { TaskPoll, TaskRunning } from '../../api/tasks.ts';

/** The progress text until a job's first poll answers (spec 1 §9's loading placeholder). */
export const LOADING_TEXT = 'Aan het laden...';

interface Polling<F> {
  poll: () => Promise<TaskPoll<F>>;
  everyMs: number;
  /** False once the attempt was closed or replaced: nothing more is asked, a late answer changes nothing. */
  current: () => boolean;
  /** A 202: the job's text and percentage. */
  progress: (p: TaskRunning) => void;
  /** The 200: the file is ready. */
  ready: (file: F) => Promise<void> | void;
  /** A poll failed (a failed job's 422, a lost file's 404, the network). */
  failed: (e: unknown) => void;
}

/**
 * Polls a job that produces a file (open model, report; spec 1 §4) every `everyMs` until it is ready.
 * The promise settles when the first answer has been handled; later polls run on timers.
 */
export async function pollTask<F>(p: Polling<F>): Promise<void> {
  if (!p.current()) return;
  let answer: TaskPoll<F>;
  try {
    answer = await p.poll();
  } catch (e) {
    if (p.current()) p.failed(e);
    return;
  }
  if (!p.current()) return;
  if (answer.ready) {
    await p.ready(answer.file);
    return;
  }
  p.progress(answer.progress);
  setTimeout(() => void pollTask(p), p.everyMs);
}
