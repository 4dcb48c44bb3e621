import { z } from 'zod';
import type { AreaGeometry } from '../api/contract/map.ts';
import { SpaceUsageLocation } from '../model/modelData.ts';

// The built-in map viewer (mapviewer.html, issue 14) talks to the main app only through window.postMessage
// (docs/map.md "The built-in viewer"). Both sides must be on the same origin: the viewer accepts messages
// only from window.parent with event.origin === its own origin, and posts only to its own origin; the app
// accepts only messages from the frame's window with its own origin. All geometry is GeoJSON in WGS84
// (longitude, latitude), as the map contract (src/api/contract/map.ts) stores it.

/** Where the app finds the viewer: the page beside index.html (vite.config.ts builds it). */
export const MAPVIEWER_PATH = '/mapviewer.html';

/**
 * The address of the frame. `tiles` overrides the base layer: a WMTS/XYZ template in RD New with
 * {z}/{x}/{y} (the PDOK BRT achtergrondkaart when absent), or 'none' for the plain background only.
 */
export function mapViewerUrl(opts: { tiles?: string | null } = {}): string {
  const q = new URLSearchParams();
  if (opts.tiles) q.set('tiles', opts.tiles);
  const s = q.toString();
  return s ? `${MAPVIEWER_PATH}?${s}` : MAPVIEWER_PATH;
}

/**
 * What the frame shows: the version's region, its feature areas, a subregion or the client region (one
 * outline each, editable or not), or the overview of every project's region (read-only, clickable).
 */
export const VIEWER_MODES = ['region', 'features', 'subregion', 'client', 'overview'] as const;
export type ViewerMode = (typeof VIEWER_MODES)[number];
export type OutlineMode = Exclude<ViewerMode, 'features' | 'overview'>;

/**
 * The map contract's AreaGeometry (a Polygon or MultiPolygon of rings of at least four [lon, lat]
 * positions), checked by hand: the overview posts 2,000 regions of tens of corners, and a zod schema per
 * position costs a fifth of the 1 s budget there. protocol.test.ts holds it to the contract's schema.
 */
export function isAreaGeometry(g: unknown): g is AreaGeometry {
  if (typeof g !== 'object' || g === null) return false;
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return isPolygonCoordinates(coordinates);
  return type === 'MultiPolygon' && Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isPolygonCoordinates);
}
function isPolygonCoordinates(c: unknown): boolean {
  return Array.isArray(c) && c.length > 0 && c.every((ring) => Array.isArray(ring) && ring.length >= 4 && ring.every(isPosition));
}
function isPosition(p: unknown): boolean {
  if (!Array.isArray(p) || p.length < 2) return false;
  const [lon, lat] = p;
  if (typeof lon !== 'number' || typeof lat !== 'number' || !(lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90)) return false;
  for (let i = 2; i < p.length; i++) if (typeof p[i] !== 'number') return false;
  return true;
}
const Geometry = z.custom<AreaGeometry>(isAreaGeometry, { message: 'Ongeldige GeoJSON.' });

/** How a surrounding outline is drawn: the client region, the subregion, the version region, others faint. */
export const CONTEXT_STYLES = ['client', 'subregion', 'version', 'other'] as const;
export const ContextOutline = z.object({
  geometry: Geometry,
  style: z.enum(CONTEXT_STYLES),
  label: z.string().max(300).optional(),
});
export type ContextOutline = z.infer<typeof ContextOutline>;

/** One project on the overview map: its latest version's region, coloured by project type. */
export const OverviewRegion = z.object({
  projectId: z.number().int(),
  name: z.string(),
  typeName: z.string(),
  /** A CSS colour (#rrggbb) of the project type. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  geometry: Geometry,
});
export type OverviewRegion = z.infer<typeof OverviewRegion>;

/** A feature area as the app loads it (the map contract's FeatureAreaIn shape; `id` when stored). */
export const LoadedFeature = z.object({
  type: z.literal('Feature'),
  id: z.number().int().optional(),
  geometry: Geometry,
  properties: z.object({ name: z.string(), function: SpaceUsageLocation }).passthrough(),
});
export type LoadedFeature = z.infer<typeof LoadedFeature>;

const context = z.array(ContextOutline).max(10_000).default([]);

/** Parent → viewer: `load` shows what the screen is about (again on every `load`; the viewer starts afresh). */
export const ParentMessage = z.discriminatedUnion('mode', [
  z.object({
    type: z.literal('load'),
    mode: z.enum(['region', 'subregion', 'client']),
    editable: z.boolean(),
    /** The outline, or null when there is none yet (then an editable viewer offers drawing one). */
    geometry: Geometry.nullable(),
    context,
  }),
  z.object({
    type: z.literal('load'),
    mode: z.literal('features'),
    editable: z.boolean(),
    features: z.array(LoadedFeature),
    context,
  }),
  z.object({
    type: z.literal('load'),
    mode: z.literal('overview'),
    overview: z.array(OverviewRegion),
    context,
  }),
]);
export type ParentMessage = z.input<typeof ParentMessage>;
export type ParsedParentMessage = z.output<typeof ParentMessage>;

/** A feature area as the viewer reports it: name and function may still be missing (then `problems` says so). */
export interface DrawnFeature {
  type: 'Feature';
  id?: number;
  geometry: AreaGeometry;
  properties: { name: string; function: SpaceUsageLocation | null };
}

/** Viewer → parent. */
export type ViewerMessage =
  /** The page is listening; the app sends `load` (again after every reload of the frame). */
  | { type: 'ready' }
  /**
   * After every edit in an outline mode: the whole outline (null when removed). `problems` are Dutch
   * messages (e.g. a self-intersection); the app must not save while there are any.
   */
  | { type: 'changed'; mode: OutlineMode; geometry: AreaGeometry | null; problems: string[] }
  /** After every edit in features mode: all feature areas, with the problems (unnamed, no function, invalid). */
  | { type: 'changed'; mode: 'features'; features: DrawnFeature[]; problems: string[] }
  /** Overview: a project's region was clicked. */
  | { type: 'select-project'; projectId: number }
  /** After a `load` has been drawn: milliseconds from receiving it to drawn (the overview bench reads it). */
  | { type: 'drawn'; ms: number; count: number };

const ViewerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('changed'),
    mode: z.enum(VIEWER_MODES),
    geometry: Geometry.nullable().optional(),
    features: z.array(z.object({
      type: z.literal('Feature'),
      id: z.number().int().optional(),
      geometry: Geometry,
      properties: z.object({ name: z.string(), function: SpaceUsageLocation.nullable() }),
    })).optional(),
    problems: z.array(z.string()),
  }),
  z.object({ type: z.literal('select-project'), projectId: z.number().int() }),
  z.object({ type: z.literal('drawn'), ms: z.number(), count: z.number().int() }),
]);

/** The parent message in `data`, or null when it is not one (anything else is ignored, never thrown). */
export function parseParentMessage(data: unknown): ParsedParentMessage | null {
  const r = ParentMessage.safeParse(data);
  return r.success ? r.data : null;
}

/** The viewer message in `data`, or null when it is not one. */
export function parseViewerMessage(data: unknown): ViewerMessage | null {
  const r = ViewerMessageSchema.safeParse(data);
  return r.success ? (r.data as ViewerMessage) : null;
}

/** Minimal view of a MessageEvent, so the checks are testable without a browser. */
export interface MessageLike { origin: string; source: unknown; data: unknown }

/**
 * App side: the viewer's message in `event`, or null unless it comes from `frame` (the iframe's
 * contentWindow) on the app's own origin.
 */
export function viewerMessageFrom(event: MessageLike, frame: unknown, ownOrigin: string): ViewerMessage | null {
  if (event.origin !== ownOrigin || frame == null || event.source !== frame) return null;
  return parseViewerMessage(event.data);
}

/** App side: send a message to the frame, only ever to the app's own origin. */
export function postToViewer(frame: Pick<Window, 'postMessage'> | null | undefined, message: ParentMessage, ownOrigin: string): void {
  frame?.postMessage(message, ownOrigin);
}
