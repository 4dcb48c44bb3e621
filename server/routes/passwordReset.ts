import type { FastifyInstance } from 'fastify';
import { passwordResetEndpoints as ep } from '../../src/api/contract/passwordReset.ts';
import { invitationEndpoints } from '../../src/api/contract/invitations.ts';
import { PASSWORD_CHANGED, PASSWORD_RESET_DONE } from '../../src/api/contract/messages.ts';
import * as pw from '../services/passwords.ts';
import { acceptInvitation, checkInvitation } from '../services/invitations.ts';
import { passwordAnswer } from './auth.ts';
import { route } from './route.ts';

/** Password reset by mail and the invitation link (no bearer), and the own password change (spec 2 §4, §7; issue 25.1). */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  route(app, ep.sendToken, async (req) => {
    const failed = await pw.sendResetToken(ctx, req.body.email, req.ip);
    if (failed) req.log.error({ err: failed.mailError }, 'reset mail not sent');
    return { message: 'Als dit e-mailadres bekend is, is er een e-mail met een code verstuurd.' };
  });
  route(app, ep.checkToken, async (req) => pw.checkResetToken(ctx, req.body.email, req.body.reset_password_token, req.ip));
  route(app, ep.checkMfa, async (req) => pw.checkResetMfa(ctx, req.body.email, req.body.reset_password_token, req.body.mfa_code, req.ip));
  route(app, ep.setPassword, async (req) => {
    await pw.setPasswordWithToken(ctx, {
      email: req.body.email, token: req.body.reset_password_token, mfaToken: req.body.reset_password_2fa_token, password: req.body.new_password,
    }, req.ip);
    return { message: PASSWORD_RESET_DONE };
  });
  route(app, ep.changeOwn, async (req) => {
    await pw.changeOwnPassword(ctx, req.user, req.body.current_password, req.body.new_password, req.ip, req.sessionId);
    return { message: PASSWORD_CHANGED };
  });

  route(app, invitationEndpoints.check, async (req) => checkInvitation(ctx, req.body.token, req.ip));
  route(app, invitationEndpoints.accept, async (req, reply) =>
    passwordAnswer(app, reply, await acceptInvitation(ctx, req.body.token, req.body.new_password, req.ip)));
}
