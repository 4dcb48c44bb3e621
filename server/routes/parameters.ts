import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ParameterPreviewAnswer, ParameterSaveAnswer, ParameterSaveBody } from '../../src/api/contract/parameters.ts';
import { applyParameters, previewParameters } from '../services/parameters.ts';

/** POST parameter/ (spec 2 §7) and its preview (issue 23): staff only (server/policies/admin.ts). */
export default async function parameterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/parameter/preview/', { schema: { tags: ['parameters'], body: ParameterSaveBody, response: { 200: ParameterPreviewAnswer } } },
    async (req) => previewParameters(app.ctx, req.user, req.body));
  r.post('/parameter/', { schema: { tags: ['parameters'], body: ParameterSaveBody, response: { 200: ParameterSaveAnswer } } },
    async (req) => applyParameters(app.ctx, req.user, req.body, req.ip));
}
