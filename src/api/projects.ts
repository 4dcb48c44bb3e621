import type { ProjectDetail as ProjectDetailWire, ProjectListItem } from '../api/contract/project.ts';
import { endpoints } from './endpoints.ts';
import type { Camelize } from './case.ts';
import { call } from './http.ts';
import { rowCalls } from './rows.ts';

export type Project = Camelize<ProjectListItem>;
export type ProjectDetail = Camelize<ProjectDetailWire>;

export const projectsApi = {
  /** With `all`, hidden projects are included. */
  list: (all = true) => call(endpoints.projects.list, { query: { all } }),
  ...rowCalls(endpoints.projects),
};
