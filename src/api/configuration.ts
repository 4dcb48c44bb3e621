import { request, required } from './http.ts';
import {
  referenceDataApi, type CategoryAttachment as CategoryRow, type Phase as PhaseRow, type Subregion as SubregionRow,
  type TypeProject as TypeProjectRow,
} from './referenceData.ts';

const M = '/manager';
type Message = { message: string };
const id = (rowId: number | null | undefined) => required(rowId, 'id');
/** ?force=true confirms a delete the server answered 423 to (spec 2 §4). */
const force = (f: boolean) => ({ query: f ? { force: 'true' } : undefined });

/** Reference-data configuration (spec 2 §7; the lists are the project area's): subregions, project types, phases, attachment categories. */
export const configurationApi = {
  subregions: (): Promise<SubregionRow[]> => referenceDataApi.subregions(),
  createSubregion: (description: string, accessList?: number[]) =>
    request<SubregionRow>('POST', `${M}/subregion/`, { body: { description: required(description, 'description'), accessList } }),
  renameSubregion: (rowId: number, description: string) =>
    request<SubregionRow>('PATCH', `${M}/subregion/${id(rowId)}/`, { body: { description: required(description, 'description') } }),
  deleteSubregion: (rowId: number, f = false) => request<Message>('DELETE', `${M}/subregion/${id(rowId)}/`, force(f)),

  typeProjects: (): Promise<TypeProjectRow[]> => referenceDataApi.typeProjects(),
  createTypeProject: (description: string) =>
    request<TypeProjectRow>('POST', `${M}/type-project/`, { body: { description: required(description, 'description') } }),
  renameTypeProject: (rowId: number, description: string) =>
    request<TypeProjectRow>('PATCH', `${M}/type-project/${id(rowId)}/`, { body: { description: required(description, 'description') } }),
  deleteTypeProject: (rowId: number, f = false) => request<Message>('DELETE', `${M}/type-project/${id(rowId)}/`, force(f)),

  phases: (): Promise<PhaseRow[]> => referenceDataApi.phases(),
  createPhase: (description: string) =>
    request<PhaseRow>('POST', `${M}/phase/`, { body: { description: required(description, 'description') } }),
  renamePhase: (rowId: number, description: string) =>
    request<PhaseRow>('PATCH', `${M}/phase/${id(rowId)}/`, { body: { description: required(description, 'description') } }),
  deletePhase: (rowId: number) => request<Message>('DELETE', `${M}/phase/${id(rowId)}/`),

  categories: (): Promise<CategoryRow[]> => referenceDataApi.categoryAttachments(),
  createCategory: (name: string) =>
    request<CategoryRow>('POST', `${M}/category-attachment/`, { body: { name: required(name, 'name') } }),
  renameCategory: (rowId: number, name: string) =>
    request<CategoryRow>('PATCH', `${M}/category-attachment/${id(rowId)}/`, { body: { name: required(name, 'name') } }),
  deleteCategory: (rowId: number, f = false) => request<Message>('DELETE', `${M}/category-attachment/${id(rowId)}/`, force(f)),
};
