import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ParameterPreviewAnswer, ParameterRow, ParameterSaveAnswer, ParameterSaveBody } from '../../src/api/contract/parameters.ts';
import { GLOBAL_PARAMETERS } from '../../src/model/globalParameters.ts';
import { formatDutchDate } from '../../src/lib/dutchNumber.ts';
import { percentDown } from '../../src/lib/nlFormat.ts';
import { PARAMETERS_SAVED } from '../../src/api/contract/messages.ts';
import { type ParameterPlan, planGlobalParameters } from '../../src/formulas/globalParameters.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { model, parameterApplication, project, versionModel } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { computeModelResults } from '../threads/workbookThreads.ts';
import { assertStaff } from '../policies/admin.ts';
import { command } from './command.ts';
import { resultsChanged } from './modelResults.ts';

// Global parameters (spec 2 §2, §4, §5): the super-admin previews, then applies values to chosen models.
// What the values do to a model's data is src/formulas/globalParameters.ts; this file reads and writes rows.
// Preview and apply plan each model alike (planGlobalParameters), so what the preview shows is what the
// apply writes, unless a model was saved in between (the apply plans again on the rows it locks).

/** The chosen models of the actor's client with their plans; 404 when one is not there. Locked when `lock`. */
async function plans(db: DbOrTx, actor: UserRow, body: ParameterSaveBody, lock: boolean) {
  const ids = [...new Set(body.models)];
  const query = db.select({
    id: model.id, platform: model.modelPlatform, data: model.modelData, name: model.name, projectName: project.name, versionName: versionModel.name,
  }).from(model).innerJoin(versionModel, eq(versionModel.id, model.versionId)).innerJoin(project, eq(project.id, versionModel.projectId))
    .where(and(inArray(model.id, ids), eq(project.clientId, actor.clientId))).orderBy(asc(model.id));
  const rows = lock ? await query.for('update', { of: model }) : await query;
  if (rows.length !== ids.length) throw notFound();
  return rows.map((m) => ({
    ...m,
    plan: m.platform !== 'online' || m.data == null ? null : planGlobalParameters(m.data, body.parameters),
  }));
}

/** EW and NCW of a model's data, computed by the engine in a worker thread (null when it cannot compute them). */
async function ewNcw(data: unknown) {
  const { model: r } = await computeModelResults({ platform: 'online', modelData: data });
  return { ew: r.ew, ncw: r.ncw };
}

/** POST parameter/preview/: what applying would do per model (changes, EW and NCW before → after); writes nothing. */
export async function previewParameters(ctx: AppContext, actor: UserRow, body: ParameterSaveBody): Promise<ParameterPreviewAnswer> {
  assertStaff(actor);
  const planned = await plans(ctx.db, actor, body, false);
  const models = await Promise.all(planned.map(async (m) => {
    const head = { model: m.id, name: m.name, project_name: m.projectName, version_name: m.versionName };
    const none = { changes: [], ew: null, ncw: null, problems: [], notes: [] };
    const plan: ParameterPlan | null = m.plan;
    if (!plan) return { ...head, ...none, outcome: 'spreadsheet' as const };
    if (plan.kind === 'refused') return { ...head, ...none, outcome: 'refused' as const, problems: plan.reasons };
    const [before, after] = await Promise.all([ewNcw(plan.before), plan.kind === 'changes' ? ewNcw(plan.data) : null]);
    const to = after ?? before;
    return {
      ...head, ...none, outcome: plan.kind, changes: plan.kind === 'changes' ? plan.changes : [], notes: plan.kind === 'changes' ? plan.notes : [],
      ew: { before: before.ew, after: to.ew }, ncw: { before: before.ncw, after: to.ncw },
    };
  }));
  return { models };
}

/**
 * POST parameter/: writes the online models the values change, records the spreadsheet models, and
 * reports the others as unchanged or refused (with their reasons). Only models that changed are in the
 * audit log and the parameter application.
 */
export async function applyParameters(ctx: AppContext, actor: UserRow, body: ParameterSaveBody, ip: string): Promise<ParameterSaveAnswer> {
  assertStaff(actor);
  const answer: Omit<ParameterSaveAnswer, 'message'> = { applied: [], unchanged: [], recorded_only: [], refused: [] };
  await command(ctx, { user: actor, ip }, async ({ tx, now, audit, jobs }) => {
    // Read and locked in the transaction that writes them: a save in the workbench waits, or comes first.
    const planned = await plans(tx, actor, body, true);
    for (const m of planned) {
      if (!m.plan) answer.recorded_only.push(m.id);
      else if (m.plan.kind === 'unchanged') answer.unchanged.push(m.id);
      else if (m.plan.kind === 'refused') answer.refused.push({ model: m.id, name: m.name, problems: m.plan.reasons });
      else {
        await tx.update(model).set({
          modelData: m.plan.data, dataVersion: sql`${model.dataVersion} + 1`, timestampLastModified: now, lastModifiedBy: actor.id,
        }).where(eq(model.id, m.id));
        answer.applied.push(m.id);
      }
    }
    await resultsChanged({ tx, jobs }, answer.applied);
    const changed = planned.filter((m) => answer.applied.includes(m.id) || answer.recorded_only.includes(m.id));
    if (!changed.length) return;
    await tx.insert(parameterApplication).values({ clientId: actor.clientId, userId: actor.id, parameters: body.parameters, modelIds: changed.map((m) => m.id), createdAt: now });
    await audit(`Globale parameters doorgevoerd: ${describeParameters(body.parameters)}; in ${changed.length} rekenmodel(len): ${
      changed.map((r) => `'${r.name}' (versie '${r.versionName}')`).join(', ')}`);
  });
  return { message: answer.refused.length ? 'Niet alle rekenmodellen zijn aangepast.' : PARAMETERS_SAVED, ...answer };
}

/**
 * The applied values as the audit log names them, per type in the screen's order: its one value, or, when
 * its periods or years differ (index series hold up to 40 000 values), how many and their range.
 */
export function describeParameters(rows: ParameterRow[]): string {
  const parts = GLOBAL_PARAMETERS.flatMap(({ type, label, kind }) => {
    const mine = rows.filter((r) => r.parameter_type === type);
    if (!mine.length) return [];
    const isDate = kind === 'date';
    const show = (r: ParameterRow) => (isDate ? formatDutchDate(r.value_date) : `${percentDown(r.value_float!)} %`);
    const key = (r: ParameterRow) => (isDate ? r.value_date! : r.value_float!);
    const sorted = [...mine].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
    const [low, high] = [sorted[0]!, sorted[sorted.length - 1]!];
    return [key(low) === key(high) ? `${label} ${show(low)}` : `${label} ${show(low)} tot ${show(high)} (${mine.length} waarden)`];
  });
  return parts.length ? parts.join(', ') : 'geen waarden';
}

/**
 * The global parameters that apply to a spreadsheet model now (what opening it writes into its workbook):
 * per parameter key (type, row, period, year) the value of the latest application that chose the model.
 * Keys no application set are absent: the workbook keeps its own values there.
 */
export async function currentParameters(db: DbOrTx, clientId: number, modelId: number): Promise<ParameterRow[]> {
  const { rows } = await db.execute<{ row: ParameterRow }>(sql`
    SELECT DISTINCT ON (r->>'parameter_type', r->>'row_index', r->>'period_type', r->>'year') r AS row
    FROM parameter_application pa CROSS JOIN LATERAL jsonb_array_elements(pa.parameters) r
    WHERE pa.client_id = ${clientId} AND pa.model_ids @> ${JSON.stringify([modelId])}::jsonb
    ORDER BY r->>'parameter_type', r->>'row_index', r->>'period_type', r->>'year', pa.created_at DESC, pa.id DESC`);
  return rows.map((r) => r.row);
}
