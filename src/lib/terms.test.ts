import { describe, expect, it } from 'vitest';
import { TERMS_VERSION, termsVersionText } from './terms.ts';

describe('terms version', () => {
  it('is shown as a Dutch date, not as the stamp', () => {
    expect(termsVersionText('202502211200')).toBe('21 februari 2025');
    expect(termsVersionText('203012312359')).toBe('31 december 2030');
    expect(termsVersionText(TERMS_VERSION)).not.toContain(TERMS_VERSION);
    expect(termsVersionText('v2')).toBe('v2');
  });
});
