import { describe, expect, it } from 'vitest';
import { pct } from '../model/percent.ts';
import { percentFieldText, percentInput, percentNote } from './percentInput.ts';

describe('percentNote: a value ≤ 1 typed into a percentage field is shown with its other reading', () => {
  it('1 reads as 100 % and offers 1 %', () => {
    const n = percentNote('1')!;
    expect(n).toEqual({ typed: 1, reading: '100,00%', question: 'Bedoelt u 1 %?', alternative: 0.01 });
    expect(pct(n.alternative)).toBe(0.01);
  });

  it('0,5 reads as 50 % and offers 0,5 %', () => {
    expect(percentNote('0,5')).toEqual({ typed: 0.5, reading: '50,00%', question: 'Bedoelt u 0,5 %?', alternative: 0.005 });
  });

  it('the other reading has no float noise', () => {
    expect(percentNote('0,07')!.alternative).toBe(0.0007);
  });

  it('no note where the reading is not in doubt: above 1, zero, with a % sign, not a number', () => {
    for (const t of ['2', '1,5', '0', '1%', '0,5 %', 'abc', '', null]) expect(percentNote(t)).toBeNull();
  });
});

describe('percentInput: a % sign says percent outright', () => {
  it('a bare number is stored as typed (the spec rule reads it)', () => {
    expect(percentInput('1', 2)).toBe(1);
    expect(percentInput('2,5', null)).toBe(2.5);
    expect(percentInput(0.3, null)).toBe(0.3);
  });

  it('a number with % is that percentage, in the notation of the value it replaces', () => {
    expect(percentInput('1%', null)).toBe(0.01);
    expect(percentInput('0,5%', 0.02)).toBe(0.005);
    expect(percentInput('12,5%', 2)).toBe(12.5);
    expect(pct(percentInput('12,5%', 0.02)!)).toBe(0.125);
  });

  it('empty clears, text is not a number', () => {
    expect(percentInput('', 2)).toBeNull();
    expect(percentInput(null, 2)).toBeNull();
    expect(percentInput('x', 2)).toBeUndefined();
  });
});

describe('percentFieldText: a "(%)" field shows the percentage, whatever the stored notation (issue 23)', () => {
  it('shows what the user meant after the other reading was chosen', () => {
    expect(percentFieldText(percentNote('0,5')!.alternative)).toBe('0,5');
    expect(percentFieldText(percentNote('1')!.alternative)).toBe('1');
    expect(percentFieldText(percentNote('0,07')!.alternative)).toBe('0,07');
  });
  it('2 and 0,02 both show 2; a bare 0,5 (50 %) shows 50', () => {
    expect([percentFieldText(2), percentFieldText(0.02), percentFieldText(0.5), percentFieldText(21)]).toEqual(['2', '2', '50', '21']);
  });
});
