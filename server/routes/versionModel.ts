import type { FastifyInstance } from 'fastify';
import { versionModelEndpoints as ep } from '../../src/api/contract/versionModel.ts';
import * as versions from '../services/versionModels.ts';
import * as adoption from '../services/adoption.ts';
import * as rollover from '../services/rollover.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendJsonText } from './jsonReply.ts';
import { route } from './route.ts';

/** Versions of a project (spec 1 §7 version-model/) under /api/manager/. */
export default async function versionModelRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.list, async (req, reply) => sendJsonText(reply, await versions.listVersions(ctx, req.user, req.query.project_id)));
  route(app, ep.create, async (req) => versions.createVersion(ctx, req.user, req.body, req.ip));
  route(app, ep.get, async (req) => versions.getVersion(ctx.db, req.user, req.params.id));
  for (const e of [ep.put, ep.patch]) route(app, e, async (req) => versions.updateVersion(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.remove, async (req) => versions.deleteVersion(ctx, req.user, req.params.id, req.ip));
  route(app, ep.duplicate, async (req) => versions.duplicateVersion(ctx, req.user, req.params.id, req.ip));
  route(app, ep.move, async (req) => versions.moveVersion(ctx, req.user, req.params.id, req.body.to_project, req.ip));
  route(app, ep.adopt, async (req) => adoption.adoptVersion(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.withdrawAdoption, async (req) => adoption.withdrawAdoption(ctx, req.user, req.params.id, req.ip));
  // One address, two answers (issue 37.3): the preview (200, nothing written) or the new version (201).
  route(app, ep.rollover, async (req, reply) => (req.body.preview
    ? reply.code(200).send(await rollover.previewRollover(ctx, req.user, req.params.id, req.body))
    : reply.code(201).send(await rollover.executeRollover(ctx, req.user, req.params.id, req.body, req.ip))));
}
