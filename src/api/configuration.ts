import { endpoints } from './contract/endpoints.ts';
import { call, request, required } from './http.ts';
import {
  referenceDataApi, type CategoryAttachment as CategoryRow, type Phase as PhaseRow, type Subregion as SubregionRow,
  type TemplateModel, type TypeProject as TypeProjectRow,
} from './referenceData.ts';

const M = '/manager';
type Message = { message: string };
const id = (rowId: number | null | undefined) => required(rowId, 'id');
/** ?force=true confirms a delete the server answered 423 to (spec 2 §4). */
const force = (f: boolean) => ({ query: f ? { force: 'true' } : undefined });

/** Create, rename and delete of one reference list under `path`; `field` is the list's text column. */
function listCalls<Row>(path: string, field: 'description' | 'name') {
  const at = (rowId: number) => `${M}/${path}/${id(rowId)}/`;
  return {
    create: (text: string, extra: object = {}) => request<Row>('POST', `${M}/${path}/`, { body: { [field]: required(text, field), ...extra } }),
    rename: (rowId: number, text: string) => request<Row>('PATCH', at(rowId), { body: { [field]: required(text, field) } }),
    remove: (rowId: number, f = false) => request<Message>('DELETE', at(rowId), force(f)),
  };
}
const subregion = listCalls<SubregionRow>('subregion', 'description');
const typeProject = listCalls<TypeProjectRow>('type-project', 'description');
const phase = listCalls<PhaseRow>('phase', 'description');
const category = listCalls<CategoryRow>('category-attachment', 'name');

/**
 * Reference-data configuration (spec 2 §7; the lists are the project area's): subregions, project types, phases,
 * attachment categories, and the spreadsheet-model templates (issue 12).
 */
export const configurationApi = {
  subregions: (): Promise<SubregionRow[]> => referenceDataApi.subregions(),
  createSubregion: (description: string, accessList?: number[]) => subregion.create(description, { accessList }),
  renameSubregion: subregion.rename,
  deleteSubregion: subregion.remove,

  typeProjects: (): Promise<TypeProjectRow[]> => referenceDataApi.typeProjects(),
  createTypeProject: (description: string) => typeProject.create(description),
  renameTypeProject: typeProject.rename,
  deleteTypeProject: typeProject.remove,

  phases: (): Promise<PhaseRow[]> => referenceDataApi.phases(),
  createPhase: (description: string) => phase.create(description),
  renamePhase: phase.rename,
  /** The client's phases in their new order (all of them); answers the list in that order. */
  orderPhases: (ids: number[]) => request<PhaseRow[]>('PUT', `${M}/phase/order/`, { body: { ids } }),
  /** Phases are deleted without the 423 question. */
  deletePhase: (rowId: number) => phase.remove(rowId),

  categories: (): Promise<CategoryRow[]> => referenceDataApi.categoryAttachments(),
  createCategory: (name: string) => category.create(name),
  renameCategory: category.rename,
  deleteCategory: category.remove,

  templateModels: (): Promise<TemplateModel[]> => referenceDataApi.templateModels(),
  /** Staff: a spreadsheet-model template (multipart: `name`, then the xlsx as `file`). */
  createTemplateModel: (name: string, file: File) => {
    const form = new FormData();
    form.append('name', required(name, 'name'));
    form.append('file', required(file, 'file'));
    return call(endpoints.referenceData.createTemplateModel, { form });
  },
};
