import type { UserRow } from '../context.ts';
import { HttpError, forbidden } from '../errors.ts';
import { FROZEN_MESSAGE } from '../../src/api/contract/common.ts';
import { MSG_SESSION_OTHER } from '../../src/api/contract/messages.ts';
import { type ProjectRole, assertMainAppAccess, canEditProject, requireRead } from './projects.ts';

// Who may do what in the online calculation tool (spec 3 §6 leaves it open; our decisions):
// - Reading (opening the workbench, exporting): any project role but NON (VWR, USR, ADM), own client only;
//   no role, NON or another client's model answers 404 (ids cannot be probed). Global role NON: 403.
// - Saving and holding the edit session: project role USR or ADM, and the model is not frozen.
//   VWR gets 403, a frozen model 423 for everyone (read-only for everyone, the workbench says why).
// - Staff has no bypass: like the project area, it needs a project role.
// - Another user's edit session makes the workbench read-only for the caller (save answers 423) until
//   that session ends (closed tool, or ended from the Projects screen).
// - The verschillenanalyse (issue 37.5) is reading: both models must be readable (they are of one project).

export function requireWorkbenchRead(user: UserRow, role: ProjectRole | null | undefined): ProjectRole {
  assertMainAppAccess(user);
  return requireRead(role);
}

export const canSaveModel = (role: ProjectRole | null | undefined, frozen: boolean) => canEditProject(role) && !frozen;

/** 404 when invisible, 403 for readers, 423 when frozen. */
export function requireSave(user: UserRow, role: ProjectRole | null | undefined, frozen: boolean): void {
  const r = requireWorkbenchRead(user, role);
  if (!canEditProject(r)) throw forbidden();
  if (frozen) throw new HttpError(423, FROZEN_MESSAGE);
}

/** Another user's session blocks saving. */
export function requireSessionFree(user: UserRow, holderId: number | null, holderName: string): void {
  if (holderId !== null && holderId !== user.id) {
    throw new HttpError(423, MSG_SESSION_OTHER(holderName), { code: 'session' });
  }
}
