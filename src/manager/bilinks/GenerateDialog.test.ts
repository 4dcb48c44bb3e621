import { describe, expect, it } from 'vitest';
import { validityChoices } from './GenerateDialog.tsx';

describe('validityChoices', () => {
  it('offers the validities within the client\'s maximum, and the maximum itself', () => {
    expect(validityChoices(365).map((c) => c.label)).toEqual(['1 dag', '1 week', '30 dagen', '90 dagen', '180 dagen', '1 jaar']);
    expect(validityChoices(14)).toEqual([{ value: 1, label: '1 dag' }, { value: 7, label: '1 week' }, { value: 14, label: '14 dagen' }]);
    expect(validityChoices(1)).toEqual([{ value: 1, label: '1 dag' }]);
  });
});
