import { and, eq } from 'drizzle-orm';
import { templateReport } from '../db/schema/index.ts';
import { reportData } from '../services/reportData.ts';
import { varianceReportRows } from '../services/reportVariance.ts';
import type { ReportParams } from '../services/reports.ts';
import { readFile } from '../storage/files.ts';
import { XLSX_CONTENT_TYPE } from '../storage/xlsx.ts';
import { JobFailure } from '../errors.ts';
import type { JobHandler } from './job.ts';
import { checkWorkbook, fillReport } from '../threads/workbookThreads.ts';
import { REPORT_FAILED, REPORT_TEMPLATE_MESSAGES, reportModelsGone } from '../../src/api/contract/messages.ts';
import type { ReportSheetsData } from '../../src/api/contract/reportData.ts';
import { OPTIONAL_REPORT_SHEETS } from '../../src/formulas/reportWorkbook.ts';
import { localDateAndSeconds } from '../../src/lib/format.ts';

// The report job (spec 1 §4 "Report creation", docs/reports.md): the template's workbook with its data
// sheets filled with the chosen models' rows (server/services/reportData.ts), in a worker thread; a
// template with the sheet 'Verschillen' gets each model's verschillenanalyse too (services/reportVariance.ts).

/** '<template> <yyyy-mm-dd>.xlsx', the date in Dutch time; no path separators (the name is in the file's address). */
export const reportFilename = (template: string, now: Date) =>
  `${template.replace(/[\\/]/g, '-')} ${localDateAndSeconds(now).date}.xlsx`;

export const reportJob: JobHandler = async ({ ctx, job, progress }) => {
  const params = job.params as ReportParams;
  await progress('Rapportagesjabloon ophalen', 5);
  const [template] = await ctx.db.select().from(templateReport)
    .where(and(eq(templateReport.id, params.templateReportId), eq(templateReport.clientId, job.clientId)));
  // Deleted since the request, or a row without a workbook: running again cannot mend it.
  const file = template?.fileId != null ? await readFile(ctx.db, job.clientId, template.fileId) : null;
  if (!template || !file) throw new JobFailure(template ? `${REPORT_FAILED} ${REPORT_TEMPLATE_MESSAGES.noFile}` : REPORT_FAILED);

  await progress('Resultaten van de rekenmodellen verzamelen', 20);
  const data = await reportData(ctx, job.clientId, params.modelIds);
  // A model deleted since the request has no rows: a report without it would look complete. Running
  // again cannot bring it back, so the job fails and says why.
  const gone = params.modelIds.length - data.rekenmodellen.length;
  if (gone > 0) throw new JobFailure(`${REPORT_FAILED} ${reportModelsGone(gone)}`);

  const check = await checkWorkbook(file.data, { reportTemplate: true });
  const sheets: ReportSheetsData = data;
  if ('optionalSheets' in check && check.optionalSheets.includes(OPTIONAL_REPORT_SHEETS.variance)) {
    await progress('Verschillenanalyses berekenen', 40);
    // With the rights of whoever asked: each comparison is a model of the same project, which he may read.
    sheets.verschillen = await varianceReportRows(ctx, { id: job.userId, clientId: job.clientId }, params.modelIds);
  }

  await progress('Rapportage vullen', 60);
  const xlsx = await fillReport(file.data, sheets);
  if (!xlsx) throw new JobFailure(REPORT_FAILED);

  await progress('Bestand klaarzetten', 90);
  return { filename: reportFilename(template.name, ctx.config.now()), contentType: XLSX_CONTENT_TYPE, data: xlsx };
};
