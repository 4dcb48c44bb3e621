import { isCompleteSpaceRow } from '../formulas/validate.ts';
import { runInAction } from 'mobx';
import type { ModelData } from '../model/modelData.ts';
import type { Problem } from '../model/problem.ts';
import type { ChangeAnswer, EngineClient } from './engineClient.ts';

// The workbench's first paint (issue 26): the loaded answer and the stored results are painted while the
// engine is built (in its worker, issue 38: for a large model ≈ 0,7 s of HyperFormula); what is changed
// meanwhile waits for the engine, and so does a change made while the engine computes the one before.

/** Performance marks for the benchmark (no-op where there is no performance API). */
export const mark = (name: string) => globalThis.performance?.mark?.(name);

/** Model data whose space rows may be incomplete as the engine takes it: the complete ones (no deep copy). */
export function forEngine(data: ModelData): ModelData {
  return { ...data, base_parameters: { ...data.base_parameters, space_usage: data.base_parameters.space_usage.filter(isCompleteSpaceRow) } };
}

/** What the queue asks of the store: its engine, whether a model is loading, and how a refusal or a failure is told. */
export interface ChangeHost {
  engine(): EngineClient | null;
  loading(): boolean;
  /** A refusal: `late` when it came after the change had returned (said then, and the grids re-read). */
  refused(problems: Problem[], late: boolean): void;
  /** A change accepted: an earlier refusal is no longer shown. */
  accepted(): void;
  failed(): void;
}

/**
 * The store's changes to its engine: sent one at a time and recorded when the engine answers; those made while
 * the engine is being built or computes the one before wait and are applied in the order they were made.
 */
export class ChangesWaitingForEngine {
  private waiting: (() => void)[] = [];
  private applying = false;

  constructor(private readonly host: ChangeHost) {}

  /** A change made now must wait (not so for the one being applied from the queue). */
  get needed(): boolean {
    const e = this.host.engine();
    return e ? e.busy || (this.waiting.length > 0 && !this.applying) : this.host.loading();
  }

  add(run: () => void): void {
    this.waiting.push(run);
  }

  /** Run `then` once every change made so far has been answered (now, when they all have). */
  after(then: () => void): void {
    if (this.host.engine() && !this.needed) then();
    else this.add(then);
  }

  /** Apply the waiting changes in order while the engine is free (a change sent makes it busy until it answers). */
  drain(): void {
    while (this.waiting.length && this.host.engine() && !this.host.engine()!.busy) {
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

  /**
   * One change sent to the engine; `accepted` records it once the engine has confirmed it. A refusal is
   * answered when it comes at once (the tests' in-process engine), else told late; a failed worker is told
   * as such, never left as a silent stale number.
   */
  send(send: (done: (a: ChangeAnswer) => void) => void, accepted: (a: Extract<ChangeAnswer, { ok: true }>) => void, refused?: () => void): Problem[] | null {
    let now = true;
    let out: Problem[] | null = null;
    send((a) => {
      runInAction(() => {
        if (a.ok) {
          this.host.accepted();
          accepted(a);
        }
        else if ('failed' in a) this.host.failed();
        else {
          this.host.refused(a.problems, !now && !refused);
          if (refused) refused();
          else if (now) out = a.problems;
        }
      });
      if (!now) this.drain();
    });
    now = false;
    return out;
  }
}
