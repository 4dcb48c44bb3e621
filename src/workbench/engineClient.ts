// The workbench's side of its engine in a Web Worker (issue 38): the surface the store used of GrexEngine
// (modelData, results, layout, applyEdits, setModel, a typed formula's value, the export), with the model
// and the results as the worker last confirmed them. Requests go out in the order made and are answered in
// that order; each answer updates the copy before its callback runs. With an in-process port (the tests)
// the callback runs before the call returns, so the store has one path for both.
import type { CellValue } from 'hyperformula';
import type { Edit } from '../formulas/engineModelEdits.ts';
import type { FieldRef } from '../formulas/formulaRefs.ts';
import { inputCellOf } from '../formulas/formulaRefs.ts';
import { buildWorkbookSpec } from '../formulas/workbook.ts';
import type { SheetSpec, WorkbookLayout, WorkbookSpec } from '../formulas/workbookLayout.ts';
import type { ModelData } from '../model/modelData.ts';
import type { Problem } from '../model/problem.ts';
import type { Results } from '../model/results.ts';
import { type BuildTiming, type Changed, type EngineAnswer, type EnginePort, type EngineRequest, patchModel, patchResults } from './engineProtocol.ts';
import { takeEngineWorker } from './prefetch.ts';

/** An answer of a change: accepted (with the edits that undo it), refused (the Dutch problems), or the worker failed. */
export type ChangeAnswer =
  | { ok: true; rebuilt: boolean; inverse: Edit[] }
  | { ok: false; problems: Problem[] }
  | { ok: false; failed: string };

type Pending = (a: EngineAnswer) => void;
type Request = EngineRequest extends infer Q ? (Q extends { id: number } ? Omit<Q, 'id'> : never) : never;

export class EngineClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private model: ModelData | null = null;
  private current: Results | null = null;
  /** The workbook as built from the confirmed model, on the main thread only when asked (the formula bar, the set grids). */
  private spec: { of: ModelData; spec: WorkbookSpec } | null = null;
  /** Set once the worker failed: every later request fails too (never a silent stale number). */
  private broken: string | null = null;

  constructor(private readonly port: EnginePort, private readonly stop: () => void = () => {}) {
    port.onmessage = (e: MessageEvent) => this.receive(e.data as EngineAnswer);
  }

  /** Built and confirmed at least once: its model and results are the engine's. */
  get ready(): boolean {
    return this.model !== null && this.current !== null;
  }
  get modelData(): ModelData {
    return this.model!;
  }
  get results(): Results {
    return this.current!;
  }
  /** Requests sent and not yet answered. */
  get busy(): boolean {
    return this.pending.size > 0;
  }
  get layout(): WorkbookLayout {
    return this.workbook().layout;
  }
  get sheets(): readonly SheetSpec[] {
    return this.workbook().sheets;
  }
  inputCell(r: FieldRef) {
    return inputCellOf(this.layout, this.modelData, r);
  }

  private workbook(): WorkbookSpec {
    if (this.spec?.of !== this.model) this.spec = { of: this.model!, spec: buildWorkbookSpec(this.model!) };
    return this.spec.spec;
  }

  /** Build the engine of this model data (its space rows complete); `done` once it is, or with the failure. */
  build(data: ModelData, done: (a: ChangeAnswer) => void): void {
    this.change({ kind: 'build', data }, done, data);
  }

  /** Apply edits as one batch (GrexEngine.applyEdits). */
  applyEdits(edits: Edit[], done: (a: ChangeAnswer) => void): void {
    this.change({ kind: 'edits', edits }, done);
  }

  /**
   * Replace the whole model data (GrexEngine.setModel). The copy is the new data at once (a paste that adds
   * rows fills them next), the results stay the confirmed ones until the engine answers; a refusal puts it back.
   */
  setModel(data: ModelData, opts: { asEdit?: boolean }, done: (a: ChangeAnswer) => void): void {
    const before = this.model;
    this.model = data;
    this.change({ kind: 'setModel', data, asEdit: !!opts.asEdit }, (a) => {
      if (!a.ok) this.model = before;
      done(a);
    }, data);
  }

  /** The value of a formula of values only; null when it has none. */
  calculate(formula: string): Promise<CellValue> {
    return new Promise((resolve) => this.send({ kind: 'calculate', formula }, (a) => resolve(a.kind === 'value' ? a.value : null)));
  }

  /** The model as xlsx (src/formulas/export.ts), made in the worker. */
  exportXlsx(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => this.send({ kind: 'export' }, (a) => (a.kind === 'file' ? resolve(a.bytes) : reject(new Error(a.kind === 'failed' ? a.message : a.kind)))));
  }

  destroy(): void {
    this.broken ??= 'gestopt';
    this.pending.clear();
    this.port.onmessage = null;
    this.stop();
  }

  /** `sent`: the model data of the request, which an answer `asSent` confirms as the engine's. */
  private change(q: Request, done: (a: ChangeAnswer) => void, sent?: ModelData): void {
    this.send(q, (a) => {
      if (a.kind === 'changed') {
        this.apply(a, sent);
        done({ ok: true, rebuilt: a.rebuilt, inverse: a.inverse });
      } else if (a.kind === 'refused') done({ ok: false, problems: a.problems });
      else done({ ok: false, failed: a.kind === 'failed' ? a.message : a.kind });
    });
  }

  private apply(c: Changed, sent: ModelData | undefined): void {
    if ('asSent' in c.model) this.model = sent!; // only a build's and a new model's answers say so (engineWorker.ts)
    else this.model = this.model ? patchModel(this.model, c.model) : 'whole' in c.model ? c.model.whole : null;
    this.current = this.current ? patchResults(this.current, c.results) : 'whole' in c.results ? c.results.whole : null;
  }

  private send(q: Request, answer: Pending): void {
    const id = this.nextId++;
    if (this.broken) return answer({ id, kind: 'failed', message: this.broken });
    this.pending.set(id, answer);
    try {
      this.port.postMessage({ ...q, id } as EngineRequest);
    } catch (e) {
      this.pending.delete(id);
      this.fail(String((e as Error)?.message ?? e));
      answer({ id, kind: 'failed', message: this.broken! });
    }
  }

  private receive(a: EngineAnswer): void {
    if (a.kind === 'changed' && a.timing) markBuild(a.timing);
    const p = this.pending.get(a.id);
    if (!p) return;
    this.pending.delete(a.id);
    if (a.kind === 'failed') this.fail(a.message);
    p(a);
  }

  /** The worker failed (or could not start): every request still waiting is answered as failed. */
  fail(message: string): void {
    this.broken ??= message;
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    for (const [id, p] of waiting) p({ id, kind: 'failed', message });
  }
}

/** The worker's side of a build on this page's performance timeline (workbench:worker:*), beside the store's own marks. */
function markBuild(t: BuildTiming): void {
  const at = (epochMs: number) => ({ startTime: epochMs - performance.timeOrigin });
  performance.mark?.('workbench:worker:code', at(t.codeReady));
  performance.mark?.('workbench:worker:build', at(t.buildStart));
  performance.mark?.('workbench:worker:built', at(t.buildEnd));
}

/** The engine in a Web Worker (Vite bundles engineWorker.ts and what it imports as a chunk of its own; started by prefetch.ts). */
export function startEngineWorker(): EngineClient {
  const worker = takeEngineWorker();
  const client = new EngineClient(worker, () => worker.terminate());
  worker.onerror = (e) => client.fail(e.message || 'De rekenkern is gestopt.');
  return client;
}
