import type {
  AreaGeometry, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineFeature, OverviewRegion, OverviewRegions,
} from './contract/map.ts';
import { endpoints } from './endpoints.ts';
import { call, required } from './http.ts';

// GeoJSON keeps its wire keys (snake_case properties); only the plain answers are camelized (mapEndpoints).
export type { AreaGeometry, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineFeature, OverviewRegion, OverviewRegions };

const ep = endpoints.map;

/** The map viewer's calls (spec 1 §7 `mapviewer/…`, issue 14): outlines, feature areas and the frames' addresses. */
export const mapApi = {
  versionRegion: (versionId: number) => call(ep.versionRegion, { params: { id: versionId } }),
  saveVersionRegion: (versionId: number, outline: OutlineFeature | null) =>
    call(ep.saveVersionRegion, { params: { id: versionId }, body: outline }),
  versionFeatures: (versionId: number) => call(ep.versionFeatures, { params: { id: versionId } }),
  saveVersionFeatures: (versionId: number, features: FeatureAreasBody) =>
    call(ep.saveVersionFeatures, { params: { id: versionId }, body: required(features, 'features') }),
  subregionOutline: (subregionId: number) => call(ep.subregionOutline, { params: { id: subregionId } }),
  saveSubregionOutline: (subregionId: number, outline: OutlineFeature | null) =>
    call(ep.saveSubregionOutline, { params: { id: subregionId }, body: outline }),
  clientRegionOutline: () => call(ep.clientRegionOutline),
  saveClientRegionOutline: (outline: OutlineFeature | null) => call(ep.saveClientRegionOutline, { body: outline }),
  /** GET mapviewer/client_region/: the address of the client region's frame (null when it cannot be served). */
  clientRegion: () => call(ep.clientRegion),
  /** GET mapviewer/overview/: the address of the overview frame. */
  overview: () => call(ep.overview),
  overviewRegions: () => call(ep.overviewRegions),
};
export type MapApi = typeof mapApi;
