import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { appUser, model, modelResult, modelSession, project, subregion, versionModel } from '../db/schema/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { fullName } from './audit.ts';
import { command } from './command.ts';
import { resultsChanged, resultsOfCurrentSave } from './modelResults.ts';
import { hasMapData, hasVersionRegion, modelAccess, type ModelAccess } from './projectRows.ts';
import { defaultModelData } from '../../src/formulas/modelDefaults.ts';
import * as policy from '../policies/workbench.ts';
import { validateModelData, validateModelDataForSave } from '../../src/formulas/validate.ts';
import { checkFormulas } from '../../src/formulas/cellFormulas.ts';
import type { ModelData, ProjectInfo } from '../../src/model/modelData.ts';
import { type WorkbenchModel, type ReadOnlyReason, type SaveModelBody, type SessionAnswer, type SessionInfo, type StoredToolResults } from '../../src/api/contract/workbench.ts';
import { WORKBENCH_RESULTS_FORMAT, type WorkbenchResults } from '../../src/model/results.ts';
import { MSG_CONFLICT, MSG_INVALID, MSG_SESSION_ENDED, MSG_SESSION_OTHER } from '../../src/api/contract/messages.ts';

// The online calculation tool's server side (spec 3 §7): load and save the model data of an online
// model with optimistic concurrency (model.data_version), and the edit session (model_session).

interface WorkbenchRow {
  access: ModelAccess;
  modelData: unknown;
  dataVersion: number;
  info: ProjectInfo;
  session: SessionInfo | null;
  hasMapData: boolean;
  hasVersionRegion: boolean;
  /** The stored results of this save (the open only), in the format the workbench reads. */
  stored: StoredToolResults | null;
}

async function loadRow(db: DbOrTx, user: UserRow, id: number, opts: { stored?: boolean } = {}): Promise<WorkbenchRow> {
  const access = await modelAccess(db, user, id);
  policy.requireWorkbenchRead(user, access?.role);
  if (!access || access.platform !== 'online') throw notFound();
  // The edit session and its holder's name in the same query: one round trip less for every open and save.
  const [row] = await db.select({
    modelData: model.modelData, dataVersion: model.dataVersion, description: project.description, number: project.number,
    organisation: project.organisation, subregion: subregion.description, hasMapData: sql<boolean>`${hasMapData(sql`${model.versionId}`)}`,
    hasVersionRegion: sql<boolean>`${hasVersionRegion(sql`${model.versionId}`)}`,
    sessionUserId: modelSession.userId, sessionStartedAt: modelSession.startedAt, firstName: appUser.firstName, lastName: appUser.lastName,
    // The stored results of exactly this save (an older save's row is not joined), only what the workbench reads.
    tool: opts.stored ? sql<WorkbenchResults | null>`${modelResult.results} -> 'tool'` : sql<null>`NULL`,
  }).from(model).innerJoin(versionModel, eq(versionModel.id, model.versionId)).innerJoin(project, eq(project.id, versionModel.projectId))
    .innerJoin(subregion, eq(subregion.id, project.subregionId))
    .leftJoin(modelSession, eq(modelSession.modelId, model.id)).leftJoin(appUser, eq(appUser.id, modelSession.userId))
    .leftJoin(modelResult, resultsOfCurrentSave)
    .where(eq(model.id, id));
  if (!row) throw notFound();
  const s = row.sessionUserId === null ? null
    : { userId: row.sessionUserId, startedAt: row.sessionStartedAt!, firstName: row.firstName!, lastName: row.lastName! };
  return {
    access,
    modelData: row.modelData,
    dataVersion: row.dataVersion,
    info: {
      project_name: access.name, project_description: row.description, project_number: row.number, subregion: row.subregion,
      organisation_name: row.organisation, version_name: access.versionName, model_name: access.modelName,
    },
    hasMapData: row.hasMapData,
    hasVersionRegion: row.hasVersionRegion,
    stored: row.tool?.format === WORKBENCH_RESULTS_FORMAT ? { data_version: row.dataVersion, format: row.tool.format, results: row.tool.results } : null,
    session: s ? { user_id: s.userId, user_name: fullName({ firstName: s.firstName, lastName: s.lastName }), mine: s.userId === user.id, started_at: s.startedAt.toISOString() } : null,
  };
}

function readOnlyReason(user: UserRow, r: WorkbenchRow): ReadOnlyReason {
  if (r.access.frozen) return 'frozen';
  if (!policy.canSaveModel(r.access.role, false)) return 'role';
  if (r.session && r.session.user_id !== user.id) return 'session';
  return null;
}

function answer(user: UserRow, r: WorkbenchRow, data: ModelData): WorkbenchModel {
  const a = r.access;
  return {
    ...data,
    base_parameters: { ...data.base_parameters, project_info: r.info },
    model_id: a.modelId, model_name: a.modelName, version_id: a.versionId, version_name: a.versionName,
    project_id: a.projectId, project_name: a.name, frozen: a.frozen,
    can_edit: policy.canSaveModel(a.role, a.frozen),
    data_version: r.dataVersion,
    session: r.session,
    read_only_reason: readOnlyReason(user, r),
    has_map_data: r.hasMapData,
    has_version_region: r.hasVersionRegion,
  };
}

/** The stored model data; a model saved before it had data gets the defaults. */
function storedData(r: WorkbenchRow): ModelData {
  const v = validateModelData(r.modelData);
  if (v.ok) return v.data;
  if (r.modelData == null) return defaultModelData({});
  // Stored data that no longer validates is still shown, so the user can repair it.
  return r.modelData as ModelData;
}

export async function getWorkbenchModel(ctx: AppContext, user: UserRow, id: number): Promise<WorkbenchModel> {
  const r = await loadRow(ctx.db, user, id, { stored: true });
  return { ...answer(user, r, storedData(r)), stored_results: r.stored };
}

export async function saveWorkbenchModel(ctx: AppContext, user: UserRow, id: number, body: SaveModelBody, ip: string): Promise<WorkbenchModel> {
  const { data_version: loadedAt, ...rest } = body;
  return command(ctx, { user, ip }, async ({ tx, now, audit, jobs }) => {
    // Lock the model row: two saves of the same version cannot both pass the version check.
    await tx.execute(sql`SELECT id FROM model WHERE id = ${id} FOR UPDATE`);
    const r = await loadRow(tx, user, id);
    policy.requireSave(user, r.access.role, r.access.frozen);
    policy.requireSessionFree(user, r.session?.user_id ?? null, r.session?.user_name ?? '');
    const input = { ...rest, base_parameters: { ...rest.base_parameters, project_info: r.info } };
    const v = validateModelDataForSave(input);
    if (!v.ok) throw new HttpError(400, MSG_INVALID, { errors: v.problems });
    // The client's formulas are recomputed here and a value that differs is refused, never silently
    // replaced: the workbench computes with the same code, so a mismatch is a broken or forged client.
    const formulaProblems = checkFormulas(v.data);
    if (formulaProblems.length) throw new HttpError(400, MSG_INVALID, { errors: formulaProblems });
    if (loadedAt !== r.dataVersion) {
      throw new HttpError(409, MSG_CONFLICT, { code: 'conflict', data_version: r.dataVersion });
    }
    const next = r.dataVersion + 1;
    await tx.update(model).set({ modelData: v.data, dataVersion: next, timestampLastModified: now, lastModifiedBy: user.id })
      .where(and(eq(model.id, id), eq(model.dataVersion, r.dataVersion)));
    await tx.update(versionModel).set({ timestampLastModified: now, lastModifiedBy: user.id }).where(eq(versionModel.id, r.access.versionId));
    await tx.update(project).set({ timestampLastModified: now, lastModifiedBy: user.id }).where(eq(project.id, r.access.projectId));
    await resultsChanged({ tx, jobs }, [id]);
    await audit(`Modelgegevens van rekenmodel '${r.access.modelName}' in versie '${r.access.versionName}' opgeslagen`);
    return answer(user, { ...r, dataVersion: next }, v.data);
  });
}

/**
 * Opening the workbench: the caller takes the edit session when he may save and nobody else holds it.
 * Readers and frozen models open without a session. Someone else's session: read-only with a notice
 * (held false, read_only_reason 'session'); it is never taken over here — ending another user's
 * session is the Projects screen's confirmed action.
 */
export async function openSession(ctx: AppContext, user: UserRow, id: number, ip: string): Promise<SessionAnswer> {
  return command(ctx, { user, ip }, async ({ tx, now, audit }) => {
    await tx.execute(sql`SELECT id FROM model WHERE id = ${id} FOR UPDATE`);
    const r = await loadRow(tx, user, id);
    if (!policy.canSaveModel(r.access.role, r.access.frozen)) {
      return { held: false, session: r.session, read_only_reason: readOnlyReason(user, r), message: 'Alleen lezen.' };
    }
    if (r.session && !r.session.mine) {
      return { held: false, session: r.session, read_only_reason: 'session', message: MSG_SESSION_OTHER(r.session.user_name) };
    }
    if (!r.session) {
      await tx.insert(modelSession).values({ modelId: id, userId: user.id, startedAt: now }).onConflictDoNothing();
      await audit(`Rekenmodel '${r.access.modelName}' in versie '${r.access.versionName}' geopend in de online rekentool`);
    }
    const session: SessionInfo = r.session ?? { user_id: user.id, user_name: fullName(user), mine: true, started_at: now.toISOString() };
    return { held: true, session, read_only_reason: null, message: 'Sessie gestart.' };
  });
}

/** Closing the workbench ends the caller's own session (someone else's is left alone). */
export async function closeSession(ctx: AppContext, user: UserRow, id: number, ip: string): Promise<SessionAnswer> {
  return command(ctx, { user, ip }, async ({ tx, audit }) => {
    const r = await loadRow(tx, user, id);
    const gone = await tx.delete(modelSession).where(and(eq(modelSession.modelId, id), eq(modelSession.userId, user.id))).returning();
    if (gone.length) {
      await audit(`Rekenmodel '${r.access.modelName}' in versie '${r.access.versionName}' gesloten in de online rekentool`);
    }
    const session = r.session && !r.session.mine ? r.session : null;
    return { held: false, session, read_only_reason: readOnlyReason(user, { ...r, session }), message: MSG_SESSION_ENDED };
  });
}
