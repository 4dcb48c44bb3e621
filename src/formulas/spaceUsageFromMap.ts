import { SPACE_USAGE_LOCATIONS, type SpaceUsageLocation, type SpaceUsageRow } from '../model/modelData.ts';
import type { MapTotals } from '../api/contract/map.ts';
import { LOCATION_TITLES } from './workbookLayout.ts';

// 'Overnemen uit kaart' (issue 14 item 4): the m² per function of a version's feature areas into the
// model's space-usage rows (spec 3 §3 space_usage). The rule (docs/decisions.md "Map data into models"):
// a location the map has ends with exactly one row holding the map's m² — its first row keeps id and
// label, further rows of it go, a location without rows gets a new one named after the location;
// locations the map does not have and rows without a location are left as they are.

export type { MapTotals };

/** One line of the take-over's comparison. */
export interface SpaceUsageDiff {
  location: SpaceUsageLocation;
  /** Sum of the model's rows of the location (rows without a value count 0). */
  model: number;
  /** The map's m², or null when the map has no feature area of this function (then nothing changes). */
  map: number | null;
  /** map − model (0 when the map has none). */
  difference: number;
}

/** The map's m² to two decimals: the geometry gives no more than that, and the model shows two. */
const m2 = (v: number) => Math.round(v * 100) / 100;

/** The comparison per location the model or the map has, in the contract's order of locations. */
export function spaceUsageDiff(rows: readonly SpaceUsageRow[], totals: MapTotals): SpaceUsageDiff[] {
  const out: SpaceUsageDiff[] = [];
  for (const location of SPACE_USAGE_LOCATIONS) {
    const own = rows.filter((r) => r.location === location);
    const mapValue = totals[location];
    if (!own.length && mapValue === undefined) continue;
    const model = m2(own.reduce((s, r) => s + (typeof r.value === 'number' && Number.isFinite(r.value) ? r.value : 0), 0));
    const map = mapValue === undefined ? null : m2(mapValue);
    out.push({ location, model, map, difference: map === null ? 0 : m2(map - model) });
  }
  return out;
}

/** The rows after the take-over, and the comparison the user confirmed it on. The input is not changed. */
export function applyMapSpaceUsage(rows: readonly SpaceUsageRow[], totals: MapTotals): { rows: SpaceUsageRow[]; diff: SpaceUsageDiff[] } {
  const diff = spaceUsageDiff(rows, totals);
  const taken = new Set<SpaceUsageLocation>();
  const next: SpaceUsageRow[] = [];
  for (const r of rows) {
    const mapValue = r.location ? totals[r.location] : undefined;
    if (!r.location || mapValue === undefined) {
      next.push({ ...r });
      continue;
    }
    if (taken.has(r.location)) continue; // a further row of a location the map sets
    taken.add(r.location);
    next.push({ ...r, label: r.label?.trim() ? r.label : LOCATION_TITLES[r.location], value: m2(mapValue) });
  }
  let id = Math.max(0, ...rows.map((r) => r.id));
  for (const location of SPACE_USAGE_LOCATIONS) {
    const mapValue = totals[location];
    if (mapValue === undefined || taken.has(location)) continue;
    next.push({ id: ++id, label: LOCATION_TITLES[location], value: m2(mapValue), location });
  }
  return { rows: next, diff };
}
