import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import {
  ClientRegionAnswer, FeatureAreasAnswer, FeatureAreasBody, OutlineAnswer, OutlineBody, OverviewAnswer,
} from '../../src/api/contract/map.ts';
import * as map from '../services/map.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached } from './jsonReply.ts';

/**
 * The map viewer's calls under /api/manager/ (issue 14, docs/map.md): the spec's mapviewer/client_region/
 * and mapviewer/overview/, and the outline calls the issue names, which the built-in viewer, an external
 * viewer and scripts use.
 */
export default async function mapRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['mapviewer'];

  r.get('/mapviewer/client_region/', { schema: { tags, response: { 200: ClientRegionAnswer } } },
    async (req) => map.clientRegionAddress(req.user));
  r.get('/mapviewer/overview/', { schema: { tags, response: { 200: OverviewAnswer } } },
    async (req) => map.overviewAddress(req.user));
  // JSON text as built (contract: OverviewRegions), cached and compressed like the project list
  r.get('/mapviewer/overview/regions/', { schema: { tags } },
    async (req, reply) => sendCached(req, reply, await map.overviewRegions(ctx, req.user, req.dataRevision)));

  r.get('/mapviewer/version-model/:id/region/', { schema: { tags, params: IdParams, response: { 200: OutlineAnswer } } },
    async (req) => map.getVersionRegion(ctx, req.user, req.params.id));
  r.put('/mapviewer/version-model/:id/region/', { schema: { tags, params: IdParams, body: OutlineBody, response: { 200: OutlineAnswer } } },
    async (req) => map.putVersionRegion(ctx, req.user, req.params.id, req.body, req.ip));

  r.get('/mapviewer/version-model/:id/features/', { schema: { tags, params: IdParams, response: { 200: FeatureAreasAnswer } } },
    async (req) => map.getFeatureAreas(ctx, req.user, req.params.id));
  r.put('/mapviewer/version-model/:id/features/', { schema: { tags, params: IdParams, body: FeatureAreasBody, response: { 200: FeatureAreasAnswer } } },
    async (req) => map.putFeatureAreas(ctx, req.user, req.params.id, req.body, req.ip));

  r.get('/mapviewer/subregion/:id/outline/', { schema: { tags, params: IdParams, response: { 200: OutlineAnswer } } },
    async (req) => map.getSubregionOutline(ctx, req.user, req.params.id));
  r.put('/mapviewer/subregion/:id/outline/', { schema: { tags, params: IdParams, body: OutlineBody, response: { 200: OutlineAnswer } } },
    async (req) => map.putSubregionOutline(ctx, req.user, req.params.id, req.body, req.ip));

  r.get('/mapviewer/client_region/outline/', { schema: { tags, response: { 200: OutlineAnswer } } },
    async (req) => map.getClientRegionOutline(ctx, req.user));
  r.put('/mapviewer/client_region/outline/', { schema: { tags, body: OutlineBody, response: { 200: OutlineAnswer } } },
    async (req) => map.putClientRegionOutline(ctx, req.user, req.body, req.ip));
}
