import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchModel } from '../api/contract/workbench.ts';
import { prefetchModel, takeEngineWorker, takePrefetchedModel, warmEngineWorker } from './prefetch.ts';

const answer = (id: number) => ({ model_id: id }) as unknown as WorkbenchModel;

describe('the model fetched while the tool loads', () => {
  afterEach(() => {
    vi.useRealTimers();
    takePrefetchedModel(1);
    takePrefetchedModel(2);
  });

  it('is taken once, by the same model', async () => {
    const load = vi.fn(async (id: number) => answer(id));
    prefetchModel(1, load);
    prefetchModel(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(takePrefetchedModel(2)).toBeNull();
    await expect(takePrefetchedModel(1)).resolves.toEqual(answer(1));
    expect(takePrefetchedModel(1)).toBeNull();
  });

  it('a newer model replaces it; an old answer is not used', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async (id: number) => answer(id));
    prefetchModel(1, load);
    prefetchModel(2, load);
    expect(takePrefetchedModel(1)).toBeNull();
    vi.advanceTimersByTime(31_000);
    expect(takePrefetchedModel(2)).toBeNull();
  });

  it('a failed fetch is reported to the one who takes it, not as an unhandled rejection', async () => {
    prefetchModel(1, async () => {
      throw new Error('weg');
    });
    await expect(takePrefetchedModel(1)).rejects.toThrow('weg');
  });
});

describe('the engine worker started ahead', () => {
  /** Workers made by the code under test (a stand-in for the browser's: these tests run without one). */
  let made: { terminated: boolean }[] = [];
  class FakeWorker {
    terminated = false;
    constructor() {
      made.push(this);
    }
    terminate() {
      this.terminated = true;
    }
  }
  afterEach(() => {
    takeEngineWorker();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    made = [];
  });
  const setUp = () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 50));
    takeEngineWorker(); // none left over from an earlier test
    made = [];
  };

  it('warmed on a listed model, is the one the tool takes; the open starts no second one', async () => {
    setUp();
    warmEngineWorker();
    expect(made).toHaveLength(0); // at idle, not during the render that listed the model
    await vi.runOnlyPendingTimersAsync();
    expect(made).toHaveLength(1);
    prefetchModel(7, async (id) => answer(id));
    expect(made).toHaveLength(1);
    expect(takeEngineWorker()).toBe(made[0]);
    expect(made[0]!.terminated).toBe(false);
    takePrefetchedModel(7);
  });

  it('left unused, is stopped after its time; the tool then starts a new one', async () => {
    setUp();
    warmEngineWorker();
    await vi.advanceTimersByTimeAsync(10 * 60_000 + 1_000);
    expect(made).toHaveLength(1);
    expect(made[0]!.terminated).toBe(true);
    const fresh = takeEngineWorker();
    expect(made).toHaveLength(2);
    expect(fresh).toBe(made[1]);
  });

  it("a navigation's short wait does not shorten a warm worker's time", async () => {
    setUp();
    warmEngineWorker();
    await vi.advanceTimersByTimeAsync(3_000);
    prefetchModel(8, async (id) => answer(id)); // keeps 30 s
    await vi.advanceTimersByTimeAsync(60_000);
    expect(made[0]!.terminated).toBe(false);
    takePrefetchedModel(8);
  });
});
