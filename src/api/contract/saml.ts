import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// SAML single sign-on settings of a client (issue 6 item 9). The server checks the certificate
// itself (node:crypto); here only the shape.

const emptyToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** https, or http for a local test IdP on localhost. */
function isIdpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

const Url = (message: string) => z
  .string()
  .max(2000, 'Het adres is te lang.')
  .nullish()
  .transform(emptyToNull)
  .refine((v) => v === null || isIdpUrl(v), message);

export const SamlSettingsBody = z
  .object({
    /** Single-sign-on address of the identity provider (HTTP-Redirect binding); empty = SAML off. */
    entry_point: Url('Voer een geldig https-adres van de inlogdienst in.'),
    /** Signing certificate of the identity provider: PEM, or only its base64 body. */
    idp_cert: z.string().max(20_000, 'Het certificaat is te lang.').nullish().transform(emptyToNull),
    /** Our entity id (SP issuer, also the expected audience); empty = the default metadata address. */
    issuer: z.string().max(1000, 'Het kenmerk (Entity ID) is te lang.').nullish().transform(emptyToNull),
    /** Metadata address of the identity provider; stored for reference. */
    metadata_url: Url('Voer een geldig https-adres voor de metadata in.'),
    /** Staff only: the IdP asks a second factor itself, so SAML sign-ins skip the account's MFA step. */
    idp_does_mfa: z.boolean().optional(),
    /** The saving administrator's own password again, and the code when MFA is set up (issue 33.3). */
    password: z.string({ error: 'Vul uw wachtwoord in.' }).min(1, 'Vul uw wachtwoord in.').max(1024),
    mfa_code: z.string().max(64).optional(),
  })
  .superRefine((v, c) => {
    if (v.entry_point && !v.idp_cert) {
      c.addIssue({ code: 'custom', path: ['idp_cert'], message: 'Vul het certificaat van de inlogdienst in.' });
    }
  });
export type SamlSettingsBody = z.input<typeof SamlSettingsBody>;
/** After validation: empty strings are null, text trimmed. */
export type SamlSettingsInput = z.output<typeof SamlSettingsBody>;

export const SamlSettings = z.object({
  /** True when sign-in via SAML is on (entry point and certificate set); client-status reports it. */
  enabled: z.boolean(),
  entry_point: z.string().nullable(),
  idp_cert: z.string().nullable(),
  /** The effective SP entity id (the stored one, else the default). */
  issuer: z.string(),
  issuer_is_default: z.boolean(),
  metadata_url: z.string().nullable(),
  /** Staff recorded that the IdP does MFA: SAML sign-ins are not asked the account's code. */
  idp_does_mfa: z.boolean(),
  /** Capability flag: the caller may set idp_does_mfa (staff). */
  can_trust_idp_mfa: z.boolean(),
  /** Saving asks the caller's MFA code besides the password (MFA set up). */
  save_needs_mfa_code: z.boolean(),
  /** For the IdP's configuration: our Assertion Consumer Service (HTTP-POST) and metadata addresses. */
  acs_url: z.string(),
  sp_metadata_url: z.string(),
});
export type SamlSettings = z.infer<typeof SamlSettings>;

/**
 * The longest SAMLResponse (base64) taken, ~75 kB of XML: a real one is a few to a few tens of kB
 * (an IdP that lists 150 group claims ~30 kB); above it, parsing is the attack (issue 34.1).
 */
export const MAX_SAML_RESPONSE_CHARS = 100_000;
export const SAML_RESPONSE_TOO_LARGE = 'Het antwoord van de inlogdienst is te groot.';

/** The identity provider's HTTP-POST to our Assertion Consumer Service. */
export const SamlAcsBody = z.object({
  SAMLResponse: z.string().min(1, 'SAMLResponse ontbreekt.').max(MAX_SAML_RESPONSE_CHARS, SAML_RESPONSE_TOO_LARGE),
  RelayState: z.string().max(2000).optional(),
});

const tags = ['saml'];

/** The client's IdP settings (ADM). The sign-in itself (metadata, sign-in, acs) is the IdP's and the browser's. */
export const samlEndpoints = {
  settings: endpoint(routes.saml.settings, { tags, response: { 200: SamlSettings } }),
  save: endpoint(routes.saml.save, { tags, body: SamlSettingsBody, response: { 200: SamlSettings } }),
};
