import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import { GrexOnlineModel, SaveModelBody, SessionAnswer } from '../../src/api/contract/grexonline.ts';
import * as tool from '../services/workbench.ts';

/** The online calculation tool (spec 3 §7) under /api/grexonline/. Permissions: server/policies/workbench.ts. */
export default async function grexonlineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['grexonline'];

  // The model answer (up to a few MB) is built from data the service has just validated, so it is
  // written as it is: a second zod pass over it against the response schema held the single thread
  // while the browser waited for the tool's chunk. The schema stays for the API description.
  const asJson = () => (data: unknown) => JSON.stringify(data);
  r.get('/model/:id/', { schema: { tags, params: IdParams, response: { 200: GrexOnlineModel } }, serializerCompiler: asJson },
    async (req) => tool.getWorkbenchModel(ctx, req.user, req.params.id));
  r.post('/model/:id/', { schema: { tags, params: IdParams, body: SaveModelBody, response: { 200: GrexOnlineModel } }, serializerCompiler: asJson },
    async (req) => tool.saveWorkbenchModel(ctx, req.user, req.params.id, req.body, req.ip));
  r.post('/model/:id/session/', { schema: { tags, params: IdParams, response: { 200: SessionAnswer } } },
    async (req) => tool.openSession(ctx, req.user, req.params.id, req.ip));
  r.delete('/model/:id/session/', { schema: { tags, params: IdParams, response: { 200: SessionAnswer } } },
    async (req) => tool.closeSession(ctx, req.user, req.params.id, req.ip));
}
