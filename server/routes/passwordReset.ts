import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChangePasswordBody, CheckMfaBody, CheckTokenAnswer, CheckTokenBody, SendTokenBody, SetPasswordBody } from '../../src/api/contract/passwordReset.ts';
import { PASSWORD_CHANGED, PASSWORD_RESET_DONE } from '../../src/api/contract/messages.ts';
import { MfaVerifyAnswer } from '../../src/api/contract/mfa.ts';
import { Ok } from '../../src/api/contract/common.ts';
import { InvitationAcceptAnswer, InvitationAcceptBody, InvitationCheckAnswer, InvitationCheckBody } from '../../src/api/contract/invitations.ts';
import * as pw from '../services/passwords.ts';
import { acceptInvitation, checkInvitation } from '../services/invitations.ts';
import { currentUser } from '../services/me.ts';
import { REFRESH_COOKIE, setRefreshCookie } from './auth.ts';

/** Password reset by mail and the invitation link (no bearer), and the own password change (spec 2 §4, §7; issue 25.1). */
export default async function passwordResetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const open = { public: true };

  r.post('/user/reset-password/send-token/', { config: open, schema: { tags: ['reset'], body: SendTokenBody, response: { 200: Ok } } },
    async (req) => {
      const failed = await pw.sendResetToken(ctx, req.body.email, req.ip);
      if (failed) req.log.error({ err: failed.mailError }, 'reset mail not sent');
      return { message: 'Als dit e-mailadres bekend is, is er een e-mail met een code verstuurd.' };
    });

  r.post('/user/reset-password/check-token/', { config: open, schema: { tags: ['reset'], body: CheckTokenBody, response: { 200: CheckTokenAnswer } } },
    async (req) => pw.checkResetToken(ctx, req.body.email, req.body.reset_password_token, req.ip));

  r.post('/user/reset-password/check-mfa/', { config: open, schema: { tags: ['reset'], body: CheckMfaBody, response: { 200: MfaVerifyAnswer } } },
    async (req) => pw.checkResetMfa(ctx, req.body.email, req.body.reset_password_token, req.body.mfa_code, req.ip));

  r.post('/user/reset-password/set-password/', { config: open, schema: { tags: ['reset'], body: SetPasswordBody, response: { 200: Ok } } },
    async (req) => {
      await pw.setPasswordWithToken(ctx, {
        email: req.body.email, token: req.body.reset_password_token, mfaToken: req.body.reset_password_2fa_token, password: req.body.new_password,
      }, req.ip);
      return { message: PASSWORD_RESET_DONE };
    });

  r.post('/user/me/reset-password/', { schema: { tags: ['reset'], body: ChangePasswordBody, response: { 200: Ok } } }, async (req) => {
    await pw.changeOwnPassword(ctx, req.user, req.body.current_password, req.body.new_password, req.ip, req.cookies[REFRESH_COOKIE]);
    return { message: PASSWORD_CHANGED };
  });

  r.post('/user/invitation/check/', { config: open, schema: { tags: ['reset'], body: InvitationCheckBody, response: { 200: InvitationCheckAnswer } } },
    async (req) => checkInvitation(ctx, req.body.token, req.ip));

  r.post('/user/invitation/accept/', { config: open, schema: { tags: ['reset'], body: InvitationAcceptBody, response: { 200: InvitationAcceptAnswer } } },
    async (req, reply) => {
      const { user, session } = await acceptInvitation(ctx, req.body.token, req.body.new_password, req.ip);
      setRefreshCookie(app, reply, session.refresh);
      return { access: session.access, user: await currentUser(ctx, user), message: 'Ingelogd' };
    });
}
