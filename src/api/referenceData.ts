import type { CategoryAttachment as CategoryAttachmentItem, Phase as PhaseItem, Subregion as SubregionItem, TypeProject as TypeProjectItem } from './contract/configuration.ts';
import type { TemplateModelItem } from './contract/referenceData.ts';
import type { ProjectRoleRow } from '../api/contract/project.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type Subregion = Camelize<SubregionItem>;
export type TypeProject = Camelize<TypeProjectItem>;
export type Phase = Camelize<PhaseItem>;
export type CategoryAttachment = Camelize<CategoryAttachmentItem>;
export type TemplateModel = Camelize<TemplateModelItem>;
export type SubregionRole = Camelize<ProjectRoleRow>;

const M = '/manager';

export const referenceDataApi = {
  subregions: () => request<Subregion[]>('GET', `${M}/subregion/`),
  typeProjects: () => request<TypeProject[]>('GET', `${M}/type-project/`),
  phases: () => request<Phase[]>('GET', `${M}/phase/`),
  categoryAttachments: () => request<CategoryAttachment[]>('GET', `${M}/category-attachment/`),
  templateModels: () => request<TemplateModel[]>('GET', `${M}/template-model/`),
  /** Prefill of a new project's rights table for the chosen subregion. */
  subregionRoles: (subregionId: number) => request<SubregionRole[]>('GET', `${M}/subregion/${required(subregionId, 'subregionId')}/roles/`),
};
