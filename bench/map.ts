// `npm run bench -- map`: the map data's server side (issue 14) on a real (embedded) PostgreSQL over HTTP on
// loopback: a version region of 10,000 corners saved with PUT mapviewer/version-model/{id}/region/ (the
// contract's check, the geometry rules, the area in RD New, the write and its audit row) — median of
// several runs, target ≤ 200 ms — and, for comparison, the same outline's rules and area alone, and the
// overview's regions read back for 200 projects (built once, then from the cache). Printed, never asserted.
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { withBenchDatabase } from './support/database.ts';
import { bearer, createTenant } from '../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree } from '../test/server/projectFixtures.ts';
import { areaM2, fromRd, outlineProblem, type AreaGeometry } from '../src/lib/geo.ts';

const CORNERS = 10_000;
const RUNS = 15;
const PROJECTS = 200;
const TARGET_MS = 200;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A wobbly closed ring of `n` corners around an RD point (not a perfect circle, so the sweep has work to do). */
function outline(n: number, x: number, y: number, r: number): AreaGeometry {
  const ring = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    const radius = r * (1 + 0.05 * Math.sin(a * 37));
    return fromRd([x + radius * Math.cos(a), y + radius * Math.sin(a)]);
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0]]] };
}

export default async function bench() {
  await withBenchDatabase(10, async (db) => {
    const tenant = await createTenant(db, 'bench');
    const tree = await seedTree(db, tenant, { roles: rolesAsGlobal(tenant) });
    const geometry = outline(CORNERS, 155_000, 463_000, 1_500);

    const rules: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      if (outlineProblem(geometry) !== null) throw new Error('bench outline refused');
      areaM2(geometry);
      rules.push(performance.now() - s);
    }

    const app = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent' }, db });
    await app.ready();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { ...(await bearer(app, tenant.usr)), 'content-type': 'application/json' };
    const body = JSON.stringify({ type: 'Feature', properties: {}, geometry });
    const put = async () => {
      const s = performance.now();
      const res = await fetch(`${base}/api/manager/mapviewer/version-model/${tree.versionId}/region/`, { method: 'PUT', headers, body });
      const answer = await res.json() as { properties?: { area_m2: number } };
      if (res.status !== 200 || !answer.properties?.area_m2) throw new Error(`PUT region: ${res.status}`);
      return performance.now() - s;
    };
    await put(); // warm-up: plans, JIT
    const saves: number[] = [];
    for (let i = 0; i < RUNS; i++) saves.push(await put());

    for (let i = 0; i < PROJECTS; i++) {
      const p = await seedTree(db, tenant, { roles: rolesAsGlobal(tenant) });
      const small = { type: 'Feature', geometry: outline(200, 140_000 + (i % 20) * 1_000, 450_000 + Math.floor(i / 20) * 1_000, 300) };
      const res = await fetch(`${base}/api/manager/mapviewer/version-model/${p.versionId}/region/`, { method: 'PUT', headers, body: JSON.stringify(small) });
      if (res.status !== 200) throw new Error(`seed region: ${res.status}`);
    }
    const overview: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const res = await fetch(`${base}/api/manager/mapviewer/overview/regions/`, { headers });
      bytes = (await res.text()).length;
      overview.push(performance.now() - s);
    }
    await app.close();

    console.log(`rules and area of ${CORNERS.toLocaleString('en')} corners (in process): median ${ms(median(rules))} of ${RUNS}`);
    console.log(`PUT version region of ${CORNERS.toLocaleString('en')} corners over HTTP (${(body.length / 1e3).toFixed(0)} kB): ` +
      `median ${ms(median(saves))} of ${RUNS}, max ${ms(Math.max(...saves))}  (target ≤ ${TARGET_MS} ms)`);
    const [cold, ...cached] = overview;
    console.log(`GET overview regions, ${PROJECTS} projects × 200 corners (${(bytes / 1e3).toFixed(0)} kB uncompressed): ` +
      `built ${ms(cold!)}, then from the cache median ${ms(median(cached))} of ${cached.length}`);
  });
}
