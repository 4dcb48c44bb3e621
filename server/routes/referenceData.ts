import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import { CategoryAttachmentList, PhaseList, SubregionList, TypeProjectList } from '../../src/api/contract/configuration.ts';
import { SubregionRoles, TemplateModelCreateBody, TemplateModelItem, TemplateModelList, TemplateModelQuery } from '../../src/api/contract/referenceData.ts';
import { LogPage, LogQuery } from '../../src/api/contract/log.ts';
import * as ref from '../services/referenceData.ts';
import { listLog } from '../services/logs.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { multipartBody } from './upload.ts';

/** Reference-data lists the project area needs, and the audit log, under /api/manager/. */
export default async function referenceDataRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['reference-data'];

  r.get('/subregion/', { schema: { tags, response: { 200: SubregionList } } }, async (req) => ref.listSubregions(ctx, req.user));
  r.get('/subregion/:id/roles/', { schema: { tags, params: IdParams, response: { 200: SubregionRoles } } },
    async (req) => ref.subregionRoles(ctx, req.user, req.params.id));
  r.get('/type-project/', { schema: { tags, response: { 200: TypeProjectList } } }, async (req) => ref.listTypeProjects(ctx, req.user));
  r.get('/phase/', { schema: { tags, response: { 200: PhaseList } } }, async (req) => ref.listPhases(ctx, req.user));
  r.get('/category-attachment/', { schema: { tags, response: { 200: CategoryAttachmentList } } }, async (req) => ref.listCategories(ctx, req.user));
  r.get('/template-model/', { schema: { tags, querystring: TemplateModelQuery, response: { 200: TemplateModelList } } },
    async (req) => ref.listTemplateModels(ctx, req.user));
  // Multipart: the body is read before validation into the shape the contract validates (attachment.ts).
  r.post('/template-model/', {
    schema: { tags, body: TemplateModelCreateBody, response: { 201: TemplateModelItem } },
    preValidation: async (req) => {
      const body = await multipartBody(req, ctx.config.maxUploadBytes);
      if (body) req.body = body as typeof req.body;
    },
  }, async (req, reply) => reply.code(201).send(await ref.createTemplateModel(ctx, req.user, req.body, req.ip)));

  r.get('/log/', { schema: { tags: ['log'], querystring: LogQuery, response: { 200: LogPage } } },
    async (req) => listLog(ctx, req.user, req.query));
}
