import type { FastifyInstance } from 'fastify';
import { AttachmentItem, attachmentEndpoints as ep } from '../../src/api/contract/attachment.ts';
import * as attachments from '../services/attachments.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendDownload } from './download.ts';
import { multipartBody } from './upload.ts';
import { route } from './route.ts';

/** Attachments of versions (spec 1 §7 attachment-version-model/) under /api/manager/. */
export default async function attachmentRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  // JSON: a link; multipart: a file. Before validation the multipart body is read into the same shape
  // (fields and the file part), and `type` is taken for `attachment_type`, so one schema validates both.
  route(app, ep.create, async (req) => attachments.createAttachment(ctx, req.user, req.body, req.ip), {
    preValidation: async (req) => {
      const body = ((await multipartBody(req, ctx.config.maxUploadBytes)) ?? req.body ?? {}) as Record<string, unknown>;
      req.body = { ...body, attachment_type: body.attachment_type ?? body.type };
    },
  });
  route(app, ep.get, async (req, reply) => {
    const a = await attachments.getAttachment(ctx, req.user, req.params.id);
    if (a.kind === 'link') return reply.send(AttachmentItem.parse(a.item));
    return sendDownload(reply, a.filename, a.data);
  });
  route(app, ep.remove, async (req) => attachments.deleteAttachment(ctx, req.user, req.params.id, req.ip));
}
