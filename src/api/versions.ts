import type { VersionModel as VersionModelWire, VersionModelCreateBody, VersionModelPatchBody, VersionModelPutBody } from '../api/contract/versionModel.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type Version = Camelize<VersionModelWire>;
export type VersionCreate = Camelize<VersionModelCreateBody>;
export type VersionUpdate = Camelize<VersionModelPutBody>;
export type VersionPatch = Camelize<VersionModelPatchBody>;

const M = '/manager/version-model';

export const versionsApi = {
  list: (projectId: number) => request<Version[]>('GET', `${M}/`, { query: { projectId: required(projectId, 'projectId') } }),
  get: (id: number) => request<Version>('GET', `${M}/${required(id, 'id')}/`),
  create: (body: VersionCreate) => request<Version>('POST', `${M}/`, { body: required(body, 'body') }),
  update: (id: number, body: VersionUpdate) => request<Version>('PUT', `${M}/${required(id, 'id')}/`, { body: required(body, 'body') }),
  patch: (id: number, body: VersionPatch) => request<Version>('PATCH', `${M}/${required(id, 'id')}/`, { body: required(body, 'body') }),
  remove: (id: number) => request<void>('DELETE', `${M}/${required(id, 'id')}/`),
  duplicate: (id: number) => request<Version>('GET', `${M}/${required(id, 'id')}/duplicate/`),
  move: (id: number, toProject: number) =>
    request<Version>('POST', `${M}/${required(id, 'id')}/move/`, { body: { toProject: required(toProject, 'toProject') } }),
};
