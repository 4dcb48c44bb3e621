import type { z } from 'zod';
import type { ProjectCreateBody, ProjectDetail as ProjectDetailWire, ProjectListItem, ProjectPutBody } from '../api/contract/project.ts';
import type { Camelize } from './case.ts';
import { request } from './http.ts';
import { rowCalls } from './rows.ts';

export type Project = Camelize<ProjectListItem>;
type ProjectDetail = Camelize<ProjectDetailWire>;
type ProjectCreate = Camelize<z.input<typeof ProjectCreateBody>>;
type ProjectUpdate = Camelize<ProjectPutBody>;

const M = '/manager/project';

export const projectsApi = {
  /** With `all`, hidden projects are included. */
  list: (all = true) => request<Project[]>('GET', `${M}/`, { query: { all } }),
  ...rowCalls<ProjectDetail, ProjectCreate, ProjectUpdate>(M),
};
