import { endpoints } from './endpoints.ts';
import type { MapTotals } from './contract/map.ts';
import { call } from './http.ts';

// The version's m² per function for 'Overnemen uit kaart' (issue 14): the `totals` of GET
// mapviewer/version-model/{id}/features/ (contract src/api/contract/map.ts). The keys are the model's
// space-usage locations, snake_case as in the model data (the endpoint keeps the wire's keys).
export const mapTotalsApi = {
  totals: (versionId: number): Promise<MapTotals> =>
    call(endpoints.map.versionFeatures, { params: { id: versionId } }).then((a) => a.totals),
  /** The version region's m² to two decimals, as the server computed it; null when none is drawn. */
  regionArea: (versionId: number): Promise<number | null> =>
    call(endpoints.map.versionRegion, { params: { id: versionId } })
      .then((a) => (a ? Math.round(a.properties.area_m2 * 100) / 100 : null)),
};
