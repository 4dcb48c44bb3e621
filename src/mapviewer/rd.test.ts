import { describe, expect, it } from 'vitest';
import { AMERSFOORT_LATLNG, PDOK_BRT_TILES, PDOK_RESOLUTIONS, fromRd, tileTemplate, toRd } from './rd.ts';

describe('RD New conversion', () => {
  it('puts Amersfoort (the origin of RD) at x 155 000, y 463 000', () => {
    const [x, y] = toRd([AMERSFOORT_LATLNG[1], AMERSFOORT_LATLNG[0]]);
    expect(x).toBeCloseTo(155_000, 0);
    expect(y).toBeCloseTo(463_000, 0);
  });

  it('converts back and forth within a centimetre', () => {
    for (const p of [[13_000, 380_000], [155_000, 463_000], [270_000, 600_000]] as [number, number][]) {
      const [x, y] = toRd(fromRd(p));
      expect(x).toBeCloseTo(p[0], 2);
      expect(y).toBeCloseTo(p[1], 2);
    }
  });

  it('uses the PDOK tiling scheme: 3440,64 m per pixel at level 0, halved per level', () => {
    expect(PDOK_RESOLUTIONS[0]).toBe(3440.64);
    expect(PDOK_RESOLUTIONS[14]).toBeCloseTo(0.21, 10);
    expect(PDOK_RESOLUTIONS).toHaveLength(17);
  });
});

describe('tileTemplate (the base layer from the page address)', () => {
  it('is PDOK BRT by default', () => {
    expect(tileTemplate('')).toBe(PDOK_BRT_TILES);
    expect(PDOK_BRT_TILES).toContain('/EPSG:28992/{z}/{x}/{y}.png');
  });
  it('takes another https or same-origin template, or none', () => {
    expect(tileTemplate('?tiles=https%3A%2F%2Ftiles.example.nl%2Frd%2F%7Bz%7D%2F%7Bx%7D%2F%7By%7D.png')).toBe('https://tiles.example.nl/rd/{z}/{x}/{y}.png');
    expect(tileTemplate('?tiles=/tiles/{z}/{x}/{y}.png')).toBe('/tiles/{z}/{x}/{y}.png');
    expect(tileTemplate('?tiles=none')).toBeNull();
  });
  it('falls back to PDOK for other schemes, protocol-relative addresses or templates without {z}/{x}/{y}', () => {
    expect(tileTemplate('?tiles=javascript:alert(1)/{z}/{x}/{y}')).toBe(PDOK_BRT_TILES);
    expect(tileTemplate('?tiles=http://tiles.example.nl/{z}/{x}/{y}.png')).toBe(PDOK_BRT_TILES);
    expect(tileTemplate('?tiles=//evil.example/{z}/{x}/{y}.png')).toBe(PDOK_BRT_TILES);
    expect(tileTemplate('?tiles=https://tiles.example.nl/static.png')).toBe(PDOK_BRT_TILES);
  });
});
