import { describe, expect, it } from 'vitest';
import { cloneData } from './cloneData.ts';

describe('cloneData', () => {
  it('copies nested objects and arrays so that changing the copy leaves the original alone', () => {
    const original = { a: 1, b: 'x', c: null, d: true, list: [{ period: 'PER_01', value: 2.5 }], nested: { deeper: [1, [2, 3]] } };
    const copy = cloneData(original);
    expect(copy).toEqual(original);
    copy.list[0]!.value = 9;
    (copy.nested.deeper[1] as number[])[0] = 7;
    copy.list.push({ period: 'PER_02', value: 1 });
    expect(original.list).toEqual([{ period: 'PER_01', value: 2.5 }]);
    expect(original.nested.deeper).toEqual([1, [2, 3]]);
  });
});
