import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openModelEndpoints as ep } from '../../src/api/contract/openModel.ts';
import { openModel, openModelTask } from '../services/openModel.ts';
import { FILES_PREFIX, producedFile } from '../services/jobs.ts';
import { notFound } from '../errors.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { sendDownload } from './download.ts';
import { route } from './route.ts';

/** Opening a spreadsheet model (spec 1 §7 model/{id}/open/, open-model-task/{id}/) under /api/manager/. */
export default async function openModelRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, ep.open, async (req) => openModel(ctx, req.user, req.params.id, req.query, req.ip));
  route(app, ep.task, async (req, reply) => {
    const task = await openModelTask(ctx, req.user, req.params.id);
    if ('running' in task) return reply.code(202).send(task.running);
    return reply.setCookie(task.cookie.name, task.cookie.value, task.cookie.options).send(task.ready);
  });
}

/**
 * Produced files (open model, reports) at /files/{uuid}/{filename}: for their owner only (the access
 * token, or the file cookie the task's 200 set), until they expire; 404 for anyone and anything else.
 */
export async function fileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  r.get(`${FILES_PREFIX}/:uuid/:filename`, {
    schema: { hide: true, params: z.object({ uuid: z.string().uuid(), filename: z.string() }) },
  }, async (req, reply) => {
    const f = await producedFile(ctx.db, req.user, req.params.uuid, req.params.filename, ctx.config.now());
    if (!f) throw notFound();
    return sendDownload(reply, f.filename, f.data, f.contentType);
  });
}
