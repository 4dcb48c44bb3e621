import { describe, expect, it } from 'vitest';
import { roundCents } from './money.ts';

describe('roundCents', () => {
  it('drops float noise and rounds half away from zero', () => {
    expect(roundCents(2322278.64336)).toBe(2322278.64);
    expect(roundCents(35630.18460000003)).toBe(35630.18);
    expect(roundCents(1.255)).toBe(1.26);
    expect(roundCents(-1.255)).toBe(-1.26);
    expect(roundCents(-0.001)).toBe(0);
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(-1234567.891)).toBe(-1234567.89);
  });
});
