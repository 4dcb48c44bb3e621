import type { UserRow } from '../context.ts';
import { HttpError, forbidden } from '../errors.ts';
import { isAdmin, mayAct } from './users.ts';

// Who may sign in through the client's identity provider, and who may point the client at one
// (issue 33.3). The IdP is chosen by the client's administrator, so what it asserts is trusted only
// as far as that administrator is: never for staff, and not in place of an account's own MFA unless
// staff has vouched for that IdP.

export const STAFF_NOT_BY_SAML = 'Een superbeheerder logt in met wachtwoord en MFA-code, niet via de inlogdienst van de klant.';

/** The SAML settings of the client: its global ADM (staff included), never USR/VWR/NON. */
export function assertCanManageSaml(user: UserRow): void {
  if (!isAdmin(user)) throw forbidden();
}

/**
 * Whether the client's IdP asks a second factor itself is staff's to record: it lets SAML sign-ins
 * skip the accounts' own MFA. The `can_trust_idp_mfa` flag of the settings.
 */
export const canTrustIdpMfa = (user: UserRow) => user.isStaff;
export function assertCanTrustIdpMfa(user: UserRow): void {
  if (!canTrustIdpMfa(user)) throw new HttpError(403, 'Alleen een superbeheerder kan vastleggen dat de inlogdienst zelf MFA vraagt.');
}

/** The facts of the client's SAML settings the sign-in rules depend on. */
interface IdpFacts { samlIdpDoesMfa: boolean }

/** What a valid assertion for this account yields: nothing, a session, or the account's MFA step first. */
export type SamlSignIn = 'refused' | 'staff' | 'session' | 'mfa';

/**
 * A SAML sign-in never yields a staff session (staff signs in with password and MFA: an ADM could
 * otherwise make his own IdP assert the staff address). An account with MFA set up is asked its
 * code after the IdP, unless staff recorded that this IdP does MFA itself.
 */
export function samlSignIn(user: UserRow, idp: IdpFacts): SamlSignIn {
  if (!mayAct(user)) return 'refused';
  if (user.isStaff) return 'staff';
  return user.mfaVerified && !idp.samlIdpDoesMfa ? 'mfa' : 'session';
}

/** The settings as they decide whom the client's sign-ins go to. */
interface IdpSettings { samlEntryPoint: string | null; samlIdpCert: string | null }

/**
 * Staff's trust in the IdP's MFA belongs to that IdP: a change of its address or certificate by
 * anyone but staff drops it, so an ADM cannot move the trust to an IdP of his own.
 */
export const keepsIdpMfaTrust = (actor: UserRow, before: IdpSettings, after: IdpSettings) =>
  canTrustIdpMfa(actor) || (before.samlEntryPoint === after.samlEntryPoint && before.samlIdpCert === after.samlIdpCert);
