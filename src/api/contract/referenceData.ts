import { z } from 'zod';
import { UploadedFile } from './attachment.ts';
import { IdParams, OptionalText } from './common.ts';
import { ProjectRoleRow } from './project.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { CategoryAttachmentList, PhaseList, SubregionList, TypeProjectList } from './configuration.ts';

// Reference-data lists used by the project area (spec 2 §3): /api/manager/<resource>/. All are scoped
// to the caller's client. The four configurable kinds (subregion, project type, phase, attachment
// category) and their lists are the configuration contract's (./configuration.ts).

export const TemplateModelItem = z.object({ id: z.number(), name: z.string() });
export const TemplateModelList = z.array(TemplateModelItem);
/**
 * GET template-model/'s optional filter (spec 1 §7), as template-report/'s (`authorised`: the templates the
 * caller may use). Model templates are granted to nobody in particular: every user of the client may use
 * each, so the list is the same with or without it (docs/decisions.md, issue 22).
 */
export const TemplateModelQuery = z.object({ filter: z.string().max(100).optional() });
export type TemplateModelItem = z.infer<typeof TemplateModelItem>;
/**
 * POST template-model/ (staff; multipart/form-data): `name` (optional: the file name without `.xlsx`)
 * and the workbook as the part `file` (xlsx only). Answer 201 with the TemplateModelItem.
 */
export const TemplateModelCreateBody = z.object({ name: OptionalText, file: UploadedFile });
export type TemplateModelCreateBody = z.output<typeof TemplateModelCreateBody>;

/**
 * GET subregion/{id}/roles/: prefill of a new project's rights table, one row per active user of the
 * client (NON users included, sorted by name): users with access to the subregion get their global
 * role, the others NON.
 */
export const SubregionRoles = z.array(ProjectRoleRow);

const tags = ['reference-data'];

/** The reference-data lists the project area needs (their changes: configurationEndpoints). */
export const referenceDataEndpoints = {
  subregions: endpoint(routes.referenceData.subregions, { tags, response: { 200: SubregionList } }),
  /** Prefill of a new project's rights table for the chosen subregion. */
  subregionRoles: endpoint(routes.referenceData.subregionRoles, { tags, params: IdParams, response: { 200: SubregionRoles } }),
  typeProjects: endpoint(routes.referenceData.typeProjects, { tags, response: { 200: TypeProjectList } }),
  phases: endpoint(routes.referenceData.phases, { tags, response: { 200: PhaseList } }),
  categoryAttachments: endpoint(routes.referenceData.categoryAttachments, { tags, response: { 200: CategoryAttachmentList } }),
  templateModels: endpoint(routes.referenceData.templateModels, { tags, query: TemplateModelQuery, response: { 200: TemplateModelList } }),
  /** Staff: multipart `name`, then the xlsx as `file`. */
  createTemplateModel: endpoint(routes.referenceData.createTemplateModel, {
    tags, body: TemplateModelCreateBody, response: { 201: TemplateModelItem },
  }),
};
