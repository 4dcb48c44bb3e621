import { describe, expect, it } from 'vitest';
import { cloneData, equalData } from './cloneData.ts';

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

describe('equalData', () => {
  const model = { id: 1, label: 'Bouwrijp maken', list: [{ period: 'PER_01', value: 2.5 }, null], nested: { deeper: [1, [2, 3]], flag: false } };
  it('is true for a copy, in any key order, and where a key holds undefined and the other has none', () => {
    expect(equalData(model, cloneData(model))).toBe(true);
    expect(equalData(model, { nested: { flag: false, deeper: [1, [2, 3]] }, list: model.list, label: 'Bouwrijp maken', id: 1 })).toBe(true);
    expect(equalData({ ...model, note: undefined }, model)).toBe(true);
  });
  it('is false for any value, key, element or type that differs', () => {
    const changed = [
      { ...model, id: 2 }, { ...model, label: 'bouwrijp maken' }, { ...model, extra: 0 }, { ...model, list: [model.list[0]] },
      { ...model, list: [{ period: 'PER_01', value: 2.5000001 }, null] }, { ...model, list: [{ period: 'PER_01', value: 2.5 }, {}] },
      { ...model, nested: { deeper: [1, [3, 2]], flag: false } }, { ...model, nested: { deeper: { 0: 1, 1: [2, 3] }, flag: false } },
      { ...model, nested: { deeper: [1, [2, 3]], flag: 0 } }, { ...model, nested: null }, { id: 1, label: 'Bouwrijp maken', list: model.list, other: model.nested },
    ];
    for (const c of changed) expect(equalData(model, c), JSON.stringify(c)).toBe(false);
    for (const c of changed) expect(equalData(c, model), JSON.stringify(c)).toBe(false);
  });
});
