import { z } from 'zod';
import { Id, Timestamp } from './common.ts';
import { BI_LINK_MESSAGES } from './messages.ts';
import { REQUIRED_MESSAGE } from '../../lib/names.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';

// BI links (spec 1 §2 "BI links", §3 "BI link", §7 /api/bi/v1/report/…; docs/bi-links.md). A user makes a
// link over models he can read; 'Genereer' gives it a password, shown once, valid for the days he chooses
// (1 by default, at most the client's maximum that staff set, at most a year). The link
// serves those models' rows (./reportData.ts) to HTTP Basic authentication with BI_USERNAME and that
// password: JSON at the link, CSV at `<link>?format=csv[&set=perioden]`, OData v4 under `<link>odata/`.

/** The fixed user name of every BI link (spec: "A fixed word is used as username"). */
export const BI_USERNAME = 'grondslag';
/** The API version in the BI prefix (/api/bi/v1/) and the rows' `version_api`. */
export const BI_API_VERSION = 'v1';
/** How long a generated password is valid unless its owner chooses longer, in days. */
export const BI_PASSWORD_DEFAULT_DAYS = 1;
/** The longest validity anyone can choose or allow, in days (a year). */
export const BI_PASSWORD_MAX_DAYS = 365;
/** The realm of the feed's Basic challenge. */
export const BI_REALM = 'Grondslag BI';

/** POST report/: a description and at least one model the caller can read (else 404). */
export const BiLinkCreate = z.object({
  description: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(500, 'Gebruik maximaal 500 tekens.'),
  models: z.array(Id, { error: BI_LINK_MESSAGES.models })
    .min(1, BI_LINK_MESSAGES.models).max(1000, 'Kies maximaal 1000 rekenmodellen.'),
});
export type BiLinkCreate = z.input<typeof BiLinkCreate>;

/** One BI link as its owner sees it (the password itself is never in it: it is stored hashed). */
export const BiLink = z.object({
  id: z.number(),
  uuid: z.string().uuid(),
  timestamp_created: Timestamp,
  timestamp_last_accessed: Timestamp.nullable(),
  /** The absolute address of the feed (JSON; `?format=csv`; OData service root `odata/`): spec 1 §3's `url`. */
  url: z.string(),
  /** The same address under the name the screens and API clients of 0.x read (docs/decisions.md, issue 22). */
  link: z.string(),
  version_api: z.string(),
  description: z.string(),
  username: z.string(),
  /** When the current password stops working; null before the first 'Genereer'. */
  expiration_password: Timestamp.nullable(),
  /** The address of the last pull. */
  ipaddress: z.string().nullable(),
  /** The chosen models' ids, in the order chosen. */
  models: z.array(z.number()),
  /** The longest validity, in days, the owner may choose for a new password (the client's setting). */
  password_max_days: z.number(),
});
export type BiLink = z.infer<typeof BiLink>;

const ValidDays = z.number({ error: `Kies een geldigheid van 1 tot en met ${BI_PASSWORD_MAX_DAYS} dagen.` })
  .int(`Kies een geldigheid in hele dagen.`)
  .min(1, `Kies een geldigheid van 1 tot en met ${BI_PASSWORD_MAX_DAYS} dagen.`)
  .max(BI_PASSWORD_MAX_DAYS, `Kies een geldigheid van 1 tot en met ${BI_PASSWORD_MAX_DAYS} dagen.`);

/** POST report/{uuid}/password/: how many days the new password is valid (default 1; the client's maximum is checked by the service). */
export const BiPasswordCreate = z.object({ valid_days: ValidDays.default(BI_PASSWORD_DEFAULT_DAYS) });
export type BiPasswordCreate = z.input<typeof BiPasswordCreate>;

/** GET/PUT settings/ (staff): the longest validity an owner may choose in the client. */
export const BiSettings = z.object({ password_max_days: ValidDays });
export type BiSettings = z.infer<typeof BiSettings>;
export const BiLinkList = z.array(BiLink);

/** 200 of POST report/{uuid}/password/: the only time the password is shown. */
export const BiPassword = z.object({
  username: z.string(),
  password: z.string(),
  expiration_password: Timestamp,
});
export type BiPassword = z.infer<typeof BiPassword>;

export const BiUuidParams = z.object({ uuid: z.string().uuid() });

/**
 * The feed's query at the link itself: JSON (default) or CSV of one set (default Rekenmodellen); the CSV
 * in RFC 4180 (default) or for Dutch Excel (`dialect=nl`: semicolon, decimal comma, byte order mark).
 */
export const BiFeedQuery = z.object({
  format: z.enum(['json', 'csv'], { error: 'Kies format=json of format=csv.' }).default('json'),
  set: z.enum(['rekenmodellen', 'perioden'], { error: 'Kies set=rekenmodellen of set=perioden.' }).default('rekenmodellen'),
  dialect: z.enum(['rfc4180', 'nl'], { error: 'Kies dialect=nl of dialect=rfc4180.' }).default('rfc4180'),
});
export type BiFeedQuery = z.infer<typeof BiFeedQuery>;

const NonNegative = (option: string) =>
  z.string().regex(/^\d{1,9}$/, `${option} moet een geheel getal van 0 of meer zijn.`).transform(Number);

/**
 * The system query options of an OData entity set that the feed supports; the others are refused by
 * the OData service (501 for those OData defines, 400 for unknown ones), never ignored.
 */
export const ODataQuery = z.object({
  $select: z.string().optional(),
  $filter: z.string().optional(),
  $orderby: z.string().optional(),
  $top: NonNegative('$top').optional(),
  $skip: NonNegative('$skip').optional(),
  $count: z.enum(['true', 'false'], { error: '$count moet true of false zijn.' }).transform((v) => v === 'true').optional(),
  $format: z.string().optional(),
}).catchall(z.string());
export type ODataQuery = z.infer<typeof ODataQuery>;

const tags = ['bi'];

/** BI links (spec 1 §7 /api/bi/v1/report/…): the caller's own links; settings/ is staff's. The feed is Power BI's. */
export const biLinkEndpoints = {
  create: endpoint(routes.biLinks.create, { tags, body: BiLinkCreate, response: { 201: BiLink } }),
  list: endpoint(routes.biLinks.list, { tags, response: { 200: BiLinkList } }),
  get: endpoint(routes.biLinks.get, { tags, params: BiUuidParams, response: { 200: BiLink } }),
  remove: endpoint(routes.biLinks.remove, { tags, params: BiUuidParams, response: {} }),
  /** A new password; without a body valid BI_PASSWORD_DEFAULT_DAYS. The answer is the only place it is ever shown. */
  generatePassword: endpoint(routes.biLinks.generatePassword, {
    tags, params: BiUuidParams, body: BiPasswordCreate.optional(), response: { 200: BiPassword },
  }),
  settings: endpoint(routes.biLinks.settings, { tags, response: { 200: BiSettings } }),
  saveSettings: endpoint(routes.biLinks.saveSettings, { tags, body: BiSettings, response: { 200: BiSettings } }),
};
