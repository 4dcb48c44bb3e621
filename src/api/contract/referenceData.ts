import { z } from 'zod';
import { ProjectRoleRow } from './project.ts';

// Reference-data lists used by the project area (spec 2 §3): /api/manager/<resource>/.
// All are scoped to the caller's client. (Create/update/delete: the configuration screens.)

export const SubregionItem = z.object({ id: z.number(), description: z.string(), outline_uri: z.string().nullable() });
export const SubregionList = z.array(SubregionItem);

export const TypeProjectItem = z.object({ id: z.number(), description: z.string(), is_default: z.boolean() });
export const TypeProjectList = z.array(TypeProjectItem);

export const PhaseItem = z.object({ id: z.number(), description: z.string() });
export const PhaseList = z.array(PhaseItem);

export const CategoryAttachmentItem = z.object({ id: z.number(), name: z.string(), is_default: z.boolean() });
export const CategoryAttachmentList = z.array(CategoryAttachmentItem);

export const TemplateModelItem = z.object({ id: z.number(), name: z.string() });
export const TemplateModelList = z.array(TemplateModelItem);

/**
 * GET subregion/{id}/roles/: prefill of a new project's rights table, one row per active user of the
 * client (NON users included, sorted by name): users with access to the subregion get their global
 * role, the others NON.
 */
export const SubregionRoles = z.array(ProjectRoleRow);

export type SubregionItem = z.infer<typeof SubregionItem>;
export type TypeProjectItem = z.infer<typeof TypeProjectItem>;
export type PhaseItem = z.infer<typeof PhaseItem>;
export type CategoryAttachmentItem = z.infer<typeof CategoryAttachmentItem>;
export type TemplateModelItem = z.infer<typeof TemplateModelItem>;
