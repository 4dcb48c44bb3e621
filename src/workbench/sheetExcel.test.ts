import { describe, expect, it } from 'vitest';
import { completeChoice } from './sheetExcel.ts';

describe('completeChoice: what a typed choice stands for, without waiting for the list', () => {
  const methods = ['Kavelprijs', 'Prijs per m²', 'Grondquote', 'Residueel'];
  it('takes the choice named exactly, in any case, before a longer one that merely contains it', () => {
    expect(completeChoice(methods, 'Prijs per m²')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'prijs per M²')).toBe('Prijs per m²');
  });
  it('completes a start to the first choice that begins with it', () => {
    expect(completeChoice(methods, 'prij')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'res')).toBe('Residueel');
  });
  it('leaves text that names no choice, and empty text, as typed', () => {
    expect(completeChoice(methods, 'prijs')).toBe('Prijs per m²');
    expect(completeChoice(methods, 'xyz')).toBe('xyz');
    expect(completeChoice(methods, '')).toBe('');
  });
});
