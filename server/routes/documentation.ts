import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '../../src/api/contract/common.ts';
import {
  DocumentationCreateBody, DocumentationItem, DocumentationList, DocumentationPatchBody,
} from '../../src/api/contract/documentation.ts';
import * as docs from '../services/documentation.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendDownload } from './download.ts';
import { multipartBody } from './upload.ts';

/** Documentation (spec 1 §7 documentation/) under /api/manager/: read by the main app, written by staff. */
export default async function documentationRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['documentation'];
  // A multipart body (a PDF) is read into the shape the contract validates as JSON.
  const readMultipart = async (req: { body: unknown } & Parameters<typeof multipartBody>[0]) => {
    const body = await multipartBody(req, ctx.config.maxUploadBytes);
    if (body) req.body = body;
  };

  r.get('/documentation/', { schema: { tags, response: { 200: DocumentationList } } }, async (req, reply) => {
    const list = await docs.listDocumentation(ctx, req.user);
    // The cookie that lets a plain link (a new tab) open the PDFs: see DOCUMENTATION_COOKIE.
    const c = await docs.documentationCookie(ctx, req.user);
    return reply.setCookie(c.name, c.value, c.options).send(list);
  });

  r.get('/documentation/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const pdf = await docs.documentationPdf(ctx, req.user, req.params.id);
    // inline: the browser shows it in the tab the link opened
    return sendDownload(reply.header('cache-control', 'private, no-cache'), pdf.filename, pdf.data, 'application/pdf', 'inline');
  });

  r.post('/documentation/', {
    schema: { tags, body: DocumentationCreateBody, response: { 201: DocumentationItem } },
    preValidation: readMultipart,
  }, async (req, reply) => reply.code(201).send(await docs.createDocumentation(ctx, req.user, req.body, req.ip)));

  r.patch('/documentation/:id/', {
    schema: { tags, params: IdParams, body: DocumentationPatchBody, response: { 200: DocumentationItem } },
    preValidation: readMultipart,
  }, async (req) => docs.updateDocumentation(ctx, req.user, req.params.id, req.body, req.ip));

  r.delete('/documentation/:id/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    await docs.deleteDocumentation(ctx, req.user, req.params.id, req.ip);
    return reply.code(204).send();
  });
}
