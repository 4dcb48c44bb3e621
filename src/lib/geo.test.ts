import { describe, expect, it } from 'vitest';
import kinks from '@turf/kinks';
import { MAP_MESSAGES } from './mapMessages.ts';
import { areaM2, fromRd, outlineProblem, selfIntersects, toRd, vertexCount, type AreaGeometry } from './geo.ts';

/** A ring given in RD New metres, as WGS84 positions (closed). */
const rdRing = (corners: Array<[number, number]>) => [...corners, corners[0]].map(fromRd);
const square = (x: number, y: number, size: number) => rdRing([[x, y], [x + size, y], [x + size, y + size], [x, y + size]]);
const polygon = (...rings: number[][][]): AreaGeometry => ({ type: 'Polygon', coordinates: rings });

describe('areaM2 (RD New)', () => {
  it('a 100 m × 100 m square around Amersfoort is 10,000 m² within 0,1 %', () => {
    const g = polygon(square(155_000, 463_000, 100));
    expect(Math.abs(areaM2(g) - 10_000) / 10_000).toBeLessThan(0.001);
    // the conversion goes back to the metres it came from
    const [x, y] = toRd(fromRd([155_100, 463_100]));
    expect(x).toBeCloseTo(155_100, 3);
    expect(y).toBeCloseTo(463_100, 3);
  });

  it('subtracts holes and sums the polygons of a multipolygon, whatever the winding', () => {
    const hole = square(155_025, 463_025, 50).reverse();
    expect(areaM2(polygon(square(155_000, 463_000, 100), hole))).toBeCloseTo(7_500, 0);
    const multi: AreaGeometry = { type: 'MultiPolygon', coordinates: [[square(155_000, 463_000, 100)], [square(156_000, 463_000, 200)]] };
    expect(areaM2(multi)).toBeCloseTo(50_000, 0);
  });

  it('counts corners without the closing position', () => {
    expect(vertexCount(polygon(square(155_000, 463_000, 100), square(155_025, 463_025, 50)))).toBe(8);
  });
});

describe('outlineProblem', () => {
  const ok = square(155_000, 463_000, 100);

  it('accepts a polygon with a hole and a multipolygon', () => {
    expect(outlineProblem(polygon(ok, square(155_025, 463_025, 50)))).toBeNull();
    expect(outlineProblem({ type: 'MultiPolygon', coordinates: [[ok], [square(156_000, 463_000, 10)]] })).toBeNull();
  });

  it('refuses an open ring', () => {
    expect(outlineProblem(polygon(ok.slice(0, -1).concat([[5.4, 52.2]])))).toBe(MAP_MESSAGES.openRing);
  });

  it('refuses a ring of fewer than four positions', () => {
    expect(outlineProblem(polygon([ok[0], ok[1], ok[0]]))).toBe(MAP_MESSAGES.fewPositions);
  });

  it('refuses a bow tie, a hole crossing its outer ring, overlapping polygons and a spike', () => {
    const bowTie = rdRing([[155_000, 463_000], [155_100, 463_100], [155_100, 463_000], [155_000, 463_100]]);
    expect(outlineProblem(polygon(bowTie))).toBe(MAP_MESSAGES.selfIntersection);
    expect(outlineProblem(polygon(ok, square(155_050, 463_050, 100)))).toBe(MAP_MESSAGES.selfIntersection);
    expect(outlineProblem({ type: 'MultiPolygon', coordinates: [[ok], [square(155_050, 463_050, 100)]] })).toBe(MAP_MESSAGES.selfIntersection);
    const spike = polygon([[5, 52], [5.1, 52], [5.1, 52.1], [5.1, 52.05], [5, 52.1], [5, 52]]);
    expect(outlineProblem(spike)).toBe(MAP_MESSAGES.selfIntersection);
  });

  it('refuses an outline without area', () => {
    expect(outlineProblem(polygon([[5, 52], [5.1, 52], [5.2, 52], [5, 52]]))).not.toBeNull();
  });

  it('refuses more than the maximum number of corners', () => {
    const n = 10_001;
    const ring = Array.from({ length: n }, (_, i) => [5.38 + 0.01 * Math.cos((2 * Math.PI * i) / n), 52.15 + 0.01 * Math.sin((2 * Math.PI * i) / n)]);
    ring.push(ring[0]);
    expect(outlineProblem(polygon(ring))).toBe(MAP_MESSAGES.tooManyVertices(10_001, 10_000));
    expect(outlineProblem(polygon(ring.slice(1)))).toBe(MAP_MESSAGES.openRing);
    expect(outlineProblem(polygon([...ring.slice(0, 10_000), ring[0]]))).toBeNull();
  });

  it('finds the same self-intersections as @turf/kinks on random polygons', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let n = 0; n < 300; n++) {
      const corners = 3 + Math.floor(random() * 12);
      const ring = Array.from({ length: corners }, () => [5 + random() * 0.1, 52 + random() * 0.1]);
      ring.push(ring[0]);
      const rings = random() < 0.3 ? [ring, [[5.04, 52.04], [5.06, 52.04], [5.06, 52.06], [5.04, 52.04]]] : [ring];
      const g = polygon(...rings);
      expect(selfIntersects(g), JSON.stringify(g)).toBe(kinks(g as never).features.length > 0);
    }
  });
});
