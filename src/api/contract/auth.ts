import { z } from 'zod';
import { Role } from './common.ts';
import { UserCapabilities } from './capabilities.ts';

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
