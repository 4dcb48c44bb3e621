import { z } from 'zod';
import { Ok, Role } from './common.ts';
import { UserCapabilities } from './capabilities.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { WORK_GATES } from './messages.ts';

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Vul uw e-mailadres in.').max(254),
  password: z.string().min(1, 'Vul uw wachtwoord in.').max(1024),
});

export const CurrentUser = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  role: Role,
  mfa_verified: z.boolean(),
  mfa_forced: z.boolean(),
  password_reset_required: z.boolean(),
  terms_conditions_accepted: z.boolean(),
  /** The gate the server still holds the account at (issue 33.2), null when it may work; the screen guard follows it. */
  work_gate: z.enum(WORK_GATES).nullable(),
  client_id: z.number(),
  client_name: z.string(),
  ...UserCapabilities.shape,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LoginAnswer = z.object({
  access: z.string().nullable(),
  mfa: z.boolean(),
  user: CurrentUser.nullable(),
  message: z.string(),
});

export const AccessAnswer = z.object({ access: z.string() });

/** The refresh token travels in an httpOnly cookie; the spec's body field is accepted and ignored. */
export const RefreshBody = z.object({ tokenRefresh: z.string().optional() }).nullish();

export const UpdateMeBody = z
  .object({
    first_name: z.string().trim().min(1, 'Voornaam is verplicht.').max(150),
    last_name: z.string().trim().min(1, 'Achternaam is verplicht.').max(150),
    email: z.string().trim().toLowerCase().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'E-mailadres is niet geldig'),
    terms_conditions_accepted: z.boolean(),
  })
  .partial();

export const ClientStatus = z.object({ saml: z.boolean(), client_name: z.string().nullable() });

export const ServerStatus = z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') });

export { TERMS_VERSION } from '../../lib/terms.ts';

const tags = ['auth'];

/** Sign-in core (spec 2 §4, §7). */
export const authEndpoints = {
  login: endpoint(routes.auth.login, { tags, body: LoginBody, response: { 200: LoginAnswer } }),
  /** The refresh token travels in its httpOnly cookie; POST and GET alike. */
  refresh: endpoint(routes.auth.refresh, { tags, body: RefreshBody, response: { 200: AccessAnswer } }),
  refreshByGet: endpoint(routes.auth.refreshByGet, { tags, response: { 200: AccessAnswer } }),
  logout: endpoint(routes.auth.logout, { tags, response: { 200: Ok } }),
  me: endpoint(routes.auth.me, { tags, response: { 200: CurrentUser } }),
  updateMe: endpoint(routes.auth.updateMe, { tags, body: UpdateMeBody, response: { 200: CurrentUser } }),
  clientStatus: endpoint(routes.auth.clientStatus, { tags, response: { 200: ClientStatus } }),
  status: endpoint(routes.auth.status, { tags: ['status'], response: { 200: ServerStatus } }),
  /** The spec's liveness check of the staff area (no database). */
  superadminStatus: endpoint(routes.auth.superadminStatus, {
    tags: ['status'], response: { 200: z.object({ status: z.literal('ok') }) },
  }),
};
