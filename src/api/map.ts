import type { z } from 'zod';
import type {
  AreaGeometry, ClientRegionAnswer, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineFeature, OverviewAnswer,
  OverviewRegion, OverviewRegions,
} from './contract/map.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

// GeoJSON keeps its wire keys (snake_case properties); only the plain answers are camelized.
export type { AreaGeometry, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineFeature, OverviewRegion, OverviewRegions };

const M = '/manager/mapviewer';
/**
 * GeoJSON goes over the wire as it is: camelizing would rename `area_m2` and the totals' location keys
 * (`main_structure_paving`) that the contract names.
 */
const raw = { rawBody: true } as const;
const get = <T>(path: string) => request<T>('GET', path, raw);
const put = <T>(path: string, body: unknown) => request<T>('PUT', path, { ...raw, body: body ?? null });
const id = (value: number) => required(value, 'id');

/** The map viewer's calls (spec 1 §7 `mapviewer/…`, issue 14): outlines, feature areas and the frames' addresses. */
export const mapApi = {
  versionRegion: (versionId: number) => get<OutlineAnswer>(`${M}/version-model/${id(versionId)}/region/`),
  saveVersionRegion: (versionId: number, outline: OutlineFeature | null) =>
    put<OutlineAnswer>(`${M}/version-model/${id(versionId)}/region/`, outline),
  versionFeatures: (versionId: number) => get<FeatureAreasAnswer>(`${M}/version-model/${id(versionId)}/features/`),
  saveVersionFeatures: (versionId: number, features: FeatureAreasBody) =>
    put<FeatureAreasAnswer>(`${M}/version-model/${id(versionId)}/features/`, required(features, 'features')),
  subregionOutline: (subregionId: number) => get<OutlineAnswer>(`${M}/subregion/${id(subregionId)}/outline/`),
  saveSubregionOutline: (subregionId: number, outline: OutlineFeature | null) =>
    put<OutlineAnswer>(`${M}/subregion/${id(subregionId)}/outline/`, outline),
  clientRegionOutline: () => get<OutlineAnswer>(`${M}/client_region/outline/`),
  saveClientRegionOutline: (outline: OutlineFeature | null) => put<OutlineAnswer>(`${M}/client_region/outline/`, outline),
  /** GET mapviewer/client_region/: the address of the client region's frame (null when it cannot be served). */
  clientRegion: () => request<Camelize<z.infer<typeof ClientRegionAnswer>>>('GET', `${M}/client_region/`),
  /** GET mapviewer/overview/: the address of the overview frame. */
  overview: () => request<Camelize<z.infer<typeof OverviewAnswer>>>('GET', `${M}/overview/`),
  overviewRegions: () => get<OverviewRegions>(`${M}/overview/regions/`),
};
export type MapApi = typeof mapApi;
