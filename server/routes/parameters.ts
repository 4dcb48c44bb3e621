import type { FastifyInstance } from 'fastify';
import { parameterEndpoints as ep } from '../../src/api/contract/parameters.ts';
import { applyParameters, previewParameters } from '../services/parameters.ts';
import { route } from './route.ts';

/** POST parameter/ (spec 2 §7) and its preview (issue 23): staff only (server/policies/admin.ts). */
export default async function parameterRoutes(app: FastifyInstance) {
  route(app, ep.preview, async (req) => previewParameters(app.ctx, req.user, req.body));
  route(app, ep.save, async (req) => applyParameters(app.ctx, req.user, req.body, req.ip));
}
