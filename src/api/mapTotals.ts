import { request, required } from './http.ts';
import type { FeatureAreasAnswer, OutlineAnswer } from './contract/map.ts';
import type { MapTotals } from '../formulas/spaceUsageFromMap.ts';

// The version's m² per function for 'Overnemen uit kaart' (issue 14): the `totals` of GET
// mapviewer/version-model/{id}/features/ (contract src/api/contract/map.ts). Raw answer: the keys are
// the model's space-usage locations, snake_case as in the model data.
export const mapTotalsApi = {
  totals: (versionId: number): Promise<MapTotals> =>
    request<FeatureAreasAnswer>('GET', `/manager/mapviewer/version-model/${required(versionId, 'versionId')}/features/`, { rawBody: true })
      .then((a) => a.totals),
  /** The version region's m² to two decimals, as the server computed it; null when none is drawn. */
  regionArea: (versionId: number): Promise<number | null> =>
    request<OutlineAnswer>('GET', `/manager/mapviewer/version-model/${required(versionId, 'versionId')}/region/`, { rawBody: true })
      .then((a) => (a ? Math.round(a.properties.area_m2 * 100) / 100 : null)),
};
