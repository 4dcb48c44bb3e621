import type { DocumentationItem, DocumentationType } from '../api/contract/documentation.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';

export type DocumentationEntry = Camelize<DocumentationItem>;
export type { DocumentationType };

interface Fields {
  name: string;
  description: string | null;
}

const ep = endpoints.documentation;

/** The documentation's fields as multipart: the text fields first, then the PDF as `file`. */
function form(fields: Record<string, string | null | undefined>, file: File): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.append(k, v ?? '');
  f.append('file', required(file, 'file'));
  return f;
}

export const documentationApi = {
  /** Also sets the cookie with which the PDF links (pdfPath, opened in a new tab) are allowed. */
  list: () => call(ep.list),
  createVideo: (fields: Fields & { videoUrl: string }) =>
    call(ep.create, { body: { ...required(fields, 'fields'), documentationType: 'instructional_video' } }),
  /** Staff: a manual or release note with its PDF. */
  createPdf: (type: Exclude<DocumentationType, 'instructional_video'>, fields: Fields, file: File) =>
    call(ep.create, { form: form({ documentation_type: type, name: fields.name, description: fields.description }, file) }),
  /** Staff: name, description, a video's link; with `file` a manual's new PDF (multipart). */
  update: (id: number, fields: Fields & { videoUrl?: string }, file?: File | null) =>
    file
      ? call(ep.update, { params: { id }, form: form({ name: fields.name, description: fields.description }, file) })
      : call(ep.update, { params: { id }, body: fields }),
  remove: (id: number) => call(ep.remove, { params: { id } }),
};
