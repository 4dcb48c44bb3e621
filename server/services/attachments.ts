import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import { attachment, categoryAttachment } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { command } from './command.ts';
import { editableVersion } from './editAccess.ts';
import * as policy from '../policies/projects.ts';
import { versionAccess } from './projectRows.ts';
import { stampOf, touch } from './projectTree.ts';
import { deleteFiles, readFile, saveFile } from '../storage/files.ts';
import { type AttachmentCreateBody, type AttachmentItem } from '../../src/api/contract/attachment.ts';
import { ATTACHMENT_MESSAGES } from '../../src/api/contract/messages.ts';
import type { DbOrTx } from '../db/index.ts';

async function attachmentAccess(db: DbOrTx, user: UserRow, id: number) {
  const [row] = await db.select().from(attachment).where(eq(attachment.id, id));
  if (!row) throw notFound();
  const access = await versionAccess(db, user, row.versionId);
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

export async function createAttachment(ctx: AppContext, user: UserRow, body: AttachmentCreateBody, ip: string): Promise<AttachmentItem> {
  return command(ctx, { user, ip }, async (c) => {
    const access = await editableVersion(c, user, body.version);
    const [cat] = await c.tx.select({ id: categoryAttachment.id }).from(categoryAttachment)
      .where(and(eq(categoryAttachment.id, body.category_attachment), eq(categoryAttachment.clientId, user.clientId)));
    if (!cat) throw new HttpError(400, ATTACHMENT_MESSAGES.category, { errors: [{ path: 'category_attachment', message: ATTACHMENT_MESSAGES.category }] });
    let fileId: number | null = null;
    let name: string = body.name ?? '';
    if (body.attachment_type === 'FILE') {
      const f = body.file;
      fileId = (await saveFile(c.tx, { clientId: user.clientId, filename: f.filename, contentType: f.contentType, data: f.data, at: c.now })).id;
      if (!name) name = f.filename;
    }
    const [{ id }] = await c.tx.insert(attachment).values({
      versionId: body.version, attachmentType: body.attachment_type, categoryId: cat.id, name,
      urlLink: body.attachment_type === 'LINK' ? body.url_link : null, fileId, timestampUpload: c.now,
    }).returning({ id: attachment.id });
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: body.version });
    await c.audit(`Bijlage '${name}' toegevoegd aan versie '${access.versionName}'`);
    return item(c.tx, id);
  });
}

/** A LINK answers its row; a FILE answers the bytes. */
export async function getAttachment(ctx: AppContext, user: UserRow, id: number):
  Promise<{ kind: 'link'; item: AttachmentItem } | { kind: 'file'; filename: string; contentType: string; data: Buffer }> {
  const { row } = await attachmentAccess(ctx.db, user, id);
  if (row.attachmentType === 'LINK' || row.fileId === null) return { kind: 'link', item: await item(ctx.db, id) };
  const file = await readFile(ctx.db, user.clientId, row.fileId);
  if (!file) throw notFound();
  return { kind: 'file', filename: file.filename, contentType: file.contentType, data: file.data };
}

export async function deleteAttachment(ctx: AppContext, user: UserRow, id: number, ip: string) {
  await command(ctx, { user, ip }, async (c) => {
    const { row, access } = await attachmentAccess(c.tx, user, id);
    policy.requireEdit(access.role);
    await c.tx.delete(attachment).where(eq(attachment.id, id));
    if (row.fileId !== null) await deleteFiles(c.tx, [row.fileId]);
    await touch(c.tx, stampOf(c, user), { projectId: access.projectId, versionId: row.versionId });
    await c.audit(`Bijlage '${row.name}' verwijderd uit versie '${access.versionName}'`);
  });
}
