import { sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { readableRoleSql } from '../policies/projects.ts';
import { freshResults, idList } from './modelResults.ts';
import type { ModelPlatform } from '../../src/api/contract/model.ts';
import { REPORT_PLATFORM, type ReportData, type ReportModelRow } from '../../src/api/contract/reportData.ts';
import type { ModelResults } from '../../src/formulas/modelResults.ts';
import { type SectionAmounts, sectionColumns } from '../../src/model/reportColumns.ts';

// The rows of reports and BI links (src/api/contract/reportData.ts): the models' names and places, read
// live, with their results (src/formulas/modelResults.ts) as stored for the model's current save
// (services/modelResults.ts). Who may see which model is the caller's business (readableModelIds); this
// module only reads within one client.

/** The facts of a model that its rows need besides its results (names change without a save). */
interface ModelFacts {
  id: number;
  projectId: number;
  project: string;
  projectNumber: string | null;
  projectType: string;
  subregion: string;
  versionId: number;
  version: string;
  name: string;
  platform: ModelPlatform;
  /** The model row's or the active entry's last change, whichever is later (ISO). */
  changedAt: string;
}

/**
 * The facts and the stored results of each model's current save (null when none are stored for it): one
 * statement, so the facts and the results belong to the same save.
 */
async function factsAndResults(db: DbOrTx, clientId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const { rows } = await db.execute<{
    id: number; project_id: number; project: string; number: string | null; type: string; subregion: string;
    version_id: number; version: string; name: string; platform: ModelPlatform; changed_ms: number; results: ModelResults | null;
  }>(sql`
    SELECT m.id, p.id AS project_id, p.name AS project, p.number, tp.description AS type, s.description AS subregion,
           v.id AS version_id, v.name AS version, m.name, m.model_platform AS platform,
           (extract(epoch FROM greatest(m.timestamp_last_modified, sm.timestamp_save)) * 1000)::float8 AS changed_ms,
           r.results - 'tool' AS results
    FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    JOIN type_project tp ON tp.id = p.type_project_id JOIN subregion s ON s.id = p.subregion_id
    LEFT JOIN saved_model sm ON sm.model_id = m.id AND sm.active
    LEFT JOIN model_result r ON r.model_id = m.id AND r.client_id = p.client_id
      AND r.data_version = m.data_version AND r.saved_model_id IS NOT DISTINCT FROM sm.id
    WHERE p.client_id = ${clientId} AND m.id IN (${idList(ids)})`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{
      facts: {
        id: r.id, projectId: r.project_id, project: r.project, projectNumber: r.number, projectType: r.type,
        subregion: r.subregion, versionId: r.version_id, version: r.version, name: r.name, platform: r.platform,
        changedAt: new Date(r.changed_ms).toISOString(),
      } satisfies ModelFacts,
      stored: r.results,
    }] : [];
  });
}

/** Of these ids, the models of the user's client on whose project he has a reading role. */
export async function readableModelIds(db: DbOrTx, user: UserRow, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT m.id FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id} AND ${readableRoleSql(sql`pr.role`)}
    WHERE p.client_id = ${user.clientId} AND m.id IN (${idList(ids)})`);
  return new Set(rows.map((r) => r.id));
}

/**
 * The section columns of a stored model or period, in their order. A row stored by a server of before
 * these columns (a rolling upgrade; the migration cleared the older ones) has none: unknown until its next save.
 */
const sectionValues = (stored: Partial<SectionAmounts>): SectionAmounts =>
  Object.fromEntries(sectionColumns().map((c) => [c.key, stored[c.key] ?? null])) as SectionAmounts;

/**
 * A model's rows from its facts and its results. Every key is named here, in the rows' order, since
 * stored results come back from jsonb with their keys in another order.
 */
function rowsOf(m: ModelFacts, { model: r, periods }: ModelResults): ReportData {
  const model: ReportModelRow = {
    rekenmodel_id: m.id, project_id: m.projectId, project: m.project, projectnummer: m.projectNumber,
    projecttype: m.projectType, deelgebied: m.subregion, versie_id: m.versionId, versie: m.version, rekenmodel: m.name,
    platform: REPORT_PLATFORM[m.platform], laatst_gewijzigd: m.changedAt, aantal_perioden: periods.length,
    startdatum: r.startdatum, einddatum: r.einddatum, ncw_datum: r.ncw_datum, ew: r.ew, ncw: r.ncw,
    verliesvoorziening: r.verliesvoorziening, totale_kosten: r.totale_kosten, totale_opbrengsten: r.totale_opbrengsten,
    poc: r.poc, fout: r.fout, ...sectionValues(r),
  };
  const perioden = periods.map((p, i) => ({
    rekenmodel_id: m.id, project: m.project, rekenmodel: m.name, periode: i + 1, label: p.label, startdatum: p.startdatum,
    einddatum: p.einddatum, kosten: p.kosten, opbrengsten: p.opbrengsten, rente: p.rente, saldo: p.saldo, ...sectionValues(p),
  }));
  return { rekenmodellen: [model], perioden };
}

/**
 * The rows of these models (client-scoped, in the order asked for): the stored results of each model's
 * current save; those missing or stale are computed now (all at once, in the worker threads) and stored.
 * Never the results of an older save.
 */
export async function reportData(ctx: AppContext, clientId: number, ids: readonly number[]): Promise<ReportData> {
  const found = await factsAndResults(ctx.db, clientId, ids);
  const missing = found.filter((f) => !f.stored).map((f) => f.facts.id);
  const fresh = missing.length ? await freshResults(ctx, clientId, missing) : new Map();
  const out: ReportData = { rekenmodellen: [], perioden: [] };
  for (const { facts, stored } of found) {
    const results = stored ?? fresh.get(facts.id)?.results;
    if (!results) continue; // deleted meanwhile
    const rows = rowsOf(facts, results);
    out.rekenmodellen.push(...rows.rekenmodellen);
    out.perioden.push(...rows.perioden);
  }
  return out;
}
