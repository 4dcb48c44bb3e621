import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchModel } from '../api/contract/workbench.ts';
import { prefetchModel, takePrefetchedModel } from './prefetch.ts';

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
