import { z } from 'zod';
import { ProjectRoleRow } from './project.ts';

// Reference-data lists used by the project area (spec 2 §3): /api/manager/<resource>/. All are scoped
// to the caller's client. The four configurable kinds (subregion, project type, phase, attachment
// category) and their lists are the configuration contract's (./configuration.ts).

export const TemplateModelItem = z.object({ id: z.number(), name: z.string() });
export const TemplateModelList = z.array(TemplateModelItem);
export type TemplateModelItem = z.infer<typeof TemplateModelItem>;

/**
 * GET subregion/{id}/roles/: prefill of a new project's rights table, one row per active user of the
 * client (NON users included, sorted by name): users with access to the subregion get their global
 * role, the others NON.
 */
export const SubregionRoles = z.array(ProjectRoleRow);
