import type { z } from 'zod';
import type { ParameterSaveAnswer, ParameterType, PeriodType } from './contract/parameters.ts';
import type { ProjectListItem } from './contract/project.ts';
import type { VersionModel } from './contract/versionModel.ts';
import type { ModelItem } from './contract/model.ts';
import type { Camelize } from './case.ts';
import { request, required } from './http.ts';

export type ParameterSaveResult = Camelize<z.infer<typeof ParameterSaveAnswer>>;
export type ProjectItem = Camelize<ProjectListItem>;
export type VersionItem = Camelize<VersionModel>;
export type ModelRow = Camelize<ModelItem>;

/** One value of the save payload (spec 2 §3): percentages as fractions in valueFloat, dates in valueDate. */
export interface ParameterValue {
  parameterType: ParameterType;
  rowIndex: number | null;
  periodType: PeriodType | null;
  year: number | null;
  valueFloat: number | null;
  valueDate: string | null;
}

const M = '/manager';

/**
 * Global parameters (spec 2 §7, staff only) and the project-area lists page 1 of the screen picks
 * models from (thin calls until the project area's own client modules exist).
 */
export const parametersApi = {
  save: (parameters: ParameterValue[], models: number[]) =>
    request<ParameterSaveResult>('POST', `${M}/parameter/`, { body: { parameters, models } }),
  projects: () => request<ProjectItem[]>('GET', `${M}/project/`, { query: { all: true } }),
  versions: (projectId: number) =>
    request<VersionItem[]>('GET', `${M}/version-model/`, { query: { projectId: required(projectId, 'projectId') } }),
  models: (versionModelId?: number) => request<ModelRow[]>('GET', `${M}/model/`, { query: { versionModelId } }),
};
