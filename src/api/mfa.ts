import type { z } from 'zod';
import type { MfaDisableAnswer, MfaLoginAnswer, MfaSetupAnswer, MfaVerifyAnswer, RecoveryCodesAnswer } from './contract/mfa.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type MfaSetup = Camelize<MfaSetupAnswer>;
type MfaVerify = Camelize<MfaVerifyAnswer>;
type MfaLogin = Camelize<MfaLoginAnswer>;

const M = '/manager';

/** Multi-factor authentication (spec 2 §7): setup, verify, disable and the MFA step of sign-in. */
export const mfaApi = {
  setup: () => request<MfaSetup>('POST', `${M}/user/mfa/setup/`),
  verify: (userEmail: string, mfaCode: string) =>
    request<MfaVerify>('POST', `${M}/user/mfa/verify/`, { body: { userEmail: required(userEmail, 'userEmail'), mfaCode: required(mfaCode, 'mfaCode') } }),
  /** Ten new recovery codes; the earlier ones stop working. */
  recoveryCodes: () => request<Camelize<RecoveryCodesAnswer>>('POST', `${M}/user/mfa/recovery-codes/`),
  disable: () => request<Camelize<z.infer<typeof MfaDisableAnswer>>>('POST', `${M}/user/mfa/disable/`),
  /** No bearer: the MFA ticket travels in an httpOnly cookie set by user/login/. */
  login: (email: string, mfaCode: string) =>
    request<MfaLogin>('POST', `${M}/user/login/mfa/`, { anonymous: true, body: { email: required(email, 'email'), mfaCode: required(mfaCode, 'mfaCode') } }),
};
