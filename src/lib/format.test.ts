import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatTime } from './format.ts';

describe('formatFileSize', () => {
  it('uses Bytes below 1e3', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(999)).toBe('999 Bytes');
  });
  it('switches at the decimal thresholds 1e3, 1e6, 1e9', () => {
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,54 KB');
    expect(formatFileSize(999_999)).toBe('1.000 KB');
    expect(formatFileSize(1_000_000)).toBe('1 MB');
    expect(formatFileSize(2_500_000)).toBe('2,5 MB');
    expect(formatFileSize(1_000_000_000)).toBe('1 GB');
    expect(formatFileSize(12_340_000_000)).toBe('12,34 GB');
  });
  it('shows - for missing sizes', () => {
    expect(formatFileSize(null)).toBe('-');
    expect(formatFileSize(undefined)).toBe('-');
  });
});

describe('dates in nl-NL, Europe/Amsterdam', () => {
  it('formats winter and summer time', () => {
    expect(formatDateTime('2026-01-15T12:30:00Z')).toBe('15-01-2026 13:30');
    expect(formatDateTime('2026-07-01T22:05:00Z')).toBe('02-07-2026 00:05');
    expect(formatDate('2026-07-01T22:05:00Z')).toBe('02-07-2026');
    expect(formatTime('2026-01-15T12:30:09Z')).toBe('13:30:09');
  });
  it('shows - for empty values', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatTime('nope')).toBe('-');
  });
});
