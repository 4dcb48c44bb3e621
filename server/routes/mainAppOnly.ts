import type { FastifyInstance } from 'fastify';
import { assertMainAppAccess } from '../policies/projects.ts';

/**
 * The project area's first authorisation step: global role NON may call nothing there. Each route
 * plugin of the area (project, version-model, model, attachment, log, reference data) calls it in its
 * own (encapsulated) scope; the hook runs after the global authenticate hook.
 */
export function mainAppOnly(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    // A public route of the area has no user; every other one has (req.user answers 401 otherwise).
    if (!req.routeOptions.config?.public) assertMainAppAccess(req.user);
  });
}
