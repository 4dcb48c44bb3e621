// Where the engine's Web Worker is started (issue 38). Part of the main bundle (a few lines; the worker's
// own chunk, HyperFormula and all, is only named here): opening a model starts the worker together with the
// tool's chunk and the model's GET (prefetch.ts), so loading and compiling the engine's code overlaps them
// instead of starting when the tool begins to load. The tool takes that worker for its first engine.

/** How long a started worker waits for the tool to take it (a chunk that fails to load leaves it behind). */
const UNTAKEN_MS = 30_000;

let started: { worker: Worker; timer: ReturnType<typeof setTimeout> } | null = null;

const spawn = () => new Worker(new URL('./engineWorker.ts', import.meta.url), { type: 'module' });

/** Start a worker ahead of the tool (once; nothing where the browser has no workers). */
export function prestartEngineWorker(): void {
  if (started || typeof Worker === 'undefined') return;
  const worker = spawn();
  const timer = setTimeout(() => {
    if (started?.worker === worker) started = null;
    worker.terminate();
  }, UNTAKEN_MS);
  started = { worker, timer };
}

/** The worker started ahead, else a new one. */
export function takeEngineWorker(): Worker {
  const s = started;
  started = null;
  if (!s) return spawn();
  clearTimeout(s.timer);
  return s.worker;
}
