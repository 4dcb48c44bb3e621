import type { VersionModel as VersionModelWire, VersionModelCreateBody, VersionModelPutBody } from '../api/contract/versionModel.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';
import { rowCalls } from './rows.ts';

export type Version = Camelize<VersionModelWire>;
type VersionCreate = Camelize<VersionModelCreateBody>;
type VersionUpdate = Camelize<VersionModelPutBody>;

const M = '/manager/version-model';

export const versionsApi = {
  list: (projectId: number) => request<Version[]>('GET', `${M}/`, { query: { projectId: required(projectId, 'projectId') } }),
  ...rowCalls<Version, VersionCreate, VersionUpdate>(M),
  move: (id: number, toProject: number) =>
    request<Version>('POST', `${M}/${required(id, 'id')}/move/`, { body: { toProject: required(toProject, 'toProject') } }),
};
