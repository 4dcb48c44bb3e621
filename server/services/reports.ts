import type { AppContext, UserRow } from '../context.ts';
import { job } from '../db/schema/index.ts';
import { badRequest, notFound } from '../errors.ts';
import { command } from './command.ts';
import { fileCookie, forgetFinishedJobs, taskState } from './jobs.ts';
import { readableModelIds } from './reportData.ts';
import { usableTemplate } from './templateReports.ts';
import type { TaskProgress } from '../../src/api/contract/openModel.ts';
import type { ReportAnswer, ReportReady, ReportRequest } from '../../src/api/contract/report.ts';
import { REPORT_FAILED, reportMaxMessage, reportMinMessage } from '../../src/api/contract/messages.ts';
import { formatCount } from '../../src/lib/count.ts';

// Spreadsheet reports (spec 1 §4 "Report creation", §7 report/; docs/reports.md): the request checks
// the template, the models and the limits and enqueues the report job (server/jobs/report.ts) in its
// own transaction; the browser polls until the file is ready.

/** What the request tells its job. */
export interface ReportParams {
  templateReportId: number;
  /** Distinct, in the order asked for (the order of the data rows). */
  modelIds: number[];
}

/**
 * POST report/: the template must be of the caller's client and granted to him (admins: all), every
 * model readable by him — 404 otherwise, as for any id he may not see —, and the number of (distinct)
 * models within the template's limits (400 with the spec's message).
 */
export async function requestReport(ctx: AppContext, user: UserRow, body: ReportRequest, ip: string): Promise<ReportAnswer> {
  const modelIds = [...new Set(body.models)];
  return command(ctx, { user, ip }, async (c) => {
    const template = await usableTemplate(c.tx, user, body.template_report);
    const readable = await readableModelIds(c.tx, user, modelIds);
    if (modelIds.some((id) => !readable.has(id))) throw notFound();
    if (modelIds.length < template.nModelsMin) throw badRequest([{ path: 'models', message: reportMinMessage(template.nModelsMin) }]);
    if (modelIds.length > template.nModelsMax) throw badRequest([{ path: 'models', message: reportMaxMessage(template.nModelsMax) }]);
    await forgetFinishedJobs(c.tx, c.now, ctx.config.fileLinkHours, user.id);
    const params: ReportParams = { templateReportId: template.id, modelIds };
    const [row] = await c.tx.insert(job).values({ clientId: user.clientId, userId: user.id, kind: 'report', params, createdAt: c.now })
      .returning({ id: job.id, kind: job.kind });
    await ctx.jobs.enqueue(c.tx, row!);
    await c.audit(`Rapportage '${template.name}' gemaakt van ${formatCount(modelIds.length, 'rekenmodel', 'rekenmodellen')}`);
    return { uuid: row!.id };
  });
}

/** GET report/?uuid: 202 progress, or 200 with the file (and the cookie for its plain link); only for its owner. */
export async function reportTask(ctx: AppContext, user: UserRow, uuid: string):
  Promise<{ running: TaskProgress } | { ready: ReportReady; cookie: Awaited<ReturnType<typeof fileCookie>> }> {
  const state = await taskState(ctx, user, uuid, 'report', REPORT_FAILED);
  if ('running' in state) return state;
  const row = state.done;
  return { ready: { uuid: row.fileUuid!, filename_orig: row.resultFilename! }, cookie: await fileCookie(ctx, user, row) };
}
