import type {
  AdminUser as AdminUserWire, UserProjectRole as UserProjectRoleWire, UserSubregion as UserSubregionWire,
} from './contract/users.ts';
import type { Role } from './contract/common.ts';
import type { Camelize } from './case.ts';
import { camelize } from './case.ts';
import { endpoints } from './contract/endpoints.ts';
import { call, request, required, ResponseError } from './http.ts';

export type AdminUser = Camelize<AdminUserWire>;
type UserProjectRole = Camelize<UserProjectRoleWire>;
type UserSubregion = Camelize<UserSubregionWire>;
/** Wire keys templateReport_id / templateReport_name arrive as templateReportId / templateReportName. */
type UserTemplateReport = { templateReportId: number; templateReportName: string; access: boolean; user: number };
export type { Role };
export { EMAIL_IN_USE, USER_DELETED, USER_EMAIL_PATTERN } from './contract/messages.ts';

interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  /** Without one the user gets an invitation mail and chooses their own (issue 25.1). */
  password?: string;
  role: Role;
}
type UserChanges = Partial<{ firstName: string; lastName: string; email: string; role: Role; mfaForced: boolean }>;

/**
 * The 502 of an invitation mail that could not be sent (issue 25.1): the server's message, and for a
 * user created meanwhile that user (they exist, without a working link). Null for any other failure.
 */
export function invitationNotSent(e: unknown): { message: string; user: AdminUser | null } | null {
  if (!(e instanceof ResponseError) || e.status !== 502 || !e.serverMessage) return null;
  const user = (e.body as { user?: AdminUserWire } | null)?.user;
  return { message: e.serverMessage, user: user ? camelize<AdminUser>(user) : null };
}

const M = '/manager';
const id = (userId: number | null | undefined) => required(userId, 'id');
type Message = { message: string };

/** User administration (spec 2 §7): role ADM. */
export const usersApi = {
  list: () => request<AdminUser[]>('GET', `${M}/user/`),
  get: (userId: number) => request<AdminUser>('GET', `${M}/user/${id(userId)}/`),
  create: (body: NewUser) => request<AdminUser>('POST', `${M}/user/new`, { body }),
  update: (userId: number, body: UserChanges) => request<AdminUser>('PUT', `${M}/user/${id(userId)}/`, { body }),
  remove: (userId: number) => request<Message>('DELETE', `${M}/user/${id(userId)}/`),
  setBlocked: (userId: number, blocked: boolean) => request<{ blocked: boolean }>('POST', `${M}/user/${id(userId)}/blk/`, { body: { blocked } }),
  resetMfa: (userId: number) => request<AdminUser>('POST', `${M}/user/${id(userId)}/reset-mfa/`),
  resetPassword: (userId: number, newPassword: string) =>
    request<Message>('POST', `${M}/user/${id(userId)}/reset-password/`, { body: { newPassword: required(newPassword, 'newPassword') } }),
  /** 'Opnieuw uitnodigen': a fresh link by mail; the earlier one stops working. */
  reinvite: (userId: number) => request<Message>('POST', `${M}/user/${id(userId)}/invite/`),
  forceMfaForAll: () => request<Message>('POST', `${M}/user/force-mfa/`),

  projectRoles: (userId: number) => request<UserProjectRole[]>('GET', `${M}/user/${id(userId)}/project-role/`),
  setProjectRoles: (userId: number, rows: { projectId: number; role: Role }[]) =>
    request<UserProjectRole[]>('PUT', `${M}/user/${id(userId)}/project-role/`, { body: rows }),
  subregions: (userId: number) => request<UserSubregion[]>('GET', `${M}/user/${id(userId)}/subregion/`),
  setSubregions: (userId: number, rows: { subregionId: number; access: boolean }[]) =>
    request<UserSubregion[]>('PUT', `${M}/user/${id(userId)}/subregion/`, { body: rows }),
  templateReports: (userId: number) => request<UserTemplateReport[]>('GET', `${M}/user/${id(userId)}/template-report/`),
  setTemplateReports: (userId: number, rows: { templateReportId: number; access: boolean }[]) =>
    request<UserTemplateReport[]>('PUT', `${M}/user/${id(userId)}/template-report/`, {
      // templateReport_id keeps its capital R on the wire; the generic conversion would write template_report_id.
      rawBody: true,
      body: rows.map((r) => ({ templateReport_id: r.templateReportId, access: r.access })),
    }),
  /** Report templates (ADM sees all; with filter 'authorised' only the caller's authorised ones). */
  allTemplateReports: (filter?: 'authorised') => call(endpoints.templateReports.list, { query: { filter } }),
};
