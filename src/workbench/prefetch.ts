import { workbenchApi } from '../api/workbench.ts';
import type { WorkbenchModel } from '../api/contract/workbench.ts';
import { whenIdle } from '../lib/whenIdle.ts';

// Opening a model fetches it while the tool's chunk loads: the GET (≈ 0,6 MB for a large model)
// and the chunk then overlap instead of following each other. The engine's Web Worker starts then too
// (issue 38), so loading and compiling its 1 MB of code (HyperFormula) overlaps them as well instead of
// starting once the tool has loaded. This module is part of the main bundle (tiny: it uses the API module
// and only names the worker's chunk); the tool takes the answer and the worker when it starts loading.

/** How long a fetched answer or a started worker waits for the tool (a chunk that fails to load leaves it behind). */
const MAX_AGE_MS = 30_000;

let early: { modelId: number; at: number; answer: Promise<WorkbenchModel> } | null = null;

/** Start loading the model (at most one at a time; a second call for the same model does nothing). */
export function prefetchModel(modelId: number, load: (id: number) => Promise<WorkbenchModel> = workbenchApi.load): void {
  if (early?.modelId === modelId && Date.now() - early.at < MAX_AGE_MS) return;
  globalThis.performance?.mark?.('workbench:prefetch');
  prestartEngineWorker();
  const answer = load(modelId);
  answer.catch(() => {
    /* the tool sees the error when it takes the answer */
  });
  early = { modelId, at: Date.now(), answer };
}

/** The prefetched answer for this model, once (null when there is none or it is too old). */
export function takePrefetchedModel(modelId: number): Promise<WorkbenchModel> | null {
  const e = early;
  if (!e || e.modelId !== modelId) return null;
  early = null;
  return Date.now() - e.at < MAX_AGE_MS ? e.answer : null;
}

let started: { worker: Worker; until: number; timer: ReturnType<typeof setTimeout> } | null = null;

const spawnEngineWorker = () => new Worker(new URL('./engineWorker.ts', import.meta.url), { type: 'module' });

/**
 * Start the engine's worker ahead of the tool, to be taken within `keepMs` (once; a later call may only
 * keep it longer; nothing where the browser has no workers). Unused, it is stopped: it holds HyperFormula.
 */
function prestartEngineWorker(keepMs = MAX_AGE_MS): void {
  if (typeof Worker === 'undefined') return;
  const until = Date.now() + keepMs;
  if (started && started.until >= until) return;
  const worker = started?.worker ?? spawnEngineWorker();
  if (started) clearTimeout(started.timer);
  const timer = setTimeout(() => {
    if (started?.worker === worker) started = null;
    worker.terminate();
  }, keepMs);
  started = { worker, until, timer };
}

/** How long a worker warmed on the Projects screen waits for the user to open a model. */
const WARM_MS = 10 * 60_000;

/**
 * A model may be opened next (online models are listed): load and compile the worker's code when the page
 * is idle, so that opening one no longer waits the ≈ 0,3–0,7 s this takes (issue 38). The worker fetches
 * and compiles in its own thread; the page only creates it.
 */
export function warmEngineWorker(): void {
  if (started && started.until - Date.now() > WARM_MS / 2) return;
  whenIdle(() => prestartEngineWorker(WARM_MS));
}

/** The engine's worker started ahead, else a new one. */
export function takeEngineWorker(): Worker {
  const s = started;
  started = null;
  if (!s) return spawnEngineWorker();
  clearTimeout(s.timer);
  return s.worker;
}
