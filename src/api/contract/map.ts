import { z } from 'zod';
import { MAX_NAME_LENGTH, hasForbiddenNameChars } from '../../lib/names.ts';
import { IdParams } from './common.ts';
import { SpaceUsageLocation } from '../../model/modelData.ts';
import { MAP_MESSAGES } from '../../lib/mapMessages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Map data (issue 14; spec 1 §2 "Map viewer screens", §7 mapviewer/…): outlines as GeoJSON in WGS84
// (longitude, latitude), stored in PostgreSQL, their areas computed by the server. The shapes below are
// what the wire allows; the server checks the rest (closed rings, no self-intersection, at most
// MAX_VERTICES corners in all) and answers 400 with a Dutch message (MAP_MESSAGES in messages.ts).

/** Most corners one outline (or one PUT of feature areas) may have in all (the rule lives with the others in lib/geo.ts). */
export { MAX_VERTICES } from '../../lib/geo.ts';

/** [longitude, latitude] or with a height: at most three numbers (RFC 7946 §3.1.1 allows more; we store none). */
const Position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number())
  .refine((p) => p.length <= 3, MAP_MESSAGES.manyCoordinates);
const Ring = z.array(Position).min(4, MAP_MESSAGES.fewPositions);
export const Polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring).min(1) });
export const MultiPolygon = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring).min(1)).min(1) });
/** An outline: a polygon (holes allowed) or several. */
export const AreaGeometry = z.discriminatedUnion('type', [Polygon, MultiPolygon], { error: MAP_MESSAGES.notAnArea });
export type AreaGeometry = z.infer<typeof AreaGeometry>;

/** PUT …/region/, …/outline/: a Feature with the outline; `null` removes it. */
export const OutlineFeature = z.object({
  type: z.literal('Feature'),
  geometry: AreaGeometry,
  properties: z.record(z.string(), z.unknown()).nullish(),
});
export type OutlineFeature = z.infer<typeof OutlineFeature>;
export const OutlineBody = OutlineFeature.nullable();

/** GET/PUT answer of an outline: the Feature with the server's area (m²), or null when there is none. */
export const OutlineAnswer = z.object({
  type: z.literal('Feature'),
  geometry: AreaGeometry,
  properties: z.object({ area_m2: z.number() }).passthrough(),
}).nullable();
export type OutlineAnswer = z.infer<typeof OutlineAnswer>;

/** A feature area's name: the product's name rules (src/lib/names.ts), as a project's (issue 34 finding 3). */
const FeatureAreaName = z.string().trim().min(1).max(MAX_NAME_LENGTH, `Gebruik maximaal ${MAX_NAME_LENGTH} tekens.`)
  .refine((v) => !hasForbiddenNameChars(v), MAP_MESSAGES.featureNameForbidden);

/** A feature area: a polygon with a name and a function (a space-usage location of the model contract). */
export const FeatureAreaIn = z.object({
  type: z.literal('Feature'),
  geometry: AreaGeometry,
  properties: z.object({ name: FeatureAreaName, function: SpaceUsageLocation }),
});
/** PUT mapviewer/version-model/{id}/features/: all of the version's feature areas (an empty list removes them). */
export const FeatureAreasBody = z.object({ type: z.literal('FeatureCollection'), features: z.array(FeatureAreaIn) });
export type FeatureAreasBody = z.infer<typeof FeatureAreasBody>;

export const FeatureAreaOut = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: AreaGeometry,
  properties: z.object({ name: z.string(), function: SpaceUsageLocation, area_m2: z.number() }),
});
/**
 * m² per function (a space-usage location of the model contract), summed over a version's feature areas:
 * only functions present. The map viewer's answer, the take-over into a model ('Overnemen uit kaart',
 * formulas/spaceUsageFromMap.ts) and the open-model job (server/services/openModel.ts) share it.
 */
export const MapTotals = z.partialRecord(SpaceUsageLocation, z.number());
export type MapTotals = z.infer<typeof MapTotals>;

/** GET/PUT answer: the feature areas with their areas, and m² per function. */
export const FeatureAreasAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(FeatureAreaOut),
  totals: MapTotals,
});
export type FeatureAreasAnswer = z.infer<typeof FeatureAreasAnswer>;

/** GET mapviewer/client_region/ (spec 1 §7): the client region's outline editor; null for who may not edit it. */
export const ClientRegionAnswer = z.object({ outline_uri: z.string().nullable() });
/** GET mapviewer/overview/ (spec 1 §7): the overview map's address. */
export const OverviewAnswer = z.object({ viewer_uri: z.string().nullable() });

/** GET mapviewer/overview/regions/: per readable project its latest version with a region (docs/map.md). */
export const OverviewRegion = z.object({
  type: z.literal('Feature'),
  /** The project's id. */
  id: z.number().int(),
  geometry: AreaGeometry,
  properties: z.object({
    project_id: z.number().int(),
    project_name: z.string(),
    type_project: z.number().int(),
    type_project_name: z.string(),
    version_id: z.number().int(),
    version_name: z.string(),
    area_m2: z.number(),
  }),
});
export type OverviewRegion = z.infer<typeof OverviewRegion>;
export const OverviewRegions = z.object({ type: z.literal('FeatureCollection'), features: z.array(OverviewRegion) });
export type OverviewRegions = z.infer<typeof OverviewRegions>;

const tags = ['mapviewer'];

/**
 * The map viewer's calls (issue 14, docs/map.md). GeoJSON goes over the wire as it is (wireKeys):
 * camelizing would rename `area_m2` and the totals' location keys (`main_structure_paving`).
 */
export const mapEndpoints = {
  /** The address of the client region's frame (null when it cannot be served). */
  clientRegion: endpoint(routes.map.clientRegion, { tags, response: { 200: ClientRegionAnswer } }),
  /** The address of the overview frame. */
  overview: endpoint(routes.map.overview, { tags, response: { 200: OverviewAnswer } }),
  /** JSON text as built, cached and compressed like the project list. */
  overviewRegions: endpoint(routes.map.overviewRegions, { tags, response: { 200: OverviewRegions } }),
  versionRegion: endpoint(routes.map.versionRegion, { tags, params: IdParams, response: { 200: OutlineAnswer } }),
  saveVersionRegion: endpoint(routes.map.saveVersionRegion, {
    tags, params: IdParams, body: OutlineBody, response: { 200: OutlineAnswer },
  }),
  versionFeatures: endpoint(routes.map.versionFeatures, {
    tags, params: IdParams, response: { 200: FeatureAreasAnswer },
  }),
  saveVersionFeatures: endpoint(routes.map.saveVersionFeatures, {
    tags, params: IdParams, body: FeatureAreasBody,
    response: { 200: FeatureAreasAnswer },
  }),
  subregionOutline: endpoint(routes.map.subregionOutline, { tags, params: IdParams, response: { 200: OutlineAnswer } }),
  saveSubregionOutline: endpoint(routes.map.saveSubregionOutline, {
    tags, params: IdParams, body: OutlineBody, response: { 200: OutlineAnswer },
  }),
  clientRegionOutline: endpoint(routes.map.clientRegionOutline, { tags, response: { 200: OutlineAnswer } }),
  saveClientRegionOutline: endpoint(routes.map.saveClientRegionOutline, {
    tags, body: OutlineBody, response: { 200: OutlineAnswer },
  }),
};
