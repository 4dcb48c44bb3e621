import { afterEach, describe, expect, it } from 'vitest';
import { GrexEngine } from '../formulas/engine.ts';
import type { Edit } from '../formulas/engineModelEdits.ts';
import { type ChangeAnswer, EngineClient } from './engineClient.ts';
import type { EngineAnswer, EnginePort } from './engineProtocol.ts';
import { serveEngine } from './engineWorker.ts';
import { example, laterEngine } from './testing.ts';
import { WorkbenchStore } from './WorkbenchStore.ts';
import { MSG } from './workbenchContract.ts';

// The engine behind ports whose answers come later, in order (as from the Web Worker), against a GrexEngine
// of the same data computed in process.

const open: EngineClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.destroy();
});

/** A client whose worker side runs `serve` (default: the real engine), answering later. */
function asyncClient(serve: (port: EnginePort) => unknown = serveEngine): EngineClient {
  const c = laterEngine(serve);
  open.push(c);
  return c;
}
const answer = (send: (done: (a: ChangeAnswer) => void) => void) => new Promise<ChangeAnswer>((r) => send(r));
const costId = example.cost_estimate[0]!.id;
const price = (value: number): Edit => ({ kind: 'entryField', entry: 'cost', id: costId, field: 'price', value });

describe('EngineClient, answered later', () => {
  it('answers edits sent one after another in the order sent, each with the results the engine computed', async () => {
    const c = asyncClient();
    expect((await answer((d) => c.build(example, d))).ok).toBe(true);
    const order: number[] = [];
    const first = answer((d) => c.applyEdits([price(1000)], (a) => (order.push(1), d(a))));
    const second = answer((d) => c.applyEdits([price(2500)], (a) => (order.push(2), d(a))));
    expect(c.busy).toBe(true);
    const [a, b] = await Promise.all([first, second]);
    expect(order).toEqual([1, 2]);
    expect(a.ok && b.ok).toBe(true);
    // The second undoes to the first's value: it was applied after it.
    expect(b.ok && b.inverse).toEqual([price(1000)]);
    expect(c.modelData.cost_estimate[0]!.estimate.price).toBe(2500);
    const local = GrexEngine.create(example);
    if (!local.ok) throw new Error('bouwt niet');
    local.engine.applyEdits([price(1000)]);
    local.engine.applyEdits([price(2500)]);
    expect(c.results.ew).toBe(local.engine.results.ew);
    expect(c.results.entries.cost![0]).toEqual(local.engine.results.entries.cost![0]);
    expect(c.results.periods).toEqual(local.engine.results.periods);
    local.engine.destroy();
    expect(c.busy).toBe(false);
  });

  it('keeps the data it sent as the model when the engine took it as it is, else takes the engine\'s copy', async () => {
    const sent = laterEngine((port) => {
      const serve = serveEngine(port);
      const post = port.postMessage.bind(port);
      port.postMessage = (m: unknown) => {
        answers.push(m as EngineAnswer);
        post(m);
      };
      return serve;
    });
    open.push(sent);
    const answers: EngineAnswer[] = [];
    expect((await answer((d) => sent.build(example, d))).ok).toBe(true);
    expect(sent.modelData).toBe(example);
    expect(answers.at(-1)).toMatchObject({ kind: 'changed', model: { asSent: true } });
    // What the engine's validation leaves out of the data (a key the schema does not know) is not the engine's model.
    const withExtra = { ...example, base_parameters: { ...example.base_parameters, unknown_field: 1 } } as never;
    expect((await answer((d) => sent.setModel(withExtra, {}, d))).ok).toBe(true);
    expect(answers.at(-1)).toMatchObject({ kind: 'changed', model: { whole: {} } });
    expect(sent.modelData).not.toBe(withExtra);
    expect(sent.modelData.base_parameters).not.toHaveProperty('unknown_field');
    expect(sent.modelData).toEqual(example);
  });

  it('answers a refused edit with the Dutch problems and leaves the model as it was', async () => {
    const c = asyncClient();
    await answer((d) => c.build(example, d));
    const ew = c.results.ew;
    const r = await answer((d) => c.setModel({ ...example, base_parameters: { ...example.base_parameters, phasing_period: 'Eeuw' } } as never, { asEdit: true }, d));
    expect(r.ok).toBe(false);
    expect(!r.ok && 'problems' in r && r.problems[0]!.message).toBeTruthy();
    expect(c.modelData.base_parameters.phasing_period).toBe(example.base_parameters.phasing_period);
    expect(c.results.ew).toBe(ew);
  });

  it('answers every request as failed once the worker failed, never with the last numbers', async () => {
    const c = asyncClient((port) => {
      port.onmessage = (e: MessageEvent) => port.postMessage({ id: (e.data as { id: number }).id, kind: 'failed', message: 'kapot' });
    });
    expect(await answer((d) => c.build(example, d))).toEqual({ ok: false, failed: 'kapot' });
    expect(await answer((d) => c.applyEdits([price(1)], d))).toEqual({ ok: false, failed: 'kapot' });
    expect(c.ready).toBe(false);
    expect(await c.calculate('=1+1')).toBeNull();
  });

  it('computes a typed formula of values in the worker', async () => {
    const c = asyncClient();
    await answer((d) => c.build(example, d));
    expect(await c.calculate('=2*21')).toBe(42);
    expect(await c.calculate('=(')).toBeNull();
  });
});

describe('the store with the engine in a worker', () => {
  const meta = { model_id: 1, model_name: 'm', version_id: 1, version_name: 'v', project_id: 1, project_name: 'p', frozen: false, can_edit: true, data_version: 0, session: null, read_only_reason: null, has_map_data: false, has_version_region: false };
  function storeWith(engine: () => EngineClient, errors: string[] = []) {
    return new WorkbenchStore(1, {
      api: {
        load: async () => ({ ...structuredClone(example), ...meta }),
        save: async () => ({ ...structuredClone(example), ...meta, data_version: 1 }),
        openSession: async () => ({ held: true, session: null, read_only_reason: null, message: '' }),
        closeSession: async () => ({ held: false, session: null, read_only_reason: null, message: '' }),
        mapTotals: async () => ({}),
      },
      toasts: { success() {}, error: (m) => void errors.push(m), warning() {} },
      storage: null,
      userId: 1,
      engine,
    });
  }

  it('queues the edits made before the engine is ready and applies them in order, as one undo step each', async () => {
    const store = storeWith(() => asyncClient());
    const loading = store.load();
    while (store.status !== 'ready') await new Promise((r) => setTimeout(r, 0));
    expect(store.engine).toBeNull();
    expect(store.applyEdits([price(1000)])).toBeInstanceOf(Promise);
    expect(store.applyEdits([price(3000)])).toBeInstanceOf(Promise);
    await loading;
    await store.idle();
    expect(store.model!.cost_estimate[0]!.estimate.price).toBe(3000);
    expect(store.undoStack).toHaveLength(2);
    expect(store.dirty).toBe(true);
    store.undo();
    store.undo();
    await store.idle();
    expect(store.model!.cost_estimate[0]!.estimate.price).toBe(example.cost_estimate[0]!.estimate.price);
    store.dispose();
  });

  it('answers a refusal that comes back after the edit returned with its problems, for the field or grid to say', async () => {
    const errors: string[] = [];
    const store = storeWith(() => asyncClient(), errors);
    await store.load();
    const answer = store.applyEdits([{ kind: 'entryItem', entry: 'cost', id: costId, list: 'phasing', period: 'PER_99', value: 5 }]);
    expect(answer).toBeInstanceOf(Promise);
    const problems = await answer;
    expect(problems!.length).toBeGreaterThan(0);
    expect(problems).toEqual(store.lastProblems);
    expect(errors).toEqual([]);
    expect(store.undoStack).toHaveLength(0);
    expect(store.dirty).toBe(false);
    store.dispose();
  });

  it('shows the error of a model that cannot load when the worker fails, not the numbers it had', async () => {
    const errors: string[] = [];
    let fail = false;
    const store = storeWith(() => asyncClient((port) => {
      serveEngine(port);
      const serve = port.onmessage!;
      port.onmessage = (e: MessageEvent) => (fail ? port.postMessage({ id: (e.data as { id: number }).id, kind: 'failed', message: 'kapot' }) : serve(e));
    }), errors);
    await store.load();
    fail = true;
    store.applyEdits([price(1000)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(store.status).toBe('error');
    expect(errors).toEqual([MSG.missing]);
    store.dispose();
  });
});
