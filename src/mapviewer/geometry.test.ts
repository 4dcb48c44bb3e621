import { describe, expect, it } from 'vitest';
import type { AreaGeometry } from '../api/contract/map.ts';
import { MAX_VERTICES } from '../api/contract/map.ts';
import { MAP_MESSAGES } from '../lib/mapMessages.ts';
import {
  areaRd, countVertices, featureProblems, geometryProblems, latLngsToPolygons, polygonToLatLngs, polygonsToGeometry, ringToLatLngs,
} from './geometry.ts';
import { fromRd } from './rd.ts';
import { VIEWER_TEXTS } from './texts.ts';

const ll = (lat: number, lng: number) => ({ lat, lng });
const outer = [ll(52, 5), ll(52, 5.01), ll(52.01, 5.01), ll(52.01, 5)];
const hole = [ll(52.002, 5.002), ll(52.002, 5.004), ll(52.004, 5.004)];

function rdSquare(x: number, y: number, side: number): AreaGeometry {
  const ring = [[x, y], [x + side, y], [x + side, y + side], [x, y + side], [x, y]].map((p) => fromRd(p));
  return { type: 'Polygon', coordinates: [ring] };
}

describe('Leaflet latlngs → GeoJSON', () => {
  it('closes a ring and swaps to [longitude, latitude]', () => {
    expect(latLngsToPolygons(outer)).toEqual([[[[5, 52], [5.01, 52], [5.01, 52.01], [5, 52.01], [5, 52]]]]);
  });
  it('keeps holes as further rings of the polygon', () => {
    const [polygon] = latLngsToPolygons([outer, hole]);
    expect(polygon).toHaveLength(2);
    expect(polygon[1]).toEqual([[5.002, 52.002], [5.004, 52.002], [5.004, 52.004], [5.002, 52.002]]);
  });
  it('reads a multipolygon (a cut that split the area) as several polygons', () => {
    expect(latLngsToPolygons([[outer], [hole]])).toHaveLength(2);
  });
  it('does not close an already closed ring twice', () => {
    expect(latLngsToPolygons([...outer, outer[0]])[0][0]).toHaveLength(5);
  });
  it('has nothing for empty latlngs', () => {
    expect(latLngsToPolygons([])).toEqual([]);
    expect(latLngsToPolygons([[]])).toEqual([]);
  });
});

describe('GeoJSON → Leaflet latlngs and back', () => {
  it('drops the closing point and swaps to [lat, lng]; the round trip gives the same geometry', () => {
    const geometry = polygonsToGeometry(latLngsToPolygons([outer, hole]))!;
    expect(geometry.type).toBe('Polygon');
    const latlngs = polygonToLatLngs(geometry.coordinates as [number, number][][]);
    expect(latlngs[0]).toEqual([[52, 5], [52, 5.01], [52.01, 5.01], [52.01, 5]]);
    const back = polygonsToGeometry(latLngsToPolygons(latlngs.map((r) => r.map(([lat, lng]) => ll(lat, lng)))));
    expect(back).toEqual(geometry);
  });
  it('makes none → null, one → Polygon, more → MultiPolygon', () => {
    expect(polygonsToGeometry([])).toBeNull();
    const p = latLngsToPolygons(outer)[0];
    expect(polygonsToGeometry([p])?.type).toBe('Polygon');
    expect(polygonsToGeometry([p, p])?.type).toBe('MultiPolygon');
  });
  it('leaves an open GeoJSON ring as it is', () => {
    expect(ringToLatLngs([[5, 52], [6, 52], [6, 53]])).toHaveLength(3);
  });
});

describe('geometryProblems (Dutch, while drawing)', () => {
  it('has none for a valid polygon with a hole, or for no outline', () => {
    expect(geometryProblems(polygonsToGeometry(latLngsToPolygons([outer, hole])))).toEqual([]);
    expect(geometryProblems(null)).toEqual([]);
  });
  it('refuses a self-intersecting outline (a bow tie)', () => {
    const bowTie = polygonsToGeometry(latLngsToPolygons([ll(52, 5), ll(52.01, 5.01), ll(52, 5.01), ll(52.01, 5)]));
    expect(geometryProblems(bowTie)).toEqual([MAP_MESSAGES.selfIntersection]);
  });
  it('refuses a hole that crosses the outer ring', () => {
    const crossing = [ll(51.995, 5.002), ll(51.995, 5.004), ll(52.004, 5.004)];
    expect(geometryProblems(polygonsToGeometry(latLngsToPolygons([outer, crossing])))).toEqual([MAP_MESSAGES.selfIntersection]);
  });
  it('refuses a ring of fewer than four positions and an open ring (as the server would)', () => {
    expect(geometryProblems({ type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5, 52]]] })).toEqual([MAP_MESSAGES.fewPositions]);
    expect(geometryProblems({ type: 'Polygon', coordinates: [[[5, 52], [5.01, 52], [5.01, 52.01], [5, 52.01]]] })).toEqual([MAP_MESSAGES.openRing]);
  });
  it('refuses more than MAX_VERTICES corners in all', () => {
    const n = MAX_VERTICES + 1;
    const ring = Array.from({ length: n }, (_, i) => {
      const a = (2 * Math.PI * i) / n;
      return ll(52 + 0.01 * Math.sin(a), 5 + 0.01 * Math.cos(a));
    });
    const geometry = polygonsToGeometry(latLngsToPolygons(ring))!;
    expect(countVertices(geometry)).toBe(n);
    expect(geometryProblems(geometry)).toEqual([MAP_MESSAGES.tooManyVertices(n, MAX_VERTICES)]);
    // In all feature areas together, as one PUT of the server counts them.
    const half = polygonsToGeometry(latLngsToPolygons(ring.slice(0, 6000)))!;
    const feature = (name: string) => ({ type: 'Feature' as const, geometry: half, properties: { name, function: 'public_space_green' as const } });
    expect(featureProblems([feature('A'), feature('B')])).toEqual([MAP_MESSAGES.tooManyVertices(12_000, MAX_VERTICES)]);
  });
});

describe('featureProblems', () => {
  const geometry = rdSquare(155_000, 463_000, 100);
  it('asks for a name and a function, once each', () => {
    const f = { type: 'Feature' as const, geometry, properties: { name: ' ', function: null } };
    expect(featureProblems([f, f])).toEqual([VIEWER_TEXTS.featureWithoutName, VIEWER_TEXTS.featureWithoutFunction]);
  });
  it("says which feature area breaks a rule, by name or number", () => {
    const bowTie = polygonsToGeometry(latLngsToPolygons([ll(52, 5), ll(52.01, 5.01), ll(52, 5.01), ll(52.01, 5)]))!;
    expect(featureProblems([
      { type: 'Feature', geometry, properties: { name: 'Park', function: 'public_space_green' } },
      { type: 'Feature', geometry: bowTie, properties: { name: 'Plein', function: 'public_space_paving' } },
    ])).toEqual([MAP_MESSAGES.inFeature('Plein', MAP_MESSAGES.selfIntersection)]);
    expect(featureProblems([{ type: 'Feature', geometry: bowTie, properties: { name: '', function: 'public_space_paving' } }]))
      .toEqual([MAP_MESSAGES.inFeature('1', MAP_MESSAGES.selfIntersection), VIEWER_TEXTS.featureWithoutName]);
  });
  it("says a name breaks the product's name rules before the server refuses it (issue 34 finding 3)", () => {
    const named = (name: string) => ({ type: 'Feature' as const, geometry, properties: { name, function: 'public_space_green' as const } });
    expect(featureProblems([named('<img src=x onerror=alert(1)>'), named('Park: noord')])).toEqual([MAP_MESSAGES.featureNameForbidden]);
    expect(featureProblems([named('Park & Rijn (noord)')])).toEqual([]);
  });
  it('has none for named feature areas with a function', () => {
    expect(featureProblems([{ type: 'Feature', geometry, properties: { name: 'Park', function: 'public_space_green' } }])).toEqual([]);
  });
});

describe('areaRd', () => {
  it('measures a 100 m × 100 m square in RD as 10 000 m², a hole subtracted', () => {
    expect(areaRd(rdSquare(155_000, 463_000, 100))).toBeCloseTo(10_000, 3);
    const outerSq = rdSquare(155_000, 463_000, 100).coordinates[0] as [number, number][];
    const holeSq = rdSquare(155_025, 463_025, 50).coordinates[0] as [number, number][];
    expect(areaRd({ type: 'Polygon', coordinates: [outerSq, holeSq] })).toBeCloseTo(7_500, 3);
  });
});
