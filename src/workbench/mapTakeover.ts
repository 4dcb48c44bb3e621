// 'Overnemen uit kaart' (issue 14): the version's map data fetched and compared with the model's space
// usage, as the comparison the modeller confirms (or the message why there is none).
import type { SpaceUsageRow } from '../model/modelData.ts';
import type { ResultsSummary } from '../model/results.ts';
import { spaceUsageDiff, type MapTotals } from '../formulas/spaceUsageFromMap.ts';
import { MSG, type MapTakeover, type WorkbenchApi } from './workbenchContract.ts';

/**
 * The version's m² per function and region area beside the model's. `now` gives the model's rows and
 * results as they are when the answer arrives (the modeller may edit meanwhile).
 */
export async function compareWithMap(
  api: WorkbenchApi, versionId: number, now: () => { space: SpaceUsageRow[]; results: ResultsSummary | null },
): Promise<Extract<MapTakeover, { step: 'confirm' }> | { error: string }> {
  let totals: MapTotals;
  let region: number | null;
  try {
    [totals, region] = await Promise.all([api.mapTotals(versionId), api.mapRegionArea?.(versionId) ?? null]);
  } catch {
    return { error: MSG.mapLoadFailed };
  }
  // The map data went since the model was loaded.
  if (!Object.keys(totals).length && region === null) return { error: MSG.mapEmpty };
  const { space, results } = now();
  const gross = region === null || !results ? null : { model: results.spaceUsage.gross, map: region };
  // Only a region: the rows stay as they are, so the comparison is the gross area alone.
  const diff = Object.keys(totals).length ? spaceUsageDiff(space, totals) : [];
  return { step: 'confirm', totals, diff, gross };
}
