import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../src/api/contract/common.ts';
import type { ModelPlatform } from '../../src/api/contract/model.ts';
import { VARIANCE_MESSAGES } from '../../src/api/contract/messages.ts';
import type { AgainstReason, ComparedModel, VarianceAnswer, VarianceChoices, VarianceFigures } from '../../src/api/contract/variance.ts';
import type { VarianceResult } from '../../src/formulas/annual/variance.ts';
import type { AppContext, UserRow } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { HttpError, NOT_FOUND } from '../errors.ts';
import { Lru } from '../lru.ts';
import { requireWorkbenchRead } from '../policies/workbench.ts';
import { WorkerStopped, varianceInThread } from '../threads/workbookThreads.ts';
import { latestAdoptedBefore } from './adoption.ts';
import { idList } from './modelResults.ts';

// The verschillenanalyse of an online model B against an earlier model A of its project (issue 37.5,
// calculation.md §9). A is the caller's choice, or by default the model B was rolled over from, else the
// model of B's name in the latest vastgestelde version before B's; when neither exists the answer says so
// (409) and nothing else is chosen. The figures come from the engine in the worker threads.

interface ModelFacts extends ComparedModel {
  role: Role | null;
  platform: ModelPlatform;
  rolledOverFrom: number | null;
}

/** Whose rights the facts carry (`role`) and whose client's models they are. */
type Caller = Pick<UserRow, 'id' | 'clientId'>;

/** The facts of the client's models that `where` picks, versions in the project's order. */
async function factsWhere(db: DbOrTx, user: Caller, where: SQL): Promise<ModelFacts[]> {
  const { rows } = await db.execute<{
    model_id: number; model_name: string; version_id: number; version_name: string; project_id: number; project_name: string;
    adopted_on: string | null; role: Role | null; platform: ModelPlatform; rolled_over_from: number | null;
  }>(sql`
    SELECT m.id AS model_id, m.name AS model_name, v.id AS version_id, v.name AS version_name, p.id AS project_id,
           p.name AS project_name, to_char(v.adopted_on, 'YYYY-MM-DD') AS adopted_on, pr.role,
           m.model_platform AS platform, m.rolled_over_from_model_id AS rolled_over_from
    FROM model m JOIN version_model v ON v.id = m.version_id JOIN project p ON p.id = v.project_id
    LEFT JOIN project_role pr ON pr.project_id = p.id AND pr.user_id = ${user.id}
    WHERE p.client_id = ${user.clientId} AND ${where}
    ORDER BY v.created_at, v.id, m.id`);
  return rows.map((r) => ({
    model_id: r.model_id, model_name: r.model_name, version_id: r.version_id, version_name: r.version_name,
    project_id: r.project_id, project_name: r.project_name, adopted_on: r.adopted_on,
    role: r.role, platform: r.platform, rolledOverFrom: r.rolled_over_from,
  }));
}

const factsOf = async (db: DbOrTx, user: Caller, id: number) => (await factsWhere(db, user, sql`m.id = ${id}`))[0] ?? null;

/** As the wire names a model of the comparison. */
const compared = (m: ModelFacts): ComparedModel => ({
  model_id: m.model_id, model_name: m.model_name, version_id: m.version_id, version_name: m.version_name,
  project_id: m.project_id, project_name: m.project_name, adopted_on: m.adopted_on,
});

/** Model B: 404 unless the caller may read it, 400 for a spreadsheet model. */
async function modelB(db: DbOrTx, user: UserRow, id: number): Promise<ModelFacts> {
  const b = await factsOf(db, user, id);
  requireWorkbenchRead(user, b?.role);
  if (b!.platform !== 'online') throw new HttpError(400, VARIANCE_MESSAGES.notOnline);
  return b!;
}

type Default = { against: ModelFacts; reason: Exclude<AgainstReason, 'chosen'> } | { none: string };

/**
 * B's default comparison (see the file's comment). A rolled-over-from model that has since gone to another
 * project (or was deleted: the column is then null) is no comparison; the same-name rule then decides, and
 * the answer says which rule chose.
 */
async function defaultComparison(db: DbOrTx, user: Caller, b: ModelFacts): Promise<Default> {
  if (b.rolledOverFrom !== null) {
    const from = await factsOf(db, user, b.rolledOverFrom);
    if (from && from.project_id === b.project_id && from.platform === 'online') return { against: from, reason: 'rolled_over_from' };
  }
  const adopted = await latestAdoptedBefore(db, b.version_id);
  if (!adopted) return { none: VARIANCE_MESSAGES.noDefault };
  const [same] = await factsWhere(db, user, sql`m.version_id = ${adopted.id} AND lower(m.name) = lower(${b.model_name}) AND m.model_platform = 'online'`);
  return same ? { against: same, reason: 'adopted_version' } : { none: VARIANCE_MESSAGES.noDefaultInVersion(adopted.name, b.model_name) };
}

/** GET grexonline/model/{id}/variance/against/: the model, its default comparison and the models it can be compared with. */
export async function varianceChoices(ctx: AppContext, user: UserRow, id: number): Promise<VarianceChoices> {
  const b = await modelB(ctx.db, user, id);
  const found = await defaultComparison(ctx.db, user, b);
  const others = await factsWhere(ctx.db, user, sql`p.id = ${b.project_id} AND m.model_platform = 'online' AND m.id <> ${b.model_id}`);
  return {
    model: compared(b),
    default_against: 'none' in found ? null : compared(found.against),
    default_reason: 'none' in found ? null : found.reason,
    no_default: 'none' in found ? found.none : null,
    choices: others.map(compared),
  };
}

/** Model A as asked for: 404 unless readable, 400 from another project or a spreadsheet model. */
async function chosenA(db: DbOrTx, user: UserRow, b: ModelFacts, id: number): Promise<ModelFacts> {
  const a = await factsOf(db, user, id);
  requireWorkbenchRead(user, a?.role);
  if (a!.project_id !== b.project_id) throw new HttpError(400, VARIANCE_MESSAGES.otherProject);
  if (a!.platform !== 'online') throw new HttpError(400, VARIANCE_MESSAGES.againstNotOnline(a!.model_name));
  return a!;
}

/**
 * Engine outcomes of recent pairs, keyed by both models' saves: a model's data changes only with its
 * data_version (every write of model data raises it), so a revisit of a comparison is not computed again.
 */
const recent = new Lru<string, VarianceResult>({ entries: 32, size: 32 }, () => 1);

type Computed = { ok: true; result: VarianceResult } | { ok: false; status: number; problem: string };

/** Both models' rows (A's first), or null when one is gone; the key of the pair's saves. */
function pairOf<R extends { id: number; data_version: number }>(rows: R[], a: ModelFacts, b: ModelFacts) {
  const [ra, rb] = [rows.find((r) => r.id === a.model_id), rows.find((r) => r.id === b.model_id)];
  return ra && rb ? { ra, rb, key: `variance:${ra.id}.${ra.data_version}:${rb.id}.${rb.data_version}` } : null;
}

/**
 * The engine's steps from A to B, in the worker threads (users asking for the same pair meanwhile share the
 * run), or why not: 400 when the engine cannot compare the two (its Dutch reason), 422 when the computation
 * outgrew the threads' limits, 404 when a model was deleted meanwhile. The model data goes to the thread as
 * the database's JSON text: parsing and copying two large models would otherwise hold the event loop.
 */
async function computeVariance(db: DbOrTx, a: ModelFacts, b: ModelFacts): Promise<Computed> {
  const ids = sql`${a.model_id}, ${b.model_id}`;
  const saves = pairOf((await db.execute<{ id: number; data_version: number }>(sql`SELECT id, data_version FROM model WHERE id IN (${ids})`)).rows, a, b);
  const known = saves && recent.get(saves.key);
  if (known) return { ok: true, result: known };
  // The data with their saves in one statement: a save after the first look is another key.
  const pair = pairOf((await db.execute<{ id: number; data_version: number; data: string | null }>(sql`
    SELECT id, data_version, model_data::text AS data FROM model WHERE id IN (${ids})`)).rows, a, b);
  if (!pair) return { ok: false, status: 404, problem: NOT_FOUND };
  const { ra, rb, key } = pair;
  try {
    const outcome = await varianceInThread(ra.data ?? 'null', rb.data ?? 'null', { key });
    if (!outcome.ok) return { ok: false, status: 400, problem: outcome.problem };
    recent.set(key, outcome.result);
    return outcome;
  } catch (e) {
    if (e instanceof WorkerStopped) return { ok: false, status: 422, problem: e.message };
    throw e;
  }
}

/**
 * GET grexonline/model/{id}/variance/?against=: model B = `id` against A (`against`, or B's default
 * comparison: 409 with the reason when there is none); the refusals of computeVariance.
 */
export async function getVariance(ctx: AppContext, user: UserRow, id: number, againstId: number | undefined): Promise<VarianceAnswer> {
  const b = await modelB(ctx.db, user, id);
  const found: Default | { against: ModelFacts; reason: 'chosen' } = againstId === undefined
    ? await defaultComparison(ctx.db, user, b)
    : { against: await chosenA(ctx.db, user, b, againstId), reason: 'chosen' };
  if ('none' in found) throw new HttpError(409, found.none, { code: 'no_comparison' });
  const a = found.against;
  const computed = await computeVariance(ctx.db, a, b);
  if (!computed.ok) throw new HttpError(computed.status, computed.problem);
  const { periods_a, periods_b, ...figures } = computed.result;
  return { model: compared(b), against: compared(a), against_reason: found.reason, variance: figures, periods_a, periods_b };
}

/** One model's line of the report sheet 'Verschillen': its default comparison and the steps, or why there are none. */
export type DefaultVariance = { model: ComparedModel } & (
  | { against: ComparedModel; reason: Exclude<AgainstReason, 'chosen'>; figures: VarianceFigures }
  | { problem: string }
);

/**
 * Per model (of the caller's client, in the order asked for; deleted ones left out) the steps against its
 * default comparison, as the screen would show them without a choice; a spreadsheet model, a model without a
 * default comparison and a pair the engine cannot compare get their Dutch reason instead.
 */
export async function defaultVariances(ctx: AppContext, caller: Caller, ids: readonly number[]): Promise<DefaultVariance[]> {
  if (!ids.length) return [];
  const byId = new Map((await factsWhere(ctx.db, caller, sql`m.id IN (${idList(ids)})`)).map((f) => [f.model_id, f]));
  const found = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  return Promise.all(found.map(async (b): Promise<DefaultVariance> => {
    const model = compared(b);
    if (b.platform !== 'online') return { model, problem: VARIANCE_MESSAGES.notOnline };
    const d = await defaultComparison(ctx.db, caller, b);
    if ('none' in d) return { model, problem: d.none };
    const computed = await computeVariance(ctx.db, d.against, b);
    if (!computed.ok) return { model, problem: computed.problem };
    const { periods_a: _a, periods_b: _b, ...figures } = computed.result;
    return { model, against: compared(d.against), reason: d.reason, figures };
  }));
}
