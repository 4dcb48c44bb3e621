import { parentPort, workerData } from 'node:worker_threads';
import { type WorkbookInputs, writeWorkbookInputs } from '../../src/formulas/workbookInputs.ts';
import { ReportTemplateError, fillReportWorkbook, missingReportSheets, optionalReportSheets } from '../../src/formulas/reportWorkbook.ts';
import { isNotAWorkbook, openedOrProblem, type XlsxProblem } from '../../src/formulas/xlsxPackage.ts';
import type { ModelResultsInput } from '../../src/formulas/modelResults.ts';
import type { VarianceResult } from '../../src/formulas/annual/variance.ts';
import type { RolledModel, Totals } from '../../src/formulas/annual/rolloverPreview.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import type { ReportSheetsData } from '../../src/api/contract/reportData.ts';
import type { SamlSettingsOf } from './samlCheck.ts';
import type { ModelRef, WarmEngines } from './warmEngines.ts';

// A worker thread of workbookThreads.ts: runs one task at a time, and keeps the warm engines of the online
// models it computed (warmEngines.ts) for the tasks that name a model's save (`model`).

export type WorkerTask =
  | { kind: 'fill'; xlsx: Uint8Array; inputs: WorkbookInputs }
  | { kind: 'report'; xlsx: Uint8Array; data: ReportSheetsData }
  | { kind: 'check'; xlsx: Uint8Array; reportTemplate: boolean }
  | { kind: 'results'; input: ModelResultsInput; model?: ModelRef }
  /** The jaarovergang with its preview's figures; `before`: the model's EW and NCW when the server has them stored. */
  | { kind: 'rollover'; modelData: unknown; year: number; model?: ModelRef; before?: Totals }
  /** The jaarovergang alone, as the execution stores it (the figures were the preview's). */
  | { kind: 'rolled'; modelData: unknown; year: number }
  | { kind: 'variance'; a: string; b: string }
  | { kind: 'saml'; settings: SamlSettingsOf; nowMs: number; samlResponse: string };
/** A task as posted: with the models whose engines this thread should forget (another thread has a newer one). */
export interface WorkerMessage {
  task: WorkerTask;
  drop: number[];
}
/** The answer, with the models this thread keeps now (the pool sends their next tasks here). */
export type WorkerAnswer = ({ value: unknown } | { error: string }) & { held: number[] };
/** What a thread is started with (workerData). */
export interface WorkerSettings {
  enginesMb: number;
  enginesMaxAgeMs: number;
}

/**
 * What the check of an uploaded workbook found: why it is none, or the data sheets a report template lacks
 * (none: empty) and the optional ones it has.
 */
export type WorkbookCheck = { problem: XlsxProblem } | { missingSheets: string[]; optionalSheets: string[] };

async function checkWorkbook(xlsx: Uint8Array, reportTemplate: boolean): Promise<WorkbookCheck> {
  const pkg = await openedOrProblem(xlsx);
  if (typeof pkg === 'string') return { problem: pkg };
  return reportTemplate ? { missingSheets: missingReportSheets(pkg), optionalSheets: optionalReportSheets(pkg) } : { missingSheets: [], optionalSheets: [] };
}

/** The verschillenanalyse of two stored models, or in Dutch why they cannot be compared (§9). */
export type VarianceOutcome = { ok: true; result: VarianceResult } | { ok: false; problem: string };

/**
 * `a` and `b` as the database holds them (JSON text). `variance` checks them itself and throws the Dutch
 * reason of a pair it cannot compare (varianceProblem: naming model A or B), so the check runs a second
 * time only to tell such a refusal from a fault.
 */
async function varianceOf(a: string, b: string): Promise<VarianceOutcome> {
  const { variance, varianceProblem } = await import('../../src/formulas/annual/variance.ts');
  const [ma, mb] = [JSON.parse(a) as ModelData, JSON.parse(b) as ModelData];
  try {
    return { ok: true, result: variance(ma, mb) };
  } catch (e) {
    const problem = varianceProblem(ma, mb);
    if (problem) return { ok: false, problem };
    throw e;
  }
}

/** A produced workbook, handed over without a copy. */
const workbook = (out: Uint8Array) => ({ value: out, transfer: [out.buffer as ArrayBuffer] });

let warm: WarmEngines | undefined;
/** This thread's warm engines, made at the first task that names a model (the engine is loaded with them). */
async function warmEngines(): Promise<WarmEngines> {
  if (warm) return warm;
  const settings = workerData as WorkerSettings;
  const { WarmEngines } = await import('./warmEngines.ts');
  warm = new WarmEngines({ budgetBytes: settings.enginesMb * 1e6, maxAgeMs: settings.enginesMaxAgeMs });
  // Idle engines past their age are let go between tasks too; the timer does not keep the thread alive.
  setInterval(() => warm!.expire(), Math.max(1000, settings.enginesMaxAgeMs / 4)).unref();
  return warm;
}

async function run(task: WorkerTask): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  // The engine (HyperFormula) is loaded at the first results task: a thread that only fills workbooks starts faster.
  if (task.kind === 'saml') return { value: await (await import('./samlCheck.ts')).checkSamlResponse(task.settings, task.nowMs, task.samlResponse) };
  if (task.kind === 'check') return { value: await checkWorkbook(task.xlsx, task.reportTemplate) };
  if (task.kind === 'results') {
    const { model, input } = task;
    if (model && input.platform === 'online') return { value: (await warmEngines()).results(model, input.modelData).results };
    return { value: await (await import('../../src/formulas/modelResults.ts')).modelResultsOf(input) };
  }
  if (task.kind === 'rollover') {
    const { rolloverWithPreview } = await import('../../src/formulas/annual/rolloverPreview.ts');
    const { model, modelData, before } = task;
    const engines = model && !before ? await warmEngines() : undefined;
    const totals = before ? () => before : engines ? () => engines.results(model!, modelData).results.model : undefined;
    return { value: rolloverWithPreview(modelData, task.year, totals) };
  }
  if (task.kind === 'rolled') {
    const { rolledOver } = await import('../../src/formulas/annual/rolloverPreview.ts');
    const out = rolledOver(task.modelData, task.year);
    return { value: (out.ok ? { ok: true, model: out.model } : out) satisfies RolledModel };
  }
  if (task.kind === 'variance') return { value: await varianceOf(task.a, task.b) };
  try {
    if (task.kind === 'report') return workbook(await fillReportWorkbook(task.xlsx, task.data));
    const { xlsx, skipped } = await writeWorkbookInputs(task.xlsx, task.inputs);
    return { value: { xlsx, skipped }, transfer: [xlsx.buffer as ArrayBuffer] };
  } catch (e) {
    // No workbook (or a report template without its data sheets): the caller's refusal, not a crash.
    if (isNotAWorkbook(e) || e instanceof ReportTemplateError) return { value: null };
    throw e;
  }
}

parentPort?.on('message', async ({ task, drop }: WorkerMessage) => {
  for (const id of drop) warm?.drop(id);
  const held = () => warm?.held() ?? [];
  try {
    const { value, transfer } = await run(task);
    parentPort!.postMessage({ value, held: held() } satisfies WorkerAnswer, transfer ?? []);
  } catch (e) {
    parentPort!.postMessage({ error: e instanceof Error ? e.message : String(e), held: held() } satisfies WorkerAnswer);
  }
});
