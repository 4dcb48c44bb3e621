import type { FastifyInstance } from 'fastify';
import { userEndpoints as ep } from '../../src/api/contract/users.ts';
import { INVITE_NO_MAIL_SERVER, INVITE_SENT, PASSWORD_CHANGED } from '../../src/api/contract/messages.ts';
import * as users from '../services/users.ts';
import { route } from './route.ts';

/** User administration (spec 2 §7) under /api/manager/. Permissions: server/policies/admin.ts. */
export default async function userRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  route(app, ep.list, async (req) => users.listUsers(ctx, req.user));
  route(app, ep.create, async (req) => users.createUser(ctx, req.user, req.body, req.ip));
  route(app, ep.forceMfaForAll, async (req) => {
    await users.forceMfaForAll(ctx, req.user, req.ip);
    return { message: 'Forceren van Multi-Factor Authenticatie (MFA) gelukt!' };
  });
  route(app, ep.get, async (req) => users.getUser(ctx, req.user, req.params.id));
  route(app, ep.update, async (req) => users.updateUser(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.remove, async (req) => ({ message: await users.deleteUser(ctx, req.user, req.params.id, req.ip) }));
  route(app, ep.setBlocked, async (req) => users.setBlocked(ctx, req.user, req.params.id, req.body.blocked, req.ip));
  route(app, ep.resetMfa, async (req) => users.resetUserMfa(ctx, req.user, req.params.id, req.ip));
  route(app, ep.reinvite, async (req) => {
    const { link } = await users.reinviteUser(ctx, req.user, req.params.id, req.ip);
    return link ? { message: INVITE_NO_MAIL_SERVER, invitation_link: link } : { message: INVITE_SENT };
  });
  route(app, ep.resetPassword, async (req) => {
    await users.resetUserPassword(ctx, req.user, req.params.id, req.body.new_password, req.ip);
    return { message: PASSWORD_CHANGED };
  });

  route(app, ep.projectRoles, async (req) => users.listProjectRoles(ctx, req.user, req.params.id));
  route(app, ep.subregions, async (req) => users.listUserSubregions(ctx, req.user, req.params.id));
  route(app, ep.templateReports, async (req) => users.listUserTemplateReports(ctx, req.user, req.params.id));
  // POST and PUT alike
  for (const e of [ep.addProjectRoles, ep.setProjectRoles]) {
    route(app, e, async (req) => users.setProjectRoles(ctx, req.user, req.params.id, req.body, req.ip));
  }
  for (const e of [ep.addSubregions, ep.setSubregions]) {
    route(app, e, async (req) => users.setUserSubregions(ctx, req.user, req.params.id, req.body, req.ip));
  }
  for (const e of [ep.addTemplateReports, ep.setTemplateReports]) {
    route(app, e, async (req) => users.setUserTemplateReports(ctx, req.user, req.params.id, req.body, req.ip));
  }
}
