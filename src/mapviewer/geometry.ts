import type { AreaGeometry } from '../api/contract/map.ts';
import { MAP_MESSAGES } from '../lib/mapMessages.ts';
import { MAX_VERTICES, areaM2, outlineProblem, vertexCount } from '../lib/geo.ts';
import { hasForbiddenNameChars } from '../lib/names.ts';
import type { DrawnFeature } from './protocol.ts';
import { VIEWER_TEXTS } from './texts.ts';

// GeoJSON (WGS84, [lon, lat], closed rings) ↔ Leaflet's nested latlngs ([lat, lng], open rings), and the
// problems the viewer shows while drawing: the server's own rules (src/lib/geo.ts, the same Dutch
// messages as its 400 answers) plus the feature areas' name and function. Pure functions: the page
// (main.ts) does the Leaflet part.

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

/** Corners in all (closing points not counted), as the server counts them against MAX_VERTICES. */
export const countVertices = vertexCount;

/** The Dutch problem of one outline, as a list (empty when it may be saved, or when there is none). */
export function geometryProblems(geometry: AreaGeometry | null): string[] {
  const problem = geometry ? outlineProblem(geometry) : null;
  return problem ? [problem] : [];
}

/**
 * The Dutch problems of the feature areas: too many corners in all (as the server counts one PUT), each
 * area's own rule (with its name, as the server says it), a missing name or function.
 */
export function featureProblems(features: DrawnFeature[]): string[] {
  const problems = new Set<string>();
  const total = features.reduce((n, f) => n + vertexCount(f.geometry), 0);
  if (total > MAX_VERTICES) problems.add(MAP_MESSAGES.tooManyVertices(total, MAX_VERTICES));
  features.forEach((f, i) => {
    const problem = total <= MAX_VERTICES ? outlineProblem(f.geometry) : null;
    if (problem) problems.add(MAP_MESSAGES.inFeature(f.properties.name.trim() || `${i + 1}`, problem));
    if (!f.properties.name.trim()) problems.add(VIEWER_TEXTS.featureWithoutName);
    if (hasForbiddenNameChars(f.properties.name)) problems.add(MAP_MESSAGES.featureNameForbidden); // the server's rule, said before saving
    if (!f.properties.function) problems.add(VIEWER_TEXTS.featureWithoutFunction);
  });
  return [...problems];
}

/** Area in m² as the server computes it (RD New, holes subtracted); shown beside a feature while drawing. */
export const areaRd = areaM2;
