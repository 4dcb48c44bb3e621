import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, Ok } from '../../src/api/contract/common.ts';
import {
  CategoryAttachment, DescriptionBody, ForceQuery, NameBody, Phase, PhaseList, PhaseOrderBody, Subregion, SubregionCreateBody, SubregionList, TypeProject,
} from '../../src/api/contract/configuration.ts';
import * as conf from '../services/configuration.ts';

/**
 * Reference-data configuration (spec 2 §7) under /api/manager/: create, read one, rename, delete.
 * The GET lists (subregion/, type-project/, phase/, category-attachment/) are in the project area's
 * reference-data routes.
 */
export default async function configurationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['configuration'];
  const deleted = (what: string) => ({ message: `${what} succesvol verwijderd.` });

  // subregion
  r.post('/subregion/', { schema: { tags, body: SubregionCreateBody, response: { 201: Subregion } } }, async (req, reply) => {
    reply.code(201);
    return conf.createSubregion(ctx, req.user, req.body.description, req.body.access_list, req.ip);
  });
  r.get('/subregion/:id/', { schema: { tags, params: IdParams, response: { 200: SubregionList } } },
    async (req) => conf.getSubregion(ctx, req.user, req.params.id));
  for (const method of ['put', 'patch'] as const) {
    r[method]('/subregion/:id/', { schema: { tags, params: IdParams, body: DescriptionBody, response: { 200: Subregion } } },
      async (req) => conf.renameSubregion(ctx, req.user, req.params.id, req.body.description, req.ip));
    r[method]('/type-project/:id/', { schema: { tags, params: IdParams, body: DescriptionBody, response: { 200: TypeProject } } },
      async (req) => conf.renameTypeProject(ctx, req.user, req.params.id, req.body.description, req.ip));
    r[method]('/phase/:id/', { schema: { tags, params: IdParams, body: DescriptionBody, response: { 200: Phase } } },
      async (req) => conf.renamePhase(ctx, req.user, req.params.id, req.body.description, req.ip));
    r[method]('/category-attachment/:id/', { schema: { tags, params: IdParams, body: NameBody, response: { 200: CategoryAttachment } } },
      async (req) => conf.renameCategory(ctx, req.user, req.params.id, req.body.name, req.ip));
  }
  r.delete('/subregion/:id/', { schema: { tags, params: IdParams, querystring: ForceQuery, response: { 200: Ok } } }, async (req) => {
    await conf.deleteSubregion(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Deelgebied');
  });

  // type project
  r.post('/type-project/', { schema: { tags, body: DescriptionBody, response: { 201: TypeProject } } }, async (req, reply) => {
    reply.code(201);
    return conf.createTypeProject(ctx, req.user, req.body.description, req.ip);
  });
  r.get('/type-project/:id/', { schema: { tags, params: IdParams, response: { 200: TypeProject } } },
    async (req) => conf.getTypeProject(ctx, req.user, req.params.id));
  r.delete('/type-project/:id/', { schema: { tags, params: IdParams, querystring: ForceQuery, response: { 200: Ok } } }, async (req) => {
    await conf.deleteTypeProject(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Projecttype');
  });

  // phase
  r.post('/phase/', { schema: { tags, body: DescriptionBody, response: { 201: Phase } } }, async (req, reply) => {
    reply.code(201);
    return conf.createPhase(ctx, req.user, req.body.description, req.ip);
  });
  r.put('/phase/order/', { schema: { tags, body: PhaseOrderBody, response: { 200: PhaseList } } },
    async (req) => conf.reorderPhases(ctx, req.user, req.body.ids, req.ip));
  r.get('/phase/:id/', { schema: { tags, params: IdParams, response: { 200: Phase } } },
    async (req) => conf.getPhase(ctx, req.user, req.params.id));
  r.delete('/phase/:id/', { schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await conf.deletePhase(ctx, req.user, req.params.id, req.ip);
    return deleted('Fasedefinitie');
  });

  // attachment category
  r.post('/category-attachment/', { schema: { tags, body: NameBody, response: { 201: CategoryAttachment } } }, async (req, reply) => {
    reply.code(201);
    return conf.createCategory(ctx, req.user, req.body.name, req.ip);
  });
  r.get('/category-attachment/:id/', { schema: { tags, params: IdParams, response: { 200: CategoryAttachment } } },
    async (req) => conf.getCategory(ctx, req.user, req.params.id));
  r.delete('/category-attachment/:id/', { schema: { tags, params: IdParams, querystring: ForceQuery, response: { 200: Ok } } }, async (req) => {
    await conf.deleteCategory(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Bijlagecategorie');
  });
}
