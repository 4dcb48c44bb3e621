import type { UserRow } from '../context.ts';
import { canEditProject, type ProjectRole } from '../policies/projects.ts';
import { canEditConfigurationOutline } from '../policies/map.ts';

// The map viewer's addresses that the rows and the mapviewer/ calls carry (spec 1 §2 "Map viewer
// screens": a frame is shown, and an edit action does something, only when its address exists). They are
// decided here only, so that a client can be switched to an external viewer (issue 14 item 5) in this one
// place. The built-in viewer (src/mapviewer, page /mapviewer.html) serves every kind; its query format is
// docs/map.md's: mode=region|features|view|subregion|client|overview plus the object's id.

/** Which viewer serves a client. Today always the built-in one; the OAuth work adds the external kind. */
export type MapViewer = { kind: 'builtin' };
export const BUILT_IN_VIEWER: MapViewer = { kind: 'builtin' };

const page = (query: Record<string, string | number>) =>
  `/mapviewer.html?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;

/**
 * A version row's addresses: everyone who reads the version gets the viewer (region and feature areas,
 * read-only); editors (project ADM/USR) also the region's outline editor and the feature-area editor.
 */
export function versionUris(role: ProjectRole, versionId: number, _viewer: MapViewer = BUILT_IN_VIEWER) {
  const edit = canEditProject(role);
  return {
    viewer_uri: page({ mode: 'view', version: versionId }),
    outline_uri: edit ? page({ mode: 'region', version: versionId }) : null,
    editor_uri: edit ? page({ mode: 'features', version: versionId }) : null,
  };
}

/** A subregion row's outline editor: for whoever may edit the outline (client admins). */
export const subregionOutlineUri = (user: UserRow, subregionId: number, _viewer: MapViewer = BUILT_IN_VIEWER) =>
  canEditConfigurationOutline(user) ? page({ mode: 'subregion', subregion: subregionId }) : null;

/** GET mapviewer/client_region/: the client region's outline editor, for client admins. */
export const clientRegionOutlineUri = (user: UserRow, _viewer: MapViewer = BUILT_IN_VIEWER) =>
  canEditConfigurationOutline(user) ? page({ mode: 'client' }) : null;

/** GET mapviewer/overview/: the overview map of every readable project's latest version region. */
export const overviewUri = (_viewer: MapViewer = BUILT_IN_VIEWER) => page({ mode: 'overview' });
