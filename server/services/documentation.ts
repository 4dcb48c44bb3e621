import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { documentation } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { command } from './command.ts';
import { assertCanManageDocumentation } from '../policies/admin.ts';
import { deleteFiles, readFile, saveFile } from '../storage/files.ts';
import type { DocumentationCreateBody, DocumentationItem, DocumentationPatchBody } from '../../src/api/contract/documentation.ts';
import { DOCUMENTATION_MESSAGES } from '../../src/api/contract/messages.ts';

// Documentation of the client (spec 1 §2 Documentation): everyone with the main app reads the list and
// opens the PDFs; staff adds, changes and deletes entries. The product's own manual and release notes
// are stored per client at every start (ensureShippedDocumentation, server/seed/documentation.ts).

export const DOCUMENTATION_PATH = '/api/manager/documentation/';
const PDF = 'application/pdf';

/**
 * A PDF opens in a new tab through a plain link, which sends no bearer token: the list's answer sets
 * this cookie (a token of its own purpose, httpOnly, SameSite=Strict, sent only under the documentation
 * path), which the authenticate hook accepts for GET documentation/{id}/ alone — as /files/ does.
 */
export const DOCUMENTATION_COOKIE = 'grondslag_docs';
export const DOCUMENTATION_TOKEN_PURPOSE = 'documentation';
/** How long the cookie lets a link open a PDF after the list was loaded. */
const COOKIE_SECONDS = 8 * 3600;

/** The cookie credential a request to a documentation PDF may use instead of the bearer token. */
export const documentationPdfRequest = (req: Pick<FastifyRequest, 'method' | 'routeOptions'>) =>
  req.method === 'GET' && req.routeOptions.url === `${DOCUMENTATION_PATH}:id/`;

export async function documentationCookie(ctx: AppContext, user: UserRow) {
  const token = await ctx.tokens.sign({ userId: user.id, clientId: user.clientId }, DOCUMENTATION_TOKEN_PURPOSE, COOKIE_SECONDS);
  return {
    name: DOCUMENTATION_COOKIE, value: token,
    options: { path: DOCUMENTATION_PATH, httpOnly: true, sameSite: 'strict' as const, secure: ctx.config.secureCookies, maxAge: COOKIE_SECONDS },
  };
}

type Row = typeof documentation.$inferSelect;
const item = (r: Row): DocumentationItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  documentation_type: r.documentationType,
  video_url: r.videoUrl,
  pdf_path: r.fileId === null ? null : `${DOCUMENTATION_PATH}${r.id}/`,
  shipped: r.shippedKey !== null,
  sort_order: r.sortOrder,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function listDocumentation(ctx: AppContext, user: UserRow): Promise<DocumentationItem[]> {
  const rows = await ctx.db.select().from(documentation).where(eq(documentation.clientId, user.clientId))
    .orderBy(asc(documentation.sortOrder), asc(sql`lower(${documentation.name})`), asc(documentation.id));
  return rows.map(item);
}

/** The entry of the caller's client, or 404 (another client's id is not found, never forbidden). */
async function own(db: DbOrTx, user: UserRow, id: number): Promise<Row> {
  const [row] = await db.select().from(documentation).where(and(eq(documentation.id, id), eq(documentation.clientId, user.clientId)));
  if (!row) throw notFound();
  return row;
}

/** The PDF of a manual or release note; 404 for a video or an entry without a file. */
export async function documentationPdf(ctx: AppContext, user: UserRow, id: number) {
  const row = await own(ctx.db, user, id);
  const file = row.fileId === null ? null : await readFile(ctx.db, user.clientId, row.fileId);
  if (!file) throw notFound();
  return { filename: file.filename.toLowerCase().endsWith('.pdf') ? file.filename : `${row.name}.pdf`, data: file.data };
}

const TYPE_TEXT = { manual: 'Handleiding', instructional_video: 'Instructievideo', release_note: 'Release notes' } as const;

export async function createDocumentation(ctx: AppContext, user: UserRow, body: DocumentationCreateBody, ip: string): Promise<DocumentationItem> {
  assertCanManageDocumentation(user);
  return command(ctx, { user, ip }, async (c) => {
    let fileId: number | null = null;
    if (body.documentation_type !== 'instructional_video') {
      fileId = (await saveFile(c.tx, { clientId: user.clientId, filename: body.file.filename, contentType: PDF, data: body.file.data, at: c.now })).id;
    }
    // A new entry goes to the end of its list unless an order is given.
    const [{ last }] = await c.tx.select({ last: max(documentation.sortOrder) }).from(documentation)
      .where(and(eq(documentation.clientId, user.clientId), eq(documentation.documentationType, body.documentation_type)));
    const [row] = await c.tx.insert(documentation).values({
      clientId: user.clientId, name: body.name, description: body.description, documentationType: body.documentation_type,
      fileId, videoUrl: body.documentation_type === 'instructional_video' ? body.video_url : null,
      sortOrder: body.sort_order ?? (last ?? 0) + 1, createdAt: c.now, createdBy: user.id, updatedAt: c.now,
    }).returning();
    await c.audit(`${TYPE_TEXT[row.documentationType]} '${row.name}' toegevoegd aan de documentatie`);
    return item(row);
  });
}

const fieldError = (path: string, message: string) => new HttpError(400, message, { errors: [{ path, message }] });

export async function updateDocumentation(ctx: AppContext, user: UserRow, id: number, body: DocumentationPatchBody, ip: string): Promise<DocumentationItem> {
  assertCanManageDocumentation(user);
  return command(ctx, { user, ip }, async (c) => {
    const row = await own(c.tx, user, id);
    const video = row.documentationType === 'instructional_video';
    if (body.video_url !== undefined && !video) throw fieldError('video_url', DOCUMENTATION_MESSAGES.videoOnly);
    if (body.file !== undefined && video) throw fieldError('file', DOCUMENTATION_MESSAGES.pdfOnly);
    if (body.file !== undefined && row.shippedKey !== null) throw fieldError('file', DOCUMENTATION_MESSAGES.shippedFile);
    let fileId = row.fileId;
    if (body.file !== undefined) {
      fileId = (await saveFile(c.tx, { clientId: user.clientId, filename: body.file.filename, contentType: PDF, data: body.file.data, at: c.now })).id;
    }
    const [updated] = await c.tx.update(documentation).set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.video_url !== undefined && { videoUrl: body.video_url }),
      ...(body.sort_order !== undefined && { sortOrder: body.sort_order }),
      fileId, updatedAt: c.now,
    }).where(eq(documentation.id, row.id)).returning();
    if (row.fileId !== null && fileId !== row.fileId) await deleteFiles(c.tx, [row.fileId]);
    await c.audit(`${TYPE_TEXT[row.documentationType]} '${updated.name}' gewijzigd in de documentatie`);
    return item(updated);
  });
}

export async function deleteDocumentation(ctx: AppContext, user: UserRow, id: number, ip: string): Promise<void> {
  assertCanManageDocumentation(user);
  await command(ctx, { user, ip }, async (c) => {
    const row = await own(c.tx, user, id);
    await c.tx.delete(documentation).where(eq(documentation.id, row.id));
    if (row.fileId !== null) await deleteFiles(c.tx, [row.fileId]);
    await c.audit(`${TYPE_TEXT[row.documentationType]} '${row.name}' verwijderd uit de documentatie`);
  });
}
