import { z } from 'zod';
import { ErrorBody, Id } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { TaskProgress } from './openModel.ts';

// Spreadsheet reports (spec 1 §4 "Report creation", §7 report/): the request enqueues a report job
// (server/jobs) and answers its uuid; the browser polls GET report/?uuid every 1000 ms: 202 with the
// progress (TaskProgress of ./openModel.ts) while it runs, 200 when the file is ready at
// /files/{uuid}/{filename_orig}; a failure answers 422 'Fout bij het maken van rapportage.'.

/** POST report/: a report template the caller was granted and at least one model he can read. */
export const ReportRequest = z.object({
  template_report: Id,
  models: z.array(Id).min(1).max(1000),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

/** 200 of POST report/: the job to poll. */
export const ReportAnswer = z.object({ uuid: z.string().uuid() });
export type ReportAnswer = z.infer<typeof ReportAnswer>;

export const ReportQuery = z.object({ uuid: z.string().uuid() });

/** 200 of GET report/?uuid: the report is ready. */
export const ReportReady = z.object({ uuid: z.string().uuid(), filename_orig: z.string() });
export type ReportReady = z.infer<typeof ReportReady>;

const tags = ['report'];

export const reportEndpoints = {
  /** Starts the report job; answers the uuid to poll. */
  create: endpoint(routes.reports.create, { tags, body: ReportRequest, response: { 200: ReportAnswer } }),
  /** 202 while the job runs, 200 when the file is ready; a failed job answers 422. */
  poll: endpoint(routes.reports.poll, {
    tags, query: ReportQuery, response: { 200: ReportReady, 202: TaskProgress, 422: ErrorBody },
  }),
};
