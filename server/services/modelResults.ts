import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MODEL_WITHOUT_FILE } from '../../src/api/contract/messages.ts';
import type { AppContext, JobQueue } from '../context.ts';
import type { DbOrTx, Tx } from '../db/index.ts';
import { model, modelResult } from '../db/schema/index.ts';
import { WorkerStopped, computeModelResults } from '../threads/workbookThreads.ts';
import type { ModelRef } from '../threads/warmEngines.ts';
import { readFile } from '../storage/files.ts';
import type { ModelPlatform } from '../../src/api/contract/model.ts';
import { type ModelResults, failedResults } from '../../src/formulas/modelResults.ts';

// Stored results (table model_result, issue 13): a model's results are computed once per save, by the
// system job `model-results` that every save enqueues (resultsChanged), and read by reports and BI feeds
// (reportData.ts) as long as they belong to the model's current save. A save is identified by the model's
// data_version (online data) and its active history entry (spreadsheet file); nothing else changes a
// model's results. Two rules keep an older save's results out:
// - a reader joins the stored row on the current data_version and active entry, so an older row is never
//   read, and computes what is missing itself;
// - a write stores only results of the save that is current when it commits: it holds a share lock on
//   the model row while it checks and writes, and every save locks that row (resultsChanged) before it
//   commits, so no save can slip in between the check and the write.


const RESULTS_QUEUE = 'model-results';

/** The save a model's results belong to. */
export interface ResultKey {
  dataVersion: number;
  /** The active history entry (spreadsheet); null when there is none (online models). */
  savedModelId: number | null;
}

/** What a model's results are computed from, read in one statement with the save it belongs to. */
export interface ResultSource extends ResultKey {
  modelId: number;
  clientId: number;
  platform: ModelPlatform;
  modelData: unknown;
  fileId: number | null;
}

/** The ids as a list of parameters for `IN (…)`. */
/** Joins an online model's row to the results stored for its current save only (an older save's row is not joined). */
export const resultsOfCurrentSave = and(eq(modelResult.modelId, model.id), eq(modelResult.dataVersion, model.dataVersion), isNull(modelResult.savedModelId));

export const idList = (ids: readonly number[]) => sql.join(ids.map((i) => sql`${i}`), sql`, `);

/**
 * The one entry point of every save that changes models' results (the workbench's save, global parameters,
 * a new or duplicated model, a spreadsheet model's new or activated history entry, the map take-over):
 * call it in the save's transaction. It locks the model rows (so a results write cannot interleave with
 * the save, see above) and enqueues the results job of each model, coalesced per model; a rollback
 * enqueues nothing.
 */
export async function resultsChanged(c: { tx: Tx; jobs: JobQueue }, modelIds: readonly number[]): Promise<void> {
  const ids = [...new Set(modelIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await c.tx.execute(sql`SELECT id FROM model WHERE id IN (${idList(ids)}) ORDER BY id FOR NO KEY UPDATE`);
  await c.jobs.enqueueSystem(c.tx, RESULTS_QUEUE, ids.map(String));
}

/** Where the results of these models come from now (models of other clients left out when `clientId` is given). */
export async function resultSources(db: DbOrTx, ids: readonly number[], clientId?: number): Promise<ResultSource[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<{
    id: number; client_id: number; platform: ModelPlatform; data_version: number; saved_model_id: number | null;
    file_id: number | null; model_data: unknown;
  }>(sql`
    SELECT m.id, p.client_id, m.model_platform AS platform, m.data_version, sm.id AS saved_model_id, sm.file_id,
           CASE WHEN m.model_platform = 'online' THEN m.model_data END AS model_data
    FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    LEFT JOIN saved_model sm ON sm.model_id = m.id AND sm.active
    WHERE m.id IN (${idList(ids)}) ${clientId === undefined ? sql`` : sql`AND p.client_id = ${clientId}`}`);
  return rows.map((r) => ({
    modelId: r.id, clientId: r.client_id, platform: r.platform, dataVersion: r.data_version,
    savedModelId: r.saved_model_id, fileId: r.file_id, modelData: r.model_data,
  }));
}

/** A digest of what a model's results are computed from: equal inputs (a copied model, template files) share one run. */
const digest = (platform: ModelPlatform, content: string | Uint8Array) => `${platform}:${createHash('sha256').update(content).digest('base64url')}`;

/** An online model's save as the worker threads keep its engine: the id, the data version and the data's digest (the task's key). */
export const onlineModelRef = (modelId: number, dataVersion: number, modelData: unknown): ModelRef =>
  ({ modelId, dataVersion, digest: digest('online', JSON.stringify(modelData)) });

/**
 * A model's results computed now, in a worker thread: the engine for online data (the one the thread keeps
 * for this model when it has one: warmEngines.ts, named by the save and the data's digest), the reader for the
 * active workbook. A task stopped at the threads' deadline gives failed results with its message, which
 * are stored like any other: the save is not computed again (a poison file holds a thread once).
 * `background` (the results job): behind every task someone waits for; a reader asking for the same
 * input meanwhile joins the run and moves it up.
 */
export async function computeResults(db: DbOrTx, s: ResultSource, opts: { background?: boolean } = {}): Promise<ModelResults> {
  try {
    if (s.platform === 'online') {
      const model = onlineModelRef(s.modelId, s.dataVersion, s.modelData);
      return await computeModelResults({ platform: 'online', modelData: s.modelData }, { ...opts, key: model.digest, model });
    }
    const file = s.fileId === null ? null : await readFile(db, s.clientId, s.fileId);
    if (!file) return failedResults(MODEL_WITHOUT_FILE);
    return await computeModelResults({ platform: 'spreadsheet', xlsx: file.data }, { ...opts, key: digest(s.platform, file.data) });
  } catch (e) {
    if (e instanceof WorkerStopped) return failedResults(e.message);
    throw e;
  }
}

/**
 * Stores results, each only if its save is still the model's current one (see above); a stored row of the
 * same save stays as it is. With `skipLocked` a model that a save holds right now is left out instead of
 * waited for (a reader's best effort: that save's job stores it); without it, waits (the job, one model).
 */
export async function storeResults(
  db: DbOrTx, now: Date, items: readonly { source: ResultSource; results: ModelResults }[], opts: { skipLocked: boolean },
): Promise<void> {
  if (!items.length) return;
  // Always in the same order, so two writers of overlapping sets cannot deadlock on the rows they insert.
  const sorted = [...items].sort((a, b) => a.source.modelId - b.source.modelId);
  await db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ id: number }>(sql`
      SELECT id FROM model WHERE id IN (${idList(sorted.map((i) => i.source.modelId))}) ORDER BY id
      FOR SHARE ${opts.skipLocked ? sql`SKIP LOCKED` : sql``}`);
    const lockedIds = new Set(locked.map((r) => r.id));
    const rows = sorted.filter((i) => lockedIds.has(i.source.modelId)).map(({ source: s, results }) => ({
      model_id: s.modelId, client_id: s.clientId, data_version: s.dataVersion, saved_model_id: s.savedModelId, results,
    }));
    if (!rows.length) return;
    // A new statement, so its snapshot holds every save that committed before the locks were granted.
    await tx.execute(sql`
      INSERT INTO model_result (model_id, client_id, data_version, saved_model_id, computed_at, results)
      SELECT r.model_id, r.client_id, r.data_version, r.saved_model_id, ${now}, r.results
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(model_id int, client_id int, data_version int, saved_model_id int, results jsonb)
      JOIN model m ON m.id = r.model_id AND m.data_version = r.data_version
      LEFT JOIN saved_model sm ON sm.model_id = m.id AND sm.active
      WHERE sm.id IS NOT DISTINCT FROM r.saved_model_id
      ORDER BY r.model_id
      ON CONFLICT (model_id) DO UPDATE SET
        client_id = excluded.client_id, data_version = excluded.data_version, saved_model_id = excluded.saved_model_id,
        computed_at = excluded.computed_at, results = excluded.results
      WHERE (model_result.data_version, model_result.saved_model_id) IS DISTINCT FROM (excluded.data_version, excluded.saved_model_id)`);
  });
}

/**
 * Results of these models' current saves, computed now (in the worker threads, all at once) and stored
 * (best effort, in the background: the reader does not wait for the write, ≈ 0,25 s for 50 models, issue 38);
 * the map holds the models that still exist, with the save each was computed from.
 */
export async function freshResults(ctx: AppContext, clientId: number, ids: readonly number[]): Promise<Map<number, { key: ResultKey; results: ModelResults }>> {
  const sources = await resultSources(ctx.db, ids, clientId);
  const items = await Promise.all(sources.map(async (source) => ({ source, results: await computeResults(ctx.db, source) })));
  const now = ctx.config.now();
  ctx.background.start(() => storeResults(ctx.db, now, items, { skipLocked: true }));
  return new Map(items.map(({ source, results }) => [source.modelId, { key: source, results }]));
}

/** The results job (kinds.ts SYSTEM_JOBS): computes and stores the model's results unless its current save has them. */
export async function refreshModelResults(ctx: AppContext, modelId: number): Promise<void> {
  const [source] = await resultSources(ctx.db, [modelId]);
  if (!source) return; // deleted since
  const { rows } = await ctx.db.execute(sql`
    SELECT 1 FROM model_result WHERE model_id = ${modelId} AND data_version = ${source.dataVersion}
      AND saved_model_id IS NOT DISTINCT FROM ${source.savedModelId}`);
  if (rows.length) return; // a reader got there first
  await storeResults(ctx.db, ctx.config.now(), [{ source, results: await computeResults(ctx.db, source, { background: true }) }], { skipLocked: false });
}
