import { eq, sql, sum } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { appUser, featureArea, job, modelSession, versionRegion } from '../db/schema/index.ts';
import { HttpError } from '../errors.ts';
import * as policy from '../policies/projects.ts';
import { command } from './command.ts';
import { fileCookie, forgetFinishedJobs, mapviewerFailure, taskState } from './jobs.ts';
import { readableModel } from './editAccess.ts';
import { externalViewerAnswers } from './oauth.ts';
import type { MapviewerError, OpenModelAnswer, OpenModelReady, TaskProgress } from '../../src/api/contract/openModel.ts';
import type { MapTotals } from '../../src/api/contract/map.ts';
import { MODEL_ALREADY_OPEN, OPEN_MODEL_FAILED, OPEN_ONLINE_MODEL } from '../../src/api/contract/messages.ts';

// Opening a spreadsheet model (spec 1 §4 "Open model", §7 model/{id}/open/, open-model-task/{id}/):
// the request checks access, the edit session and the map data and enqueues the open-model job
// (server/jobs/openModel.ts) in its own transaction; the browser polls the task until the file is ready.

/** What the open request tells its job. */
export interface OpenModelParams {
  /** The caller may edit (project ADM/USR, model not frozen): the job makes an edit link, the session is his. */
  edit: boolean;
  mapviewerRequired: boolean;
}

/** m² per function, summed over the version's feature areas (only functions present; empty without any). */
export async function featureAreaTotals(db: DbOrTx, versionId: number): Promise<MapTotals> {
  const rows = await db.select({ fn: featureArea.function, m2: sum(featureArea.areaM2).mapWith(Number) }).from(featureArea)
    .where(eq(featureArea.versionId, versionId)).groupBy(featureArea.function);
  return Object.fromEntries(rows.map((r) => [r.fn, r.m2]));
}

/**
 * The version's space usage (m² per function, summed over its feature areas), or why a model may not
 * take it (spec 1 §4, §8), checked in this order: the client's external map viewer did not answer
 * (`viewerAnswers`: externalViewerAnswers, asked before any transaction, as it waits on the network;
 * NoMapViewerConnection), the version has no feature areas (NoData),
 * its region is larger than config.mapMaxAreaM2 (BigArea). A version with feature areas but no region
 * drawn is fine: there is no area to be too large (docs/decisions.md "Map data into models").
 */
export async function versionSpaceUsage(ctx: AppContext, db: DbOrTx, versionId: number, viewerAnswers: boolean):
  Promise<{ error: MapviewerError } | { spaceUsage: MapTotals }> {
  if (!viewerAnswers) return { error: 'NoMapViewerConnection' };
  const spaceUsage = await featureAreaTotals(db, versionId);
  if (!Object.keys(spaceUsage).length) return { error: 'NoData' };
  const [region] = await db.select({ areaM2: versionRegion.areaM2 }).from(versionRegion).where(eq(versionRegion.versionId, versionId));
  if (region && region.areaM2 > ctx.config.mapMaxAreaM2) return { error: 'BigArea' };
  return { spaceUsage };
}

/**
 * GET model/{id}/open/: 404 unless the caller can read the model; 400 for an online model. An editor
 * (project ADM/USR, model not frozen) takes the edit session: someone else's → 409, unless `force` by
 * who may end it (403 for others), which takes it over (the holder's WebDAV lock goes with it). A reader
 * or a frozen model opens a copy without a session. With `mapviewer_required` missing map data answer 424
 * at once (the job checks again, they may change meanwhile). Everything, the job included, is one
 * transaction: a refusal leaves no trace.
 */
export async function openModel(
  ctx: AppContext, user: UserRow, id: number, query: { force: boolean; mapviewer_required: boolean }, ip: string,
): Promise<OpenModelAnswer> {
  // The map viewer's reachability waits on the network (up to VIEWER_CHECK_TIMEOUT_MS): asked before the
  // transaction that locks the model row, and only for a model the caller can read.
  let viewerAnswers = true;
  if (query.mapviewer_required) {
    await readableModel(ctx.db, user, id);
    viewerAnswers = await externalViewerAnswers(ctx, user.clientId);
  }
  return command(ctx, { user, ip }, async (c) => {
    await c.tx.execute(sql`SELECT id FROM model WHERE id = ${id} FOR UPDATE`); // one session change at a time
    const m = await readableModel(c.tx, user, id);
    if (m.platform !== 'spreadsheet') throw new HttpError(400, OPEN_ONLINE_MODEL);
    if (query.mapviewer_required) {
      const map = await versionSpaceUsage(ctx, c.tx, m.versionId, viewerAnswers);
      if ('error' in map) throw mapviewerFailure(map.error);
    }
    const edit = policy.canEditSpreadsheet(m.role, m.frozen);
    if (edit && m.sessionUserId === null) {
      await c.tx.insert(modelSession).values({ modelId: id, userId: user.id, startedAt: c.now });
      await c.audit(`Rekenmodel '${m.modelName}' in versie '${m.versionName}' geopend om te bewerken`);
    } else if (edit && m.sessionUserId !== user.id) {
      if (!query.force) throw new HttpError(409, MODEL_ALREADY_OPEN);
      policy.requireEndSession(user, m.role, m.sessionUserId);
      const [holder] = await c.tx.select({ email: appUser.email }).from(appUser).where(eq(appUser.id, m.sessionUserId!));
      await c.tx.update(modelSession).set({ userId: user.id, startedAt: c.now, lockToken: null, lockOwner: null, lockExpiresAt: null })
        .where(eq(modelSession.modelId, id));
      await c.audit(`Sessie van rekenmodel '${m.modelName}' in versie '${m.versionName}' overgenomen van ${holder?.email ?? 'een verwijderde gebruiker'}`);
    }
    await forgetFinishedJobs(c.tx, c.now, ctx.config.fileLinkHours, user.id);
    const params: OpenModelParams = { edit, mapviewerRequired: query.mapviewer_required };
    const [row] = await c.tx.insert(job).values({
      clientId: user.clientId, userId: user.id, kind: 'open-model', modelId: id, params, createdAt: c.now,
    }).returning({ id: job.id, kind: job.kind });
    await ctx.jobs.enqueue(c.tx, row);
    return { open_model_task: row.id };
  });
}

/** GET open-model-task/{id}/: 202 progress, or 200 with the file (and the cookie for its plain link). */
export async function openModelTask(ctx: AppContext, user: UserRow, id: string):
  Promise<{ running: TaskProgress } | { ready: OpenModelReady; cookie: Awaited<ReturnType<typeof fileCookie>> }> {
  const state = await taskState(ctx, user, id, 'open-model', OPEN_MODEL_FAILED);
  if ('running' in state) return state;
  const row = state.done;
  const result = row.result as { edit_url?: string; not_filled?: string[] } | null;
  return {
    ready: { uuid: row.fileUuid!, filename_orig: row.resultFilename!, edit_url: result?.edit_url ?? null, not_filled: result?.not_filled ?? [] },
    cookie: await fileCookie(ctx, user, row),
  };
}
