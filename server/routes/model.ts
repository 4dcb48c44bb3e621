import type { FastifyInstance } from 'fastify';
import { modelEndpoints as ep } from '../../src/api/contract/model.ts';
import { ATTACHMENT_MESSAGES, UPLOAD_OK } from '../../src/api/contract/messages.ts';
import * as models from '../services/models.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendCached, sendJsonText } from './jsonReply.ts';
import { sendDownload } from './download.ts';
import { readUpload } from './upload.ts';
import { badRequest } from '../errors.ts';
import { route } from './route.ts';

/** Models, their edit session and history (spec 1 §7 model/) under /api/manager/. */
export default async function modelRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.list, async (req, reply) => {
    const list = await models.listModels(ctx, req.user, req.query.version_model_id, req.dataRevision);
    return typeof list === 'string' ? sendJsonText(reply, list) : sendCached(req, reply, list);
  });
  route(app, ep.create, async (req) => models.createModel(ctx, req.user, req.body, req.ip));
  route(app, ep.get, async (req) => models.getModel(ctx.db, req.user, req.params.id));
  for (const e of [ep.put, ep.patch]) route(app, e, async (req) => models.updateModel(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, ep.remove, async (req) => models.deleteModel(ctx, req.user, req.params.id, req.ip));
  route(app, ep.duplicate, async (req) => models.duplicateModel(ctx, req.user, req.params.id, req.ip));
  route(app, ep.move, async (req) => models.moveModel(ctx, req.user, req.params.id, req.body.to_version, req.ip));
  route(app, ep.sessionHolder, async (req) => models.sessionHolder(ctx, req.user, req.params.id));
  route(app, ep.endSession, async (req) => models.endSession(ctx, req.user, req.params.id, req.ip));
  route(app, ep.history, async (req) => models.listSavedModels(ctx, req.user, req.params.id));
  route(app, ep.uploadHistory, async (req) => {
    if (!req.isMultipart()) throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
    const upload = await readUpload(req, ctx.config.maxUploadBytes);
    if (!upload.file) throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
    await models.uploadSavedModel(ctx, req.user, req.params.id, upload.file, req.ip);
    return { message: UPLOAD_OK };
  });
  route(app, ep.downloadHistory, async (req, reply) => {
    const f = await models.downloadSavedModel(ctx, req.user, req.params.id, req.params.saved_model_id);
    return sendDownload(reply, f.filename, f.data);
  });
  route(app, ep.activateHistory, async (req) =>
    models.activateSavedModel(ctx, req.user, req.params.id, req.params.saved_model_id, req.ip));
}
