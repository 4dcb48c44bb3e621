import type { FastifyInstance } from 'fastify';
import { mfaEndpoints as ep } from '../../src/api/contract/mfa.ts';
import * as mfa from '../services/mfa.ts';
import { currentUser } from '../services/me.ts';
import { MFA_COOKIE, setRefreshCookie } from './auth.ts';
import { route } from './route.ts';

/** MFA setup and the MFA step of sign-in (spec 2 §4, §7) under /api/manager/. */
export default async function mfaRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  route(app, ep.setup, async (req) => mfa.setupMfa(ctx, req.user, req.ip));
  route(app, ep.verify, async (req) => mfa.verifyMfaSetup(ctx, req.user, req.body.user_email, req.body.mfa_code, req.ip));
  route(app, ep.disable, async (req) => {
    await mfa.disableMfa(ctx, req.user, req.ip);
    return { mfa_verified: false as const, message: 'MFA uitgeschakeld' };
  });
  route(app, ep.recoveryCodes, async (req) => mfa.regenerateRecoveryCodes(ctx, req.user, req.ip));
  route(app, ep.login, async (req, reply) => {
    const { user, session } = await mfa.loginMfa(ctx, req.cookies[MFA_COOKIE], req.body.email, req.body.mfa_code, req.ip);
    reply.clearCookie(MFA_COOKIE, { path: '/api/' });
    setRefreshCookie(app, reply, session.refresh);
    return { access: session.access, user: await currentUser(ctx, user), message: 'Ingelogd' };
  });
}
