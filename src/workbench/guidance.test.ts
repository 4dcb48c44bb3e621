import { describe, expect, it } from 'vitest';
import { emptyGridHint } from './guidance.ts';

describe('emptyGridHint', () => {
  it('points an editor on Raming to the field that adds an entry', () => {
    expect(emptyGridHint('estimate', false)).toContain("'Post toevoegen'");
  });
  it('sends an editor on the other tabs to Raming', () => {
    for (const tab of ['indexing', 'phasing', 'bookvalue'] as const) expect(emptyGridHint(tab, false)).toContain('tabblad Raming');
  });
  it('does not tell a reader to add what they cannot', () => {
    for (const tab of ['estimate', 'phasing'] as const) expect(emptyGridHint(tab, true)).not.toMatch(/toevoegen|voeg/);
  });
});
