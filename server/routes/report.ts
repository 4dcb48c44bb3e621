import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, Ok } from '../../src/api/contract/common.ts';
import { TaskProgress } from '../../src/api/contract/openModel.ts';
import { ReportAnswer, ReportQuery, ReportReady, ReportRequest } from '../../src/api/contract/report.ts';
import {
  TemplateReportCreateBody, TemplateReportItem, TemplateReportList, TemplateReportPatchBody, TemplateReportQuery,
} from '../../src/api/contract/templateReport.ts';
import { requestReport, reportTask } from '../services/reports.ts';
import * as templates from '../services/templateReports.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { sendDownload } from './download.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { multipartBody } from './upload.ts';

/** Report templates and spreadsheet reports (spec 1 §7 template-report/, report/) under /api/manager/. */
export default async function reportRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['report'];

  r.get('/template-report/', { schema: { tags, querystring: TemplateReportQuery, response: { 200: TemplateReportList } } },
    async (req) => templates.listTemplateReports(ctx, req.user, req.query.filter));
  // Multipart: the body is read before validation into the shape the contract validates (attachment.ts).
  r.post('/template-report/', {
    schema: { tags, body: TemplateReportCreateBody, response: { 201: TemplateReportItem } },
    preValidation: async (req) => {
      const body = await multipartBody(req, ctx.config.maxUploadBytes);
      if (body) req.body = body as typeof req.body;
    },
  }, async (req, reply) => reply.code(201).send(await templates.createTemplateReport(ctx, req.user, req.body, req.ip)));
  r.patch('/template-report/:id/', { schema: { tags, params: IdParams, body: TemplateReportPatchBody, response: { 200: TemplateReportItem } } },
    async (req) => templates.updateTemplateReport(ctx, req.user, req.params.id, req.body, req.ip));
  r.delete('/template-report/:id/', { schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await templates.deleteTemplateReport(ctx, req.user, req.params.id, req.ip);
    return { message: 'Rapportagesjabloon verwijderd.' };
  });
  r.get('/template-report/:id/file/', { schema: { tags, params: IdParams } }, async (req, reply) => {
    const f = await templates.templateReportFile(ctx, req.user, req.params.id);
    return sendDownload(reply, f.filename, f.data, XLSX_CONTENT_TYPE);
  });

  r.post('/report/', { schema: { tags, body: ReportRequest, response: { 200: ReportAnswer } } },
    async (req) => requestReport(ctx, req.user, req.body, req.ip));
  r.get('/report/', { schema: { tags, querystring: ReportQuery, response: { 200: ReportReady, 202: TaskProgress, 422: ErrorBody } } },
    async (req, reply) => {
      const task = await reportTask(ctx, req.user, req.query.uuid);
      if ('running' in task) return reply.code(202).send(task.running);
      return reply.setCookie(task.cookie.name, task.cookie.value, task.cookie.options).send(task.ready);
    });
}
