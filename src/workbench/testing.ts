// Test support for the tool's unit tests (not a test file itself): the store on the worked example,
// with an API that loads it and refuses to save.
import { readFileSync } from 'node:fs';
import { WorkbenchStore } from './WorkbenchStore.ts';
import type { ModelData } from '../model/modelData.ts';
import { EngineClient } from './engineClient.ts';
import type { EnginePort } from './engineProtocol.ts';
import { serveEngine } from './engineWorker.ts';
import type { GrexEngine } from '../formulas/engine.ts';

/**
 * A pair of ports that deliver each message structured-cloned as postMessage does: at once, or `later` (in
 * order, each in a task of its own, as from a Web Worker).
 */
export function instantPorts(later = false): [EnginePort, EnginePort] {
  const deliver = (to: () => EnginePort, m: unknown) => {
    const data = structuredClone(m);
    const go = () => to().onmessage?.({ data } as MessageEvent);
    if (later) setTimeout(go, 0);
    else go();
  };
  const a: EnginePort = { postMessage: (m) => deliver(() => b, m), onmessage: null };
  const b: EnginePort = { postMessage: (m) => deliver(() => a, m), onmessage: null };
  return [a, b];
}

const served = new WeakMap<EngineClient, () => GrexEngine | null>();

/** The worker's engine answering in process, before each request returns (the store's tests read it at once). */
export function inProcessEngine(): EngineClient {
  const [mine, workers] = instantPorts();
  const engine = serveEngine(workers);
  const client = new EngineClient(mine);
  served.set(client, engine);
  return client;
}

/** The worker's engine (or what `serve` answers) behind ports that answer later, in order, as a Web Worker does. */
export function laterEngine(serve: (port: EnginePort) => unknown = serveEngine): EngineClient {
  const [mine, workers] = instantPorts(true);
  serve(workers);
  return new EngineClient(mine);
}

/** The GrexEngine behind an in-process client (what the worker holds: its workbook's cells). */
export function workerEngine(client: EngineClient): GrexEngine {
  const e = served.get(client)?.();
  if (!e) throw new Error('geen rekenkern in dit proces');
  return e;
}

export const example = JSON.parse(readFileSync(new URL('../formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

/** A loaded, editable store on the worked example (model 1), without storage or toasts. */
export async function exampleStore(engine: () => EngineClient = inProcessEngine): Promise<WorkbenchStore> {
  const s = new WorkbenchStore(1, {
    api: {
      load: async () => ({ ...structuredClone(example), model_id: 1, model_name: 'm', version_id: 1, version_name: 'v', project_id: 1, project_name: 'p', frozen: false, can_edit: true, data_version: 0, session: null, read_only_reason: null, has_map_data: false, has_version_region: false }),
      save: async () => { throw new Error('niet gebruikt'); },
      openSession: async () => ({ held: true, session: null, read_only_reason: null, message: '' }),
      closeSession: async () => ({ held: false, session: null, read_only_reason: null, message: '' }),
      mapTotals: async () => ({}),
    },
    toasts: { success() {}, error() {}, warning() {} },
    storage: null,
    userId: 1,
    engine,
  });
  await s.load();
  return s;
}
