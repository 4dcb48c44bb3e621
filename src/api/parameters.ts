import type { z } from 'zod';
import type { ParameterPreviewAnswer, ParameterSaveAnswer, ParameterType, PeriodType } from './contract/parameters.ts';
import type { Camelize } from './case.ts';
import { endpoints } from './endpoints.ts';
import { call } from './http.ts';
import { projectsApi, type Project } from './projects.ts';
import { versionsApi, type Version } from './versions.ts';
import { modelsApi, type Model } from './models.ts';

export type ParameterSaveResult = Camelize<z.infer<typeof ParameterSaveAnswer>>;
/** What applying would do to one chosen model (issue 23). */
export type ParameterPreviewModel = Camelize<ParameterPreviewAnswer>['models'][number];
export type ProjectItem = Project;
export type VersionItem = Version;
export type ModelRow = Model;

/** One value of the save payload (spec 2 §3): percentages as fractions in valueFloat, dates in valueDate. */
export interface ParameterValue {
  parameterType: ParameterType;
  rowIndex: number | null;
  periodType: PeriodType | null;
  year: number | null;
  valueFloat: number | null;
  valueDate: string | null;
}

/** Global parameters (spec 2 §7, staff only); page 1 picks models through the project area's lists. */
export const parametersApi = {
  save: (parameters: ParameterValue[], models: number[]) => call(endpoints.parameters.save, { body: { parameters, models } }),
  preview: (parameters: ParameterValue[], models: number[]) => call(endpoints.parameters.preview, { body: { parameters, models } }),
  projects: () => projectsApi.list(true),
  versions: (projectId: number) => versionsApi.list(projectId),
  models: (versionModelId?: number) => modelsApi.list(versionModelId),
};
