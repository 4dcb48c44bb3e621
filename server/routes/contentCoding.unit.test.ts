import { describe, expect, it } from 'vitest';
import { acceptedCoding } from './contentCoding.ts';

describe('acceptedCoding', () => {
  it('picks br, then gzip, from what the caller accepts; q=0 refuses', () => {
    expect(acceptedCoding(undefined)).toBeNull();
    expect(acceptedCoding('')).toBeNull();
    expect(acceptedCoding('identity')).toBeNull();
    expect(acceptedCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedCoding('gzip, deflate')).toBe('gzip');
    expect(acceptedCoding('GZIP;q=0.5')).toBe('gzip');
    expect(acceptedCoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedCoding('br; q=0.0, gzip;q=0')).toBeNull();
    expect(acceptedCoding('deflate, *')).toBeNull();
  });
});
