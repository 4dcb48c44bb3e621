import type { FastifyInstance } from 'fastify';
import { varianceEndpoints as ep } from '../../src/api/contract/variance.ts';
import * as variance from '../services/variance.ts';
import { route } from './route.ts';

/** The verschillenanalyse of an online model (issue 37.5) under /api/grexonline/. Permissions: reading the project (policies/workbench.ts). */
export default async function varianceRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  route(app, ep.get, async (req) => variance.getVariance(ctx, req.user, req.params.id, req.query.against));
  route(app, ep.choices, async (req) => variance.varianceChoices(ctx, req.user, req.params.id));
}
