import { describe, expect, it } from 'vitest';
import { niceTicks } from './chartTicks.ts';

describe('niceTicks', () => {
  it('covers the range with round steps', () => {
    expect(niceTicks(-936_360, 1_020_000)).toEqual([-1_000_000, -500_000, 0, 500_000, 1_000_000, 1_500_000]);
    expect(niceTicks(0, 4_879_000)).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(niceTicks(0, 10)).toEqual([0, 2.5, 5, 7.5, 10]);
  });
  it('keeps decimals exact', () => {
    expect(niceTicks(0, 0.3, 4)).toEqual([0, 0.1, 0.2, 0.3]);
  });
  it('gives an axis for a flat line', () => {
    expect(niceTicks(0, 0)).toEqual([0, 1]);
    expect(niceTicks(5, 5)).toEqual([0, 2, 4, 6]);
  });
});
