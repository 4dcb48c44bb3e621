import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MfaDisableAnswer, MfaLoginAnswer, RecoveryCodesAnswer, MfaLoginBody, MfaSetupAnswer, MfaVerifyAnswer, MfaVerifyBody,
} from '../../src/api/contract/mfa.ts';
import * as mfa from '../services/mfa.ts';
import { currentUser } from '../services/me.ts';
import { MFA_COOKIE, setRefreshCookie } from './auth.ts';

/** MFA setup and the MFA step of sign-in (spec 2 §4, §7) under /api/manager/. */
export default async function mfaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post('/user/mfa/setup/', { schema: { tags: ['mfa'], response: { 200: MfaSetupAnswer } } },
    async (req) => mfa.setupMfa(ctx, req.user, req.ip));

  r.post('/user/mfa/verify/', { schema: { tags: ['mfa'], body: MfaVerifyBody, response: { 200: MfaVerifyAnswer } } },
    async (req) => mfa.verifyMfaSetup(ctx, req.user, req.body.user_email, req.body.mfa_code, req.ip));

  r.post('/user/mfa/disable/', { schema: { tags: ['mfa'], response: { 200: MfaDisableAnswer } } }, async (req) => {
    await mfa.disableMfa(ctx, req.user, req.ip);
    return { mfa_verified: false as const, message: 'MFA uitgeschakeld' };
  });

  r.post('/user/mfa/recovery-codes/', { schema: { tags: ['mfa'], response: { 200: RecoveryCodesAnswer } } },
    async (req) => mfa.regenerateRecoveryCodes(ctx, req.user, req.ip));

  r.post('/user/login/mfa/', {
    config: { public: true },
    schema: { tags: ['mfa'], body: MfaLoginBody, response: { 200: MfaLoginAnswer } },
  }, async (req, reply) => {
    const { user, session } = await mfa.loginMfa(ctx, req.cookies[MFA_COOKIE], req.body.email, req.body.mfa_code, req.ip);
    reply.clearCookie(MFA_COOKIE, { path: '/api/' });
    setRefreshCookie(app, reply, session.refresh);
    return { access: session.access, user: await currentUser(ctx, user), message: 'Ingelogd' };
  });
}
