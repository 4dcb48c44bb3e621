import { describe, expect, it } from 'vitest';
import { TrackedWork } from './background.ts';

describe('work a request does not wait for', () => {
  it('is waited for by drain, also work that such work starts', async () => {
    const done: string[] = [];
    const work = new TrackedWork(() => {});
    const later = (name: string, ms: number, then?: () => void) => async () => {
      await new Promise((r) => setTimeout(r, ms));
      done.push(name);
      then?.();
    };
    work.start(later('a', 20, () => work.start(later('b', 20))));
    expect(done).toEqual([]);
    await work.drain();
    expect(done).toEqual(['a', 'b']);
  });

  it('a failure is logged, and neither rejects drain nor goes unhandled', async () => {
    const logged: unknown[] = [];
    const work = new TrackedWork((e) => logged.push(e));
    work.start(async () => {
      throw new Error('schrijven mislukt');
    });
    await work.drain();
    expect(logged).toEqual([new Error('schrijven mislukt')]);
  });
});
