import type { TemplateReportItem } from './contract/templateReport.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, download, required } from './http.ts';

// Report templates (spec 1 §7 template-report/; docs/reports.md): the list every user reads (his grants,
// an admin all), and staff's upload, change, download and delete (Configuratie → Rapportagesjablonen).

const ep = endpoints.templateReports;
export type TemplateReport = Camelize<TemplateReportItem>;
/** What staff sets on a template: name, description and the number of models a report takes. */
export interface TemplateReportFields {
  name: string;
  description: string;
  nModelsMin: number;
  nModelsMax: number;
}

export const templateReportsApi = {
  /** `authorised`: only the caller's grants, also for an admin (who sees all without it). */
  list: (filter?: 'authorised') => call(ep.list, { query: { filter } }),
  /** Multipart: the fields, then the xlsx as `file`. */
  create: (fields: TemplateReportFields, file: File) => {
    const form = new FormData();
    form.append('name', required(fields.name, 'name'));
    form.append('description', fields.description);
    form.append('n_models_min', String(required(fields.nModelsMin, 'nModelsMin')));
    form.append('n_models_max', String(required(fields.nModelsMax, 'nModelsMax')));
    form.append('file', required(file, 'file'));
    return call(ep.create, { form });
  },
  update: (id: number, fields: Partial<TemplateReportFields>) => call(ep.update, { params: { id }, body: fields }),
  remove: (id: number) => call(ep.remove, { params: { id } }),
  download: (t: TemplateReport) => download(ep.file, `${t.name}.xlsx`, { params: { id: t.id } }),
};
