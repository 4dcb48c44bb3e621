import { describe, expect, it } from 'vitest';
import { formatCount } from './count.ts';

describe('formatCount', () => {
  it('names one in the singular, every other count (zero too) in the plural, with Dutch digit grouping', () => {
    expect(formatCount(1, 'rekenmodel', 'rekenmodellen')).toBe('1 rekenmodel');
    expect(formatCount(0, 'rekenmodel', 'rekenmodellen')).toBe('0 rekenmodellen');
    expect(formatCount(2, 'dag', 'dagen')).toBe('2 dagen');
    expect(formatCount(1200, 'project', 'projecten')).toBe('1.200 projecten');
  });
});
