import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './commonPasswords.ts';
import { isCommonPassword, unmetPasswordRequirements } from './passwordPolicy.ts';

describe('password policy', () => {
  it('ships at least 10,000 distinct common passwords', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(new Set(list).size).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(10_000);
  });

  it('lists every unmet requirement in Dutch, in a fixed order', () => {
    expect(unmetPasswordRequirements('')).toEqual([
      'Minimaal 12 tekens', 'Minimaal één hoofdletter', 'Minimaal één kleine letter', 'Minimaal één cijfer', 'Minimaal één speciaal teken',
    ]);
    expect(unmetPasswordRequirements('abcdefghijkl')).toEqual(['Minimaal één hoofdletter', 'Minimaal één cijfer', 'Minimaal één speciaal teken']);
    expect(unmetPasswordRequirements(`Aa1!${'x'.repeat(125)}`)).toEqual(['Maximaal 128 tekens']);
    expect(unmetPasswordRequirements('Correct-Paard-42!')).toEqual([]);
  });

  it('refuses common passwords, also with digits and symbols around them', () => {
    expect(isCommonPassword('qwerty')).toBe(true);
    expect(isCommonPassword('Password123!')).toBe(true);
    expect(isCommonPassword('!!Sunshine2024')).toBe(true);
    expect(isCommonPassword('Zomervakantie-Texel-9')).toBe(false);
    expect(unmetPasswordRequirements('Password1234!')).toEqual(['Dit wachtwoord is te bekend; kies een ander.']);
  });
});
