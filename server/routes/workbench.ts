import type { FastifyInstance } from 'fastify';
import { workbenchEndpoints as ep } from '../../src/api/contract/workbench.ts';
import * as tool from '../services/workbench.ts';
import { route } from './route.ts';

/** The online calculation tool (spec 3 §7) under /api/grexonline/. Permissions: server/policies/workbench.ts. */
export default async function workbenchRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  // The model answer (up to a few MB) is built from data the service has just validated, so it is
  // written as it is: a second zod pass over it against the response schema held the single thread
  // while the browser waited for the tool's chunk. The schema stays for the API description.
  const asJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
  route(app, ep.load, async (req) => tool.getWorkbenchModel(ctx, req.user, req.params.id), asJson);
  route(app, ep.save, async (req) => tool.saveWorkbenchModel(ctx, req.user, req.params.id, req.body, req.ip), asJson);
  route(app, ep.openSession, async (req) => tool.openSession(ctx, req.user, req.params.id, req.ip));
  route(app, ep.closeSession, async (req) => tool.closeSession(ctx, req.user, req.params.id, req.ip));
}
