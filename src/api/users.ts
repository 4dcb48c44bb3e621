import type { AdminUser as AdminUserWire } from './contract/users.ts';
import type { Role } from './contract/common.ts';
import type { Camelize } from './case.ts';
import { camelize } from './case.ts';
import { endpoints } from './endpoints.ts';
import { call, required, ResponseError, type CallBody } from './http.ts';

export type AdminUser = Camelize<AdminUserWire>;
export type { Role };
export { EMAIL_IN_USE, USER_DELETED, USER_EMAIL_PATTERN } from './contract/messages.ts';

/**
 * The 502 of an invitation mail that could not be sent (issue 25.1): the server's message, and for a
 * user created meanwhile that user (they exist, without a working link). Null for any other failure.
 */
export function invitationNotSent(e: unknown): { message: string; user: AdminUser | null } | null {
  if (!(e instanceof ResponseError) || e.status !== 502 || !e.serverMessage) return null;
  const user = (e.body as { user?: AdminUserWire } | null)?.user;
  return { message: e.serverMessage, user: user ? camelize<AdminUser>(user) : null };
}

const ep = endpoints.users;
/** Without a password the user gets an invitation mail and chooses their own (issue 25.1). */
type NewUser = CallBody<typeof ep.create>;
type UserChanges = CallBody<typeof ep.update>;

/** User administration (spec 2 §7): role ADM. */
export const usersApi = {
  list: () => call(ep.list),
  get: (userId: number) => call(ep.get, { params: { id: userId } }),
  create: (body: NewUser) => call(ep.create, { body }),
  update: (userId: number, body: UserChanges) => call(ep.update, { params: { id: userId }, body }),
  remove: (userId: number) => call(ep.remove, { params: { id: userId } }),
  setBlocked: (userId: number, blocked: boolean) => call(ep.setBlocked, { params: { id: userId }, body: { blocked } }),
  resetMfa: (userId: number) => call(ep.resetMfa, { params: { id: userId } }),
  resetPassword: (userId: number, newPassword: string) =>
    call(ep.resetPassword, { params: { id: userId }, body: { newPassword: required(newPassword, 'newPassword') } }),
  /** 'Opnieuw uitnodigen': a fresh link by mail; the earlier one stops working. */
  reinvite: (userId: number) => call(ep.reinvite, { params: { id: userId } }),
  forceMfaForAll: () => call(ep.forceMfaForAll),

  projectRoles: (userId: number) => call(ep.projectRoles, { params: { id: userId } }),
  setProjectRoles: (userId: number, rows: { projectId: number; role: Role }[]) => call(ep.setProjectRoles, { params: { id: userId }, body: rows }),
  subregions: (userId: number) => call(ep.subregions, { params: { id: userId } }),
  setSubregions: (userId: number, rows: { subregionId: number; access: boolean }[]) =>
    call(ep.setSubregions, { params: { id: userId }, body: rows }),
  /** Wire keys templateReport_id / templateReport_name arrive as templateReportId / templateReportName. */
  templateReports: (userId: number) => call(ep.templateReports, { params: { id: userId } }),
  setTemplateReports: (userId: number, rows: { templateReportId: number; access: boolean }[]) =>
    call(ep.setTemplateReports, {
      params: { id: userId },
      // templateReport_id keeps its capital R on the wire; the generic conversion would write template_report_id.
      wireBody: rows.map((r) => ({ templateReport_id: r.templateReportId, access: r.access })),
    }),
  /** Report templates (ADM sees all; with filter 'authorised' only the caller's authorised ones). */
  allTemplateReports: (filter?: 'authorised') => call(endpoints.templateReports.list, { query: { filter } }),
};
