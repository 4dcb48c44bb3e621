import { timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { appUser, biLink, biLinkModel, client } from '../db/schema/index.ts';
import { HttpError, unauthorized } from '../errors.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import * as policy from '../policies/bi.ts';
import { command } from './command.ts';
import { countRequest, dropOldWindows, type RateLimit } from './rateWindow.ts';
import { readableModelIds, reportData } from './reportData.ts';
import { onWire } from './biFeed.ts';
import { assertCanManageBiSettings } from '../policies/admin.ts';
import {
  BI_API_VERSION, BI_PASSWORD_DEFAULT_DAYS, BI_USERNAME, type BiLink, type BiPassword, type BiSettings,
} from '../../src/api/contract/biLink.ts';
import { BI_LINK_MESSAGES } from '../../src/api/contract/messages.ts';
import type { ReportData } from '../../src/api/contract/reportData.ts';
import { formatCount } from '../../src/lib/count.ts';

// BI links (spec 1 §2, §7 /api/bi/v1/report/…; server/policies/bi.ts; docs/bi-links.md): the owner's
// rows, and the feed's authentication, rate limit and data.

/** The feed's address prefix; the link is `${publicUrl}${FEED_PREFIX}/{uuid}/`. */
export const FEED_PREFIX = `/api/bi/${BI_API_VERSION}/feed`;
/** Pulls of one link in one window before 429. Power BI asks 3–4 requests a refresh ($metadata, both sets). */
export const BI_RATE_LIMIT = { pulls: 60, windowSeconds: 60 } as const;
/**
 * Pulls of all of one owner's links, and from one IP address over all links, per minute (issue 34
 * finding 4: links are free, so a limit per link alone bounds nothing). The IP's is wider: Power BI's
 * service refreshes every tenant's datasets from a few shared Microsoft addresses.
 */
export const BI_USER_RATE_LIMIT: RateLimit = { count: 120, seconds: BI_RATE_LIMIT.windowSeconds };
export const BI_IP_RATE_LIMIT: RateLimit = { count: 300, seconds: BI_RATE_LIMIT.windowSeconds };
/** New links of one user per hour: a dashboard needs a few; a thousand is someone going round the pull limits. */
export const BI_CREATE_RATE_LIMIT: RateLimit = { count: 20, seconds: 3600 };

type LinkRow = typeof biLink.$inferSelect;

export const feedUrl = (ctx: AppContext, uuid: string) => `${ctx.config.publicUrl.replace(/\/+$/, '')}${FEED_PREFIX}/${uuid}/`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The models of these links, in their chosen order. */
async function modelsOf(db: DbOrTx, linkIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(linkIds.map((id) => [id, []]));
  if (!linkIds.length) return out;
  const rows = await db.select({ linkId: biLinkModel.linkId, modelId: biLinkModel.modelId }).from(biLinkModel)
    .where(inArray(biLinkModel.linkId, linkIds)).orderBy(asc(biLinkModel.linkId), asc(biLinkModel.position));
  for (const r of rows) out.get(r.linkId)!.push(r.modelId);
  return out;
}

/** The client's longest password validity in days (staff's setting). */
async function maxDaysOf(db: DbOrTx, clientId: number): Promise<number> {
  const [row] = await db.select({ days: client.biPasswordMaxDays }).from(client).where(eq(client.id, clientId));
  return row.days;
}

function wire(ctx: AppContext, l: LinkRow, models: number[], maxDays: number): BiLink {
  const url = feedUrl(ctx, l.uuid);
  return {
    id: l.id, uuid: l.uuid, timestamp_created: l.createdAt.toISOString(), timestamp_last_accessed: iso(l.lastAccessedAt),
    url, link: url, version_api: BI_API_VERSION, description: l.description, username: BI_USERNAME,
    expiration_password: iso(l.passwordExpiresAt), ipaddress: l.lastIp, models, password_max_days: maxDays,
  };
}

/** POST report/: a link over models the caller can read (any other → 404). */
export async function createBiLink(ctx: AppContext, user: UserRow, body: { description: string; models: number[] }, ip: string): Promise<BiLink> {
  policy.requireCreateBiLink(user);
  const ids = [...new Set(body.models)];
  return command(ctx, { user, ip }, async (c) => {
    policy.requireReadableModels(ids, await readableModelIds(c.tx, user, ids));
    // Counted in the command: a creation refused for any reason is not counted.
    if (await countRequest(c.tx, `bi-link:user:${user.id}`, BI_CREATE_RATE_LIMIT, c.now) === null) {
      throw new HttpError(429, BI_LINK_MESSAGES.tooManyLinks, { retry_after: BI_CREATE_RATE_LIMIT.seconds });
    }
    const [row] = await c.tx.insert(biLink).values({
      clientId: user.clientId, userId: user.id, description: body.description, createdAt: c.now,
    }).returning();
    await c.tx.insert(biLinkModel).values(ids.map((modelId, position) => ({ linkId: row.id, modelId, position })));
    await c.audit(`BI-link '${body.description}' aangemaakt`);
    return wire(ctx, row, ids, await maxDaysOf(c.tx, user.clientId));
  });
}

/** GET report/: the caller's own links, newest first. */
export async function listBiLinks(ctx: AppContext, user: UserRow): Promise<BiLink[]> {
  const rows = await ctx.db.select().from(biLink)
    .where(and(eq(biLink.clientId, user.clientId), eq(biLink.userId, user.id))).orderBy(desc(biLink.createdAt), desc(biLink.id));
  const models = await modelsOf(ctx.db, rows.map((r) => r.id));
  const maxDays = await maxDaysOf(ctx.db, user.clientId);
  return rows.map((r) => wire(ctx, r, models.get(r.id)!, maxDays));
}

/** The caller's link by uuid, read (and locked, in a transaction) for a change; 404 for anyone else's. */
async function ownLink(db: DbOrTx, user: UserRow, uuid: string, lock = false): Promise<LinkRow> {
  const q = db.select().from(biLink).where(eq(biLink.uuid, uuid));
  const [row] = lock ? await q.for('update') : await q;
  policy.requireOwnLink(user, row);
  return row;
}

/** GET report/{uuid}/. */
export async function getBiLink(ctx: AppContext, user: UserRow, uuid: string): Promise<BiLink> {
  const row = await ownLink(ctx.db, user, uuid);
  return wire(ctx, row, (await modelsOf(ctx.db, [row.id])).get(row.id)!, await maxDaysOf(ctx.db, user.clientId));
}

/** DELETE report/{uuid}/: the link, its models and thereby its password go; its feed answers 401. */
export async function deleteBiLink(ctx: AppContext, user: UserRow, uuid: string, ip: string): Promise<void> {
  await command(ctx, { user, ip }, async (c) => {
    const row = await ownLink(c.tx, user, uuid, true);
    await c.tx.delete(biLink).where(eq(biLink.id, row.id));
    await c.audit(`BI-link '${row.description}' verwijderd`);
  });
}

const DAY_MS = 24 * 3600 * 1000;
const days = (n: number) => formatCount(n, 'dag', 'dagen');

/**
 * POST report/{uuid}/password/: a new password (the previous one stops working), valid the chosen number
 * of days (within the client's maximum). Only its SHA-256 is kept: it is a 192-bit random token, so a fast
 * hash is as safe as a slow one and every pull stays cheap (docs/decisions.md "BI links").
 */
export async function generateBiPassword(
  ctx: AppContext, user: UserRow, uuid: string, validDays: number = BI_PASSWORD_DEFAULT_DAYS, ip: string,
): Promise<BiPassword> {
  const password = randomToken(24);
  return command(ctx, { user, ip }, async (c) => {
    const row = await ownLink(c.tx, user, uuid, true);
    policy.requirePasswordValidity(validDays, await maxDaysOf(c.tx, user.clientId));
    const expires = new Date(c.now.getTime() + validDays * DAY_MS);
    await c.tx.update(biLink).set({ passwordHash: sha256(password), passwordExpiresAt: expires }).where(eq(biLink.id, row.id));
    await c.audit(`Wachtwoord van BI-link '${row.description}' gegenereerd, geldig ${days(validDays)}`);
    return { username: BI_USERNAME, password, expiration_password: expires.toISOString() };
  });
}

/** GET settings/ (staff): the client's longest password validity. */
export async function getBiSettings(ctx: AppContext, user: UserRow): Promise<BiSettings> {
  assertCanManageBiSettings(user);
  return { password_max_days: await maxDaysOf(ctx.db, user.clientId) };
}

/**
 * PUT settings/ (staff): a new longest validity. Passwords of the client that would outlive it from now on
 * are shortened to it, so a lowered maximum holds for every link at once, not only for new passwords.
 */
export async function updateBiSettings(ctx: AppContext, user: UserRow, body: BiSettings, ip: string): Promise<BiSettings> {
  assertCanManageBiSettings(user);
  return command(ctx, { user, ip }, async (c) => {
    await c.tx.update(client).set({ biPasswordMaxDays: body.password_max_days }).where(eq(client.id, user.clientId));
    const latest = new Date(c.now.getTime() + body.password_max_days * DAY_MS);
    await c.tx.update(biLink).set({ passwordExpiresAt: latest })
      .where(and(eq(biLink.clientId, user.clientId), sql`${biLink.passwordExpiresAt} > ${latest}`));
    await c.audit(`Maximale geldigheid van BI-wachtwoorden op ${days(body.password_max_days)} gezet`);
    return { password_max_days: body.password_max_days };
  });
}

// ------------------------------------------------------------------------------------------- feed

/** A pulled link with its owner, once its credentials have been checked. */
export interface FeedLink { id: number; uuid: string; owner: UserRow }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** user name and password of a Basic Authorization header, or null. */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const text = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * authenticate: the link of `uuid` whose current password the Basic header carries with BI_USERNAME,
 * before it expires. Anything else (no header, another user name, a wrong or expired password, an
 * unknown or deleted link) is the same 401, so the answer does not tell whether a link exists.
 */
export async function authenticateFeed(ctx: AppContext, uuid: string, authorization: string | undefined): Promise<FeedLink> {
  const creds = basicCredentials(authorization);
  if (!creds || creds.user !== BI_USERNAME || !UUID.test(uuid)) throw unauthorized();
  const [row] = await ctx.db.select({ link: biLink, owner: appUser }).from(biLink)
    .innerJoin(appUser, eq(appUser.id, biLink.userId)).where(eq(biLink.uuid, uuid));
  const l = row?.link;
  if (!l?.passwordHash || !l.passwordExpiresAt || l.passwordExpiresAt <= ctx.config.now()) throw unauthorized();
  if (!sameHash(sha256(creds.password), l.passwordHash)) throw unauthorized();
  return { id: l.id, uuid: l.uuid, owner: row.owner };
}

/**
 * Counts an authenticated pull and records its time and address: against the owner's limit over all
 * their links, the IP's over all links, and the link's own (one statement on the link's row), each a
 * fixed window shared by every server instance. All three in one transaction, in that order (two pulls
 * never wait on each other's rows in turn): the pull after any limit answers 429 and is neither counted
 * nor recorded anywhere.
 */
export async function recordPull(ctx: AppContext, link: FeedLink, ip: string): Promise<void> {
  const now = ctx.config.now();
  let newWindow = false;
  const refused = await ctx.db.transaction(async (tx) => {
    const owner = await countRequest(tx, `bi-pull:user:${link.owner.id}`, BI_USER_RATE_LIMIT, now);
    if (owner === null) return BI_LINK_MESSAGES.rateLimitedUser;
    newWindow = owner === 1;
    if (await countRequest(tx, `bi-pull:ip:${ip}`, BI_IP_RATE_LIMIT, now) === null) return BI_LINK_MESSAGES.rateLimitedIp;
    const windowStart = new Date(now.getTime() - BI_RATE_LIMIT.windowSeconds * 1000);
    const fresh = sql`(${biLink.pullWindowStart} IS NOT NULL AND ${biLink.pullWindowStart} > ${windowStart})`;
    const updated = await tx.update(biLink).set({
      pullWindowStart: sql`CASE WHEN ${fresh} THEN ${biLink.pullWindowStart} ELSE ${now}::timestamptz END`,
      pullCount: sql`CASE WHEN ${fresh} THEN ${biLink.pullCount} + 1 ELSE 1 END`,
      lastAccessedAt: now,
      lastIp: ip,
    }).where(and(eq(biLink.id, link.id), sql`NOT (${fresh} AND ${biLink.pullCount} >= ${BI_RATE_LIMIT.pulls})`))
      .returning({ id: biLink.id });
    if (!updated.length) return BI_LINK_MESSAGES.rateLimited;
    return null;
  });
  if (refused) throw new HttpError(429, refused, { retry_after: BI_RATE_LIMIT.windowSeconds });
  // Tidying once per owner's window, not on every pull: a statement less on the feed's busiest path.
  if (newWindow) await dropOldWindows(ctx.db, now);
}

/** authorise + service: the rows of the link's models that its owner can read now, in the chosen order, as served. */
export async function feedData(ctx: AppContext, link: FeedLink): Promise<ReportData> {
  policy.requireFeedOwner(link.owner);
  const ids = (await modelsOf(ctx.db, [link.id])).get(link.id)!;
  const readable = await readableModelIds(ctx.db, link.owner, ids);
  return onWire(await reportData(ctx, link.owner.clientId, ids.filter((id) => readable.has(id))));
}
