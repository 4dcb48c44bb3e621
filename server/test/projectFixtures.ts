import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { attachment, model, modelSession, project, projectRole, savedModel, versionModel } from '../db/schema/index.ts';
import { saveFile } from '../storage/files.ts';
import type { Tenant } from './fixtures.ts';
import type { Role } from '../../src/api/contract/common.ts';

export interface Tree {
  projectId: number;
  versionId: number;
  modelId: number;
  savedModelId: number;
  fileAttachmentId: number;
  linkAttachmentId: number;
}

/** The users of a tenant with a project role equal to their global role (staff: ADM). */
export const rolesAsGlobal = (t: Tenant): Record<number, Role> => ({
  [t.adm.id]: 'ADM', [t.usr.id]: 'USR', [t.vwr.id]: 'VWR', [t.non.id]: 'NON', [t.staff.id]: 'ADM',
});

/**
 * A project with one version, one spreadsheet model (one active history entry with a file, the edit
 * session held by `sessionUserId`), a file attachment and a link attachment — straight in the database.
 */
export async function seedTree(
  db: Db, t: Tenant,
  opts: { name?: string; prefix?: string; roles?: Record<number, Role>; sessionUserId?: number; versions?: number; models?: number } = {},
): Promise<Tree> {
  const at = new Date('2026-01-01T08:00:00Z'); // fixtures are older than anything the app does on the test clock
  const stamps = { createdAt: at, timestampLastModified: at };
  const name = opts.name ?? `Project ${randomBytes(4).toString('hex')}`;
  const [p] = await db.insert(project).values({
    clientId: t.clientId, name, subregionId: t.subregionId, typeProjectId: t.typeProjectId, createdBy: t.adm.id, ...stamps,
  }).returning();
  const roles = Object.entries(opts.roles ?? {}).map(([userId, role]) => ({ projectId: p.id, userId: Number(userId), role }));
  if (roles.length) await db.insert(projectRole).values(roles);
  let first: Omit<Tree, 'projectId'> | undefined;
  for (let vi = 0; vi < (opts.versions ?? 1); vi++) {
    const [v] = await db.insert(versionModel).values({ projectId: p.id, name: `${opts.prefix ?? ''}Versie ${vi + 1}`, phaseId: t.phaseId, ...stamps }).returning();
    const f1 = await saveFile(db, { clientId: t.clientId, filename: 'tekening.pdf', data: Buffer.from('pdf-bytes'), at });
    const [fa] = await db.insert(attachment).values({ versionId: v.id, attachmentType: 'FILE', categoryId: t.categoryId, name: 'Tekening', fileId: f1.id, timestampUpload: at }).returning();
    const [la] = await db.insert(attachment).values({ versionId: v.id, attachmentType: 'LINK', categoryId: t.categoryId, name: 'Kaart', urlLink: 'https://example.org/kaart', timestampUpload: at }).returning();
    for (let mi = 0; mi < (opts.models ?? 1); mi++) {
      const [m] = await db.insert(model).values({ versionId: v.id, name: `${opts.prefix ?? ''}Model ${mi + 1}`, typeModelId: t.templateModelId, modelPlatform: 'spreadsheet', ...stamps }).returning();
      const f2 = await saveFile(db, { clientId: t.clientId, filename: 'model.xlsx', data: Buffer.from('xlsx-bytes'), at });
      const [sm] = await db.insert(savedModel).values({ modelId: m.id, active: true, fileId: f2.id, filenameOrig: 'model.xlsx', filesize: f2.size, userSave: t.usr.id, timestampSave: at }).returning();
      if (opts.sessionUserId) await db.insert(modelSession).values({ modelId: m.id, userId: opts.sessionUserId });
      first ??= { versionId: v.id, modelId: m.id, savedModelId: sm.id, fileAttachmentId: fa.id, linkAttachmentId: la.id };
    }
  }
  return { projectId: p.id, ...first! };
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string | number>, file?: { name?: string; filename: string; data: Buffer; type?: string }) {
  const boundary = `----grondslag${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
