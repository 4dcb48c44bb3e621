import { eq, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { oauthViewer } from '../db/schema/index.ts';
import { canEditProject, type ProjectRole } from '../policies/projects.ts';
import { canEditConfigurationOutline } from '../policies/map.ts';

// The map viewer's addresses that the rows and the mapviewer/ calls carry (spec 1 §2 "Map viewer
// screens": a frame is shown, and an edit action does something, only when its address exists). They are
// decided here only, so that a client can be switched to an external viewer (issue 14 item 5) in this one
// place. The built-in viewer (src/mapviewer, page /mapviewer.html) serves every kind; its query format is
// docs/map.md's: mode=region|features|view|subregion|client|overview plus the object's id.

/**
 * Which viewer serves a client: the built-in one, or the external viewer staff registered for it
 * (services/oauth.ts, docs/map.md "External map viewer"), which gets the same query on its base address.
 */
export type MapViewer = { kind: 'builtin' } | { kind: 'external'; baseUrl: string };
export const BUILT_IN_VIEWER: MapViewer = { kind: 'builtin' };

/** The viewer of a client whose registered base address (or null) a query has read. */
export const viewerOf = (baseUrl: string | null | undefined): MapViewer => (baseUrl ? { kind: 'external', baseUrl } : BUILT_IN_VIEWER);
/** For a row query: the client's external viewer's base address, or null (one index lookup per row). */
export const viewerBaseSql = (clientId: SQL) => sql`(SELECT ov.base_url FROM oauth_viewer ov WHERE ov.client_id = ${clientId})`;
/** The viewer of one client, for answers that are not built in one row query. */
export async function mapViewerOf(db: DbOrTx, clientId: number): Promise<MapViewer> {
  const [v] = await db.select({ baseUrl: oauthViewer.baseUrl }).from(oauthViewer).where(eq(oauthViewer.clientId, clientId));
  return viewerOf(v?.baseUrl);
}

const page = (viewer: MapViewer, query: Record<string, string | number>) => {
  const params = Object.entries(query).map(([k, v]) => [k, String(v)]);
  if (viewer.kind === 'builtin') return `/mapviewer.html?${new URLSearchParams(params).toString()}`;
  const url = new URL(viewer.baseUrl);
  for (const [k, v] of params) url.searchParams.set(k, v);
  return url.toString();
};

/**
 * A version row's addresses: everyone who reads the version gets the viewer (region and feature areas,
 * read-only); editors (project ADM/USR) also the region's outline editor and the feature-area editor.
 */
export function versionUris(role: ProjectRole, versionId: number, viewer: MapViewer) {
  const edit = canEditProject(role);
  return {
    viewer_uri: page(viewer, { mode: 'view', version: versionId }),
    outline_uri: edit ? page(viewer, { mode: 'region', version: versionId }) : null,
    editor_uri: edit ? page(viewer, { mode: 'features', version: versionId }) : null,
  };
}

/** A subregion row's outline editor: for whoever may edit the outline (client admins). */
export const subregionOutlineUri = (user: UserRow, subregionId: number, viewer: MapViewer) =>
  canEditConfigurationOutline(user) ? page(viewer, { mode: 'subregion', subregion: subregionId }) : null;

/** GET mapviewer/client_region/: the client region's outline editor, for client admins. */
export const clientRegionOutlineUri = (user: UserRow, viewer: MapViewer) =>
  canEditConfigurationOutline(user) ? page(viewer, { mode: 'client' }) : null;

/** GET mapviewer/overview/: the overview map of every readable project's latest version region. */
export const overviewUri = (viewer: MapViewer) => page(viewer, { mode: 'overview' });
