import type { UserRow } from '../context.ts';
import type { Role } from '../../src/api/contract/common.ts';
import type { WorkGate } from '../../src/api/contract/messages.ts';
import { TERMS_VERSION } from '../../src/lib/terms.ts';

// Decision (docs/decisions.md, "Staff"): the staff flag makes a user an admin of its own client,
// whatever role is stored, plus what only staff has (global parameters, the model platform, the model
// history). Every global-role question goes through `globalRole`, so the server and the browser's flags
// give one answer. In projects staff has no bypass: it needs a project role like anyone else.

/** The global role the policies decide by: staff counts as ADM of its client. */
export const globalRole = (user: UserRow): Role => (user.isStaff ? 'ADM' : user.role);

/** Role NON sees only the waiting screen: no call of the main app. */
export const hasMainAppAccess = (user: UserRow) => globalRole(user) !== 'NON';

/** Configuration, users and logs are for role ADM (spec 2 §6), staff included. */
export const isAdmin = (user: UserRow) => globalRole(user) === 'ADM';

/**
 * May this account act: active and not blocked. The one account-state check (issue 27.2): sign-in in
 * every form (password, MFA, SAML), a bearer token, a session refresh, a password reset, an invitation.
 * Role NON may act: it signs in to see the waiting screen, and `mainAppOnly` refuses its calls.
 */
export const mayAct = (user: UserRow) => user.isActive && !user.blocked;

/**
 * The first gate the account must still pass before it may work, in the spec's order (spec 2 §2: MFA
 * setup where forced, then the terms of use, then the temporary password), or null when it passed all.
 * The bearer hook refuses every call but the few that clear a gate (routes/workGate.ts); `me` sends it,
 * and the browser shows the screen that clears it.
 */
export function workGate(user: UserRow): WorkGate | null {
  if (user.mfaForced && !user.mfaVerified) return 'mfa_setup_required';
  if (user.termsConditionsAccepted !== TERMS_VERSION) return 'terms_not_accepted';
  if (user.passwordResetRequired) return 'password_change_required';
  return null;
}

/** May this account work (issue 33.2): it may act and has passed every gate of `workGate`. */
export const mayWork = (user: UserRow) => mayAct(user) && workGate(user) === null;

/**
 * May a credential the account handed out act for it without its owner present (OAuth viewer token,
 * WebDAV edit link, BI feed): the account may work and still has the main app, so a user set to NON,
 * or one who must first set up MFA, accept the terms or change a temporary password, loses his
 * delegated access at once, as he loses the project area.
 */
export const mayActInMainApp = (user: UserRow) => mayWork(user) && hasMainAppAccess(user);

/** Spec 2 §2: a super-admin's profile (name, e-mail) is read-only in the settings. */
export const canEditProfile = (user: UserRow) => !user.isStaff;

/**
 * Everyone sets up, resets and switches off their own MFA, the super-admin included (issue 25.3): the
 * most powerful account must not be the least protected. The `can_manage_mfa` flag.
 */
export const canManageOwnMfa = (_user: UserRow) => true;

/**
 * Everyone changes their own password, the super-admin included (issue 15): his first password is the
 * generated one the first start printed, which must not stay in a console log for good.
 */
export const canChangeOwnPassword = (_user: UserRow) => true;
