import type { CategoryAttachment as CategoryAttachmentItem, Phase as PhaseItem, Subregion as SubregionItem, TypeProject as TypeProjectItem } from './contract/configuration.ts';
import type { TemplateModelItem } from './contract/referenceData.ts';
import type { ProjectRoleRow } from '../api/contract/project.ts';
import type { Camelize } from './case.ts';
import { endpoints } from './endpoints.ts';
import { call } from './http.ts';

export type Subregion = Camelize<SubregionItem>;
export type TypeProject = Camelize<TypeProjectItem>;
export type Phase = Camelize<PhaseItem>;
export type CategoryAttachment = Camelize<CategoryAttachmentItem>;
export type TemplateModel = Camelize<TemplateModelItem>;
export type SubregionRole = Camelize<ProjectRoleRow>;

const ep = endpoints.referenceData;

export const referenceDataApi = {
  subregions: () => call(ep.subregions),
  typeProjects: () => call(ep.typeProjects),
  phases: () => call(ep.phases),
  categoryAttachments: () => call(ep.categoryAttachments),
  templateModels: () => call(ep.templateModels),
  /** Prefill of a new project's rights table for the chosen subregion. */
  subregionRoles: (subregionId: number) => call(ep.subregionRoles, { params: { id: subregionId } }),
};
