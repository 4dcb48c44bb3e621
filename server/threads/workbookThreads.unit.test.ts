import { afterAll, describe, expect, it } from 'vitest';
import { WorkerTimeout, computeModelResults, fillWorkbook, keeperOf, setWorkerTaskSeconds, setWorkerThreads } from './workbookThreads.ts';
import { onlineModelResults } from '../../src/formulas/modelResults.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { JobFailure } from '../errors.ts';
import { workerTimeoutMessage } from '../../src/api/contract/messages.ts';
import { buildModelTemplate, templateModelData } from '../../src/formulas/modelTemplate.ts';
import { largeModel } from '../../test/formulas/largeModel.ts';
import { openXlsx } from '../../src/formulas/xlsxPackage.ts';
import { smallWorkbook } from '../../test/formulas/hostileWorkbooks.ts';

// The pool's deadline (issue 22): a task that runs past it fails with the Dutch message, its thread is
// terminated and replaced, and the pool goes on serving. The stuck task is a real one given a deadline it
// cannot meet (filling a 1 MB workbook in a thousandth of a second, the thread's start included).
const inputs = { parameters: [], spaceUsage: null };

afterAll(() => {
  setWorkerTaskSeconds(60);
  setWorkerThreads(2);
});

describe('the worker threads’ deadline', () => {
  it('fails a task past its deadline for good, replaces the thread and serves the tasks after it', async () => {
    const m = largeModel({ costEntries: 800, residentialEntries: 300 });
    m.base_parameters.space_usage = templateModelData().base_parameters.space_usage;
    const big = await buildModelTemplate(m);
    setWorkerThreads(1);
    setWorkerTaskSeconds(0.001);
    const stuck = fillWorkbook(big, inputs).then(() => null, (e: unknown) => e);
    const error = await stuck;
    expect(error).toBeInstanceOf(WorkerTimeout);
    expect(error).toBeInstanceOf(JobFailure); // the job runner marks the job failed, no retry
    expect((error as Error).message).toBe(workerTimeoutMessage(0.001));
    setWorkerTaskSeconds(60);
    // the one thread was replaced: both tasks are served, the large one too
    const [small, again] = await Promise.all([fillWorkbook(smallWorkbook(), inputs), fillWorkbook(big, inputs)]);
    expect((await openXlsx(small!.xlsx)).sheets.map((s) => s.name)).toEqual(['Invoer']);
    expect(again!.xlsx.length).toBeGreaterThan(100_000);
  });
});

describe('the line of waiting tasks (issue 26)', () => {
  it('runs background tasks after the others; one run per key, and a task asked for now moves its key’s background run up', async () => {
    setWorkerThreads(1);
    setWorkerTaskSeconds(60);
    const done: string[] = [];
    const online = (seed: number) => ({ platform: 'online' as const, modelData: largeModel({ seed, costEntries: 20, residentialEntries: 5 }) });
    const ask = (name: string, seed: number, opts?: { background?: boolean; key?: string }) =>
      computeModelResults(online(seed), opts).then((r) => {
        done.push(name);
        return r;
      });
    const tasks = [
      ask('first', 1), // the one thread takes it at once
      ask('background', 2, { background: true }),
      ask('keyed background', 3, { background: true, key: 'k3' }),
      ask('now', 4),
      ask('keyed now', 3, { key: 'k3' }), // joins the waiting background run and moves it behind 'now'
      ask('keyed background again', 3, { background: true, key: 'k3' }),
    ];
    const results = await Promise.all(tasks);
    expect(done).toEqual(['first', 'now', 'keyed background', 'keyed now', 'keyed background again', 'background']);
    // one run for the key: the very same answer, not a copy from another run
    expect(results[4]).toBe(results[2]);
    expect(results[5]).toBe(results[2]);
    expect(results[1]).not.toBe(results[2]);
    // a key whose run ended is run again when asked for anew
    expect(await computeModelResults(online(3), { key: 'k3' })).not.toBe(results[2]);
    expect(await computeModelResults(online(3), { key: 'k3' })).toEqual(results[2]);
  });
});

describe('warm engines in the threads (issue 38)', () => {
  it('sends a model’s task to the thread that keeps its engine, and answers each save with its own figures', async () => {
    setWorkerThreads(2);
    setWorkerTaskSeconds(60);
    const model = (seed: number, raise = 0) => {
      const m = largeModel({ seed, costEntries: 20, residentialEntries: 5 });
      m.cost_estimate[0]!.phasing.phasing_items[0]!.value += raise;
      return m;
    };
    const ask = (modelId: number, dataVersion: number, modelData: ModelData) =>
      computeModelResults({ platform: 'online', modelData }, { model: { modelId, dataVersion, digest: JSON.stringify(modelData) } });
    const [a1, b1] = [model(31), model(32)];
    // both at once: each thread takes one and keeps it
    await Promise.all([ask(1, 1, a1), ask(2, 1, b1)]);
    const [ta, tb] = [keeperOf(1), keeperOf(2)];
    expect(ta).toBeDefined();
    expect(tb).toBeDefined();
    expect(ta).not.toBe(tb);
    // asked again, at once and in the other order: each goes to its keeper, the same figures as a new build
    const [b, a] = await Promise.all([ask(2, 1, b1), ask(1, 1, a1)]);
    expect([keeperOf(1), keeperOf(2)]).toEqual([ta, tb]);
    expect(a).toEqual(onlineModelResults(a1));
    expect(b).toEqual(onlineModelResults(b1));
    // a newer save (its engine edited in its keeper) gets its own figures, a late task for the older save the older ones
    const a2 = model(31, 2_000_000);
    const newer = await ask(1, 2, a2);
    expect(keeperOf(1)).toBe(ta);
    expect(newer).toEqual(onlineModelResults(a2));
    expect(newer.model.totale_kosten).not.toEqual(a.model.totale_kosten);
    expect(await ask(1, 1, a1)).toEqual(a);
  });
});
