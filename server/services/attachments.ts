import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { attachment, categoryAttachment } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { audit } from './audit.ts';
import * as policy from '../policies/projects.ts';
import { versionAccess } from './projectRows.ts';
import { touch } from './projectTree.ts';
import { deleteFiles, readFile, saveFile } from '../storage/files.ts';
import { ATTACHMENT_MESSAGES, type AttachmentItem } from '../../src/api/contract/attachment.ts';
import type { DbOrTx } from '../db/index.ts';

async function attachmentAccess(ctx: AppContext, user: UserRow, id: number) {
  const [row] = await ctx.db.select().from(attachment).where(eq(attachment.id, id));
  if (!row) throw notFound();
  const access = await versionAccess(ctx.db, user, row.versionId);
  policy.requireRead(access?.role);
  return { row, access: access! };
}

async function item(db: DbOrTx, id: number): Promise<AttachmentItem> {
  const [r] = await db.execute<AttachmentItem & { timestamp_upload: Date }>(
    sql`
      SELECT at.id, at.version_id AS version, at.attachment_type, at.name, at.category_id AS category_attachment,
             ca.name AS category_name, at.url_link, at.timestamp_upload, sf.filename AS file, sf.size AS filesize
      FROM attachment at JOIN category_attachment ca ON ca.id = at.category_id LEFT JOIN stored_file sf ON sf.id = at.file_id
      WHERE at.id = ${id}`).then((x) => x.rows);
  return { ...r, timestamp_upload: new Date(r.timestamp_upload).toISOString() };
}

export interface AttachmentCreate {
  version: number;
  attachment_type: 'LINK' | 'FILE';
  category_attachment: number;
  name: string | null;
  url_link?: string;
  file?: { filename: string; contentType: string; data: Buffer };
}

export async function createAttachment(ctx: AppContext, user: UserRow, body: AttachmentCreate, ip: string): Promise<AttachmentItem> {
  const access = await versionAccess(ctx.db, user, body.version);
  policy.requireEdit(access?.role);
  const [cat] = await ctx.db.select({ id: categoryAttachment.id }).from(categoryAttachment)
    .where(and(eq(categoryAttachment.id, body.category_attachment), eq(categoryAttachment.clientId, user.clientId)));
  if (!cat) throw new HttpError(400, ATTACHMENT_MESSAGES.category, { errors: [{ path: 'category_attachment', message: ATTACHMENT_MESSAGES.category }] });
  const now = ctx.config.now();
  return ctx.db.transaction(async (tx) => {
    let fileId: number | null = null;
    let name = body.name ?? '';
    if (body.attachment_type === 'FILE') {
      const f = body.file!;
      fileId = (await saveFile(tx, { clientId: user.clientId, filename: f.filename, contentType: f.contentType, data: f.data, at: now })).id;
      if (!name) name = f.filename;
    }
    const [{ id }] = await tx.insert(attachment).values({
      versionId: body.version, attachmentType: body.attachment_type, categoryId: cat.id, name,
      urlLink: body.attachment_type === 'LINK' ? body.url_link ?? null : null, fileId, timestampUpload: now,
    }).returning({ id: attachment.id });
    await touch(tx, { now, userId: user.id }, { projectId: access!.projectId, versionId: body.version });
    await audit(tx, { clientId: user.clientId, user, description: `Bijlage '${name}' toegevoegd aan versie '${access!.versionName}'`, ip, at: now });
    return item(tx, id);
  });
}

/** A LINK answers its row; a FILE answers the bytes. */
export async function getAttachment(ctx: AppContext, user: UserRow, id: number):
  Promise<{ kind: 'link'; item: AttachmentItem } | { kind: 'file'; filename: string; contentType: string; data: Buffer }> {
  const { row } = await attachmentAccess(ctx, user, id);
  if (row.attachmentType === 'LINK' || row.fileId === null) return { kind: 'link', item: await item(ctx.db, id) };
  const file = await readFile(ctx.db, user.clientId, row.fileId);
  if (!file) throw notFound();
  return { kind: 'file', filename: file.filename, contentType: file.contentType, data: file.data };
}

export async function deleteAttachment(ctx: AppContext, user: UserRow, id: number, ip: string) {
  const { row, access } = await attachmentAccess(ctx, user, id);
  policy.requireEdit(access.role);
  const now = ctx.config.now();
  await ctx.db.transaction(async (tx) => {
    await tx.delete(attachment).where(eq(attachment.id, id));
    if (row.fileId !== null) await deleteFiles(tx, [row.fileId]);
    await touch(tx, { now, userId: user.id }, { projectId: access.projectId, versionId: row.versionId });
    await audit(tx, { clientId: user.clientId, user, description: `Bijlage '${row.name}' verwijderd uit versie '${access.versionName}'`, ip, at: now });
  });
}
