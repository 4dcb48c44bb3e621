import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  const bytes = (limits: { entries: number; size: number }) => new Lru<string, string>(limits, (v) => v.length);

  it('drops the least recently used entry first, counting a get as a use and a peek not', () => {
    const lru = bytes({ entries: 2, size: 100 });
    lru.set('a', 'x');
    lru.set('b', 'y');
    expect(lru.get('a')).toBe('x'); // a is now newer than b
    lru.set('c', 'z');
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual(['x', undefined, 'z']);
    lru.peek('a'); // no use: a stays the oldest
    lru.set('d', 'w');
    expect([lru.peek('a'), lru.peek('c'), lru.peek('d')]).toEqual([undefined, 'z', 'w']);
  });

  it('keeps the summed size within its bound, and never keeps a value larger than the bound', () => {
    const lru = bytes({ entries: 10, size: 10 });
    lru.set('a', '1234');
    lru.set('b', '1234');
    lru.set('c', '1234'); // 12 > 10: a goes
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([undefined, '1234', '1234']);
    lru.set('b', '12345678901'); // replacing b by a value over the bound removes b
    expect([lru.peek('b'), lru.peek('c')]).toEqual([undefined, '1234']);
    lru.set('d', '123456'); // 4 + 6 = 10: both stay
    expect([lru.peek('c'), lru.peek('d')]).toEqual(['1234', '123456']);
    lru.delete('c');
    lru.set('e', '1234'); // 6 + 4: c's size was given back
    expect([lru.peek('d'), lru.peek('e')]).toEqual(['123456', '1234']);
  });
});
