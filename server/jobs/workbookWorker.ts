import { parentPort } from 'node:worker_threads';
import { writeWorkbookInputs, type WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { isNotAWorkbook } from '../../src/formulas/xlsxPackage.ts';
import type { ModelResultsInput } from '../../src/formulas/modelResults.ts';

// A worker thread of workbookThreads.ts: runs one task at a time.

export type WorkerTask =
  | { kind: 'fill'; xlsx: Uint8Array; inputs: WorkbookInputs }
  | { kind: 'results'; input: ModelResultsInput };
export type WorkerAnswer = { value: unknown } | { error: string };

async function run(task: WorkerTask): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  // The engine (HyperFormula) is loaded at the first results task: a thread that only fills workbooks starts faster.
  if (task.kind === 'results') return { value: await (await import('../../src/formulas/modelResults.ts')).modelResultsOf(task.input) };
  try {
    const out = (await writeWorkbookInputs(task.xlsx, task.inputs)).xlsx;
    return { value: out, transfer: [out.buffer as ArrayBuffer] };
  } catch (e) {
    if (isNotAWorkbook(e)) return { value: null };
    throw e;
  }
}

parentPort?.on('message', async (task: WorkerTask) => {
  try {
    const { value, transfer } = await run(task);
    parentPort!.postMessage({ value } satisfies WorkerAnswer, transfer ?? []);
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies WorkerAnswer);
  }
});
