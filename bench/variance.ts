// `npm run bench -- variance`: the verschillenanalyse (issue 37.5, calculation.md §9) of the bench model
// (the whole exploitation: 500 entries, 40 quarters) against its jaarovergang to 2026 with edits (a future
// index, ten cost estimates, the timing of ten housing entries), on the server through the API: GET
// grexonline/model/{B}/variance/ over HTTP on loopback against buildApp() on a real (embedded) PostgreSQL,
// the engine in the worker threads. The first answer (cold threads: the engine's modules load), then the
// median of several; and two users asking at once (one run shared). Goal of issue 37: ≤ 2 s on the server.
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { model, project, projectRole, versionModel } from '../server/db/schema/index.ts';
import { withBenchDatabase } from './support/database.ts';
import { goal } from './support/goal.ts';
import { bearer, createTenant } from '../test/server/fixtures.ts';
import { wholeExploitation } from '../test/formulas/largeModel.ts';
import { rolloverModel } from '../src/formulas/annual/rollover.ts';
import type { ModelData } from '../src/model/modelData.ts';
import { SECTIONS, entriesOf } from '../src/model/sections.ts';
import type { VarianceAnswer } from '../src/api/contract/variance.ts';
import { VARIANCE_STEP_TITLES } from '../src/model/varianceSteps.ts';
import { formatNumber } from '../src/lib/nlFormat.ts';

const GOAL_MS = 2000;
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${Math.round(x)} ms`;

/** The model a year on, as a modeller leaves it after the jaarovergang: a future index, prices and timing changed. */
function laterModel(a: ModelData): ModelData {
  const b = rolloverModel(a, 2026).model;
  const revenues = b.base_parameters.parameter_sets.find((s) => s.set_name === 'Opbrengstenstijging')!;
  revenues.set_base_value += 0.25;
  for (const e of b.cost_estimate.slice(0, 10)) e.estimate.price = Math.round(e.estimate.price * 105) / 100;
  // The timing: the first and last phased amounts of ten housing entries change places (inside each window).
  for (const e of b.residential_construction.filter((x) => x.phasing.phasing_items.length > 1).slice(0, 10)) {
    const items = e.phasing.phasing_items;
    [items[0]!.value, items[items.length - 1]!.value] = [items[items.length - 1]!.value, items[0]!.value];
  }
  return b;
}

export default async function bench() {
  await withBenchDatabase(5, async (db) => {
    const tenant = await createTenant(db, 'bench');
    const now = new Date();
    const [p] = await db.insert(project).values({
      createdAt: now, timestampLastModified: now, clientId: tenant.clientId, name: 'Bench', subregionId: tenant.subregionId, typeProjectId: tenant.typeProjectId,
    }).returning();
    await db.insert(projectRole).values({ projectId: p!.id, userId: tenant.adm.id, role: 'ADM' });
    const version = async (name: string, at: Date) =>
      (await db.insert(versionModel).values({ createdAt: at, timestampLastModified: at, projectId: p!.id, name }).returning())[0]!.id;
    const dataA = wholeExploitation();
    const [a] = await db.insert(model).values({
      createdAt: now, timestampLastModified: now, versionId: await version('Begroting 2025', new Date(now.getTime() - 1000)), name: 'Grex', modelPlatform: 'online', modelData: dataA,
    }).returning();
    const [b] = await db.insert(model).values({
      createdAt: now, timestampLastModified: now, versionId: await version('Begroting 2026', now), name: 'Grex', modelPlatform: 'online',
      modelData: laterModel(dataA), rolledOverFromModelId: a!.id,
    }).returning();
    const entries = SECTIONS.reduce((n, s) => n + entriesOf(dataA, s.kind).length, 0);
    console.log(`model A: ${entries} entries, ${dataA.base_parameters.phasing_period}, 40 periods; B: its jaarovergang to 2026 (36 periods) with edits`);

    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false }, db });
    await app.ready();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await bearer(app, tenant.adm);
    const ask = async (): Promise<[number, VarianceAnswer]> => {
      const s = performance.now();
      const res = await fetch(`${base}/api/grexonline/model/${b!.id}/variance/`, { headers: auth });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      return [performance.now() - s, body as VarianceAnswer];
    };
    try {
      const [cold, answer] = await ask();
      const v = answer.variance;
      console.log(`against ${answer.against_reason}: NCW A ${formatNumber(v.ncw_a)} → NCW B ${formatNumber(v.ncw_b)}`);
      for (const s of v.steps) console.log(`  ${VARIANCE_STEP_TITLES[s.step].padEnd(26)} Δ EW ${formatNumber(s.ew).padStart(16)}   Δ NCW ${formatNumber(s.ncw).padStart(16)}`);
      const rest = v.ncw_b - v.ncw_a - v.steps.reduce((x, s) => x + s.ncw, 0);
      console.log(`  the steps add up to NCW B − NCW A within ${Math.abs(rest).toExponential(1)}`);
      console.log(`first answer (cold worker threads): ${ms(cold)}`);
      const [revisit] = await ask();
      console.log(`the same comparison again (both saves unchanged: the server's recent outcomes): ${ms(revisit)}`);
      // A save of B makes it another comparison: computed again.
      const saved = () => db.update(model).set({ dataVersion: sql`${model.dataVersion} + 1` }).where(eq(model.id, b!.id));
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await saved();
        warm.push((await ask())[0]);
      }
      const m = median(warm);
      console.log(`verschillenanalyse through the API after each save: median ${ms(m)} of ${RUNS} (${warm.map(ms).join(', ')})  (goal ≤ ${GOAL_MS} ms: ${goal(m, GOAL_MS, 'ms')})`);
      await saved();
      const s = performance.now();
      await Promise.all([ask(), ask()]);
      console.log(`two users asking at once after a save (one run, shared): ${ms(performance.now() - s)}`);
      console.log(`machine load average (1 min) at the end: ${loadavg()[0].toFixed(1)}`);
    } finally {
      await app.close();
    }
  });
}
