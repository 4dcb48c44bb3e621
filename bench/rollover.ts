// `npm run bench -- rollover`: the jaarovergang of a version of 10 bench models (the whole exploitation: 500
// entries, 40 quarters; test/formulas/largeModel.ts) to 2026 on the server through the API, as the dialog asks
// it: POST manager/version-model/{id}/rollover/ with `preview: true`, then the execution (`preview: false`),
// over HTTP on loopback against buildApp() on a real (embedded) PostgreSQL, the engine in the worker threads
// (server/services/rollover.ts). Issue 37's goal: ≤ 5 s each. Twice: a version whose models' results are
// stored (as the results job leaves them after every save) on threads just started, and a version whose
// results were never computed (the preview then builds each model's engine too). Times: wall clock, [CPU time
// of this process]: the server and its threads run in it, so the machine's load, which stretches the wall
// clock, shows as the gap between them.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { model, versionModel } from '../server/db/schema/index.ts';
import { resultSources, storeResults } from '../server/services/modelResults.ts';
import { onlineModelResults } from '../src/formulas/modelResults.ts';
import { withBenchDatabase } from './support/database.ts';
import { goal } from './support/goal.ts';
import { bearer } from '../test/server/fixtures.ts';
import { benchProject } from './support/project.ts';
import type { RolloverPreview, VersionModel } from '../src/api/contract/versionModel.ts';
import { wholeExploitation } from '../test/formulas/largeModel.ts';

const MODELS = 10;
const YEAR = 2026;
const GOAL_MS = 5000;

const ms = (x: number) => `${x.toFixed(0)} ms`;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export default async function bench(): Promise<void> {
  await withBenchDatabase(5, async (db) => {
    const now = new Date();
    const { tenant, projectId } = await benchProject(db, now);
    /** A version of the bench models (each its own seed, so no two share a digest). */
    const version = async (name: string) => {
      const [v] = await db.insert(versionModel).values({ createdAt: now, timestampLastModified: now, projectId, name }).returning();
      const rows = await db.insert(model).values(Array.from({ length: MODELS }, (_, i) => ({
        createdAt: now, timestampLastModified: now, versionId: v!.id, name: `Deelplan ${i + 1}`, modelPlatform: 'online' as const, modelData: wholeExploitation(i + 1),
      }))).returning({ id: model.id });
      return { id: v!.id, models: rows.map((r) => r.id) };
    };
    const stored = await version('Begroting 2025');
    const bare = await version('Begroting 2025 (zonder resultaten)');
    // What the results jobs left after the models' saves (here computed in this process, so the threads start cold).
    const sources = await resultSources(db, stored.models);
    await storeResults(db, now, sources.map((source) => ({ source, results: onlineModelResults(source.modelData) })), { skipLocked: false });
    // No job worker: a results job would compete for the threads while the jaarovergang is timed.
    // Errors logged: a 500 says why.
    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false, logLevel: 'error' }, db, logger: 'text' });
    await app.ready();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = { ...(await bearer(app, tenant.adm)), 'content-type': 'application/json' };
    const rollover = async (id: number, body: object): Promise<[number, number, unknown]> => {
      const [t, c] = [performance.now(), cpu()];
      const res = await fetch(`${base}/api/manager/version-model/${id}/rollover/`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      const json = await res.json();
      if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(json)}`);
      return [performance.now() - t, cpu() - c, json];
    };
    // The CPU time is the threads' together: spread over them, it is the wall clock of a machine without other load.
    const spread = Math.min(app.ctx.config.workerThreads, availableParallelism());
    const line = (what: string, [wall, used]: [number, number, unknown]) =>
      console.log(`  ${what.padEnd(30)} ${ms(wall)} [${ms(used)}] — doel ≤ 5 s (issue 37): ${goal(wall, GOAL_MS, 'ms')}; `
        + `onbelast ≈ CPU / ${spread} threads = ${ms(used / spread)}: ${goal(used / spread, GOAL_MS, 'ms')}`);
    try {
      console.log(`${MODELS} online modellen per versie (${wholeExploitation(1).base_parameters.phasing_period}, 40 perioden, 500 posten elk), jaarovergang naar ${YEAR}; `
        + `${app.ctx.config.workerThreads} rekenthreads, ${app.ctx.config.workerEnginesMb} MB warme engines per thread, ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)}`);
      const check = async (v: { id: number; models: number[] }, label: string) => {
        console.log(`${label}:`);
        const preview = await rollover(v.id, { year: YEAR, preview: true });
        const models = (preview[2] as RolloverPreview).models;
        if (models.length !== MODELS || models.some((m) => m.outcome !== 'rolled')) throw new Error('preview: not every model rolled');
        line('voorvertoning (preview: true)', preview);
        // As the dialog asks again (another year, then back): the threads have built before.
        line('dezelfde voorvertoning opnieuw', await rollover(v.id, { year: YEAR, preview: true }));
        const done = await rollover(v.id, { year: YEAR, preview: false, name: `Begroting ${YEAR} (uit versie ${v.id})` });
        const made = done[2] as VersionModel;
        const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM model WHERE version_id = ${made.id} AND rolled_over_from_model_id IS NOT NULL`);
        if (rows[0]!.n !== MODELS) throw new Error(`execution: ${rows[0]!.n} of ${MODELS} models rolled over`);
        line('uitvoering (preview: false)', done);
      };
      await check(stored, 'koude threads (net gestart), de resultaten van elk model opgeslagen (zoals na de resultaatjobs)');
      await check(bare, 'geen resultaten opgeslagen (nooit berekend: de voorvertoning rekent ook elk model zelf)');
      console.log(`load average aan het eind: ${loadavg()[0]!.toFixed(1)}`);
    } finally {
      await app.close();
    }
  });
}
