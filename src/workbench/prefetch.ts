import { workbenchApi } from '../api/workbench.ts';
import type { WorkbenchModel } from '../api/contract/workbench.ts';
import { prestartEngineWorker } from './engineWorkerStart.ts';

// Opening a model fetches it while the tool's chunk loads: the GET (≈ 0,6 MB for a large model)
// and the chunk then overlap instead of following each other. This module is part of the main
// bundle (tiny: it only uses the API module); the tool takes the answer when it starts loading. The engine's
// worker starts here too (engineWorkerStart.ts).

/** How long a fetched answer may wait for the tool (a chunk that fails to load leaves it behind). */
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
