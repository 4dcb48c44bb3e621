import { X509Certificate } from 'node:crypto';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import type { AppContext, UserRow } from '../context.ts';
import { appUser, client, loginAttempt } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { beyondXmlBounds } from '../xmlBounds.ts';
import { EMAIL_FORMAT, samlFor, type SamlCheck, type SamlSettingsOf } from '../threads/samlCheck.ts';
import { WorkerTimeout, checkSamlResponse } from '../threads/workbookThreads.ts';
import {
  STAFF_NOT_BY_SAML, assertCanManageSaml, assertCanTrustIdpMfa, canTrustIdpMfa, keepsIdpMfaTrust, samlSignIn,
} from '../policies/saml.ts';
import { BAD_LOGIN_CODE } from '../../src/api/contract/messages.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { checkSecondFactor } from './mfa.ts';
import type { SamlSettings, SamlSettingsInput } from '../../src/api/contract/saml.ts';
import { assertAttemptAllowed } from './attempts.ts';
import { command } from './command.ts';
import { clientForRequest } from './clients.ts';
import { NO_ACCESS, findUserByEmail, normalizeEmail, startMfaStep, startSession, type Session } from './session.ts';

// SAML 2.0 single sign-on (spec 2 §1, §2 LoginSaml, §7 saml/sign-in/; issue 6 item 9), SP-side with
// @node-saml/node-saml: HTTP-Redirect AuthnRequest, HTTP-POST response to our ACS.

const SAML_NOT_CONFIGURED = 'Inloggen via SAML is niet ingesteld voor deze omgeving.';
const SAML_INVALID = 'Het antwoord van de inlogdienst is ongeldig of verlopen. Probeer opnieuw in te loggen.';
const SAML_NO_ACCOUNT = 'Er is geen account gevonden voor dit e-mailadres. Neem contact op met uw beheerder.';
const SAML_NO_EMAIL = 'De inlogdienst heeft geen e-mailadres meegestuurd. Neem contact op met uw beheerder.';
const WRONG_PASSWORD = 'Het wachtwoord is onjuist.';
const INVALID_CERT = 'Ongeldig certificaat van de inlogdienst (verwacht: een X.509-certificaat in PEM- of base64-vorm).';

/** The most elements of a SAML response taken: a real one has 40–250 (an IdP listing 150 groups). */
const MAX_SAML_ELEMENTS = 500;
/** A used assertion id is remembered this long (login_attempt keeps a day); older assertions are refused. */
const MAX_ASSERTION_AGE_MS = 60 * 60 * 1000;
type ClientRow = typeof client.$inferSelect;

const base = (ctx: AppContext) => ctx.config.publicUrl.replace(/\/+$/, '');
const acsUrl = (ctx: AppContext) => `${base(ctx)}/api/manager/saml/acs/`;
const spMetadataUrl = (ctx: AppContext) => `${base(ctx)}/api/manager/saml/metadata/`;
/** Our SP entity id: the client's own, else the metadata address. It is also the audience we demand. */
const spIssuer = (ctx: AppContext, c: ClientRow | undefined) => c?.samlIssuer || spMetadataUrl(ctx);

const samlEnabled = (c: ClientRow | undefined): c is ClientRow & { samlEntryPoint: string; samlIdpCert: string } =>
  Boolean(c?.samlEntryPoint && c.samlIdpCert);

/** PEM of an X.509 certificate given as PEM or as its bare base64 body; null when it is not one. */
function normalizeCertificate(input: string): string | null {
  const body = input
    .replace(/-----BEGIN CERTIFICATE-----|-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return null;
  try {
    new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    return null;
  }
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function settingsOf(ctx: AppContext, c: ClientRow & { samlEntryPoint: string; samlIdpCert: string }): SamlSettingsOf {
  return { entryPoint: c.samlEntryPoint, idpCert: c.samlIdpCert, issuer: spIssuer(ctx, c), callbackUrl: acsUrl(ctx) };
}

async function requireConfiguredClient(ctx: AppContext, hostname: string) {
  const c = await clientForRequest(ctx, hostname);
  if (!samlEnabled(c)) throw new HttpError(404, SAML_NOT_CONFIGURED);
  return c;
}

// ---- settings (ADM of the client) ----

function settingsOut(ctx: AppContext, c: ClientRow, actor: UserRow): SamlSettings {
  return {
    enabled: samlEnabled(c),
    entry_point: c.samlEntryPoint,
    idp_cert: c.samlIdpCert,
    issuer: spIssuer(ctx, c),
    issuer_is_default: !c.samlIssuer,
    metadata_url: c.samlMetadataUrl,
    idp_does_mfa: c.samlIdpDoesMfa,
    can_trust_idp_mfa: canTrustIdpMfa(actor),
    save_needs_mfa_code: actor.mfaVerified,
    acs_url: acsUrl(ctx),
    sp_metadata_url: spMetadataUrl(ctx),
  };
}

async function ownClient(ctx: AppContext, actor: UserRow): Promise<ClientRow> {
  const [c] = await ctx.db.select().from(client).where(eq(client.id, actor.clientId));
  if (!c) throw notFound();
  return c;
}

export async function getSettings(ctx: AppContext, actor: UserRow): Promise<SamlSettings> {
  assertCanManageSaml(actor);
  return settingsOut(ctx, await ownClient(ctx, actor), actor);
}

/**
 * The settings decide whose sign-in the client's accounts trust, so saving them asks the
 * administrator's password again, and the code when MFA is set up (issue 33.3): a session left open
 * or stolen is not enough. Failures count towards the attempt limits and are audited.
 */
async function confirmIdentity(ctx: AppContext, actor: UserRow, body: SamlSettingsInput, ip: string): Promise<void> {
  const attempt = await assertAttemptAllowed(ctx, 'saml-settings', actor.email, ip);
  const refuse = async (path: string, message: string, description: string): Promise<never> => {
    await command(ctx, { user: actor, ip }, (c) => c.audit(`SAML-instellingen niet gewijzigd: ${description}`));
    throw new HttpError(400, message, { errors: [{ path, message }] });
  };
  if (!(await verifyPassword(actor.passwordHash, body.password))) return refuse('password', WRONG_PASSWORD, 'wachtwoord onjuist');
  if (actor.mfaVerified && !(await checkSecondFactor(ctx, actor, body.mfa_code?.trim() ?? '', ip, 'inloggen'))) {
    return refuse('mfa_code', BAD_LOGIN_CODE, 'MFA-code onjuist');
  }
  await attempt.succeeded();
}

export async function updateSettings(ctx: AppContext, actor: UserRow, body: SamlSettingsInput, ip: string): Promise<SamlSettings> {
  assertCanManageSaml(actor);
  const before = await ownClient(ctx, actor);
  if (body.idp_does_mfa !== undefined && body.idp_does_mfa !== before.samlIdpDoesMfa) assertCanTrustIdpMfa(actor);
  let cert: string | null = null;
  if (body.idp_cert) {
    cert = normalizeCertificate(body.idp_cert);
    if (!cert) throw new HttpError(400, INVALID_CERT, { errors: [{ path: 'idp_cert', message: INVALID_CERT }] });
  }
  await confirmIdentity(ctx, actor, body, ip);
  const issuer = body.issuer && body.issuer !== spMetadataUrl(ctx) ? body.issuer : null;
  const { row, idpChanged } = await command(ctx, { user: actor, ip }, async ({ tx, audit }) => {
    // Read again under lock: the trust flag is judged against the settings this save replaces.
    const [old] = await tx.select().from(client).where(eq(client.id, actor.clientId)).for('update');
    if (!old) throw notFound();
    const next = { samlEntryPoint: body.entry_point, samlIdpCert: cert };
    const trusted = body.idp_does_mfa ?? old.samlIdpDoesMfa;
    const [row] = await tx.update(client).set({
      ...next, samlIssuer: issuer, samlMetadataUrl: body.metadata_url,
      samlIdpDoesMfa: Boolean(next.samlEntryPoint) && trusted && keepsIdpMfaTrust(actor, old, next),
    }).where(eq(client.id, actor.clientId)).returning();
    await audit(samlEnabled(row) ? `SAML-instellingen gewijzigd (identity provider ${row.samlEntryPoint})` : 'SAML-inloggen uitgeschakeld');
    if (row.samlIdpDoesMfa !== old.samlIdpDoesMfa) {
      await audit(row.samlIdpDoesMfa ? 'Vastgelegd dat de identity provider zelf MFA vraagt' : 'Vastlegging dat de identity provider zelf MFA vraagt vervallen');
    }
    const idpChanged = old.samlEntryPoint !== row.samlEntryPoint || old.samlIdpCert !== row.samlIdpCert || old.samlIssuer !== row.samlIssuer
      || old.samlIdpDoesMfa !== row.samlIdpDoesMfa;
    return { row, idpChanged };
  });
  if (idpChanged) await mailIdpChange(ctx, actor, row, ip);
  return settingsOut(ctx, row, actor);
}

/**
 * Every administrator of the client and every staff user hears of a change of the identity provider
 * (issue 33.3): a rogue change sends every colleague's sign-in elsewhere. Mail comes after the
 * command; a mail that fails is audited and does not undo the saved change.
 */
async function mailIdpChange(ctx: AppContext, actor: UserRow, c: ClientRow, ip: string): Promise<void> {
  const recipients = await ctx.db.selectDistinct({ email: appUser.email, firstName: appUser.firstName }).from(appUser)
    .where(and(eq(appUser.isActive, true), or(eq(appUser.isStaff, true), and(eq(appUser.clientId, c.id), eq(appUser.role, 'ADM')))));
  const what = samlEnabled(c)
    ? `De inlogdienst (identity provider) is nu: ${c.samlEntryPoint}\nDe inlogdienst vraagt zelf MFA: ${c.samlIdpDoesMfa ? 'ja (vastgelegd door een superbeheerder)' : 'nee, accounts met MFA geven na de inlogdienst hun eigen code'}.`
    : 'Inloggen via SAML is uitgeschakeld.';
  const failed: string[] = [];
  for (const r of recipients) {
    try {
      await ctx.mailer.send({
        to: r.email,
        subject: `SAML-instellingen van ${c.name} gewijzigd — Grondslag`,
        text: `Beste ${r.firstName},\n\n${actor.firstName} ${actor.lastName} (${actor.email}) heeft op ${ctx.config.now().toISOString()} `
          + `vanaf IP-adres ${ip} de SAML-instellingen van ${c.name} gewijzigd.\n\n${what}\n\n`
          + 'Alle aanmeldingen via SAML gaan naar deze inlogdienst. Heeft niemand van uw organisatie dit gedaan, '
          + 'neem dan direct contact op met de leverancier van Grondslag.\n',
      });
    } catch {
      failed.push(r.email);
    }
  }
  if (failed.length) {
    await command(ctx, { user: actor, ip }, (cmd) => cmd.audit(`Melding van gewijzigde SAML-instellingen niet verstuurd aan ${failed.join(', ')}`.slice(0, 500)));
  }
}

// ---- sign-in ----

/** SP metadata for the IdP's administrator; works before the IdP is configured. */
export async function spMetadata(ctx: AppContext, hostname: string): Promise<string> {
  const c = await clientForRequest(ctx, hostname);
  return generateServiceProviderMetadata({
    issuer: spIssuer(ctx, c), callbackUrl: acsUrl(ctx), identifierFormat: EMAIL_FORMAT, wantAssertionsSigned: true,
  });
}

/** The IdP address with a deflated, base64 AuthnRequest (HTTP-Redirect binding). */
export async function signInUrl(ctx: AppContext, hostname: string): Promise<string> {
  const c = await requireConfiguredClient(ctx, hostname);
  return samlFor(settingsOf(ctx, c), ctx.config.now).getAuthorizeUrlAsync('', undefined, {});
}

/** Refuses the second use of an assertion id (replay), across instances: checked and recorded in one transaction. */
async function consumeAssertionId(ctx: AppContext, clientId: number, assertionId: string, ip: string): Promise<boolean> {
  const key = `saml-assertion:${clientId}:${assertionId}`.slice(0, 500);
  return command(ctx, { clientId, ip }, async ({ tx, now }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const [{ n }] = await tx.select({ n: count() }).from(loginAttempt)
      .where(and(eq(loginAttempt.kind, 'saml-assertion'), eq(loginAttempt.email, key)));
    if (n > 0) return false;
    await tx.insert(loginAttempt).values({ kind: 'saml-assertion', email: key, ip, success: true, at: now });
    return true;
  });
}

class SamlRefusal extends HttpError {}

/** A session, or (MFA set up and the IdP not vouched for) the ticket of the account's own MFA step. */
export type SamlOutcome =
  | { kind: 'session'; user: UserRow; session: Session }
  | { kind: 'mfa'; user: UserRow; ticket: string };

/**
 * The IdP's POST to our ACS: verifies the signed response against the client's certificate, the
 * audience (our issuer) and the time conditions, then signs in the user of that client with the
 * asserted e-mail address as `samlSignIn` decides (never staff; MFA step unless the IdP is vouched
 * for). Every outcome is written to the audit log with the IP.
 */
export async function consumeResponse(ctx: AppContext, hostname: string, samlResponse: string, ip: string): Promise<SamlOutcome> {
  const c = await requireConfiguredClient(ctx, hostname);
  const attemptKey = `saml@${ip}`;
  const attempt = await assertAttemptAllowed(ctx, 'saml', attemptKey, ip);
  const fail = async (status: number, message: string, description: string, user?: UserRow): Promise<never> => {
    await command(ctx, { user, clientId: c.id, ip }, (cmd) => cmd.audit(`Mislukte SAML-aanmelding: ${description}`.slice(0, 500)));
    throw new SamlRefusal(status, message);
  };

  // node-saml parses with @xmldom/xmldom before it checks any signature: refuse what would make that
  // parse slow in one linear pass first (issue 34.1). The contract already capped the size.
  const beyond = beyondXmlBounds(Buffer.from(samlResponse, 'base64').toString('utf8'), MAX_SAML_ELEMENTS);
  if (beyond) return fail(401, SAML_INVALID, `ongeldig SAML-antwoord (${beyond})`);
  // node-saml's parse and signature check run in a worker thread with a deadline (threads/samlCheck.ts).
  let check: SamlCheck;
  try {
    check = await checkSamlResponse(settingsOf(ctx, c), ctx.config.now().getTime(), samlResponse);
  } catch (e) {
    if (e instanceof WorkerTimeout) return fail(401, SAML_INVALID, 'controle van het SAML-antwoord duurde te lang en is afgebroken');
    return fail(401, SAML_INVALID, `ongeldig SAML-antwoord (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!check) return fail(401, SAML_INVALID, 'geen aanmelding in het SAML-antwoord');

  const { assertionId } = check;
  const issued = Date.parse(check.issueInstant ?? '');
  if (!assertionId) return fail(401, SAML_INVALID, 'assertion zonder ID');
  if (!Number.isFinite(issued) || ctx.config.now().getTime() - issued > MAX_ASSERTION_AGE_MS) {
    return fail(401, SAML_INVALID, 'assertion te oud');
  }
  if (!(await consumeAssertionId(ctx, c.id, assertionId, ip))) return fail(401, SAML_INVALID, 'assertion al gebruikt (replay)');

  const email = check.email ? normalizeEmail(check.email) : null;
  if (!email) return fail(403, SAML_NO_EMAIL, `geen e-mailadres (NameID ${check.nameID.slice(0, 100)})`);
  const user = await findUserByEmail(ctx, email);
  if (!user || user.clientId !== c.id) return fail(403, SAML_NO_ACCOUNT, `geen account voor ${email}`);
  const outcome = samlSignIn(user, c);
  if (outcome === 'refused') return fail(403, NO_ACCESS, `account geblokkeerd (${email})`, user);
  if (outcome === 'staff') return fail(403, STAFF_NOT_BY_SAML, `superbeheerder (${email}) logt niet in via SAML`, user);

  await attempt.succeeded();
  if (outcome === 'mfa') return { kind: 'mfa', user, ticket: await startMfaStep(ctx, user, ip, `SAML-aanmelding geaccepteerd (${email}), MFA-code gevraagd`) };
  await command(ctx, { user, clientId: c.id, ip }, (cmd) => cmd.audit(`SAML-aanmelding geaccepteerd (${email})`));
  return { kind: 'session', user, session: await startSession(ctx, user, ip) };
}
