import type { FastifyInstance } from 'fastify';
import { mapEndpoints as ep } from '../../src/api/contract/map.ts';
import * as map from '../services/map.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached } from './jsonReply.ts';
import { route } from './route.ts';

/**
 * The map viewer's calls under /api/manager/ (issue 14, docs/map.md): the spec's mapviewer/client_region/
 * and mapviewer/overview/, and the outline calls the issue names, which the built-in viewer, an external
 * viewer and scripts use.
 */
export default async function mapRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.clientRegion, async (req) => map.clientRegionAddress(ctx, req.user));
  route(app, ep.overview, async (req) => map.overviewAddress(ctx, req.user));
  route(app, ep.overviewRegions, async (req, reply) => sendCached(req, reply, await map.overviewRegions(ctx, req.user, req.dataRevision)));
  route(app, ep.versionRegion, async (req) => map.getVersionRegion(ctx, req.user, req.params.id));
  route(app, ep.saveVersionRegion, async (req) => map.putVersionRegion(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.versionFeatures, async (req) => map.getFeatureAreas(ctx, req.user, req.params.id));
  route(app, ep.saveVersionFeatures, async (req) => map.putFeatureAreas(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.subregionOutline, async (req) => map.getSubregionOutline(ctx, req.user, req.params.id));
  route(app, ep.saveSubregionOutline, async (req) => map.putSubregionOutline(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.clientRegionOutline, async (req) => map.getClientRegionOutline(ctx, req.user));
  route(app, ep.saveClientRegionOutline, async (req) => map.putClientRegionOutline(ctx, req.user, req.body, req.ip));
}
