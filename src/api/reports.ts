import type { ReportReady, ReportRequest } from './contract/report.ts';
import type { TemplateReportItem } from './contract/templateReport.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';
import { downloadProducedFile, pollAnswer, type TaskPoll } from './tasks.ts';

/** GET template-report/ (spec 1 §3 "Template report"): the templates the caller was granted (admins: all). */
export type TemplateReport = Camelize<TemplateReportItem>;
export type ReportFile = Camelize<ReportReady>;
export type ReportPoll = TaskPoll<ReportFile>;

/** Spreadsheet reports (spec 1 §4 "Report creation", §7 template-report/, report/). */
export const reportsApi = {
  templates: () => call(endpoints.templateReports.list),
  /** Starts the report job; answers the uuid to poll. */
  create: (body: Camelize<ReportRequest>) => call(endpoints.reports.create, { body: required(body, 'body') }).then((a) => a.uuid),
  /** 202 while the job runs, 200 when the file is ready; a failed job answers 422. */
  poll: (uuid: string): Promise<ReportPoll> => pollAnswer(endpoints.reports.poll, { query: { uuid: required(uuid, 'uuid') } }),
  download: (file: ReportFile) => downloadProducedFile(file),
};
