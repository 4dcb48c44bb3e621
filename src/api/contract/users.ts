import { z } from 'zod';
import { Id, IdParams, Ok, Role } from './common.ts';
import { USER_EMAIL_PATTERN } from './messages.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// User administration (spec 2 §3, §5, §7): global role ADM of the caller's client (staff too).
// Ids of other clients answer 404.

/** GET user/, GET user/{id}/, answer of PUT user/{id}/. */
export const AdminUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: Role,
  is_active: z.boolean(),
  mfa_forced: z.boolean(),
  mfa_verified: z.boolean(),
  blocked: z.boolean(),
  /** ISO timestamp or null. */
  last_login: z.string().nullable(),
  is_staff: z.boolean(),
  password_reset_required: z.boolean(),
  terms_conditions_accepted: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;
/** The link the administrator passes on when no mail server is set up (issue 35.9); absent when it was mailed. */
const invitationLink = { invitation_link: z.string().optional() };
/** Answer of POST user/new: the user, and the invitation link when it could not be mailed. */
export const CreatedUser = AdminUser.extend(invitationLink);
/** Answer of 'Opnieuw uitnodigen'. */
export const InvitationAnswer = Ok.extend(invitationLink);
export const AdminUserList = z.array(AdminUser);

const required = 'Niet alle vereiste velden zijn ingevuld.';

/**
 * POST user/new → 201 AdminUser. Without a password the user gets an invitation mail with a link where
 * they choose their own (issue 25.1); with one, the password is temporary (the fallback for clients
 * without mail): password_reset_required is true.
 * 400 messages: 'Niet alle vereiste velden zijn ingevuld.', 'Ongeldig e-mailadres.',
 * 'Wachtwoord voldoet niet aan de eisen' (+ errors[] per unmet requirement); 409 'E-mail is al in
 * gebruik door een andere gebruiker.'.
 */
export const CreateUserBody = z.object({
  first_name: z.string().trim().min(1, required).max(150),
  last_name: z.string().trim().min(1, required).max(150),
  email: z.string().trim().toLowerCase().min(1, required).max(254).regex(USER_EMAIL_PATTERN, 'Ongeldig e-mailadres.'),
  password: z.string().min(1, required).max(1024).optional(),
  role: Role,
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** PUT user/{id}/ — every field optional. 400 'E-mailadres is niet geldig'; 409 as on create. */
export const UpdateUserBody = z.object({
  first_name: z.string().trim().min(1, required).max(150),
  last_name: z.string().trim().min(1, required).max(150),
  email: z.string().trim().toLowerCase().min(1, required).max(254).regex(USER_EMAIL_PATTERN, 'E-mailadres is niet geldig'),
  role: Role,
  mfa_forced: z.boolean(),
}).partial();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** POST user/{id}/blk/ → { blocked }. Blocking ends all sessions of the user at once. */
export const BlockBody = z.object({ blocked: z.boolean() });
export const BlockAnswer = z.object({ blocked: z.boolean() });

/** POST user/{id}/reset-password/ → Ok; the user must choose a new password at next sign-in. */
export const AdminResetPasswordBody = z.object({ new_password: z.string().max(1024) });

/** GET/POST/PUT user/{id}/project-role/ — one row per project of the client. */
export const UserProjectRole = z.object({
  project_id: z.number(),
  project_name: z.string(),
  /** NON means no access (no row is stored). */
  role: Role,
  user: z.number(),
});
export type UserProjectRole = z.infer<typeof UserProjectRole>;
export const UserProjectRoleList = z.array(UserProjectRole);
/** POST/PUT body: the rows to set (other projects unchanged); `user` in the body is ignored. */
export const UserProjectRoleBody = z.array(UserProjectRole.extend({
  project_id: Id, project_name: z.string().optional(), user: z.number().optional(),
}));

/** GET/POST/PUT user/{id}/subregion/ — one row per subregion of the client. */
export const UserSubregion = z.object({
  subregion_id: z.number(),
  subregion_description: z.string(),
  access: z.boolean(),
  user: z.number(),
});
export type UserSubregion = z.infer<typeof UserSubregion>;
export const UserSubregionList = z.array(UserSubregion);
export const UserSubregionBody = z.array(UserSubregion.extend({
  subregion_id: Id, subregion_description: z.string().optional(), user: z.number().optional(),
}));

/** GET/POST/PUT user/{id}/template-report/ — one row per report template of the client. */
export const UserTemplateReport = z.object({
  templateReport_id: z.number(),
  templateReport_name: z.string(),
  access: z.boolean(),
  user: z.number(),
});
export type UserTemplateReport = z.infer<typeof UserTemplateReport>;
export const UserTemplateReportList = z.array(UserTemplateReport);
export const UserTemplateReportBody = z.array(UserTemplateReport.extend({
  templateReport_id: Id, templateReport_name: z.string().optional(), user: z.number().optional(),
}));

/** GET template-report/ (and the staff's calls on it): ./templateReport.ts. */
export { TemplateReportItem, TemplateReportList, TemplateReportQuery } from './templateReport.ts';

const tags = ['users'];

/** User administration (spec 2 §7), role ADM. The rights lists take POST and PUT alike. */
export const userEndpoints = {
  list: endpoint(routes.users.list, { tags, response: { 200: AdminUserList } }),
  create: endpoint(routes.users.create, { tags, body: CreateUserBody, response: { 201: CreatedUser } }),
  forceMfaForAll: endpoint(routes.users.forceMfaForAll, { tags, response: { 200: Ok } }),
  get: endpoint(routes.users.get, { tags, params: IdParams, response: { 200: AdminUser } }),
  update: endpoint(routes.users.update, { tags, params: IdParams, body: UpdateUserBody, response: { 200: AdminUser } }),
  remove: endpoint(routes.users.remove, { tags, params: IdParams, response: { 200: Ok } }),
  setBlocked: endpoint(routes.users.setBlocked, { tags, params: IdParams, body: BlockBody, response: { 200: BlockAnswer } }),
  resetMfa: endpoint(routes.users.resetMfa, { tags, params: IdParams, response: { 200: AdminUser } }),
  /** 'Opnieuw uitnodigen': a fresh link by mail (without a mail server: in the answer); the earlier one stops working. */
  reinvite: endpoint(routes.users.reinvite, { tags, params: IdParams, response: { 200: InvitationAnswer } }),
  resetPassword: endpoint(routes.users.resetPassword, { tags, params: IdParams, body: AdminResetPasswordBody, response: { 200: Ok } }),
  projectRoles: endpoint(routes.users.projectRoles, { tags, params: IdParams, response: { 200: UserProjectRoleList } }),
  addProjectRoles: endpoint(routes.users.addProjectRoles, {
    tags, params: IdParams, body: UserProjectRoleBody, response: { 200: UserProjectRoleList },
  }),
  setProjectRoles: endpoint(routes.users.setProjectRoles, {
    tags, params: IdParams, body: UserProjectRoleBody, response: { 200: UserProjectRoleList },
  }),
  subregions: endpoint(routes.users.subregions, { tags, params: IdParams, response: { 200: UserSubregionList } }),
  addSubregions: endpoint(routes.users.addSubregions, { tags, params: IdParams, body: UserSubregionBody, response: { 200: UserSubregionList } }),
  setSubregions: endpoint(routes.users.setSubregions, { tags, params: IdParams, body: UserSubregionBody, response: { 200: UserSubregionList } }),
  templateReports: endpoint(routes.users.templateReports, { tags, params: IdParams, response: { 200: UserTemplateReportList } }),
  addTemplateReports: endpoint(routes.users.addTemplateReports, {
    tags, params: IdParams, body: UserTemplateReportBody, response: { 200: UserTemplateReportList },
  }),
  setTemplateReports: endpoint(routes.users.setTemplateReports, {
    tags, params: IdParams, body: UserTemplateReportBody, response: { 200: UserTemplateReportList },
  }),
};
