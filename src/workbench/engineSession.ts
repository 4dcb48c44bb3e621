import { makeObservable, observableRef, runInAction } from 'mobx';
import type { Problem } from '../model/problem.ts';
import type { ModelData } from '../model/modelData.ts';
import type { ChangeAnswer, EngineClient } from './engineClient.ts';

// The store's engine session (issue 38): which engine the workbench shows, the one being built for a load,
// and the order of changes. Every change is sent to the engine (in its worker) one at a time and recorded
// when the engine answers; a change made while the engine is being built or computes the one before waits
// and follows in the order it was made. A change answers its refusal (the Dutch problems) or null — at once
// when the engine answered before the call returned (the tests' in-process engine), else as a promise, so
// whoever made the change says the refusal as it always did (the field's or the grid's own message).

/** A change's answer: its problems when the engine refused it, null when it was applied. */
export type Answer = Problem[] | null | Promise<Problem[] | null>;

/** `then` with a change's answer: at once when it is known, else once the engine has given it. */
export function whenAnswered(a: Answer, then: (problems: Problem[] | null) => void): void {
  if (a instanceof Promise) void a.then(then);
  else then(a);
}

/** What the session asks of the store. */
export interface SessionHost {
  /** A model is being loaded (changes wait for its engine). */
  loading(): boolean;
  /** The worker stopped or threw. */
  failed(): void;
}

export class EngineSession {
  /** The engine, once it has built the loaded model (until then the stored results are shown). */
  engine: EngineClient | null = null;
  /** Problems of the last refused change. */
  lastProblems: Problem[] = [];
  /** Refusals so far: a batch whose steps are answered later knows whether one was refused. */
  refusals = 0;
  /** The engine being built by a load (the one shown stays until it is ready). */
  private starting: EngineClient | null = null;
  private waiting: (() => void)[] = [];
  /** A change from the queue is being applied: it does not queue again behind the rest. */
  private applying = false;
  /** Where what a change from the queue queues goes: before the changes made after it (a batch's steps stay together). */
  private insertAt = 0;
  private disposed = false;

  constructor(private readonly host: SessionHost, private readonly create: () => EngineClient) {
    makeObservable(this, { engine: observableRef, lastProblems: observableRef });
  }

  /** A new engine for a load; the worker starts before the request so its code loads alongside. */
  start(): EngineClient {
    this.starting?.destroy();
    return (this.starting = this.create());
  }

  /** Build `client`'s engine of the loaded data; null when this load is no longer the current one. */
  async build(client: EngineClient, data: ModelData): Promise<ChangeAnswer | null> {
    const built = await new Promise<ChangeAnswer>((resolve) => client.build(data, resolve));
    await (globalThis as { __grondslagHoldEngine?: Promise<unknown> }).__grondslagHoldEngine;
    if (this.disposed || this.starting !== client) return null;
    this.starting = null;
    if (!built.ok) {
      client.destroy();
      this.waiting = [];
    }
    return built;
  }

  /** The built engine becomes the one shown (call inside the store's action that shows the loaded model). */
  adopt(client: EngineClient): void {
    if (this.engine !== client) this.engine?.destroy();
    this.engine = client;
  }

  /** A load that failed before its engine was built. */
  abandon(client: EngineClient): void {
    if (this.starting === client) this.starting = null;
    client.destroy();
  }

  /** A change made now must wait (not so for the one being applied from the queue). */
  get needed(): boolean {
    if (this.disposed) return false;
    const e = this.engine;
    return e ? e.busy || (this.waiting.length > 0 && !this.applying) : this.host.loading();
  }

  /** Queue `run` when a change must wait: its answer once it has run and been answered; null when it need not wait. */
  wait(run: () => Answer): Promise<Problem[] | null> | null {
    if (!this.needed) return null;
    return new Promise((resolve) => this.queue(() => whenAnswered(this.counted(run()), resolve)));
  }

  /** A change from the queue refused before it reached the engine (a taken label): a batch it belongs to counts it as the engine's. */
  private counted(a: Answer): Answer {
    if (Array.isArray(a)) {
      this.refusals++;
      runInAction(() => (this.lastProblems = a));
    }
    return a;
  }

  private queue(run: () => void): void {
    if (this.applying) this.waiting.splice(this.insertAt++, 0, run);
    else this.waiting.push(run);
  }

  /**
   * `next` once `a` has been applied, before any change made after this call (a batch's next step, which
   * reads what `a` made); the answer of the pair. When `a` is refused, `next` is not made.
   */
  then(a: Answer, next: () => Answer): Answer {
    if (!(a instanceof Promise)) return a ?? next();
    const refusals = this.refusals;
    return new Promise((resolve) => {
      void a.then((p) => p && resolve(p));
      this.queue(() => {
        if (this.refusals === refusals) whenAnswered(this.counted(next()), resolve);
      });
    });
  }

  /** Run `then` once every change made so far has been answered (now, when they all have). */
  after(then: () => void): void {
    if (this.engine && !this.needed) then();
    else this.queue(then);
  }

  /** Resolves once every change made so far has been answered by the engine. */
  idle(): Promise<void> {
    return new Promise((resolve) => this.after(resolve));
  }

  /** Apply the waiting changes in order while the engine is free (a change sent makes it busy until it answers). */
  drain(): void {
    while (this.waiting.length && this.engine && !this.engine.busy && !this.disposed) {
      const run = this.waiting.shift()!;
      this.applying = true;
      this.insertAt = 0;
      try {
        run();
      } finally {
        this.applying = false;
      }
    }
  }

  /** Forget the waiting changes (a failed engine, a model that did not build). */
  drop(): void {
    this.waiting = [];
  }

  /**
   * One change sent to the engine; `accepted` records it once the engine has confirmed it, `refused` (when
   * given) handles a refusal itself. A failed worker is the store's to tell, never left as a silent stale number.
   */
  send(send: (done: (a: ChangeAnswer) => void) => void, accepted: (a: Extract<ChangeAnswer, { ok: true }>) => void, refused?: () => void): Answer {
    let now = true;
    let answered: { problems: Problem[] | null } | null = null;
    let resolve: ((p: Problem[] | null) => void) | null = null;
    send((a) => {
      let problems: Problem[] | null = null;
      runInAction(() => {
        if (a.ok) {
          this.lastProblems = [];
          accepted(a);
        } else if ('failed' in a) this.host.failed();
        else {
          this.refusals++;
          this.lastProblems = a.problems;
          if (refused) refused();
          else problems = a.problems;
        }
      });
      if (resolve) resolve(problems);
      else answered = { problems };
      if (!now) this.drain();
    });
    now = false;
    if (answered) return (answered as { problems: Problem[] | null }).problems;
    return new Promise((r) => (resolve = r));
  }

  dispose(): void {
    this.disposed = true;
    this.waiting = [];
    this.starting?.destroy();
    this.engine?.destroy();
  }
}
