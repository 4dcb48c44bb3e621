import type { FastifyInstance } from 'fastify';
import { referenceDataEndpoints as ep } from '../../src/api/contract/referenceData.ts';
import { logEndpoints } from '../../src/api/contract/log.ts';
import * as ref from '../services/referenceData.ts';
import { listLog } from '../services/logs.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { route } from './route.ts';

/** Reference-data lists the project area needs, and the audit log, under /api/manager/. */
export default async function referenceDataRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.subregions, async (req) => ref.listSubregions(ctx, req.user));
  route(app, ep.subregionRoles, async (req) => ref.subregionRoles(ctx, req.user, req.params.id));
  route(app, ep.typeProjects, async (req) => ref.listTypeProjects(ctx, req.user));
  route(app, ep.phases, async (req) => ref.listPhases(ctx, req.user));
  route(app, ep.categoryAttachments, async (req) => ref.listCategories(ctx, req.user));
  route(app, ep.templateModels, async (req) => ref.listTemplateModels(ctx, req.user));
  route(app, ep.createTemplateModel, async (req) => ref.createTemplateModel(ctx, req.user, req.body, req.ip));

  route(app, logEndpoints.page, async (req) => listLog(ctx, req.user, req.query));
}
