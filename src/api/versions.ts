import type { VersionModel as VersionModelWire } from '../api/contract/versionModel.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call, required } from './http.ts';
import { rowCalls } from './rows.ts';

export type Version = Camelize<VersionModelWire>;

const ep = endpoints.versions;

export const versionsApi = {
  list: (projectId: number) => call(ep.list, { query: { projectId: required(projectId, 'projectId') } }),
  ...rowCalls(ep),
  move: (id: number, toProject: number) => call(ep.move, { params: { id }, body: { toProject: required(toProject, 'toProject') } }),
};
