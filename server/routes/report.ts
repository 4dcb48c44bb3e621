import type { FastifyInstance } from 'fastify';
import { reportEndpoints } from '../../src/api/contract/report.ts';
import { templateReportEndpoints as templateEp } from '../../src/api/contract/templateReport.ts';
import { requestReport, reportTask } from '../services/reports.ts';
import * as templates from '../services/templateReports.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { sendDownload } from './download.ts';
import { mainAppOnly } from './mainAppOnly.ts';
import { route } from './route.ts';

/** Report templates and spreadsheet reports (spec 1 §7 template-report/, report/) under /api/manager/. */
export default async function reportRoutes(app: FastifyInstance) {
  mainAppOnly(app);
  const ctx = app.ctx;

  route(app, templateEp.list, async (req) => templates.listTemplateReports(ctx, req.user, req.query.filter));
  route(app, templateEp.create, async (req) => templates.createTemplateReport(ctx, req.user, req.body, req.ip));
  route(app, templateEp.update, async (req) => templates.updateTemplateReport(ctx, req.user, req.params.id, req.body, req.ip));
  route(app, templateEp.remove, async (req) => {
    await templates.deleteTemplateReport(ctx, req.user, req.params.id, req.ip);
    return { message: 'Rapportagesjabloon verwijderd.' };
  });
  route(app, templateEp.file, async (req, reply) => {
    const f = await templates.templateReportFile(ctx, req.user, req.params.id);
    return sendDownload(reply, f.filename, f.data, XLSX_CONTENT_TYPE);
  });

  route(app, reportEndpoints.create, async (req) => requestReport(ctx, req.user, req.body, req.ip));
  route(app, reportEndpoints.poll, async (req, reply) => {
    const task = await reportTask(ctx, req.user, req.query.uuid);
    if ('running' in task) return reply.code(202).send(task.running);
    return reply.setCookie(task.cookie.name, task.cookie.value, task.cookie.options).send(task.ready);
  });
}
