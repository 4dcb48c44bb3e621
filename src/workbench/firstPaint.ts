import { GrexEngine } from '../formulas/engine.ts';
import { isCompleteSpaceRow } from '../formulas/validate.ts';
import type { ModelData } from '../model/modelData.ts';

// The workbench's first paint (issue 26): the loaded answer and the stored results are painted before the
// engine is built, which for a large model holds the main thread for a second or more; what is changed
// meanwhile waits for the engine.

/** Resolves after the next frame has been painted (or soon, where there are no frames). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => setTimeout(resolve, 0);
    const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => void }).requestAnimationFrame;
    if (raf) {
      raf(done);
      setTimeout(resolve, 100); // hidden tabs paint no frames
    } else done();
  });
}

/** Performance marks for the benchmark (no-op where there is no performance API). */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

/** The engine of model data whose space rows may be incomplete (it gets the complete ones); null when the data does not build. */
export function buildEngine(data: ModelData): GrexEngine | null {
  // No deep copy: the engine validates (a parsed copy) and keeps its own copy.
  const forEngine: ModelData = { ...data, base_parameters: { ...data.base_parameters, space_usage: data.base_parameters.space_usage.filter(isCompleteSpaceRow) } };
  const r = GrexEngine.create(forEngine);
  return r.ok ? r.engine : null;
}

/** The changes made while the engine is being built, applied in the order they were made once it is. */
export class ChangesWaitingForEngine {
  private waiting: (() => void)[] = [];

  add(run: () => void): void {
    this.waiting.push(run);
  }

  applyAll(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const run of waiting) run();
  }

  drop(): void {
    this.waiting = [];
  }
}
