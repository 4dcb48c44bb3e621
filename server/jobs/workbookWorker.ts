import { parentPort } from 'node:worker_threads';
import { writeWorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { ReportTemplateError, fillReportWorkbook } from '../../src/formulas/reportWorkbook.ts';
import { isNotAWorkbook } from '../../src/formulas/xlsxPackage.ts';
import type { WorkbookTask } from './workbookThreads.ts';

// A worker thread of workbookThreads.ts: fills one workbook at a time (a model's inputs, or a report).

parentPort!.on('message', async (task: WorkbookTask) => {
  try {
    const out = task.kind === 'inputs'
      ? (await writeWorkbookInputs(task.xlsx, task.inputs)).xlsx
      : await fillReportWorkbook(task.xlsx, task.data);
    parentPort!.postMessage({ xlsx: out }, [out.buffer as ArrayBuffer]);
  } catch (e) {
    parentPort!.postMessage(isNotAWorkbook(e) || e instanceof ReportTemplateError ? { notAWorkbook: true } : { error: e instanceof Error ? e.message : String(e) });
  }
});
