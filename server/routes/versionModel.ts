import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import {
  VersionModel, VersionModelCreateBody, VersionModelList, VersionModelListQuery, VersionModelMoveBody,
  VersionModelPatchBody, VersionModelPutBody,
} from '../../src/api/contract/versionModel.ts';
import * as versions from '../services/versionModels.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendJsonText } from './jsonReply.ts';

/** Versions of a project (spec 1 §7 version-model/) under /api/manager/. */
export default async function versionModelRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['version-model'];

  r.get('/version-model/', { schema: { tags, querystring: VersionModelListQuery, response: { 200: VersionModelList } } },
    async (req, reply) => sendJsonText(reply, await versions.listVersions(ctx, req.user, req.query.project_id)));

  r.post('/version-model/', { schema: { tags, body: VersionModelCreateBody, response: { 201: VersionModel } } }, async (req, reply) =>
    reply.code(201).send(await versions.createVersion(ctx, req.user, req.body, req.ip)));

  r.get('/version-model/:id/', { schema: { tags, params: IdParams, response: { 200: VersionModel } } },
    async (req) => versions.getVersion(ctx.db, req.user, req.params.id));

  r.put('/version-model/:id/', { schema: { tags, params: IdParams, body: VersionModelPutBody, response: { 200: VersionModel } } },
    async (req) => versions.updateVersion(ctx, req.user, req.params.id, req.body, req.ip));

  r.patch('/version-model/:id/', { schema: { tags, params: IdParams, body: VersionModelPatchBody, response: { 200: VersionModel } } },
    async (req) => versions.updateVersion(ctx, req.user, req.params.id, req.body, req.ip));

  r.delete('/version-model/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await versions.deleteVersion(ctx, req.user, req.params.id, req.ip);
    return reply.code(204).send();
  });

  r.get('/version-model/:id/duplicate/', { schema: { tags, params: IdParams, response: { 200: VersionModel } } },
    async (req) => versions.duplicateVersion(ctx, req.user, req.params.id, req.ip));

  r.post('/version-model/:id/move/', { schema: { tags, params: IdParams, body: VersionModelMoveBody, response: { 200: VersionModel } } },
    async (req) => versions.moveVersion(ctx, req.user, req.params.id, req.body.to_project, req.ip));
}
