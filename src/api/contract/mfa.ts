import { z } from 'zod';
import { CurrentUser } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Multi-factor authentication (TOTP, RFC 6238) — spec 2 §3, §7. All paths under /api/manager/.

/**
 * A TOTP code (six digits) or, at sign-in and in the reset flow, a recovery code (xxxxx-xxxxx). Anything
 * else is answered 401 'Ongeldige code!' on login.
 */
export const MfaCode = z.string().trim().max(16);

/** POST user/mfa/setup/ (bearer) → a new pending secret; MFA stays off until verify succeeds. */
export const MfaSetupAnswer = z.object({
  /** The secret in base32, shown as the manual setup key. */
  base32: z.string(),
  /** otpauth://totp/Grondslag:{email}?secret=…&issuer=Grondslag — the QR code's content. */
  otpauth_url: z.string(),
  /** Same as base32 (spec: "setup key is shown as setup_key"). */
  setup_key: z.string(),
});
export type MfaSetupAnswer = z.infer<typeof MfaSetupAnswer>;

/** POST user/mfa/verify/ (bearer): user_email must be the caller's own e-mail. */
export const MfaVerifyBody = z.object({
  user_email: z.string().trim().max(254),
  mfa_code: MfaCode,
});
/** 200 { mfa_verified: true } on success; a wrong code is 400 'De ingevoerde code is ongeldig.'. */
export const MfaVerifyAnswer = z.object({
  mfa_verified: z.boolean(),
  /** Only on the reset flow (user/reset-password/check-mfa/). */
  mfa_token: z.string().optional(),
  /** Only on setup: the ten single-use recovery codes, shown once (issue 25.2). */
  recovery_codes: z.array(z.string()).optional(),
});
export type MfaVerifyAnswer = z.infer<typeof MfaVerifyAnswer>;

/** POST user/mfa/disable/ (bearer) → { mfa_verified: false }. */
export const MfaDisableAnswer = z.object({ mfa_verified: z.literal(false), message: z.string() });

/**
 * POST user/login/mfa/ (no bearer; needs the httpOnly 'grondslag_mfa' cookie set by user/login/).
 * 200 → access token + refresh cookie, like user/login/. 401 'Ongeldige code!' on a wrong/replayed
 * code or a missing/expired ticket; 429 after too many failures.
 */
export const MfaLoginBody = z.object({
  email: z.string().trim().max(254),
  mfa_code: MfaCode,
});
export const MfaLoginAnswer = z.object({
  access: z.string(),
  user: CurrentUser,
  message: z.string(),
});
export type MfaLoginAnswer = z.infer<typeof MfaLoginAnswer>;

/** POST user/mfa/recovery-codes/ (bearer, MFA on): ten new recovery codes; the earlier ones stop working. */
export const RecoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswer>;

const tags = ['mfa'];

/** MFA setup, verify, disable and the MFA step of sign-in (spec 2 §4, §7). */
export const mfaEndpoints = {
  setup: endpoint(routes.mfa.setup, { tags, response: { 200: MfaSetupAnswer } }),
  verify: endpoint(routes.mfa.verify, { tags, body: MfaVerifyBody, response: { 200: MfaVerifyAnswer } }),
  disable: endpoint(routes.mfa.disable, { tags, response: { 200: MfaDisableAnswer } }),
  /** Ten new recovery codes; the earlier ones stop working. */
  recoveryCodes: endpoint(routes.mfa.recoveryCodes, { tags, response: { 200: RecoveryCodesAnswer } }),
  /** No bearer: the MFA ticket travels in an httpOnly cookie set by user/login/. */
  login: endpoint(routes.mfa.login, { tags, body: MfaLoginBody, response: { 200: MfaLoginAnswer } }),
};
