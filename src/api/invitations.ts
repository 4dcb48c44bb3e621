import type { InvitationCheckAnswer } from './contract/invitations.ts';
import type { MfaLoginAnswer } from './contract/mfa.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

const M = '/manager';

/** The invitation link (issue 25.1), no bearer: who it is for, and choosing the password (signs in). */
export const invitationsApi = {
  check: (token: string) =>
    request<Camelize<InvitationCheckAnswer>>('POST', `${M}/user/invitation/check/`, { anonymous: true, body: { token: required(token, 'token') } }),
  accept: (token: string, newPassword: string) =>
    request<Camelize<MfaLoginAnswer>>('POST', `${M}/user/invitation/accept/`, {
      anonymous: true, body: { token: required(token, 'token'), newPassword: required(newPassword, 'newPassword') },
    }),
};
