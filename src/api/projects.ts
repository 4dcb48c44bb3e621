import type { z } from 'zod';
import type { ProjectCreateBody, ProjectDetail as ProjectDetailWire, ProjectListItem, ProjectPatchBody, ProjectPutBody, ProjectRoleRow } from '../api/contract/project.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type Project = Camelize<ProjectListItem>;
export type ProjectDetail = Camelize<ProjectDetailWire>;
export type ProjectRole = Camelize<ProjectRoleRow>;
export type ProjectCreate = Camelize<z.input<typeof ProjectCreateBody>>;
export type ProjectUpdate = Camelize<ProjectPutBody>;
export type ProjectPatch = Camelize<ProjectPatchBody>;

const M = '/manager/project';

export const projectsApi = {
  /** With `all`, hidden projects are included. */
  list: (all = true) => request<Project[]>('GET', `${M}/`, { query: { all } }),
  get: (id: number) => request<ProjectDetail>('GET', `${M}/${required(id, 'id')}/`),
  create: (body: ProjectCreate) => request<ProjectDetail>('POST', `${M}/`, { body: required(body, 'body') }),
  update: (id: number, body: ProjectUpdate) => request<ProjectDetail>('PUT', `${M}/${required(id, 'id')}/`, { body: required(body, 'body') }),
  patch: (id: number, body: ProjectPatch) => request<ProjectDetail>('PATCH', `${M}/${required(id, 'id')}/`, { body: required(body, 'body') }),
  remove: (id: number) => request<void>('DELETE', `${M}/${required(id, 'id')}/`),
  duplicate: (id: number) => request<ProjectDetail>('GET', `${M}/${required(id, 'id')}/duplicate/`),
};
