import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { MAX_LIST_ITEMS, overlongList } from './bodyBounds.ts';

describe('overlongList', () => {
  it('passes lists up to the maximum, at any depth', () => {
    expect(overlongList({ a: [{ b: new Array(MAX_LIST_ITEMS).fill(1) }] })).toBeUndefined();
    expect(overlongList(undefined)).toBeUndefined();
  });

  it('refuses the first longer list with its path, also a top-level one', () => {
    const deep = overlongList({ a: [{ b: new Array(MAX_LIST_ITEMS + 1).fill(1) }] });
    expect(deep).toBeInstanceOf(HttpError);
    expect([deep!.status, deep!.body]).toEqual([400, { errors: [{ path: 'a.0.b', message: 'Gebruik maximaal 20.000 elementen.' }] }]);
    expect(overlongList(new Array(5_000_000).fill(1))?.body).toEqual({ errors: [{ path: '', message: 'Gebruik maximaal 20.000 elementen.' }] });
  });
});
