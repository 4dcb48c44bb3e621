import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '../../src/api/contract/common.ts';
import { AdminResetPasswordBody, AdminUser, AdminUserList, BlockAnswer, BlockBody, CreateUserBody, UpdateUserBody, UserProjectRoleBody, UserProjectRoleList, UserSubregionBody, UserSubregionList, UserTemplateReportBody, UserTemplateReportList } from '../../src/api/contract/users.ts';
import { INVITE_SENT, USER_DELETED } from '../../src/api/contract/messages.ts';
import { PASSWORD_CHANGED } from '../../src/api/contract/messages.ts';
import * as users from '../services/users.ts';

/** User administration (spec 2 §7) under /api/manager/. Permissions: server/policies/admin.ts. */
export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['users'];

  r.get('/user/', { schema: { tags, response: { 200: AdminUserList } } }, async (req) => users.listUsers(ctx, req.user));
  r.post('/user/new', { schema: { tags, body: CreateUserBody, response: { 201: AdminUser } } }, async (req, reply) => {
    reply.code(201);
    return users.createUser(ctx, req.user, req.body, req.ip);
  });
  r.post('/user/force-mfa/', { schema: { tags, response: { 200: Ok } } }, async (req) => {
    await users.forceMfaForAll(ctx, req.user, req.ip);
    return { message: 'Forceren van Multi-Factor Authenticatie (MFA) gelukt!' };
  });
  r.get('/user/:id/', { schema: { tags, params: IdParams, response: { 200: AdminUser } } },
    async (req) => users.getUser(ctx, req.user, req.params.id));
  r.put('/user/:id/', { schema: { tags, params: IdParams, body: UpdateUserBody, response: { 200: AdminUser } } },
    async (req) => users.updateUser(ctx, req.user, req.params.id, req.body, req.ip));
  r.delete('/user/:id/', { schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await users.deleteUser(ctx, req.user, req.params.id, req.ip);
    return { message: USER_DELETED };
  });
  r.post('/user/:id/blk/', { schema: { tags, params: IdParams, body: BlockBody, response: { 200: BlockAnswer } } },
    async (req) => users.setBlocked(ctx, req.user, req.params.id, req.body.blocked, req.ip));
  r.post('/user/:id/reset-mfa/', { schema: { tags, params: IdParams, response: { 200: AdminUser } } },
    async (req) => users.resetUserMfa(ctx, req.user, req.params.id, req.ip));
  r.post('/user/:id/invite/', { schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await users.reinviteUser(ctx, req.user, req.params.id, req.ip);
    return { message: INVITE_SENT };
  });
  r.post('/user/:id/reset-password/', { schema: { tags, params: IdParams, body: AdminResetPasswordBody, response: { 200: Ok } } },
    async (req) => {
      await users.resetUserPassword(ctx, req.user, req.params.id, req.body.new_password, req.ip);
      return { message: PASSWORD_CHANGED };
    });

  r.get('/user/:id/project-role/', { schema: { tags, params: IdParams, response: { 200: UserProjectRoleList } } },
    async (req) => users.listProjectRoles(ctx, req.user, req.params.id));
  for (const method of ['post', 'put'] as const) {
    r[method]('/user/:id/project-role/', { schema: { tags, params: IdParams, body: UserProjectRoleBody, response: { 200: UserProjectRoleList } } },
      async (req) => users.setProjectRoles(ctx, req.user, req.params.id, req.body, req.ip));
    r[method]('/user/:id/subregion/', { schema: { tags, params: IdParams, body: UserSubregionBody, response: { 200: UserSubregionList } } },
      async (req) => users.setUserSubregions(ctx, req.user, req.params.id, req.body, req.ip));
    r[method]('/user/:id/template-report/', { schema: { tags, params: IdParams, body: UserTemplateReportBody, response: { 200: UserTemplateReportList } } },
      async (req) => users.setUserTemplateReports(ctx, req.user, req.params.id, req.body, req.ip));
  }
  r.get('/user/:id/subregion/', { schema: { tags, params: IdParams, response: { 200: UserSubregionList } } },
    async (req) => users.listUserSubregions(ctx, req.user, req.params.id));
  r.get('/user/:id/template-report/', { schema: { tags, params: IdParams, response: { 200: UserTemplateReportList } } },
    async (req) => users.listUserTemplateReports(ctx, req.user, req.params.id));
}
