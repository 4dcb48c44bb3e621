import kinks from '@turf/kinks';
import type { AreaGeometry } from '../api/contract/map.ts';
import { MAX_VERTICES } from '../api/contract/map.ts';
import type { DrawnFeature } from './protocol.ts';
import { toRd } from './rd.ts';
import { VIEWER_TEXTS } from './texts.ts';

// GeoJSON (WGS84, [lon, lat], closed rings) ↔ Leaflet's nested latlngs ([lat, lng], open rings), and the
// geometry rules the viewer checks while drawing. Pure functions: the page (main.ts) does the Leaflet part.

/** GeoJSON [longitude, latitude] (an altitude may follow). */
export type Position = [number, number, ...number[]];
/** One polygon: its outer ring, then its holes; GeoJSON rings are closed (first = last). */
export type PolygonCoords = Position[][];
/** A Leaflet-style point; L.LatLng has these fields. */
export interface LatLngLike { lat: number; lng: number }
/** What L.Polygon#getLatLngs() returns: a ring, a polygon (rings) or a multipolygon (polygons of rings). */
export type NestedLatLngs = LatLngLike[] | LatLngLike[][] | LatLngLike[][][];

/** The polygons of an outline. */
export function geometryPolygons(geometry: AreaGeometry): PolygonCoords[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** An outline from its polygons: none → null, one → Polygon, more → MultiPolygon. */
export function polygonsToGeometry(polygons: PolygonCoords[]): AreaGeometry | null {
  const kept = polygons.filter((p) => p.length > 0 && p[0].length > 0);
  if (kept.length === 0) return null;
  return kept.length === 1 ? { type: 'Polygon', coordinates: kept[0] } : { type: 'MultiPolygon', coordinates: kept };
}

/** A GeoJSON ring → Leaflet [lat, lng] pairs without the closing point (Leaflet closes polygons itself). */
export function ringToLatLngs(ring: Position[]): [number, number][] {
  const open = ring.length > 1 && samePoint(ring[0], ring[ring.length - 1]) ? ring.slice(0, -1) : ring;
  return open.map((p) => [p[1], p[0]]);
}

/** One polygon → the latlngs of one L.Polygon (outer ring and holes). */
export function polygonToLatLngs(polygon: PolygonCoords): [number, number][][] {
  return polygon.map(ringToLatLngs);
}

/** Leaflet latlngs (any depth) → GeoJSON polygons with closed rings. */
export function latLngsToPolygons(latlngs: NestedLatLngs): PolygonCoords[] {
  if (latlngs.length === 0) return [];
  if (isPoint(latlngs[0])) return [[closeRing(latlngs as LatLngLike[])]];
  const rings = latlngs as LatLngLike[][] | LatLngLike[][][];
  if (rings[0].length === 0 || isPoint(rings[0][0])) {
    const polygon = (rings as LatLngLike[][]).filter((r) => r.length > 0).map(closeRing);
    return polygon.length ? [polygon] : [];
  }
  return (rings as LatLngLike[][][]).flatMap((p) => latLngsToPolygons(p));
}

function isPoint(v: unknown): v is LatLngLike {
  return typeof v === 'object' && v !== null && 'lat' in v && 'lng' in v;
}

function closeRing(ring: LatLngLike[]): Position[] {
  const coords = ring.map((p): Position => [p.lng, p.lat]);
  if (coords.length > 0 && !samePoint(coords[0], coords[coords.length - 1])) coords.push([coords[0][0], coords[0][1]]);
  return coords;
}

function samePoint(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Corners in all (closing points not counted), as the server's MAX_VERTICES counts them. */
export function countVertices(geometry: AreaGeometry): number {
  return geometryPolygons(geometry).reduce((n, p) => n + p.reduce((m, r) => m + Math.max(0, r.length - 1), 0), 0);
}

/** Distinct corners of a closed ring. */
function distinctCorners(ring: Position[]): number {
  return new Set(ring.slice(0, -1).map((p) => `${p[0]},${p[1]}`)).size;
}

/** The Dutch problems of one outline (empty when it may be saved). */
export function geometryProblems(geometry: AreaGeometry | null): string[] {
  if (!geometry) return [];
  const problems = new Set<string>();
  if (countVertices(geometry) > MAX_VERTICES) problems.add(VIEWER_TEXTS.tooManyVertices(MAX_VERTICES));
  else {
    for (const polygon of geometryPolygons(geometry)) {
      if (polygon.some((r) => distinctCorners(r) < 3)) problems.add(VIEWER_TEXTS.tooFewCorners);
      else if (kinks({ type: 'Polygon', coordinates: polygon }).features.length > 0) problems.add(VIEWER_TEXTS.selfIntersection);
    }
  }
  return [...problems];
}

/** The Dutch problems of the feature areas: their geometry, a missing name or function, too many corners in all. */
export function featureProblems(features: DrawnFeature[]): string[] {
  const problems = new Set<string>();
  const total = features.reduce((n, f) => n + countVertices(f.geometry), 0);
  if (total > MAX_VERTICES) problems.add(VIEWER_TEXTS.tooManyVertices(MAX_VERTICES));
  for (const f of features) {
    if (total <= MAX_VERTICES) for (const p of geometryProblems(f.geometry)) problems.add(p);
    if (!f.properties.name.trim()) problems.add(VIEWER_TEXTS.featureWithoutName);
    if (!f.properties.function) problems.add(VIEWER_TEXTS.featureWithoutFunction);
  }
  return [...problems];
}

/**
 * Area in m² measured in RD New (holes subtracted), shown beside a feature while drawing. Indicative only:
 * the server computes the stored figures.
 */
export function areaRd(geometry: AreaGeometry): number {
  let total = 0;
  for (const polygon of geometryPolygons(geometry)) {
    polygon.forEach((ring, i) => {
      const a = Math.abs(shoelace(ring.map((p) => toRd(p))));
      total += i === 0 ? a : -a;
    });
  }
  return total;
}

function shoelace(ring: [number, number][]): number {
  let s = 0;
  for (let i = 0; i < ring.length - 1; i++) s += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return s / 2;
}
