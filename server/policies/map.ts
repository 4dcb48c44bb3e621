import type { UserRow } from '../context.ts';
import { forbidden } from '../errors.ts';
import { hasMainAppAccess, isAdmin } from './users.ts';

// Who may read and write the map data (issue 14). A version's region and feature areas follow the
// version (policies/projects.ts: read = may read the project, write = project ADM/USR, via
// services/editAccess.ts). The configuration's outlines (subregions, the client region) follow spec 2's
// configuration screens: every main-app user of the client reads them (the previews and the overview
// draw them), the client's admins (staff included) change them.

export const canReadConfigurationOutline = hasMainAppAccess;
export const canEditConfigurationOutline = isAdmin;

export function assertCanReadConfigurationOutline(user: UserRow): void {
  if (!canReadConfigurationOutline(user)) throw forbidden();
}
export function assertCanEditConfigurationOutline(user: UserRow): void {
  if (!canEditConfigurationOutline(user)) throw forbidden();
}
