import { describe, expect, it } from 'vitest';
import { inNotationOf, pct } from './percent.ts';

describe('inNotationOf', () => {
  it('writes a fraction in the notation of the value it replaces, so that pct reads it back', () => {
    expect(inNotationOf(0.6, 40)).toBe(60);
    expect(inNotationOf(0.6, 0.4)).toBe(0.6);
    expect(inNotationOf(0.005, 40)).toBe(0.005);
    // a share over 100 % reads back only ×100, whatever the notation it replaces (a jaarovergang adds shares up)
    for (const existing of [0.4, 40, null]) expect(pct(inNotationOf(1.5, existing))).toBe(1.5);
  });
});
