import { endpoints } from './endpoints.ts';
import { call, required } from './http.ts';

const ep = endpoints.invitations;

/** The invitation link (issue 25.1), no bearer: who it is for, and choosing the password (signs in). */
export const invitationsApi = {
  check: (token: string) => call(ep.check, { body: { token: required(token, 'token') } }),
  accept: (token: string, newPassword: string) =>
    call(ep.accept, { body: { token: required(token, 'token'), newPassword: required(newPassword, 'newPassword') } }),
};
