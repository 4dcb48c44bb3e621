import type { UserRow } from '../context.ts';
import { HttpError, forbidden } from '../errors.ts';
import { hasMainAppAccess, isAdmin } from './users.ts';

// Who may administer users, reference data and global parameters (spec 2 §6). Roles are compared
// here only. Tenancy (ids of another client → 404) is the services' `where client_id = …`.

/** User administration and configuration: ADM of the client (staff included). */
export function assertAdmin(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden();
}

/** Reading reference-data lists: everybody with the main app (ADM, USR, VWR); not NON. */
export function assertCanReadReferenceData(user: UserRow): void {
  if (!hasMainAppAccess(user)) throw forbidden();
}

/** Global parameters: the super-admin only (spec 2 §2, §6). */
export const canManageGlobalParameters = (user: UserRow) => user.isStaff;
export function assertStaff(user: UserRow): void {
  if (!canManageGlobalParameters(user)) throw forbidden();
}

/**
 * Spreadsheet-model templates (Rekenmodeltypen): staff only (issue 12), as a template is the product's
 * calculation, like the global parameters. The upload's check and the `can_manage_model_templates` flag.
 */
export const canManageModelTemplates = (user: UserRow) => user.isStaff;
export function assertCanAddTemplateModel(user: UserRow): void {
  if (!canManageModelTemplates(user)) throw forbidden();
}

/**
 * An admin manages the users of its client; only staff manages a staff user (an ADM cannot lock out
 * or demote the super-admin).
 */
export function assertCanManageUser(actor: UserRow, target: UserRow): void {
  assertAdmin(actor);
  if (target.isStaff && !actor.isStaff) throw new HttpError(403, 'Alleen een superbeheerder kan een superbeheerder wijzigen.');
}

/**
 * A change of a user's details: as `assertCanManageUser`, except that a client's admin may force MFA on
 * its staff user too (issue 25.3): forcing only adds protection, lifting it stays staff's.
 */
export function assertCanUpdateUser(actor: UserRow, target: UserRow, change: { onlyForcesMfa: boolean }): void {
  if (isAdmin(actor) && target.isStaff && change.onlyForcesMfa) return;
  assertCanManageUser(actor, target);
}

/** Decision: an admin cannot delete, block or demote themself (the client would lose its admin). */
export function assertNotSelf(actor: UserRow, target: UserRow, what: 'verwijderen' | 'blokkeren' | 'rol'): void {
  if (actor.id !== target.id) return;
  const message = what === 'rol' ? 'U kunt uw eigen rol niet wijzigen.' : `U kunt uzelf niet ${what}.`;
  throw new HttpError(400, message);
}

/** Report templates: an admin sees all of the client's, the others only those granted to them. */
export const seesAllReportTemplates = (user: UserRow) => isAdmin(user);

/**
 * Report templates (Rapportagesjablonen): upload, change, delete and download are staff's (issue 13),
 * as for the spreadsheet-model templates. The `can_manage_report_templates` flag.
 */
export const canManageReportTemplates = (user: UserRow) => user.isStaff;
export function assertCanManageReportTemplates(user: UserRow): void {
  if (!canManageReportTemplates(user)) throw forbidden();
}

/**
 * Documentation (handleidingen, instructievideo's, release notes): staff adds, changes and deletes entries
 * (issue 13), as the documentation is the product's; everyone with the main app reads it.
 */
export const canManageDocumentation = (user: UserRow) => user.isStaff;
export function assertCanManageDocumentation(user: UserRow): void {
  if (!canManageDocumentation(user)) throw forbidden();
}

/**
 * The client's external map viewer (issue 14 item 5): registering, replacing and removing it is staff's,
 * as it hands a third party the client's outlines. The `can_manage_map_viewer` flag.
 */
export const canManageMapViewer = (user: UserRow) => user.isStaff;
export function assertCanManageMapViewer(user: UserRow): void {
  if (!canManageMapViewer(user)) throw forbidden();
}

/**
 * The longest validity of a BI link's password in the client (issue 25 item 8): staff's, as it decides how
 * long a leaked password keeps the client's figures open. The `can_manage_bi_settings` flag.
 */
export const canManageBiSettings = (user: UserRow) => user.isStaff;
export function assertCanManageBiSettings(user: UserRow): void {
  if (!canManageBiSettings(user)) throw forbidden();
}
