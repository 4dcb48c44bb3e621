import { sql } from 'drizzle-orm';
import type { UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { readableRoleSql } from '../policies/projects.ts';
import { readFile } from '../storage/files.ts';
import type { ModelPlatform } from '../../src/api/contract/model.ts';
import { REPORT_PLATFORM, type ReportData, type ReportModelRow } from '../../src/api/contract/reportData.ts';
import { type ModelResults, failedResults, onlineModelResults, spreadsheetModelResults } from '../../src/formulas/modelResults.ts';

// The rows of reports and BI links (src/api/contract/reportData.ts): the models' names and places, read
// live, with their results (src/formulas/modelResults.ts). Who may see which model is the caller's
// business (readableModelIds); this module only reads within one client.

export const NO_MODEL_FILE_RESULTS = 'Het rekenmodel heeft nog geen bestand in de historie.';

/** The facts of a model that its rows need, and that say which save its results belong to. */
export interface ModelFacts {
  id: number;
  clientId: number;
  projectId: number;
  project: string;
  projectNumber: string | null;
  projectType: string;
  subregion: string;
  versionId: number;
  version: string;
  name: string;
  platform: ModelPlatform;
  /** Online: the save the results must belong to. */
  dataVersion: number;
  /** Spreadsheet: the active history entry and its file. */
  savedModelId: number | null;
  fileId: number | null;
  /** The model row's or the active entry's last change, whichever is later (ISO). */
  changedAt: string;
}

/** The facts of these models within the client, in the order asked for (unknown ids left out). */
export async function modelFacts(db: DbOrTx, clientId: number, ids: readonly number[]): Promise<ModelFacts[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<{
    id: number; project_id: number; project: string; number: string | null; type: string; subregion: string;
    version_id: number; version: string; name: string; platform: ModelPlatform; data_version: number;
    saved_model_id: number | null; file_id: number | null; changed_ms: number;
  }>(sql`
    SELECT m.id, p.id AS project_id, p.name AS project, p.number, tp.description AS type, s.description AS subregion,
           v.id AS version_id, v.name AS version, m.name, m.model_platform AS platform, m.data_version,
           sm.id AS saved_model_id, sm.file_id,
           (extract(epoch FROM greatest(m.timestamp_last_modified, sm.timestamp_save)) * 1000)::float8 AS changed_ms
    FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    JOIN type_project tp ON tp.id = p.type_project_id JOIN subregion s ON s.id = p.subregion_id
    LEFT JOIN saved_model sm ON sm.model_id = m.id AND sm.active
    WHERE p.client_id = ${clientId} AND m.id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{
      id: r.id, clientId, projectId: r.project_id, project: r.project, projectNumber: r.number, projectType: r.type,
      subregion: r.subregion, versionId: r.version_id, version: r.version, name: r.name, platform: r.platform,
      dataVersion: r.data_version, savedModelId: r.saved_model_id, fileId: r.file_id, changedAt: new Date(r.changed_ms).toISOString(),
    }] : [];
  });
}

/** Of these ids, the models of the user's client on whose project he has a reading role. */
export async function readableModelIds(db: DbOrTx, user: UserRow, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT m.id FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id} AND ${readableRoleSql(sql`pr.role`)}
    WHERE p.client_id = ${user.clientId} AND m.id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  return new Set(rows.map((r) => r.id));
}

/** One model's results, computed now: the engine for online data, the reader for the active workbook. */
export async function computeModelResults(db: DbOrTx, m: ModelFacts): Promise<ModelResults> {
  if (m.platform === 'online') {
    const { rows } = await db.execute<{ model_data: unknown }>(sql`SELECT model_data FROM model WHERE id = ${m.id}`);
    return onlineModelResults(rows[0]?.model_data);
  }
  const file = m.fileId === null ? null : await readFile(db, m.clientId, m.fileId);
  if (!file) return failedResults(NO_MODEL_FILE_RESULTS);
  return spreadsheetModelResults(file.data);
}

/** A model's rows from its facts and its results. */
export function rowsOf(m: ModelFacts, r: ModelResults): ReportData {
  const model: ReportModelRow = {
    rekenmodel_id: m.id, project_id: m.projectId, project: m.project, projectnummer: m.projectNumber,
    projecttype: m.projectType, deelgebied: m.subregion, versie_id: m.versionId, versie: m.version, rekenmodel: m.name,
    platform: REPORT_PLATFORM[m.platform], laatst_gewijzigd: m.changedAt, aantal_perioden: r.periods.length,
    ...r.model,
  };
  const perioden = r.periods.map((p, i) => ({ rekenmodel_id: m.id, project: m.project, rekenmodel: m.name, periode: i + 1, ...p }));
  return { rekenmodellen: [model], perioden };
}

/** The rows of these models (client-scoped, in the order asked for). */
export async function reportData(db: DbOrTx, clientId: number, ids: readonly number[]): Promise<ReportData> {
  const facts = await modelFacts(db, clientId, ids);
  const out: ReportData = { rekenmodellen: [], perioden: [] };
  for (const m of facts) {
    const rows = rowsOf(m, await computeModelResults(db, m));
    out.rekenmodellen.push(...rows.rekenmodellen);
    out.perioden.push(...rows.perioden);
  }
  return out;
}
