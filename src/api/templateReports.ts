import type { TemplateReportItem } from './contract/templateReport.ts';
import type { Camelize } from './case.ts';
import { downloadPath as download, request, required } from './http.ts';

// Report templates (spec 1 §7 template-report/; docs/reports.md): the list every user reads (his grants,
// an admin all), and staff's upload, change, download and delete (Configuratie → Rapportagesjablonen).

const M = '/manager';
export type TemplateReport = Camelize<TemplateReportItem>;
/** What staff sets on a template: name, description and the number of models a report takes. */
export interface TemplateReportFields {
  name: string;
  description: string;
  nModelsMin: number;
  nModelsMax: number;
}
const at = (id: number) => `${M}/template-report/${required(id, 'id')}/`;

export const templateReportsApi = {
  /** `authorised`: only the caller's grants, also for an admin (who sees all without it). */
  list: (filter?: 'authorised') => request<TemplateReport[]>('GET', `${M}/template-report/`, { query: { filter } }),
  /** Multipart: the fields, then the xlsx as `file`. */
  create: (fields: TemplateReportFields, file: File) => {
    const form = new FormData();
    form.append('name', required(fields.name, 'name'));
    form.append('description', fields.description);
    form.append('n_models_min', String(required(fields.nModelsMin, 'nModelsMin')));
    form.append('n_models_max', String(required(fields.nModelsMax, 'nModelsMax')));
    form.append('file', required(file, 'file'));
    return request<TemplateReport>('POST', `${M}/template-report/`, { form });
  },
  update: (id: number, fields: Partial<TemplateReportFields>) => request<TemplateReport>('PATCH', at(id), { body: fields }),
  remove: (id: number) => request<{ message: string }>('DELETE', at(id)),
  download: (t: TemplateReport) => download(`${at(t.id)}file/`, `${t.name}.xlsx`),
};
