import type { FastifyInstance } from 'fastify';
import { configurationEndpoints as ep } from '../../src/api/contract/configuration.ts';
import * as conf from '../services/configuration.ts';
import { route } from './route.ts';

/**
 * Reference-data configuration (spec 2 §7) under /api/manager/: create, read one, rename, delete.
 * The GET lists (subregion/, type-project/, phase/, category-attachment/) are in the project area's
 * reference-data routes.
 */
export default async function configurationRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const deleted = (what: string) => ({ message: `${what} succesvol verwijderd.` });

  // subregion
  route(app, ep.subregion.create, async (req) => conf.createSubregion(ctx, req.user, req.body.description, req.body.access_list, req.ip));
  route(app, ep.subregion.get, async (req) => conf.getSubregion(ctx, req.user, req.params.id));
  for (const e of [ep.subregion.put, ep.subregion.patch]) {
    route(app, e, async (req) => conf.renameSubregion(ctx, req.user, req.params.id, req.body.description, req.ip));
  }
  route(app, ep.subregion.remove, async (req) => {
    await conf.deleteSubregion(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Deelgebied');
  });

  // type project
  route(app, ep.typeProject.create, async (req) => conf.createTypeProject(ctx, req.user, req.body.description, req.ip));
  route(app, ep.typeProject.get, async (req) => conf.getTypeProject(ctx, req.user, req.params.id));
  for (const e of [ep.typeProject.put, ep.typeProject.patch]) {
    route(app, e, async (req) => conf.renameTypeProject(ctx, req.user, req.params.id, req.body.description, req.ip));
  }
  route(app, ep.typeProject.remove, async (req) => {
    await conf.deleteTypeProject(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Projecttype');
  });

  // phase
  route(app, ep.phase.create, async (req) => conf.createPhase(ctx, req.user, req.body.description, req.ip));
  route(app, ep.phase.order, async (req) => conf.reorderPhases(ctx, req.user, req.body.ids, req.ip));
  route(app, ep.phase.get, async (req) => conf.getPhase(ctx, req.user, req.params.id));
  for (const e of [ep.phase.put, ep.phase.patch]) {
    route(app, e, async (req) => conf.renamePhase(ctx, req.user, req.params.id, req.body.description, req.ip));
  }
  route(app, ep.phase.remove, async (req) => {
    await conf.deletePhase(ctx, req.user, req.params.id, req.ip);
    return deleted('Fasedefinitie');
  });

  // attachment category
  route(app, ep.category.create, async (req) => conf.createCategory(ctx, req.user, req.body.name, req.ip));
  route(app, ep.category.get, async (req) => conf.getCategory(ctx, req.user, req.params.id));
  for (const e of [ep.category.put, ep.category.patch]) {
    route(app, e, async (req) => conf.renameCategory(ctx, req.user, req.params.id, req.body.name, req.ip));
  }
  route(app, ep.category.remove, async (req) => {
    await conf.deleteCategory(ctx, req.user, req.params.id, req.query.force, req.ip);
    return deleted('Bijlagecategorie');
  });
}
