import { parentPort } from 'node:worker_threads';
import { writeWorkbookInputs, type WorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { isNotAWorkbook } from '../../src/formulas/xlsxPackage.ts';

// A worker thread of workbookThreads.ts: fills one workbook at a time.

parentPort!.on('message', async ({ xlsx, inputs }: { xlsx: Uint8Array; inputs: WorkbookInputs }) => {
  try {
    const out = (await writeWorkbookInputs(xlsx, inputs)).xlsx;
    parentPort!.postMessage({ xlsx: out }, [out.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage(isNotAWorkbook(e) ? { notAWorkbook: true } : { error: e instanceof Error ? e.message : String(e) });
  }
});
