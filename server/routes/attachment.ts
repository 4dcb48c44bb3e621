import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import { AttachmentCreateBody, AttachmentItem } from '../../src/api/contract/attachment.ts';
import * as attachments from '../services/attachments.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendDownload } from './download.ts';
import { multipartBody } from './upload.ts';

/** Attachments of versions (spec 1 §7 attachment-version-model/) under /api/manager/. */
export default async function attachmentRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['attachment'];

  // JSON: a link; multipart: a file. Before validation the multipart body is read into the same shape
  // (fields and the file part), and `type` is taken for `attachment_type`, so one schema validates both.
  r.post('/attachment-version-model/', {
    schema: { tags, body: AttachmentCreateBody, response: { 201: AttachmentItem } },
    preValidation: async (req) => {
      const body = ((await multipartBody(req, ctx.config.maxUploadBytes)) ?? req.body ?? {}) as Record<string, unknown>;
      req.body = { ...body, attachment_type: body.attachment_type ?? body.type } as typeof req.body;
    },
  }, async (req, reply) => reply.code(201).send(await attachments.createAttachment(ctx, req.user, req.body, req.ip)));

  r.get('/attachment-version-model/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const a = await attachments.getAttachment(ctx, req.user, req.params.id);
    if (a.kind === 'link') return reply.send(AttachmentItem.parse(a.item));
    return sendDownload(reply, a.filename, a.data);
  });

  r.delete('/attachment-version-model/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await attachments.deleteAttachment(ctx, req.user, req.params.id, req.ip);
    return reply.code(204).send();
  });
}
