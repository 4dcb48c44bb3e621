import { sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '../context.ts';
import type { Role } from '../../src/api/contract/common.ts';
import { forbidden, notFound } from '../errors.ts';
import { globalRole, hasMainAppAccess, isAdmin } from './users.ts';

// Who may do what in the project area (spec 1 §6). Roles are compared here and nowhere else.
//
// Decisions where the spec says "not shown":
// - Global role NON: 403 on every call of the main app (it only sees the waiting screen).
// - Visibility: a project is visible when the caller has a project role other than NON on it, in their
//   own client. Anything else (no role, NON, another client) answers 404, so ids cannot be probed.
// - Below project level the project role alone decides (a global VWR with project role USR may edit);
//   creating a project needs global ADM or USR (staff counts as ADM). Staff has no bypass: it needs a project role too.
// - Editing (create/update/delete/duplicate/move of versions, models, attachments; editing the project)
//   needs project role ADM or USR; readers (VWR) get 403.
// - Toggling `frozen` and the rights table (reading `roles`, changing roles) need project role ADM.
// - A frozen model refuses changes of name/description, moving and history uploads/activation (423),
//   unless the same request unfreezes it (project ADM only). Delete and duplicate remain possible.
// - Ending a model session: project ADM, or the session holder if he can still read the project.
// - Opening a spreadsheet model: readers may (a copy without edit session or edit address); project
//   ADM/USR of a model that is not frozen open it to edit and take the session. Taking over someone
//   else's session (`force`) is ending it: the same rule.
// - Model history: project ADM/USR list and download it (saves from Excel land there, issue 12);
//   uploading and activating an entry stay with staff that has project role ADM or USR (spec 1 §6).
// - Logs: global role ADM (staff included, see policies/users.ts), own client only.
// - Moving needs ADM/USR on the source and on the target project.
// - 'Vastgesteld door de raad' (marking a version and withdrawing the mark) needs project ADM, as freezing
//   does; the jaarovergang of a version needs ADM/USR, on a frozen or vastgestelde version too (issue 37).

export type ProjectRole = Role;

export function assertMainAppAccess(user: UserRow): void {
  if (!hasMainAppAccess(user)) throw forbidden();
}

export const canCreateProject = (user: UserRow) => globalRole(user) === 'ADM' || globalRole(user) === 'USR';
const canReadProject = (role: ProjectRole | null | undefined): role is ProjectRole =>
  role === 'ADM' || role === 'USR' || role === 'VWR';
/** The same rule as SQL, for the services' joins on project_role: `role` is the caller's role column. */
export const readableRoleSql = (role: SQL) => sql`${role} <> 'NON'`;
export const canEditProject = (role: ProjectRole | null | undefined) => role === 'ADM' || role === 'USR';
export const canToggleFrozen = (role: ProjectRole | null | undefined) => role === 'ADM';
export const canSeeRights = (role: ProjectRole | null | undefined) => role === 'ADM';
export const canAdoptVersion = (role: ProjectRole | null | undefined) => role === 'ADM';
export const canRollOverVersion = canEditProject;
export const canEndSession = (user: UserRow, role: ProjectRole | null | undefined, holderId: number | null) =>
  canReadProject(role) && (role === 'ADM' || (holderId !== null && holderId === user.id));
/** Readers too (issue 23): they get copies of the model, so they may see and download which saves there are. */
export const canSeeModelHistory = canReadProject;
/** Opening a spreadsheet model to edit it (edit session, WebDAV address); others open a read-only copy. */
export const canEditSpreadsheet = (role: ProjectRole | null | undefined, frozen: boolean) => canEditProject(role) && !frozen;
export const canManageModelHistory = (user: UserRow, role: ProjectRole | null | undefined) =>
  user.isStaff && canEditProject(role);
export const canChoosePlatform = (user: UserRow) => user.isStaff;
export const canReadLogs = isAdmin;

/** 404 unless the caller may see the project; returns the role. */
export function requireRead(role: ProjectRole | null | undefined): ProjectRole {
  if (!canReadProject(role)) throw notFound();
  return role;
}
/** 404 when invisible, 403 when only readable. */
export function requireEdit(role: ProjectRole | null | undefined): ProjectRole {
  const r = requireRead(role);
  if (!canEditProject(r)) throw forbidden();
  return r;
}
export function requireCreateProject(user: UserRow): void {
  if (!canCreateProject(user)) throw forbidden();
}
export function requireFrozenToggle(role: ProjectRole | null | undefined): void {
  if (!canToggleFrozen(role)) throw forbidden();
}
export function requireAdopt(role: ProjectRole | null | undefined): void {
  requireRead(role);
  if (!canAdoptVersion(role)) throw forbidden();
}
export function requireRollOver(role: ProjectRole | null | undefined): void {
  requireRead(role);
  if (!canRollOverVersion(role)) throw forbidden();
}
export function requireRights(role: ProjectRole | null | undefined): void {
  if (!canSeeRights(role)) throw forbidden();
}
export function requireEndSession(user: UserRow, role: ProjectRole | null | undefined, holderId: number | null): void {
  requireRead(role);
  if (!canEndSession(user, role, holderId)) throw forbidden();
}
export function requireSeeModelHistory(role: ProjectRole | null | undefined): void {
  requireRead(role);
  if (!canSeeModelHistory(role)) throw forbidden();
}
export function requireManageModelHistory(user: UserRow, role: ProjectRole | null | undefined): void {
  requireRead(role);
  if (!canManageModelHistory(user, role)) throw forbidden();
}
export function requireLogs(user: UserRow): void {
  if (!canReadLogs(user)) throw forbidden();
}
