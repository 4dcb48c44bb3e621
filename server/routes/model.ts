import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, Ok } from '../../src/api/contract/common.ts';
import { ModelCreateBody, ModelItem, ModelList, ModelListQuery, ModelMoveBody, ModelPatchBody, ModelPutBody, SavedModelItem, SavedModelList, SavedModelParams, SessionEdit } from '../../src/api/contract/model.ts';
import { UPLOAD_OK } from '../../src/api/contract/messages.ts';
import { ATTACHMENT_MESSAGES } from '../../src/api/contract/messages.ts';
import * as models from '../services/models.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached, sendJsonText } from './jsonReply.ts';
import { sendDownload } from './download.ts';
import { readUpload } from './upload.ts';
import { badRequest } from '../errors.ts';

/** Models, their edit session and history (spec 1 §7 model/) under /api/manager/. */
export default async function modelRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['model'];

  // The list of one version carries an ETag (304 on If-None-Match when unchanged), as GET project/.
  r.get('/model/', { schema: { tags, querystring: ModelListQuery, response: { 200: ModelList, 304: z.null() } } }, async (req, reply) => {
    const list = await models.listModels(ctx, req.user, req.query.version_model_id, req.dataRevision);
    return typeof list === 'string' ? sendJsonText(reply, list) : sendCached(req, reply, list);
  });

  r.post('/model/', { schema: { tags, body: ModelCreateBody, response: { 201: ModelItem } } }, async (req, reply) =>
    reply.code(201).send(await models.createModel(ctx, req.user, req.body, req.ip)));

  r.get('/model/:id/', { schema: { tags, params: IdParams, response: { 200: ModelItem } } },
    async (req) => models.getModel(ctx.db, req.user, req.params.id));

  r.put('/model/:id/', { schema: { tags, params: IdParams, body: ModelPutBody, response: { 200: ModelItem } } },
    async (req) => models.updateModel(ctx, req.user, req.params.id, req.body, req.ip));

  r.patch('/model/:id/', { schema: { tags, params: IdParams, body: ModelPatchBody, response: { 200: ModelItem } } },
    async (req) => models.updateModel(ctx, req.user, req.params.id, req.body, req.ip));

  r.delete('/model/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await models.deleteModel(ctx, req.user, req.params.id, req.ip);
    return reply.code(204).send();
  });

  r.get('/model/:id/duplicate/', { schema: { tags, params: IdParams, response: { 200: ModelItem } } },
    async (req) => models.duplicateModel(ctx, req.user, req.params.id, req.ip));

  r.post('/model/:id/move/', { schema: { tags, params: IdParams, body: ModelMoveBody, response: { 200: ModelItem } } },
    async (req) => models.moveModel(ctx, req.user, req.params.id, req.body.to_version, req.ip));

  r.get('/model/:id/session-edit/', { schema: { tags, params: IdParams, response: { 200: SessionEdit } } },
    async (req) => models.sessionHolder(ctx, req.user, req.params.id));

  r.delete('/model/:id/session-edit/', { schema: { tags, params: IdParams, response: { 200: Ok } } },
    async (req) => models.endSession(ctx, req.user, req.params.id, req.ip));

  r.get('/model/:id/saved-model/', { schema: { tags, params: IdParams, response: { 200: SavedModelList } } },
    async (req) => models.listSavedModels(ctx, req.user, req.params.id));

  r.post('/model/:id/saved-model/', { schema: { tags, params: IdParams, response: { 201: Ok } } }, async (req, reply) => {
    if (!req.isMultipart()) throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
    const upload = await readUpload(req, ctx.config.maxUploadBytes);
    if (!upload.file) throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
    await models.uploadSavedModel(ctx, req.user, req.params.id, upload.file, req.ip);
    return reply.code(201).send({ message: UPLOAD_OK });
  });

  r.get('/model/:id/saved-model/:saved_model_id/', { schema: { tags, params: SavedModelParams } }, async (req, reply) => {
    const f = await models.downloadSavedModel(ctx, req.user, req.params.id, req.params.saved_model_id);
    return sendDownload(reply, f.filename, f.data);
  });

  r.patch('/model/:id/saved-model/:saved_model_id/', { schema: { tags, params: SavedModelParams, response: { 200: SavedModelItem } } },
    async (req) => models.activateSavedModel(ctx, req.user, req.params.id, req.params.saved_model_id, req.ip));

}
