import type { MfaSetupAnswer } from './contract/mfa.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';

export type MfaSetup = Camelize<MfaSetupAnswer>;

const ep = endpoints.mfa;

/** Multi-factor authentication (spec 2 §7): setup, verify, disable and the MFA step of sign-in. */
export const mfaApi = {
  setup: () => call(ep.setup),
  verify: (userEmail: string, mfaCode: string) =>
    call(ep.verify, { body: { userEmail: required(userEmail, 'userEmail'), mfaCode: required(mfaCode, 'mfaCode') } }),
  /** Ten new recovery codes; the earlier ones stop working. */
  recoveryCodes: () => call(ep.recoveryCodes),
  disable: () => call(ep.disable),
  /** No bearer: the MFA ticket travels in an httpOnly cookie set by user/login/. */
  login: (email: string, mfaCode: string) =>
    call(ep.login, { body: { email: required(email, 'email'), mfaCode: required(mfaCode, 'mfaCode') } }),
};
