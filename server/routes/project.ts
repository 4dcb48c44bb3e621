import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../src/api/contract/common.ts';
import {
  ProjectCreateBody, ProjectDetail, ProjectList, ProjectListQuery, ProjectPatchBody, ProjectPutBody,
} from '../../src/api/contract/project.ts';
import * as projects from '../services/projects.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached } from './jsonReply.ts';

/** Projects (spec 1 §7) under /api/manager/. */
export default async function projectRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['project'];

  // The answer carries an ETag; a client that sends it back in If-None-Match gets 304 when nothing changed.
  r.get('/project/', { schema: { tags, querystring: ProjectListQuery, response: { 200: ProjectList, 304: z.null() } } }, async (req, reply) => {
    return sendCached(req, reply, await projects.listProjects(ctx, req.user, req.query.all, req.dataRevision));
  });

  r.post('/project/', { schema: { tags, body: ProjectCreateBody, response: { 201: ProjectDetail } } }, async (req, reply) => {
    return reply.code(201).send(await projects.createProject(ctx, req.user, req.body, req.ip));
  });

  r.get('/project/:id/', { schema: { tags, params: IdParams, response: { 200: ProjectDetail } } },
    async (req) => projects.getProject(ctx.db, req.user, req.params.id));

  r.put('/project/:id/', { schema: { tags, params: IdParams, body: ProjectPutBody, response: { 200: ProjectDetail } } },
    async (req) => projects.updateProject(ctx, req.user, req.params.id, req.body, req.ip));

  r.patch('/project/:id/', { schema: { tags, params: IdParams, body: ProjectPatchBody, response: { 200: ProjectDetail } } },
    async (req) => projects.updateProject(ctx, req.user, req.params.id, req.body, req.ip));

  r.delete('/project/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await projects.deleteProject(ctx, req.user, req.params.id, req.ip);
    return reply.code(204).send();
  });

  r.get('/project/:id/duplicate/', { schema: { tags, params: IdParams, response: { 200: ProjectDetail } } },
    async (req) => projects.duplicateProject(ctx, req.user, req.params.id, req.ip));
}
