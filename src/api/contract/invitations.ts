import { z } from 'zod';
import { LoginAnswer } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// Invitations (issue 25.1): the mail's link carries a single-use token; no bearer on these two calls.

const Token = z.string().trim().min(1).max(200);

/** POST user/invitation/check/ → who the invitation is for; 400 INVITE_INVALID when used, replaced or expired. */
export const InvitationCheckBody = z.object({ token: Token });
export const InvitationCheckAnswer = z.object({
  email: z.string(),
  first_name: z.string(),
  /** The user must set up MFA right after choosing the password. */
  mfa_forced: z.boolean(),
});
export type InvitationCheckAnswer = z.infer<typeof InvitationCheckAnswer>;

/**
 * POST user/invitation/accept/ → as user/login/: signed in (access token + refresh cookie), or, for an
 * account with MFA on (a re-invitation), `mfa: true` and the MFA step's ticket cookie (issue 33.4). 400
 * INVITE_INVALID, or 'Wachtwoord voldoet niet aan de eisen.' with errors[] per unmet requirement.
 */
export const InvitationAcceptBody = z.object({ token: Token, new_password: z.string().max(1024) });
export const InvitationAcceptAnswer = LoginAnswer;

const tags = ['reset'];

/** The invitation link (issue 25.1), no bearer: who it is for, and choosing the password (signs in). */
export const invitationEndpoints = {
  check: endpoint(routes.invitations.check, {
    tags, body: InvitationCheckBody, response: { 200: InvitationCheckAnswer },
  }),
  accept: endpoint(routes.invitations.accept, {
    tags, body: InvitationAcceptBody, response: { 200: InvitationAcceptAnswer },
  }),
};
