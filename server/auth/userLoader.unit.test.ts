import { describe, expect, it } from 'vitest';
import { BatchLoader } from './userLoader.ts';

describe('BatchLoader', () => {
  const make = (rows: Record<number, string>) => {
    const calls: number[][] = [];
    const loader = new BatchLoader(async (keys: number[]) => {
      calls.push(keys);
      return keys.filter((k) => k in rows).map((k) => ({ id: k, name: rows[k] }));
    }, (r) => r.id);
    return { loader, calls };
  };

  it('answers the lookups of one turn of the event loop with one fetch, each with its own row', async () => {
    const { loader, calls } = make({ 1: 'een', 2: 'twee' });
    const got = await Promise.all([loader.load(1), loader.load(2), loader.load(1), loader.load(3)]);
    expect(got).toEqual([{ id: 1, name: 'een' }, { id: 2, name: 'twee' }, { id: 1, name: 'een' }, undefined]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('fetches again for a lookup made after a batch was sent: never an older answer', async () => {
    const rows: Record<number, string> = { 1: 'oud' };
    const { loader, calls } = make(rows);
    const first = loader.load(1);
    await new Promise((r) => setImmediate(r)); // the batch is on its way
    rows[1] = 'nieuw';
    const second = loader.load(1);
    expect(await first).toEqual({ id: 1, name: 'oud' });
    expect(await second).toEqual({ id: 1, name: 'nieuw' });
    expect(calls).toEqual([[1], [1]]);
  });

  it('rejects every lookup of a failed batch, and the next batch works again', async () => {
    let fail = true;
    const loader = new BatchLoader(async (keys: number[]) => {
      if (fail) throw new Error('database weg');
      return keys.map((id) => ({ id }));
    }, (r) => r.id);
    const a = loader.load(1);
    const b = loader.load(2);
    await expect(a).rejects.toThrow('database weg');
    await expect(b).rejects.toThrow('database weg');
    fail = false;
    expect(await loader.load(2)).toEqual({ id: 2 });
  });
});
