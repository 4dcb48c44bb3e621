import { SAML, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';

// node-saml's configuration of a client's IdP, and the check of a posted SAMLResponse, which runs in a
// worker thread (issue 34.1): node-saml parses with @xmldom/xmldom and walks the document with XPath
// before and while it checks the signature, work that grows faster than the document. The ACS bounds the
// document first (server/xmlBounds.ts); what remains runs here, off the event loop, with a deadline.

/** What node-saml needs of the client's settings; plain data, so it crosses to the worker. */
export interface SamlSettingsOf {
  entryPoint: string;
  idpCert: string;
  /** Our SP entity id, also the audience we demand. */
  issuer: string;
  callbackUrl: string;
}

/** Clock difference with the IdP that is still accepted (NotBefore / NotOnOrAfter). */
const CLOCK_SKEW_MS = 3 * 60 * 1000;
export const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const EMAIL_ATTRIBUTES = [
  'email', 'mail', 'emailaddress', 'emailAddress', 'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** node-saml reads the system clock; this subclass checks the time conditions against the app's clock. */
class ClockedSaml extends SAML {
  constructor(options: SamlConfig, private readonly clock: () => Date) {
    super(options);
  }

  protected override checkTimestampsValidityError(_nowMs: number, notBefore: string, notOnOrAfter: string, maxTimeLimitMs?: number) {
    return super.checkTimestampsValidityError(this.clock().getTime(), notBefore, notOnOrAfter, maxTimeLimitMs);
  }
}

export function samlFor(s: SamlSettingsOf, clock: () => Date): SAML {
  return new ClockedSaml({
    entryPoint: s.entryPoint,
    idpCert: s.idpCert,
    issuer: s.issuer,
    audience: s.issuer,
    callbackUrl: s.callbackUrl,
    // Either the Response or the Assertion must carry a valid signature of the IdP's certificate
    // (with both false node-saml demands a signed assertion whenever the response is unsigned).
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // IdP-initiated sign-in works too and several instances share no request cache: replays are
    // stopped by the single use of the assertion id instead (services/saml.ts, consumeAssertionId).
    validateInResponseTo: ValidateInResponseTo.never,
    identifierFormat: EMAIL_FORMAT,
    // Let the IdP choose how it authenticates (MFA, Kerberos…): an exact PasswordProtectedTransport
    // context makes e.g. Entra ID refuse users who signed in otherwise.
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  }, clock);
}

/** What the ACS needs of a valid response; null when it holds no sign-in. */
export type SamlCheck = {
  /** An e-mail attribute, else the NameID when it is one (not yet normalised). */
  email: string | null;
  nameID: string;
  assertionId: string | undefined;
  issueInstant: string | undefined;
} | null;

function emailFromProfile(profile: Profile): string | null {
  const candidates: unknown[] = [];
  for (const name of EMAIL_ATTRIBUTES) candidates.push(profile[name], (profile.attributes as Record<string, unknown> | undefined)?.[name]);
  candidates.push(profile.nameID);
  for (const value of candidates.flat()) {
    if (typeof value === 'string' && EMAIL_PATTERN.test(value.trim()) && value.length <= 254) return value;
  }
  return null;
}

/** Validates the response (signature, audience, time at `nowMs`); throws node-saml's error when invalid. */
export async function checkSamlResponse(s: SamlSettingsOf, nowMs: number, samlResponse: string): Promise<SamlCheck> {
  const { profile } = await samlFor(s, () => new Date(nowMs)).validatePostResponseAsync({ SAMLResponse: samlResponse });
  if (!profile) return null;
  const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string; IssueInstant?: string } } } | undefined;
  return {
    email: emailFromProfile(profile),
    nameID: String(profile.nameID),
    assertionId: assertion?.Assertion?.$?.ID,
    issueInstant: assertion?.Assertion?.$?.IssueInstant,
  };
}
