// Geometry rules of the map data (issue 14), shared by the server (which decides) and the built-in viewer
// and previews (which warn before saving): the checks of an outline and its area in m². No React, DOM or
// Node imports. Positions are GeoJSON WGS84 [longitude, latitude].
import proj4 from 'proj4';
import { MAP_MESSAGES } from './mapMessages.ts';

type Position = number[];
type Ring = Position[];
/** The geometry shapes of contract/map.ts (`AreaGeometry`), typed here without zod. */
export type AreaGeometry =
  | { type: 'Polygon'; coordinates: Ring[] }
  | { type: 'MultiPolygon'; coordinates: Ring[][] };

/** Most corners one outline (or one PUT of feature areas) may have in all; the contract's MAX_VERTICES. */
export const MAX_VERTICES = 10_000;

/**
 * RD New (EPSG:28992), the Dutch national grid, with the datum shift to WGS84 (the official 7-parameter
 * towgs84 of the EPSG definition); areas are computed in it, where a metre on the map is a metre (scale
 * error below 0,01 % within the Netherlands).
 */
export const RD_NEW = '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 ' +
  '+ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs';
const rd = proj4('EPSG:4326', RD_NEW);

/** [lon, lat] → [x, y] in RD New (metres). */
export const toRd = (p: Position): [number, number] => rd.forward([p[0], p[1]]) as [number, number];
/** [x, y] in RD New → [lon, lat]. */
export const fromRd = (p: Position): [number, number] => rd.inverse([p[0], p[1]]) as [number, number];

const polygonsOf = (g: AreaGeometry): Ring[][] => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

/** Corners of an outline: positions of every ring without the closing one. */
export const vertexCount = (g: AreaGeometry): number =>
  polygonsOf(g).reduce((n, rings) => rings.reduce((m, r) => m + Math.max(0, r.length - 1), n), 0);

/** Shoelace area of a ring already in RD New (m², sign dropped). */
function ringArea(ring: Array<[number, number]>): number {
  let twice = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i], [x2, y2] = ring[i + 1];
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/**
 * Area in m², computed in RD New: per polygon the outer ring minus its holes, summed over the polygons
 * of a multipolygon (the rules forbid overlap, so nothing is counted twice).
 */
export function areaM2(g: AreaGeometry): number {
  let total = 0;
  for (const [outer, ...holes] of polygonsOf(g)) {
    total += ringArea(outer.map(toRd)) - holes.reduce((sum, h) => sum + ringArea(h.map(toRd)), 0);
  }
  return total;
}

type Segment = { ax: number; ay: number; bx: number; by: number; minX: number; maxX: number; ring: number; index: number; last: number };

/** Orientation of c relative to the line a→b: >0 left, <0 right, 0 on it. */
const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
const within = (a: number, b: number, c: number) => Math.min(a, b) <= c && c <= Math.max(a, b);
const onSegment = (s: Segment, x: number, y: number) => within(s.ax, s.bx, x) && within(s.ay, s.by, y);

/** Whether two segments meet (cross, touch, or overlap when collinear). */
function meet(s: Segment, t: Segment): boolean {
  const d1 = orient(s.ax, s.ay, s.bx, s.by, t.ax, t.ay), d2 = orient(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  const d3 = orient(t.ax, t.ay, t.bx, t.by, s.ax, s.ay), d4 = orient(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(s, t.ax, t.ay)) || (d2 === 0 && onSegment(s, t.bx, t.by)) ||
    (d3 === 0 && onSegment(t, s.ax, s.ay)) || (d4 === 0 && onSegment(t, s.bx, s.by));
}

/**
 * Edges next to each other in one ring share a corner, which is no intersection, unless they fold back
 * onto each other (a spike: collinear, both running from the shared corner the same way).
 */
function neighbours(s: Segment, t: Segment): 'no' | 'fine' | 'fold' {
  if (s.ring !== t.ring) return 'no';
  const gap = Math.abs(s.index - t.index);
  if (gap !== 1 && gap !== s.last) return 'no';
  if (s.last === 0) return 'fine';
  // s.b = t.a, or (first and last edge, or t before s) t.b = s.a
  const [px, py, qx, qy, rx, ry] = s.bx === t.ax && s.by === t.ay
    ? [s.bx, s.by, s.ax, s.ay, t.bx, t.by] : [s.ax, s.ay, s.bx, s.by, t.ax, t.ay];
  const fold = orient(px, py, qx, qy, rx, ry) === 0 && (qx - px) * (rx - px) + (qy - py) * (ry - py) > 0;
  return fold ? 'fold' : 'fine';
}

/**
 * Whether any two edges of the outline meet outside their shared corner: within a ring, between a ring
 * and its holes, and between the polygons of a multipolygon. The same rule as `@turf/kinks` (the unit
 * tests compare them), but swept over the edges sorted by x instead of every pair, so 10,000 corners
 * take milliseconds rather than half a second.
 */
export function selfIntersects(g: AreaGeometry): boolean {
  const segments: Segment[] = [];
  let ringNo = 0;
  for (const rings of polygonsOf(g)) {
    for (const ring of rings) {
      const edges: Segment[] = [];
      for (let i = 0; i < ring.length - 1; i++) {
        const [ax, ay] = ring[i], [bx, by] = ring[i + 1];
        if (ax === bx && ay === by) continue; // a repeated point is no edge
        edges.push({ ax, ay, bx, by, minX: Math.min(ax, bx), maxX: Math.max(ax, bx), ring: ringNo, index: edges.length, last: 0 });
      }
      for (const e of edges) e.last = edges.length - 1;
      segments.push(...edges);
      ringNo++;
    }
  }
  segments.sort((s, t) => s.minX - t.minX);
  // the edges whose x-range still reaches the sweep line, compacted in place (no array per step)
  const active: Segment[] = [];
  for (const s of segments) {
    let kept = 0;
    for (let i = 0; i < active.length; i++) {
      const t = active[i];
      if (t.maxX < s.minX) continue;
      active[kept++] = t;
      if (Math.max(s.ay, s.by) < Math.min(t.ay, t.by) || Math.max(t.ay, t.by) < Math.min(s.ay, s.by)) continue;
      const next = neighbours(s, t);
      if (next === 'fold') return true;
      if (next === 'no' && meet(s, t)) return true;
    }
    active.length = kept;
    active.push(s);
  }
  return false;
}

/**
 * The first rule an outline breaks, as the Dutch message the server answers with 400, or its area in m²
 * when it is valid (one projection of the corners for both). The shape itself (polygon or multipolygon,
 * positions of numbers) is the contract's.
 */
export function checkOutline(g: AreaGeometry, maxVertices = MAX_VERTICES): { problem: string } | { area: number } {
  for (const rings of polygonsOf(g)) {
    for (const ring of rings) {
      if (ring.length < 4) return { problem: MAP_MESSAGES.fewPositions };
      const first = ring[0], last = ring[ring.length - 1];
      if (first[0] !== last[0] || first[1] !== last[1]) return { problem: MAP_MESSAGES.openRing };
    }
  }
  const n = vertexCount(g);
  if (n > maxVertices) return { problem: MAP_MESSAGES.tooManyVertices(n, maxVertices) };
  if (selfIntersects(g)) return { problem: MAP_MESSAGES.selfIntersection };
  let area = 0;
  for (const [outer, ...holes] of polygonsOf(g)) {
    const outerArea = ringArea(outer.map(toRd));
    if (outerArea === 0) return { problem: MAP_MESSAGES.emptyArea };
    area += outerArea - holes.reduce((sum, h) => sum + ringArea(h.map(toRd)), 0);
  }
  return { area };
}

/** The first rule an outline breaks (checkOutline's message), or null when it is valid. */
export function outlineProblem(g: AreaGeometry, maxVertices = MAX_VERTICES): string | null {
  const checked = checkOutline(g, maxVertices);
  return 'problem' in checked ? checked.problem : null;
}
