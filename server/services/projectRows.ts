import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import type { UserRow } from '../context.ts';
import type { Role } from '../../src/api/contract/common.ts';
import type { ProjectDetail } from '../../src/api/contract/project.ts';
import type { VersionModel } from '../../src/api/contract/versionModel.ts';
import type { ModelItem } from '../../src/api/contract/model.ts';

// Reads of the project area, each ONE query that builds the wire JSON inside PostgreSQL (the lists are
// sent as they come, without a round through JS objects). Every read joins the caller's project_role,
// so rows the caller may not see are simply absent.

/** A timestamp as JS's toISOString() writes it. */
const iso = (col: SQL) => sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const fullName = (alias: string) =>
  sql.raw(`CASE WHEN ${alias}.id IS NULL THEN NULL ELSE trim(${alias}.first_name || ' ' || ${alias}.last_name) END`);

/** Role join: the caller's role on project `p`, NON excluded. */
const roleJoin = (user: UserRow) =>
  sql`JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id} AND pr.role <> 'NON'`;

// ---------- access lookups ----------

export interface ProjectAccess { projectId: number; role: Role | null; name: string }
export interface VersionAccess extends ProjectAccess { versionId: number; versionName: string }
export interface ModelAccess extends VersionAccess {
  modelId: number; modelName: string; frozen: boolean; platform: 'spreadsheet' | 'online'; sessionUserId: number | null;
}

/** The project in the caller's client with the caller's role (null role = none); null when not in the client. */
export async function projectAccess(db: DbOrTx, user: UserRow, id: number): Promise<ProjectAccess | null> {
  const { rows } = await db.execute<{ project_id: number; role: Role | null; name: string }>(sql`
    SELECT p.id AS project_id, pr.role, p.name FROM project p
    LEFT JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id}
    WHERE p.id = ${id} AND p.client_id = ${user.clientId}`);
  const r = rows[0];
  return r ? { projectId: r.project_id, role: r.role, name: r.name } : null;
}

export async function versionAccess(db: DbOrTx, user: UserRow, id: number): Promise<VersionAccess | null> {
  const { rows } = await db.execute<{ project_id: number; role: Role | null; name: string; version_name: string }>(sql`
    SELECT p.id AS project_id, pr.role, p.name, v.name AS version_name FROM version_model v
    JOIN project p ON p.id = v.project_id
    LEFT JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id}
    WHERE v.id = ${id} AND p.client_id = ${user.clientId}`);
  const r = rows[0];
  return r ? { projectId: r.project_id, role: r.role, name: r.name, versionId: id, versionName: r.version_name } : null;
}

export async function modelAccess(db: DbOrTx, user: UserRow, id: number): Promise<ModelAccess | null> {
  const { rows } = await db.execute<{
    project_id: number; role: Role | null; name: string; version_id: number; version_name: string;
    model_name: string; frozen: boolean; model_platform: 'spreadsheet' | 'online'; session_user_id: number | null;
  }>(sql`
    SELECT p.id AS project_id, pr.role, p.name, v.id AS version_id, v.name AS version_name, m.name AS model_name,
           m.frozen, m.model_platform, ms.user_id AS session_user_id
    FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    LEFT JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id}
    LEFT JOIN model_session ms ON ms.model_id = m.id
    WHERE m.id = ${id} AND p.client_id = ${user.clientId}`);
  const r = rows[0];
  return r ? {
    projectId: r.project_id, role: r.role, name: r.name, versionId: r.version_id, versionName: r.version_name,
    modelId: id, modelName: r.model_name, frozen: r.frozen, platform: r.model_platform, sessionUserId: r.session_user_id,
  } : null;
}

// ---------- projects ----------

const projectListObject = sql`json_build_object(
  'id', p.id, 'name', p.name, 'number', p.number,
  'subregion', p.subregion_id, 'subregion_name', s.description,
  'type_project', p.type_project_id, 'type_project_name', tp.description,
  'hidden', p.hidden, 'role', pr.role, 'project_role', pr.role,
  'created_at', ${iso(sql`p.created_at`)}, 'timestamp_last_modified', ${iso(sql`p.timestamp_last_modified`)})`;

/** GET project/: the JSON text of the list, newest edit first. */
export async function projectListJson(db: DbOrTx, user: UserRow, all: boolean): Promise<string> {
  const { rows } = await db.execute<{ json: string }>(sql`
    SELECT coalesce(json_agg(${projectListObject} ORDER BY p.timestamp_last_modified DESC, p.id DESC), '[]')::text AS json
    FROM project p ${roleJoin(user)}
    JOIN subregion s ON s.id = p.subregion_id
    JOIN type_project tp ON tp.id = p.type_project_id
    WHERE p.client_id = ${user.clientId} ${all ? sql`` : sql`AND NOT p.hidden`}`);
  return rows[0].json;
}

/** Project detail; `roles` is filled by the service (rights table) for project ADM. */
export async function projectDetail(db: DbOrTx, user: UserRow, id: number): Promise<ProjectDetail | null> {
  const { rows } = await db.execute<{ j: Omit<ProjectDetail, 'roles'> }>(sql`
    SELECT json_build_object(
      'id', p.id, 'name', p.name, 'number', p.number,
      'subregion', p.subregion_id, 'subregion_name', s.description,
      'type_project', p.type_project_id, 'type_project_name', tp.description,
      'hidden', p.hidden, 'role', pr.role, 'project_role', pr.role,
      'created_at', ${iso(sql`p.created_at`)}, 'timestamp_last_modified', ${iso(sql`p.timestamp_last_modified`)},
      'description', p.description, 'organisation', p.organisation, 'projectmanager', p.projectmanager,
      'author_name_full', ${fullName('a')}, 'last_modified_by_name_full', ${fullName('b')}) AS j
    FROM project p ${roleJoin(user)}
    JOIN subregion s ON s.id = p.subregion_id
    JOIN type_project tp ON tp.id = p.type_project_id
    LEFT JOIN app_user a ON a.id = p.created_by
    LEFT JOIN app_user b ON b.id = p.last_modified_by
    WHERE p.id = ${id} AND p.client_id = ${user.clientId}`);
  return rows[0] ? { ...rows[0].j, roles: null } : null;
}

/** The rights table: every active user of the client with his role on the project (NON when none). */
export async function projectRights(db: DbOrTx, clientId: number, projectId: number) {
  const { rows } = await db.execute<{ id: number; name_full: string; role: Role }>(sql`
    SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS name_full, coalesce(pr.role, 'NON') AS role
    FROM app_user u LEFT JOIN project_role pr ON pr.user_id = u.id AND pr.project_id = ${projectId}
    WHERE u.client_id = ${clientId} AND u.is_active
    ORDER BY lower(u.first_name), lower(u.last_name), u.id`);
  return rows;
}

// ---------- versions ----------

const versionObject = sql`json_build_object(
  'id', v.id, 'name', v.name, 'description', v.description,
  'phase', coalesce(v.phase_id, 0), 'phase_name', ph.description,
  'project', v.project_id, 'project_id', v.project_id,
  'created_at', ${iso(sql`v.created_at`)}, 'timestamp_last_modified', ${iso(sql`v.timestamp_last_modified`)},
  'author_name_full', ${fullName('a')}, 'last_modified_by_name_full', ${fullName('b')},
  'attachments', coalesce((
    SELECT json_agg(json_build_object(
      'id', at.id, 'version', at.version_id, 'attachment_type', at.attachment_type, 'name', at.name,
      'category_attachment', at.category_id, 'category_name', ca.name, 'url_link', at.url_link,
      'timestamp_upload', ${iso(sql`at.timestamp_upload`)}, 'file', sf.filename, 'filesize', sf.size) ORDER BY at.id)
    FROM attachment at JOIN category_attachment ca ON ca.id = at.category_id
    LEFT JOIN stored_file sf ON sf.id = at.file_id
    WHERE at.version_id = v.id), '[]'::json),
  'project_role', pr.role,
  'viewer_uri', v.viewer_uri, 'outline_uri', v.outline_uri, 'editor_uri', v.editor_uri,
  'frozen', coalesce((SELECT bool_and(mm.frozen) FROM model mm WHERE mm.version_id = v.id), false),
  'mutations', '[]'::json, 'type_model', NULL)`;

const versionFrom = (user: UserRow) => sql`
  FROM version_model v JOIN project p ON p.id = v.project_id ${roleJoin(user)}
  LEFT JOIN phase ph ON ph.id = v.phase_id
  LEFT JOIN app_user a ON a.id = v.created_by
  LEFT JOIN app_user b ON b.id = v.last_modified_by`;

/** GET version-model/?project_id=: null when the project is not visible. */
export async function versionListJson(db: DbOrTx, user: UserRow, projectId: number): Promise<string | null> {
  const { rows } = await db.execute<{ visible: boolean; json: string }>(sql`
    SELECT EXISTS (SELECT 1 FROM project p ${roleJoin(user)} WHERE p.id = ${projectId} AND p.client_id = ${user.clientId}) AS visible,
      (SELECT coalesce(json_agg(${versionObject} ORDER BY v.created_at, v.id), '[]')::text
       ${versionFrom(user)} WHERE v.project_id = ${projectId} AND p.client_id = ${user.clientId}) AS json`);
  return rows[0].visible ? rows[0].json : null;
}

export async function versionDetail(db: DbOrTx, user: UserRow, id: number): Promise<VersionModel | null> {
  const { rows } = await db.execute<{ j: VersionModel }>(sql`
    SELECT ${versionObject} AS j ${versionFrom(user)} WHERE v.id = ${id} AND p.client_id = ${user.clientId}`);
  return rows[0]?.j ?? null;
}

// ---------- models ----------

const modelObject = (user: UserRow) => sql`json_build_object(
  'id', m.id, 'name', m.name, 'description', m.description,
  'type_model', m.type_model_id, 'type_model_name', tm.name, 'model_platform', m.model_platform, 'frozen', m.frozen,
  'author_name_full', ${fullName('a')},
  'created_at', ${iso(sql`m.created_at`)}, 'timestamp_last_modified', ${iso(sql`m.timestamp_last_modified`)},
  'last_modified_by_name_full', ${fullName('b')}, 'mutations', '[]'::json,
  'project_role', pr.role, 'project_id', v.project_id, 'version_id', m.version_id,
  'version_timestamp_last_modified', ${iso(sql`v.timestamp_last_modified`)},
  'model_timestamp_last_modified', ${iso(sql`m.timestamp_last_modified`)},
  'parameter_set', NULL, 'force_template_migration', false,
  'already_open', ms.model_id IS NOT NULL, 'open_by_current_user', coalesce(ms.user_id = ${user.id}, false))`;

const modelFrom = (user: UserRow) => sql`
  FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id ${roleJoin(user)}
  LEFT JOIN template_model tm ON tm.id = m.type_model_id
  LEFT JOIN app_user a ON a.id = m.created_by
  LEFT JOIN app_user b ON b.id = m.last_modified_by
  LEFT JOIN model_session ms ON ms.model_id = m.id`;

/** GET model/?version_model_id=: null when the version is not visible. */
export async function modelListJson(db: DbOrTx, user: UserRow, versionId: number | undefined): Promise<string | null> {
  if (versionId === undefined) {
    const { rows } = await db.execute<{ json: string }>(sql`
      SELECT coalesce(json_agg(${modelObject(user)} ORDER BY m.id), '[]')::text AS json
      ${modelFrom(user)} WHERE p.client_id = ${user.clientId}`);
    return rows[0].json;
  }
  const { rows } = await db.execute<{ visible: boolean; json: string }>(sql`
    SELECT EXISTS (SELECT 1 FROM version_model v JOIN project p ON p.id = v.project_id ${roleJoin(user)}
                   WHERE v.id = ${versionId} AND p.client_id = ${user.clientId}) AS visible,
      (SELECT coalesce(json_agg(${modelObject(user)} ORDER BY m.id), '[]')::text
       ${modelFrom(user)} WHERE m.version_id = ${versionId} AND p.client_id = ${user.clientId}) AS json`);
  return rows[0].visible ? rows[0].json : null;
}

export async function modelDetail(db: DbOrTx, user: UserRow, id: number): Promise<ModelItem | null> {
  const { rows } = await db.execute<{ j: ModelItem }>(sql`
    SELECT ${modelObject(user)} AS j ${modelFrom(user)} WHERE m.id = ${id} AND p.client_id = ${user.clientId}`);
  return rows[0]?.j ?? null;
}
