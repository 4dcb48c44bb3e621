// `npm run bench -- variance`: the annual cycle on the bench model of the whole exploitation (500 entries, 40
// quarters; test/formulas/largeModel.ts): a jaarovergang of it, and the verschillenanalyse of it against its
// jaarovergang with edits (bookings, a parameter set, estimates, an entry more and one less, phasing) — issue 37's
// goal ≤ 2 s. Times: wall clock, [CPU time of this process]. Then the same pair on the server through the API
// (overTheApi): GET grexonline/model/{B}/variance/ over HTTP on loopback against buildApp() on a real (embedded)
// PostgreSQL, the engine in the worker threads — the first answer (cold threads), a revisit (the server's recent
// outcomes), the median after each save of B, and two users asking at once.
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { model, versionModel } from '../server/db/schema/index.ts';
import { withBenchDatabase } from './support/database.ts';
import { bearer } from '../test/server/fixtures.ts';
import { benchProject } from './support/project.ts';
import type { VarianceAnswer } from '../src/api/contract/variance.ts';
import type { ModelData } from '../src/model/modelData.ts';
import { GrexEngine } from '../src/formulas/engine.ts';
import { startHyperFormula } from '../src/formulas/hyperformulaSpeedups.ts';
import { rolloverModel } from '../src/formulas/annual/rollover.ts';
import { variance } from '../src/formulas/annual/variance.ts';
import { largeModel, wholeExploitation } from '../test/formulas/largeModel.ts';
import { goal } from './support/goal.ts';

const ms = (x: number) => `${x.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function timed<T>(runs: number, f: () => T): { wall: number[]; cpu: number[]; last: T } {
  const wall: number[] = [];
  const cpus: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = cpu();
    last = f();
    wall.push(performance.now() - t);
    cpus.push(cpu() - c);
  }
  return { wall, cpu: cpus, last };
}

/** The bench model a year on, as a modeller would leave it: bookings of 2026 Q1, new figures, an entry more and one less. */
function edited(a: ModelData): ModelData {
  const b = rolloverModel(a, 2026).model;
  b.cost_estimate.slice(0, 100).forEach((e, i) => (e.bookvalue.bookvalue_items = [{ period: 'PER_01', value_type: 'Financeel', value: 1000 + i }]));
  for (const s of b.base_parameters.parameter_sets) if (s.set_name === 'Kostenstijging') s.set_base_value += 0.5;
  for (const e of b.cost_estimate.slice(100, 200)) e.estimate.price *= 1.05;
  for (const e of b.residential_construction.slice(0, 30)) for (const it of e.phasing.phasing_items) it.value = it.value_type === 'Procentueel' ? it.value * 0.9 : it.value + 50;
  b.non_residential_construction!.pop();
  b.other_revenues!.push({ ...structuredClone(b.other_revenues![0]!), id: 999, label: 'Nieuwe bijdrage' });
  return b;
}

export default async function bench(): Promise<void> {
  startHyperFormula((line) => console.log(line));
  const a = wholeExploitation();
  // warm-up (JIT), as a server that has computed models before
  const small = largeModel({ costEntries: 60, residentialEntries: 20, longRunningEntries: 20, nonResidentialEntries: 12, otherRevenueEntries: 8, seed: 7 });
  for (let i = 0; i < 2; i++) variance(small, edited(small));
  console.log(`belasting van de machine:       load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} (${navigator.hardwareConcurrency} cores); tijden: wandklok, [CPU-tijd van dit proces]`);

  const build = timed(3, () => new GrexEngine(a).destroy());
  console.log(`ter vergelijking: één build:    ${ms(median(build.wall))} mediaan [${ms(median(build.cpu))}] (3×)`);

  const rollover = timed(5, () => rolloverModel(a, 2026));
  console.log(
    `jaarovergang van het model:     ${ms(median(rollover.wall))} mediaan [${ms(median(rollover.cpu))}] (5×: ${rollover.wall.map((x) => x.toFixed(0)).join(' / ')} ms; `
      + `${rollover.last.notes.length} doorgeschoven bedragen, ${rollover.last.droppedIndexRates.length} eigen indexwaarden vervallen)`,
  );

  const b = edited(a);
  const runs = timed(5, () => variance(a, b));
  const r = runs.last;
  console.log(
    `verschillenanalyse A → B:       ${ms(median(runs.wall))} mediaan [${ms(median(runs.cpu))}] (5×: ${runs.wall.map((x) => x.toFixed(0)).join(' / ')} ms; 2 builds, 6 modellen en 8 deelstappen)`
      + ` — doel ≤ 2 s (issue 37): ${goal(median(runs.wall), 2000, 'ms')} [CPU: ${goal(median(runs.cpu), 2000, 'ms')}]`,
  );
  // the share of the load on the machine cancels out of this ratio
  console.log(`verhouding tot één build:       verschillenanalyse ${(median(runs.cpu) / median(build.cpu)).toFixed(1)} builds, jaarovergang ${(median(rollover.cpu) / median(build.cpu)).toFixed(1)} builds (CPU-tijd)`);
  console.log(`resultaat:                      NCW A ${r.ncw_a.toFixed(2)} → B ${r.ncw_b.toFixed(2)}; stappen ${r.steps.map((s) => `${s.step} ${s.ncw.toFixed(2)}`).join(', ')}`);
  await overTheApi(a, b, r.ncw_b);
}

/** A (its version first) and B rolled over from it, in one project, asked for on the server as the screen asks. */
async function overTheApi(a: ModelData, b: ModelData, ncwB: number): Promise<void> {
  await withBenchDatabase(5, async (db) => {
    const now = new Date();
    const { tenant, projectId } = await benchProject(db, now);
    const add = async (version: string, at: Date, data: ModelData, from?: number) => {
      const [v] = await db.insert(versionModel).values({ createdAt: at, timestampLastModified: at, projectId, name: version }).returning();
      const [m] = await db.insert(model).values({
        createdAt: at, timestampLastModified: at, versionId: v!.id, name: 'Grex', modelPlatform: 'online', modelData: data, rolledOverFromModelId: from,
      }).returning();
      return m!.id;
    };
    const idB = await add('Begroting 2026', now, b, await add('Begroting 2025', new Date(now.getTime() - 1000), a));
    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false }, db });
    await app.ready();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await bearer(app, tenant.adm);
    // The server runs in this process (its worker threads too), so this process's CPU time is the server's.
    const ask = async (): Promise<[number, number]> => {
      const [t, c] = [performance.now(), cpu()];
      const res = await fetch(`${base}/api/grexonline/model/${idB}/variance/`, { headers: auth });
      const body = (await res.json()) as VarianceAnswer;
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(body)}`);
      if (Math.abs(body.variance.ncw_b - ncwB) > 0.005) throw new Error(`NCW B ${body.variance.ncw_b} ≠ ${ncwB}`);
      return [performance.now() - t, cpu() - c];
    };
    const both = ([wall, used]: [number, number]) => `${ms(wall)} [${ms(used)}]`;
    // A save of B (every write of model data raises data_version) makes it another comparison: computed again.
    const saved = () => db.update(model).set({ dataVersion: sql`${model.dataVersion} + 1` }).where(eq(model.id, idB));
    try {
      console.log(`op de server, via de API (GET grexonline/model/{B}/variance/, HTTP op loopback, rekenthreads):`);
      console.log(`  eerste antwoord (koude threads): ${both(await ask())}`);
      console.log(`  dezelfde vergelijking opnieuw (ongewijzigd: de recente uitkomsten van de server): ${both(await ask())}`);
      const warm: [number, number][] = [];
      for (let i = 0; i < 5; i++) {
        await saved();
        warm.push(await ask());
      }
      const [wall, used] = [median(warm.map((w) => w[0])), median(warm.map((w) => w[1]))];
      console.log(`  na elke opslag van B:           ${ms(wall)} mediaan [${ms(used)}] (5×: ${warm.map((w) => w[0].toFixed(0)).join(' / ')} ms)`
        + ` — doel ≤ 2 s (issue 37): ${goal(wall, 2000, 'ms')} [CPU: ${goal(used, 2000, 'ms')}]`);
      await saved();
      const t = performance.now();
      await Promise.all([ask(), ask()]);
      console.log(`  twee gebruikers tegelijk, na een opslag (één berekening, gedeeld): ${ms(performance.now() - t)}`);
      console.log(`  load average aan het eind: ${loadavg()[0]!.toFixed(1)}`);
    } finally {
      await app.close();
    }
  });
}
