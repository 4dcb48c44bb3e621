import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import { ATTACHMENT_MESSAGES, AttachmentFileFields, AttachmentItem, AttachmentLinkBody } from '../../src/api/contract/attachment.ts';
import { REQUIRED_MESSAGE } from '../../src/lib/names.ts';
import * as attachments from '../services/attachments.ts';
import { parseOrThrow, projectAreaChain, readUpload, sendDownload } from './projectAreaChain.ts';
import { badRequest } from '../errors.ts';

/** Attachments of versions (spec 1 §7 attachment-version-model/) under /api/manager/. */
export default async function attachmentRoutes(app: FastifyInstance) {
  projectAreaChain(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['attachment'];

  // JSON: a link (or a FILE without a file: 'Selecteer een bestand.'); multipart: a file.
  r.post('/attachment-version-model/', { schema: { tags, response: { 201: AttachmentItem } } }, async (req, reply) => {
    if (req.isMultipart()) {
      const { fields, file } = await readUpload(req, ctx.config.maxUploadBytes);
      const f = parseOrThrow(AttachmentFileFields, { ...fields, attachment_type: fields.attachment_type ?? fields.type });
      if (!file) throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
      return reply.code(201).send(await attachments.createAttachment(ctx, req.user, { ...f, file }, req.ip));
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const type = body.attachment_type ?? body.type;
    if (type === 'FILE') {
      parseOrThrow(AttachmentFileFields, { ...body, attachment_type: type });
      throw badRequest([{ path: 'file', message: ATTACHMENT_MESSAGES.file }]);
    }
    if (type !== 'LINK') {
      // the category is checked first, as in the form
      const issues = [];
      if (!body.category_attachment) issues.push({ path: 'category_attachment', message: ATTACHMENT_MESSAGES.category });
      issues.push({ path: 'attachment_type', message: REQUIRED_MESSAGE });
      throw badRequest(issues);
    }
    const link = parseOrThrow(AttachmentLinkBody, { ...body, attachment_type: type });
    return reply.code(201).send(await attachments.createAttachment(ctx, req.user, link, req.ip));
  });

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
