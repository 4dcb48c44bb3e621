import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/index.ts';
import { eq, sql } from 'drizzle-orm';
import { savedModel } from '../../server/db/schema/index.ts';
import { createEditLink } from '../../server/webdav/editLinks.ts';
import type { Tenant } from './fixtures.ts';
import type { Role } from '../../src/api/contract/common.ts';

export type Tree = {
  projectId: number;
  versionId: number;
  modelId: number;
  savedModelId: number;
  fileAttachmentId: number;
  linkAttachmentId: number;
};

/** The users of a tenant with a project role equal to their global role (staff: ADM). */
export const rolesAsGlobal = (t: Tenant): Record<number, Role> => ({
  [t.adm.id]: 'ADM', [t.usr.id]: 'USR', [t.vwr.id]: 'VWR', [t.non.id]: 'NON', [t.staff.id]: 'ADM',
});

/**
 * A project with `versions` versions (default 1), each with a file attachment, a link attachment and
 * `models` spreadsheet models (default 1) that have one active history entry with a file; the edit session
 * of every model is held by `sessionUserId` when given. Straight in the database, in ONE statement.
 * The ids returned are those of the first version/model.
 */
export async function seedTree(
  db: Db, t: Tenant,
  opts: { name?: string; prefix?: string; roles?: Record<number, Role>; sessionUserId?: number; versions?: number; models?: number } = {},
): Promise<Tree> {
  const at = new Date('2026-01-01T08:00:00Z'); // fixtures are older than anything the app does on the test clock
  const name = opts.name ?? `Project ${randomBytes(4).toString('hex')}`;
  const prefix = opts.prefix ?? '';
  const roles = JSON.stringify(Object.entries(opts.roles ?? {}).map(([u, r]) => ({ u: Number(u), r })));
  const paired = (a: string, b: string) => sql.raw(
    `(SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${a}) x JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${b}) y USING (n)`);
  const { rows } = await db.execute<Tree>(sql`
    WITH p AS (
      INSERT INTO project (client_id, name, subregion_id, type_project_id, created_by, created_at, timestamp_last_modified)
      VALUES (${t.clientId}, ${name}, ${t.subregionId}, ${t.typeProjectId}, ${t.adm.id}, ${at}, ${at}) RETURNING id),
    r AS (
      INSERT INTO project_role (project_id, user_id, role)
      SELECT p.id, x.u, x.r FROM p, jsonb_to_recordset(${roles}::jsonb) AS x(u int, r text) RETURNING 1),
    v AS (
      INSERT INTO version_model (project_id, name, phase_id, created_at, timestamp_last_modified)
      SELECT p.id, ${prefix} || 'Versie ' || g, ${t.phaseId}, ${at}, ${at} FROM p, generate_series(1, ${opts.versions ?? 1}) g
      RETURNING id),
    fa AS (
      INSERT INTO stored_file (client_id, filename, size, data, created_at)
      SELECT ${t.clientId}, 'tekening.pdf', 9, convert_to('pdf-bytes', 'UTF8'), ${at} FROM v RETURNING id),
    a1 AS (
      INSERT INTO attachment (version_id, attachment_type, category_id, name, file_id, timestamp_upload)
      SELECT x.id, 'FILE', ${t.categoryId}, 'Tekening', y.id, ${at} FROM ${paired('v', 'fa')} RETURNING id, version_id),
    a2 AS (
      INSERT INTO attachment (version_id, attachment_type, category_id, name, url_link, timestamp_upload)
      SELECT v.id, 'LINK', ${t.categoryId}, 'Kaart', 'https://example.org/kaart', ${at} FROM v RETURNING id, version_id),
    m AS (
      INSERT INTO model (version_id, name, type_model_id, model_platform, created_at, timestamp_last_modified)
      SELECT v.id, ${prefix} || 'Model ' || g, ${t.templateModelId}, 'spreadsheet', ${at}, ${at}
      FROM v, generate_series(1, ${opts.models ?? 1}) g RETURNING id, version_id),
    fm AS (
      INSERT INTO stored_file (client_id, filename, size, data, created_at)
      SELECT ${t.clientId}, 'model.xlsx', 10, convert_to('xlsx-bytes', 'UTF8'), ${at} FROM m RETURNING id),
    sm AS (
      INSERT INTO saved_model (model_id, active, file_id, filename_orig, filesize, user_save, timestamp_save)
      SELECT x.id, true, y.id, 'model.xlsx', 10, ${t.usr.id}, ${at} FROM ${paired('m', 'fm')} RETURNING id, model_id),
    ses AS (
      INSERT INTO model_session (model_id, user_id, started_at)
      SELECT m.id, ${opts.sessionUserId ?? null}::int, ${at} FROM m WHERE ${opts.sessionUserId ?? null}::int IS NOT NULL RETURNING 1),
    first AS (
      SELECT (SELECT min(id) FROM v) AS version_id,
             (SELECT min(m.id) FROM m WHERE m.version_id = (SELECT min(id) FROM v)) AS model_id)
    SELECT (SELECT id FROM p) AS "projectId", first.version_id AS "versionId", first.model_id AS "modelId",
      (SELECT id FROM sm WHERE sm.model_id = first.model_id) AS "savedModelId",
      (SELECT id FROM a1 WHERE a1.version_id = first.version_id) AS "fileAttachmentId",
      (SELECT id FROM a2 WHERE a2.version_id = first.version_id) AS "linkAttachmentId"
    FROM first`);
  return rows[0];
}

/**
 * An edit link (the WebDAV address of an opened model, server/webdav) of a user for the model of `tree`,
 * serving its first history entry's file, as the open-model job makes it; its absolute address.
 */
export async function editLinkFor(db: Db, t: Tenant, tree: Tree, link: { publicUrl: string; userId: number; filename: string; now: Date; hours: number }) {
  const [saved] = await db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, tree.savedModelId));
  return createEditLink(db, link.publicUrl, { ...link, clientId: t.clientId, modelId: tree.modelId, fileId: saved.fileId });
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
