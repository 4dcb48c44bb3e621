import type { FastifyInstance } from 'fastify';
import { projectEndpoints as ep } from '../../src/api/contract/project.ts';
import * as projects from '../services/projects.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached } from './jsonReply.ts';
import { route } from './route.ts';

/** Projects (spec 1 §7) under /api/manager/. */
export default async function projectRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.list, async (req, reply) =>
    sendCached(req, reply, await projects.listProjects(ctx, req.user, req.query.all, req.dataRevision)));
  route(app, ep.create, async (req) => projects.createProject(ctx, req.user, req.body, req.ip));
  route(app, ep.get, async (req) => projects.getProject(ctx.db, req.user, req.params.id));
  route(app, ep.put, async (req) => projects.updateProject(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.patch, async (req) => projects.updateProject(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.remove, async (req) => projects.deleteProject(ctx, req.user, req.params.id, req.ip));
  route(app, ep.duplicate, async (req) => projects.duplicateProject(ctx, req.user, req.params.id, req.ip));
}
