import type { BackgroundWork } from './context.ts';

/**
 * Work a request starts and does not wait for (a reader's best-effort store of results it computed): kept
 * here so that the app's close waits for it before the database closes, and its failure is logged.
 */
export class TrackedWork implements BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logError: (e: unknown) => void) {}

  start(work: () => Promise<void>): void {
    const run: Promise<void> = work()
      .catch(this.logError)
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async drain(): Promise<void> {
    // A finishing task may start another: wait until none is left.
    while (this.running.size) await Promise.all([...this.running]);
  }
}
