import type { Endpoint } from './contract/endpoint.ts';
import { endpoints } from './endpoints.ts';
import { call, required, sharedArgs, type ClientEndpoint } from './http.ts';
import {
  referenceDataApi, type CategoryAttachment as CategoryRow, type Phase as PhaseRow, type Subregion as SubregionRow,
  type TemplateModel, type TypeProject as TypeProjectRow,
} from './referenceData.ts';

const ep = endpoints.configuration;

/** Create, rename and delete of one reference list; `field` is the list's text column. */
function listCalls<C extends Endpoint, P extends Endpoint, R extends Endpoint>(
  list: { create: ClientEndpoint<C>; patch: ClientEndpoint<P>; remove: ClientEndpoint<R> }, field: 'description' | 'name',
) {
  return {
    create: (text: string, extra: object = {}) =>
      call(list.create, ...sharedArgs<C>({ body: { [field]: required(text, field), ...extra } })),
    rename: (rowId: number, text: string) =>
      call(list.patch, ...sharedArgs<P>({ params: { id: rowId }, body: { [field]: required(text, field) } })),
    /** `force` confirms a delete the server answered 423 to (spec 2 §4). */
    remove: (rowId: number, force = false) =>
      call(list.remove, ...sharedArgs<R>({ params: { id: rowId }, query: force ? { force: 'true' } : undefined })),
  };
}
const subregion = listCalls(ep.subregion, 'description');
const typeProject = listCalls(ep.typeProject, 'description');
const phase = listCalls(ep.phase, 'description');
const category = listCalls(ep.category, 'name');

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
  orderPhases: (ids: number[]) => call(ep.phase.order, { body: { ids } }),
  deletePhase: phase.remove,

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
