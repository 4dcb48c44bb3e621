import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { authEndpoints as ep } from '../../src/api/contract/auth.ts';
import * as session from '../services/session.ts';
import { currentUser, updateMe } from '../services/me.ts';
import { clientForRequest } from '../services/clients.ts';
import { MFA_TICKET_SECONDS } from '../services/session.ts';
import { route } from './route.ts';

export const REFRESH_COOKIE = 'grondslag_refresh';
export const MFA_COOKIE = 'grondslag_mfa';
const VERSION = process.env.npm_package_version ?? '0.1.0';

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true, sameSite: 'strict', secure: app.ctx.config.secureCookies, path: '/api/',
    maxAge: app.ctx.config.refreshTokenDays * 86_400,
  });
}

export function setMfaTicketCookie(app: FastifyInstance, reply: FastifyReply, ticket: string) {
  reply.setCookie(MFA_COOKIE, ticket, {
    httpOnly: true, sameSite: 'strict', secure: app.ctx.config.secureCookies, path: '/api/',
    maxAge: MFA_TICKET_SECONDS,
  });
}

/**
 * The answer to a right password (sign-in, an accepted invitation): the MFA step's ticket in its cookie,
 * or the session's access token and refresh cookie.
 */
export async function passwordAnswer(app: FastifyInstance, reply: FastifyReply, outcome: session.LoginOutcome) {
  if (outcome.kind === 'mfa') {
    setMfaTicketCookie(app, reply, outcome.ticket);
    return { access: null, mfa: true, user: null, message: 'Voer uw MFA-code in.' };
  }
  setRefreshCookie(app, reply, outcome.session.refresh);
  return { access: outcome.session.access, mfa: false, user: await currentUser(app.ctx, outcome.user), message: 'Ingelogd' };
}

/** Sign-in core (spec 2 §4, §7) under /api/manager/. */
export default async function authRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  route(app, ep.login, async (req, reply) => passwordAnswer(app, reply, await session.login(ctx, req.body.email, req.body.password, req.ip)));

  const refreshHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const result = await session.refresh(ctx, req.cookies[REFRESH_COOKIE], req.ip);
    if (result.refresh) setRefreshCookie(app, reply, result.refresh);
    return { access: result.access };
  };
  route(app, ep.refresh, refreshHandler);
  route(app, ep.refreshByGet, refreshHandler);

  route(app, ep.logout, async (req, reply) => {
    await session.logout(ctx, req.user, req.cookies[REFRESH_COOKIE], req.sessionId, req.ip);
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/' });
    return { message: 'Uitgelogd' };
  });
  route(app, ep.me, async (req) => currentUser(ctx, req.user));
  route(app, ep.updateMe, async (req) => updateMe(ctx, req.user, req.body, req.ip));
  route(app, ep.clientStatus, async (req) => {
    const c = await clientForRequest(ctx, req.hostname);
    return { saml: Boolean(c?.samlEntryPoint), client_name: c?.name ?? null };
  });
  route(app, ep.status, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, version: VERSION, database: 'ok' as const };
  });
}
