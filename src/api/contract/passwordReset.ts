import { z } from 'zod';
import { Ok } from './common.ts';
import { MfaCode } from './mfa.ts';
import { RESET_EMAIL_PATTERN } from './messages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { MfaVerifyAnswer } from './mfa.ts';

// Password reset (spec 2 §4, §7) and the own password change. No bearer on the reset calls.
// Flow: send-token → check-token → (check-mfa when mfa) → set-password.

/**
 * POST user/reset-password/send-token/ → always 200 Ok, also for unknown e-mails (no probing).
 * A mail with a single-use code (valid 1 hour) goes to a known, active user. 429 after too many
 * requests from one IP. 400 'Ongeldig e-mailadres' on a malformed e-mail.
 */
export const SendTokenBody = z.object({
  email: z.string().trim().max(254).regex(RESET_EMAIL_PATTERN, 'Ongeldig e-mailadres'),
});

/** POST user/reset-password/check-token/ → 200 { token, mfa }; token false for a wrong/expired/used code. */
export const CheckTokenBody = z.object({
  reset_password_token: z.string().trim().max(200),
  email: z.string().trim().max(254),
});
export const CheckTokenAnswer = z.object({
  /** The code is valid (exists for this e-mail, unused, not expired). */
  token: z.boolean(),
  /** The user has MFA on: the MFA step (check-mfa) must pass before set-password. */
  mfa: z.boolean(),
});
export type CheckTokenAnswer = z.infer<typeof CheckTokenAnswer>;

/**
 * POST user/reset-password/check-mfa/ (our decision; spec: "MFA verify response: mfa_verified (and
 * mfa_token on the reset flow)"). 200 { mfa_verified: true, mfa_token } → pass mfa_token as
 * reset_password_2fa_token to set-password. 400 'De ingevoerde code is ongeldig' otherwise.
 */
export const CheckMfaBody = z.object({
  email: z.string().trim().max(254),
  reset_password_token: z.string().trim().max(200),
  mfa_code: MfaCode,
});

/**
 * POST user/reset-password/set-password/ → 200 { message: PASSWORD_RESET_DONE }.
 * reset_password_2fa_token is required (the mfa_token of check-mfa) when the user has MFA, else
 * ignored (send null or ''). 400 'Fout bij het wijzigen van uw wachtwoord.' with errors[] for the
 * password policy (path new_password) or an invalid/used/expired code.
 */
export const SetPasswordBody = z.object({
  email: z.string().trim().max(254),
  reset_password_token: z.string().trim().max(200),
  reset_password_2fa_token: z.string().max(2000).nullish(),
  new_password: z.string().max(1024),
});

/**
 * POST user/me/reset-password/ (bearer) → 200 { message: PASSWORD_CHANGED }.
 * 400 'Oud wachtwoord is onjuist.' on a wrong current password, 400 'Wachtwoord voldoet niet aan de
 * eisen.' (errors[] per unmet requirement, path new_password) on the policy. Other sessions end.
 */
export const ChangePasswordBody = z.object({
  current_password: z.string().max(1024),
  new_password: z.string().max(1024),
});

const tags = ['reset'];

/** Password reset by mail (no bearer) and the own password change (spec 2 §4, §7). */
export const passwordResetEndpoints = {
  sendToken: endpoint(routes.passwordReset.sendToken, { tags, body: SendTokenBody, response: { 200: Ok } }),
  checkToken: endpoint(routes.passwordReset.checkToken, { tags, body: CheckTokenBody, response: { 200: CheckTokenAnswer } }),
  checkMfa: endpoint(routes.passwordReset.checkMfa, { tags, body: CheckMfaBody, response: { 200: MfaVerifyAnswer } }),
  setPassword: endpoint(routes.passwordReset.setPassword, { tags, body: SetPasswordBody, response: { 200: Ok } }),
  /** The signed-in user's own password (settings). */
  changeOwn: endpoint(routes.passwordReset.changeOwn, { tags, body: ChangePasswordBody, response: { 200: Ok } }),
};
