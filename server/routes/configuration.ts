import type { FastifyInstance } from 'fastify';
import type { AnswerOf, Endpoint } from '../../src/api/contract/endpoint.ts';
import { configurationEndpoints as ep } from '../../src/api/contract/configuration.ts';
import * as conf from '../services/configuration.ts';
import { route, type EndpointHandler, type EndpointRequest } from './route.ts';

/** One reference list as the contract's `listEndpoints` declares it. */
interface ListEndpoints<C extends Endpoint, G extends Endpoint, P extends Endpoint, Q extends Endpoint, D extends Endpoint> {
  create: C; get: G; put: P; patch: Q; remove: D;
}

/**
 * Reference-data configuration (spec 2 §7) under /api/manager/: create, read one, rename, delete.
 * The GET lists (subregion/, type-project/, phase/, category-attachment/) are in the project area's
 * reference-data routes.
 */
export default async function configurationRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  /** The four routes of one list: rename on PUT and PATCH alike; a delete answers '<what> succesvol verwijderd.'. */
  function listRoutes<C extends Endpoint, G extends Endpoint, P extends Endpoint, Q extends Endpoint, D extends Endpoint>(
    list: ListEndpoints<C, G, P, Q, D>, what: string,
    handlers: { create: EndpointHandler<C>; get: EndpointHandler<G>; rename: EndpointHandler<P | Q>; remove: (req: EndpointRequest<D>) => Promise<void> },
  ) {
    route(app, list.create, handlers.create);
    route(app, list.get, handlers.get);
    for (const e of [list.put, list.patch]) route(app, e, handlers.rename);
    route(app, list.remove, async (req) => {
      await handlers.remove(req);
      // Every list's delete answers Ok; the generic D hides that from the compiler.
      return { message: `${what} succesvol verwijderd.` } as AnswerOf<D>;
    });
  }

  listRoutes(ep.subregion, 'Deelgebied', {
    create: async (req) => conf.createSubregion(ctx, req.user, req.body.description, req.body.access_list, req.ip),
    get: async (req) => conf.getSubregion(ctx, req.user, req.params.id),
    rename: async (req) => conf.renameSubregion(ctx, req.user, req.params.id, req.body.description, req.ip),
    remove: (req) => conf.deleteSubregion(ctx, req.user, req.params.id, req.query.force, req.ip),
  });
  listRoutes(ep.typeProject, 'Projecttype', {
    create: async (req) => conf.createTypeProject(ctx, req.user, req.body.description, req.ip),
    get: async (req) => conf.getTypeProject(ctx, req.user, req.params.id),
    rename: async (req) => conf.renameTypeProject(ctx, req.user, req.params.id, req.body.description, req.ip),
    remove: (req) => conf.deleteTypeProject(ctx, req.user, req.params.id, req.query.force, req.ip),
  });
  listRoutes(ep.phase, 'Fasedefinitie', {
    create: async (req) => conf.createPhase(ctx, req.user, req.body.description, req.ip),
    get: async (req) => conf.getPhase(ctx, req.user, req.params.id),
    rename: async (req) => conf.renamePhase(ctx, req.user, req.params.id, req.body.description, req.ip),
    remove: (req) => conf.deletePhase(ctx, req.user, req.params.id, req.query.force, req.ip),
  });
  route(app, ep.phase.order, async (req) => conf.reorderPhases(ctx, req.user, req.body.ids, req.ip));
  listRoutes(ep.category, 'Bijlagecategorie', {
    create: async (req) => conf.createCategory(ctx, req.user, req.body.name, req.ip),
    get: async (req) => conf.getCategory(ctx, req.user, req.params.id),
    rename: async (req) => conf.renameCategory(ctx, req.user, req.params.id, req.body.name, req.ip),
    remove: (req) => conf.deleteCategory(ctx, req.user, req.params.id, req.query.force, req.ip),
  });
}
