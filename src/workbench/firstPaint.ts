import { GrexEngine } from '../formulas/engine.ts';
import { isCompleteSpaceRow } from '../formulas/validate.ts';
import type { ModelData } from '../model/modelData.ts';

// The workbench's first paint (issue 26): the loaded answer and the stored results are painted while the
// engine is built (in its worker, issue 38: for a large model ≈ 0,7 s of HyperFormula); what is changed
// meanwhile waits for the engine, and so does a change made while the engine computes the one before.

/** Performance marks for the benchmark (no-op where there is no performance API). */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

/** Model data whose space rows may be incomplete as the engine takes it: the complete ones (no deep copy). */
export function forEngine(data: ModelData): ModelData {
  return { ...data, base_parameters: { ...data.base_parameters, space_usage: data.base_parameters.space_usage.filter(isCompleteSpaceRow) } };
}

/** The engine of model data (the worker's, engineWorker.ts); null when the data does not build. */
export function buildEngine(data: ModelData): GrexEngine | null {
  // No deep copy: the engine validates (a parsed copy) and keeps its own copy.
  const r = GrexEngine.create(forEngine(data));
  return r.ok ? r.engine : null;
}

/** The changes made while the engine is being built or computing, applied in the order they were made. */
export class ChangesWaitingForEngine {
  private waiting: (() => void)[] = [];
  private applying = false;

  /** A change made now must queue behind these (not so for the one being applied from the queue). */
  get holding(): boolean {
    return this.waiting.length > 0 && !this.applying;
  }

  add(run: () => void): void {
    this.waiting.push(run);
  }

  /** Apply them in order while `free` holds (a change sent to the worker makes it busy until it answers). */
  applyWhile(free: () => boolean): void {
    while (this.waiting.length && free()) {
      const run = this.waiting.shift()!;
      this.applying = true;
      try {
        run();
      } finally {
        this.applying = false;
      }
    }
  }

  drop(): void {
    this.waiting = [];
  }
}
