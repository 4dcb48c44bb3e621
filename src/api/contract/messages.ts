// Dutch texts and patterns the server answers and the browser shows or checks, written once. This
// module imports nothing but the count helper (no zod), so screens of the first bundle can use it without
// the contract's schemas (vite's initial JavaScript budget, bench/workbench.ts).
import { formatCount } from '../../lib/count.ts';

/** 404 of anything the user cannot see (not there, or another client's), and the screen of an address no screen has. */
/** PUT phase/order/ when the list is not the client's phases as they are now. */
export const PHASE_ORDER_STALE = 'De fasedefinities zijn intussen gewijzigd. De lijst is opnieuw geladen; zet de volgorde nog eens.';

export const NOT_FOUND = 'Niet gevonden.';
/** 401 of a sign-in with an unknown e-mail address or a wrong password. */
export const WRONG_CREDENTIALS = 'De combinatie van e-mailadres en wachtwoord is onjuist';
/** 401 of a wrong, replayed or malformed code at sign-in. */
export const BAD_LOGIN_CODE = 'Ongeldige code!';
/** 400 of a wrong code when MFA is set up. */
export const BAD_SETUP_CODE = 'De ingevoerde code is ongeldig.';
/** Stricter e-mail pattern of the reset e-mail step (spec 2 §5). */
export const RESET_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** 400 of an invalid, used or expired reset code (or its MFA step). */
export const BAD_RESET_CODE = 'De ingevoerde code is ongeldig';
/** 400 of an invitation link that is unknown, used, replaced by a newer one or expired (issue 25.1). */
export const INVITE_INVALID = 'Deze uitnodiging is ongeldig of verlopen. Vraag uw beheerder om een nieuwe uitnodiging.';
/** The answer of 'Opnieuw uitnodigen' and of a user created with an invitation. */
export const INVITE_SENT = 'Uitnodiging verstuurd.';
/** The answer of 'Opnieuw uitnodigen' without a mail server: the link comes with it for the administrator (issue 35.9). */
export const INVITE_NO_MAIL_SERVER = 'De uitnodiging is niet per e-mail verstuurd: er is geen mailserver ingesteld. '
  + 'Geef de link hieronder zelf door aan de gebruiker; hij werkt één keer.';
/**
 * 502 when the invitation mail could not be sent (SMTP down or refusing). A new user stays created (what
 * the administrator entered is kept) without a usable link; a re-invitation changes nothing.
 */
export const INVITE_NOT_SENT_NEW_USER = "Gebruiker aangemaakt, maar de uitnodiging kon niet worden verstuurd: het versturen van de e-mail is mislukt. "
  + "Kies later 'Opnieuw uitnodigen' bij deze gebruiker, of geef een tijdelijk wachtwoord met 'Wachtwoord resetten'.";
export const INVITE_NOT_SENT = 'De uitnodiging kon niet worden verstuurd: het versturen van de e-mail is mislukt. Er is niets gewijzigd; '
  + "een eerder verstuurde link blijft geldig. Probeer het later opnieuw of geef een tijdelijk wachtwoord met 'Wachtwoord resetten'.";
/** 400 of the own password change with a wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'Oud wachtwoord is onjuist.';
/** The answers of a password change (spec: with a full stop in the settings and the admin's reset, without one after the mailed code). */
export const PASSWORD_CHANGED = 'Wachtwoord gewijzigd.';
export const PASSWORD_RESET_DONE = 'Wachtwoord gewijzigd';
/** Simple pattern: one at-sign and a dot after it (spec 2 §5). */
export const USER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 409 of a create or update whose e-mail address another user has (e-mail is unique over all clients). */
export const EMAIL_IN_USE = 'E-mail is al in gebruik door een andere gebruiker.';
/** 200 of DELETE user/{id}/. */
export const USER_DELETED = 'Gebruiker verwijderd.';
/**
 * The answer of deleting a user, with what went with the user and was not on the screen: the user's BI links
 * (their feeds stop), and the projects that now have no user with Beheren left.
 */
export function userDeletedMessage(biLinks: number, withoutAdmin: string[]): string {
  const parts = [USER_DELETED];
  if (biLinks) parts.push(`Ook ${biLinks === 1 ? 'de BI-link' : `de ${formatCount(biLinks, 'BI-link', 'BI-links')}`} van deze gebruiker ${biLinks === 1 ? 'is' : 'zijn'} verwijderd.`);
  if (withoutAdmin.length) {
    const names = withoutAdmin.map((n) => `'${n}'`).join(', ');
    parts.push(withoutAdmin.length === 1
      ? `Project ${names} heeft geen gebruiker met Beheren meer; geef iemand die rechten bij Projectrechten.`
      : `De projecten ${names} hebben geen gebruiker met Beheren meer; geef iemand die rechten bij Projectrechten.`);
  }
  return parts.join(' ');
}
/** The 409 of a name another entry of the same kind (of the client) has, case-insensitively. */
export const DUPLICATE_REFERENCE_MESSAGE = {
  subregion: 'Er bestaat al een deelgebied met deze naam.',
  typeProject: 'Er bestaat al een projecttype met deze naam.',
  phase: 'Er bestaat al een fasedefinitie met deze naam.',
  category: 'Er bestaat al een bijlagecategorie met deze naam.',
} as const;
export const ATTACHMENT_MESSAGES = {
  category: 'Bijlagecategorie niet geselecteerd.',
  name: 'Voer een naam in.',
  link: 'Voer een link in.',
  linkScheme: 'Voer een geldige link in die begint met http:// of https://.',
  file: 'Selecteer een bestand.',
} as const;
/** Spreadsheet workbooks: an uploaded template that is not an xlsx, a second template of the same name (POST template-model/). */
export const WORKBOOK_MESSAGES = {
  notXlsx: 'Het bestand is geen geldig Excel-werkmap (.xlsx).',
  /** A package that unpacks beyond the caps of src/formulas/zipPackage.ts (a zip bomb, or far beyond any model). */
  tooLarge: 'Het bestand is uitgepakt te groot om als werkmap te lezen (maximaal 100 MB, 50 MB per onderdeel).',
  duplicateTemplate: 'Er bestaat al een type rekenmodel met deze naam.',
} as const;
/** A sheet with a cell beyond Excel's grid (XFD1048576 is its last cell): no file Excel saved (issue 34). */
export const cellOutsideGridMessage = (sheet: string) =>
  `Het werkblad '${sheet}' heeft een cel buiten het raster van Excel (de laatste cel is XFD1048576). Controleer het bestand in Excel en sla het opnieuw op.`;
/** A workbook with more cells than the results reader takes (issue 34); `sheet`: where the count passed the bound. */
export const tooManyCellsMessage = (sheet: string, max: number) =>
  `De werkmap heeft te veel cellen om door te rekenen (maximaal ${formatCount(max, 'cel', 'cellen')}; overschreden op werkblad '${sheet}').`;
/** A workbook task (opening, a report, reading results) stopped at the worker threads' deadline (issue 22). */
export const workerTimeoutMessage = (seconds: number) =>
  `Het verwerken van de werkmap duurde langer dan ${seconds.toLocaleString('nl-NL')} seconden en is afgebroken. Controleer het bestand in Excel en sla het opnieuw op.`;
/** A workbook task that needed more memory than a worker thread has (issue 34). */
export const WORKER_MEMORY_MESSAGE =
  'Het verwerken van de werkmap vroeg meer geheugen dan beschikbaar is en is afgebroken. Controleer het bestand in Excel (bijvoorbeeld cellen ver buiten het model) en sla het opnieuw op.';
/** Spec 1 §8: a save that failed for another reason than a known one. */
export const SAVE_FAILED = 'Er is een fout opgetreden tijdens het opslaan.';
/** The answers of POST model/{id}/saved-model/ (multipart, one part `file`, which becomes the active entry). */
export const UPLOAD_OK = 'Upload geslaagd';
export const UPLOAD_FAILED = 'Upload niet geslaagd.';
export const MSG_CONFLICT = 'Het model is intussen door iemand anders opgeslagen.';
/**
 * 409 (code 'stale') of a project, version or model info save that would overwrite a value someone else
 * changed after the form was loaded (its `previous`): nothing is written, the form keeps what was typed.
 */
export const STALE_EDIT_MESSAGE = {
  project: 'Dit project is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open het project opnieuw om de nieuwe gegevens te zien.',
  version: 'Deze versie is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open de versie opnieuw om de nieuwe gegevens te zien.',
  model: 'Dit rekenmodel is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open het rekenmodel opnieuw om de nieuwe gegevens te zien.',
} as const;
/** A field's message when its value is not one the field takes (a 400's `errors`, a grid cell, a toast). */
export const INVALID_INPUT = 'Ongeldige invoer.';
/** Spec 3 §8: the 400 of a save whose model data does not validate. */
export const MSG_INVALID = 'Ongeldige invoer. Controleer de ingevulde waarden en probeer het opnieuw.';
/** The answer when an edit session ends (closed in the tool, or ended from the Projects screen). */
export const MSG_SESSION_ENDED = 'Sessie beëindigd.';
export const MSG_SESSION_OTHER = (name: string) => `Dit model is geopend door ${name}. U kunt het alleen bekijken.`;

// Opening a spreadsheet model (spec 1 §4, §8).
/** Map viewer error values (spec 1 §4); NoERROR means none. */
export const MAPVIEWER_ERRORS = ['NoMapViewerConnection', 'BigArea', 'NoData', 'NoERROR'] as const;
export const MAPVIEWER_ERROR_TEXT: Record<(typeof MAPVIEWER_ERRORS)[number], string> = {
  BigArea: 'Het gebied van de versie is te groot',
  NoData: 'De kaartdata zijn niet gevonden',
  NoMapViewerConnection: 'De verbinding met MapViewer is inactief',
  NoERROR: '',
};
export const OPEN_MODEL_FAILED = 'Fout bij het openen van het rekenmodel.';
/** A spreadsheet model without an active history entry: it cannot be opened, and has no results. */
export const MODEL_WITHOUT_FILE = 'Het rekenmodel heeft nog geen bestand in de historie.';
/** The ready pop-up's warning when the workbook has no named cell for some inputs (open-model `not_filled`). */
export const OPEN_MODEL_NOT_FILLED = 'Niet alles is ingevuld.';
export const notFilledText = (keys: readonly string[], shown = 10) =>
  `De werkmap heeft geen cel met een naam voor ${keys.slice(0, shown).join(', ')}${keys.length > shown ? ` en nog ${keys.length - shown}` : ''}. ` +
  'Die waarden staan niet in het bestand; de werkmap rekent daar met zijn eigen waarden.';
export const REPORT_FAILED = 'Fout bij het maken van rapportage.';
/** 409 of the open request: another user has the model open. */
export const MODEL_ALREADY_OPEN = 'Dit rekenmodel is al geopend door een andere gebruiker.';
/** 400 of the open request for an online model (it opens in the online tool). */
export const OPEN_ONLINE_MODEL = 'Een online rekenmodel wordt geopend in de rekentool.';

// BI links (spec 1 §2 "BI links", §8 "Load failures"; contract/biLink.ts).
export const BI_LINK_MESSAGES = {
  /** A new BI link without a model. */
  models: 'Selecteer minimaal één rekenmodel.',
  loadFailed: 'Fout bij het laden van de BI-links.',
  /** 429 of the feed: too many pulls of one link within a minute. */
  rateLimited: 'Te veel aanvragen voor deze BI-link. Probeer het over een minuut opnieuw.',
  rateLimitedUser: 'Te veel aanvragen voor uw BI-links samen. Probeer het over een minuut opnieuw.',
  rateLimitedIp: 'Te veel aanvragen voor BI-links vanaf dit adres. Probeer het over een minuut opnieuw.',
  tooManyLinks: 'U heeft het afgelopen uur te veel BI-links aangemaakt. Probeer het later opnieuw.',
  /** 403 of the feed: the link's owner was blocked, deactivated or lost access to the main app. */
  ownerWithoutAccess: 'De eigenaar van deze BI-link heeft geen toegang meer.',
} as const;
/** Report templates (Configuratie → Rapportagesjablonen, POST/PATCH template-report/; docs/reports.md). */
export const REPORT_TEMPLATE_MESSAGES = {
  name: 'Voer een naam in.',
  duplicate: 'Er bestaat al een rapportagesjabloon met deze naam.',
  min: 'Het minimum aantal rekenmodellen moet een geheel getal van minimaal 1 zijn.',
  max: 'Het maximum aantal rekenmodellen moet een geheel getal van minimaal 1 zijn.',
  maxBelowMin: 'Het maximum aantal rekenmodellen mag niet kleiner zijn dan het minimum.',
  tooMany: 'Het maximum aantal rekenmodellen is ten hoogste 1000.',
  noFile: 'Het rapportagesjabloon heeft geen bestand.',
} as const;
/** POST report/: the selection is outside the template's limits (spec 1 §9). */
const models = (n: number) => formatCount(n, 'rekenmodel', 'rekenmodellen');
export const reportMinMessage = (n: number) => `Selecteer minimaal ${models(n)}.`;
export const reportMaxMessage = (n: number) => `Selecteer maximaal ${models(n)}.`;
/** The report job: chosen models deleted between the request and the job (a report without them would not say so). */
export const reportModelsGone = (n: number) =>
  `${n === 1 ? 'Een van de gekozen rekenmodellen bestaat' : `${n.toLocaleString('nl-NL')} van de gekozen rekenmodellen bestaan`} niet meer; kies de rekenmodellen opnieuw.`;
/** The selection count under the lists of Rapportages (spec 1 §2) and of the global parameters. */
export const modelsSelected = (n: number) => `${models(n)} geselecteerd.`;
/** A report template's limits, under its description. */
export const reportLimits = (min: number, max: number) => `Minimaal ${min}, maximaal ${models(max)}.`;
/** Documentation (GET/POST/PATCH documentation/): the screen's load failure and the form's and server's checks. */
export const DOCUMENTATION_MESSAGES = {
  loadFailed: 'Fout bij het laden van de documentatie.',
  name: 'Voer een naam in.',
  type: 'Kies het soort documentatie.',
  file: 'Selecteer een PDF-bestand.',
  notPdf: 'Het bestand is geen PDF. Kies een PDF-bestand.',
  videoUrl: 'Voer een link naar de video in.',
  videoLink: 'Voer een geldige link naar een YouTube- of Vimeo-video in, bijvoorbeeld https://www.youtube.com/watch?v=… of https://vimeo.com/….',
  videoOnly: 'Alleen een instructievideo heeft een link.',
  pdfOnly: 'Een instructievideo heeft geen PDF-bestand.',
  shippedFile: 'Het bestand van meegeleverde documentatie wordt bij elke nieuwe versie van Grondslag bijgewerkt en kan niet worden vervangen. Voeg een eigen handleiding toe.',
} as const;
/** Map data (issue 14; contract/map.ts, src/lib/geo.ts): the 400s of an outline or feature area that breaks a geometry rule. */
/** The external map viewer's base address names this machine or an internal network (issue 22 item 5). */
export const VIEWER_ADDRESS_INTERNAL = 'Dit basisadres wijst naar een intern adres (deze server, een privénetwerk of link-local); de server maakt daar geen verbinding mee. Gebruik het openbare adres van de kaartviewer.';

/** Global parameters applied to every chosen model (spec 2 §8); only then (issue 23). */
export const PARAMETERS_SAVED = 'Parameters succesvol opgeslagen.';

/**
 * The gates a signed-in account passes before it may work (spec 2 §1, §2; issue 33.2), in the spec's
 * order: the server decides them (server/policies/users.ts `workGate`) and refuses every other call with
 * 403, the gate's code and this text; the browser shows the screen that clears it.
 */
export const WORK_GATES = ['mfa_setup_required', 'terms_not_accepted', 'password_change_required'] as const;
export type WorkGate = (typeof WORK_GATES)[number];
export const WORK_GATE_MESSAGES: Record<WorkGate, string> = {
  mfa_setup_required: 'Multi-Factor Authenticatie is verplicht gesteld voor uw account. Stel MFA in om verder te gaan.',
  terms_not_accepted: 'Accepteer eerst de gebruiksvoorwaarden om verder te gaan.',
  password_change_required: 'U bent ingelogd met een tijdelijk wachtwoord. Wijzig uw wachtwoord om verder te gaan.',
};

// The annual cycle (issue 37): 'Vastgesteld door de raad' and the jaarovergang of a version.
export const ADOPTION_MESSAGES = {
  date: 'Vul de datum van vaststelling in.',
  future: 'De datum van vaststelling mag niet in de toekomst liggen.',
  noteLength: (max: number) => `Gebruik voor de toelichting maximaal ${max} tekens.`,
  /** 423: a model of a vastgestelde version cannot be unfrozen, and no model can be added to or moved into it. */
  frozen: 'Deze versie is vastgesteld door de raad; de rekenmodellen blijven vergrendeld. Trek eerst de vaststelling in.',
  notAdopted: 'Deze versie is niet vastgesteld.',
} as const;
export const ROLLOVER_MESSAGES = {
  year: 'Vul een geldig boekjaar in.',
  /** 409: another jaarovergang of this version is running. */
  busy: 'Er loopt al een jaarovergang van deze versie. Probeer het straks opnieuw.',
  /** 400: the version has no model to roll over. */
  empty: 'Deze versie heeft geen rekenmodellen.',
  /** A model's refusal, prefixed with its name so that the user knows which model refuses. */
  ofModel: (name: string, problem: string) => `Rekenmodel '${name}': ${problem}`,
} as const;
