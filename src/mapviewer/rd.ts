import { RD_NEW, fromRd, toRd } from '../lib/geo.ts';

// The Dutch RD New projection (EPSG:28992, defined with the server's area rules in src/lib/geo.ts) and
// the PDOK tiling scheme in it, so the viewer's map matches the PDOK BRT achtergrondkaart tiles (WMTS
// tile matrix set EPSG:28992) and measures in metres.

/** EPSG:28992 with the datum shift to WGS84, for proj4leaflet's CRS. */
export const RD_PROJ4 = RD_NEW;
export { fromRd, toRd };

/** Top-left corner of the PDOK tile matrix set EPSG:28992 (metres RD). */
export const PDOK_ORIGIN: [number, number] = [-285401.92, 903401.92];
/** Metres per pixel of PDOK's zoom levels 0…16 (3440.64 halved per level). */
export const PDOK_RESOLUTIONS: number[] = Array.from({ length: 17 }, (_, z) => 3440.64 / 2 ** z);
/** The matrix set's extent: [[minX, minY], [maxX, maxY]]. */
export const PDOK_BOUNDS: [[number, number], [number, number]] = [[-285401.92, 22598.08], [595401.92, 903401.92]];
/** PDOK publishes the BRT achtergrondkaart in RD up to this level; deeper levels enlarge its tiles. */
export const PDOK_MAX_NATIVE_ZOOM = 14;
/** The default base layer: PDOK BRT achtergrondkaart, WMTS in RD New. */
export const PDOK_BRT_TILES = 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/{z}/{x}/{y}.png';

/** Amersfoort, the origin of RD (x 155 000, y 463 000): the view when there is nothing to show. */
export const AMERSFOORT_LATLNG: [number, number] = [52.15517440, 5.38720621];

/**
 * The base layer's address from the page's query string: `tiles` = an https (or same-origin, starting with
 * '/') template with {z}, {x} and {y}; 'none' = no base layer. Anything else falls back to PDOK, so a
 * wrong setting never leaves a viewer pointing at an arbitrary scheme.
 */
export function tileTemplate(search: string): string | null {
  const value = new URLSearchParams(search).get('tiles');
  if (value === null || value === '') return PDOK_BRT_TILES;
  if (value === 'none') return null;
  const placeholders = ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  const allowed = /^https:\/\/[^/]/.test(value) || /^\/[^/]/.test(value);
  return placeholders && allowed ? value : PDOK_BRT_TILES;
}
