import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RolloverBody, RolloverModelPreview, RolloverPreview, VersionModel } from '../../src/api/contract/versionModel.ts';
import { MODEL_ALREADY_OPEN, ROLLOVER_MESSAGES } from '../../src/api/contract/messages.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import { type Totals, defaultRolloverYear } from '../../src/formulas/annual/rolloverPreview.ts';
import { localDateAndSeconds } from '../../src/lib/format.ts';
import { DUPLICATE_NAME_MESSAGE } from '../../src/lib/names.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { model, modelResult, modelSession } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import * as policy from '../policies/projects.ts';
import { rolledInThread, rolloverInThread } from '../threads/workbookThreads.ts';
import { command } from './command.ts';
import { onlineModelRef, resultsChanged, resultsOfCurrentSave } from './modelResults.ts';
import { versionAccess, type VersionAccess } from './projectRows.ts';
import { copyVersion, stampOf, touch } from './projectTree.ts';
import { getVersion } from './versionModels.ts';

// The jaarovergang of a version (issue 37.3): every online model rolled over to a book year by the
// engine (src/formulas/annual/, in the worker threads), every spreadsheet model copied as it is, into
// one new version, in one transaction. The preview plans exactly as the execution does and writes nothing.

type Rollover = z.output<typeof RolloverBody>;

interface ModelRow {
  id: number; name: string; platform: 'online' | 'spreadsheet'; data: unknown; dataVersion: number; sessionUserId: number | null;
  /** EW and NCW of the model's current save as its results job stored them (null: none stored, or without figures). */
  stored: Totals | null;
}

async function modelsOf(db: DbOrTx, versionId: number, lock: boolean): Promise<ModelRow[]> {
  const query = db.select({
    id: model.id, name: model.name, platform: model.modelPlatform, data: model.modelData, dataVersion: model.dataVersion, sessionUserId: modelSession.userId,
    // An online model's results belong to its data_version (modelResults.ts); a failed one has no figures, so it does not count.
    stored: sql<Totals | null>`CASE WHEN ${modelResult.results}->'model'->>'fout' IS NULL AND jsonb_typeof(${modelResult.results}->'model'->'ew') = 'number'
      AND jsonb_typeof(${modelResult.results}->'model'->'ncw') = 'number'
      THEN jsonb_build_object('ew', ${modelResult.results}->'model'->'ew', 'ncw', ${modelResult.results}->'model'->'ncw') END`,
  }).from(model).leftJoin(modelSession, eq(modelSession.modelId, model.id))
    .leftJoin(modelResult, resultsOfCurrentSave)
    .where(eq(model.versionId, versionId)).orderBy(model.id);
  // Locked: a save in the tool waits for the jaarovergang, or comes first and is rolled over.
  return lock ? query.for('update', { of: model }) : query;
}

/**
 * The plan of every model: the rolled-over data and, for the preview, its line; throws the first refusal.
 * The execution refuses what the preview refuses (rolledOver is the preview's first step) but computes no
 * figures: the engines of the models after are most of the preview's time, and it shows none of them.
 */
async function plan(user: UserRow, rows: ModelRow[], year: number, preview: boolean) {
  if (!rows.length) throw new HttpError(400, ROLLOVER_MESSAGES.empty);
  // Someone else editing a model would save over the copy's source after it was made: refused, as opening it is.
  if (rows.some((m) => m.sessionUserId !== null && m.sessionUserId !== user.id)) throw new HttpError(409, MODEL_ALREADY_OPEN);
  const planned = await Promise.all(rows.map(async (m) => {
    const head = { model: m.id, name: m.name };
    if (m.platform !== 'online') {
      const line: RolloverModelPreview = {
        ...head, outcome: 'copied', ew: null, ncw: null, opening_book_value: null, realised: [], postponed: [], dropped_index_rates: [],
      };
      return { id: m.id, name: m.name, data: null, line };
    }
    if (!preview) {
      const rolled = await rolledInThread(m.data, year);
      if (!rolled.ok) throw new HttpError(400, ROLLOVER_MESSAGES.ofModel(m.name, rolled.problem));
      return { id: m.id, name: m.name, data: rolled.model as ModelData | null, line: null };
    }
    // 'Before' needs no build: the results its job stored after the save, else the engine a thread keeps for it.
    const outcome = await rolloverInThread(m.data, year, m.stored ? { before: m.stored } : { model: onlineModelRef(m.id, m.dataVersion, m.data) });
    if (!outcome.ok) throw new HttpError(400, ROLLOVER_MESSAGES.ofModel(m.name, outcome.problem));
    return { id: m.id, name: m.name, data: outcome.model as ModelData | null, line: { ...head, outcome: 'rolled' as const, ...outcome.figures } };
  }));
  return planned;
}

/** The body's year, or the dialog's default: the year after the latest NCW date among the online models (else this year). */
function yearOf(body: Rollover, rows: ModelRow[], now: Date): number {
  if (body.year !== undefined) return body.year;
  const online = rows.filter((m) => m.platform === 'online').map((m) => m.data);
  return defaultRolloverYear(online) ?? Number(localDateAndSeconds(now).date.slice(0, 4));
}

const defaultName = (versionName: string, year: number) => `${versionName} ${year}`;

/** The version the caller may roll over: 404 when invisible, 403 for a reader. */
async function rollableVersion(db: DbOrTx, user: UserRow, id: number): Promise<VersionAccess> {
  const access = await versionAccess(db, user, id);
  policy.requireRollOver(access?.role);
  return access!;
}

/** A name another version of the project has: the spec's 409, before anything is computed. */
async function refuseTakenName(db: DbOrTx, projectId: number, name: string) {
  const { rows } = await db.execute(sql`SELECT 1 FROM version_model WHERE project_id = ${projectId} AND lower(name) = lower(${name})`);
  if (rows.length) throw new HttpError(409, DUPLICATE_NAME_MESSAGE.version);
}

/** POST version-model/{id}/rollover/ with `preview`: what the jaarovergang would do per model; writes nothing. */
export async function previewRollover(ctx: AppContext, user: UserRow, id: number, body: Rollover): Promise<RolloverPreview> {
  const access = await rollableVersion(ctx.db, user, id);
  const rows = await modelsOf(ctx.db, id, false);
  const year = yearOf(body, rows, ctx.config.now());
  const name = body.name ?? defaultName(access.versionName, year);
  await refuseTakenName(ctx.db, access.projectId, name);
  const planned = await plan(user, rows, year, true);
  return { year, name, freeze: body.freeze, models: planned.map((p) => p.line!) };
}

/**
 * POST version-model/{id}/rollover/: the new version with every model (online ones rolled over, each
 * remembering the model it came from), one audit line per model and one for the version, and the old
 * version frozen when asked. One jaarovergang of a version at a time: a second one meanwhile answers 409.
 */
export async function executeRollover(ctx: AppContext, user: UserRow, id: number, body: Rollover, ip: string): Promise<VersionModel> {
  return command(ctx, { user, ip }, async (c) => {
    const { rows: [lock] } = await c.tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`grondslag:rollover:${id}`})) AS ok`);
    if (!lock?.ok) throw new HttpError(409, ROLLOVER_MESSAGES.busy);
    const access = await rollableVersion(c.tx, user, id);
    const rows = await modelsOf(c.tx, id, true);
    const year = yearOf(body, rows, c.now);
    const name = body.name ?? defaultName(access.versionName, year);
    await refuseTakenName(c.tx, access.projectId, name);
    const planned = await plan(user, rows, year, false);
    const s = stampOf(c, user);
    const { id: newId, models } = await copyVersion(c.tx, id, access.projectId, name, s);
    const from = new Map(models.map((m) => [m.new_id, m.old_id]));
    const byOld = new Map(planned.map((p) => [p.id, p]));
    for (const m of models) {
      const p = byOld.get(m.old_id)!;
      await c.tx.update(model).set({
        frozen: false, rolledOverFromModelId: m.old_id, ...(p.data && { modelData: p.data }),
      }).where(eq(model.id, m.new_id));
      await c.audit(`Rekenmodel '${p.name}' in versie '${name}': Jaarovergang vanuit ${access.versionName} (${year})`);
    }
    if (body.freeze) {
      await c.tx.update(model).set({ frozen: true, timestampLastModified: c.now, lastModifiedBy: user.id })
        .where(inArray(model.id, [...from.values()]));
    }
    await resultsChanged(c, models.map((m) => m.new_id));
    await touch(c.tx, s, { projectId: access.projectId });
    const frozen = body.freeze ? `; versie '${access.versionName}' vergrendeld` : '';
    await c.audit(`Jaarovergang van versie '${access.versionName}' naar ${year}: versie '${name}' aangemaakt met ${models.length} rekenmodel(len)${frozen}`);
    return getVersion(c.tx, user, newId);
  });
}
