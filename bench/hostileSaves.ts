// `npm run bench -- hostileSaves`: issue 22's two figures, on a real server process (server/main.ts) whose
// memory is read from /proc:
// - the server's resident memory while a 0.45 MB zip bomb (450 MB unpacked) is PUT to a WebDAV edit link
//   under its lock and uploaded as a report template (peak = VmHWM, the process's high-water mark);
// - the time to open an unrelated spreadsheet model (GET open/ → the poll's 200) right after two
//   workbooks of 150,000 unclosed <row> tags were saved through WebDAV (each save starts a results job
//   on the worker threads), against the same open on a quiet server.
// Figures are printed, never asserted; an open that takes longer than GIVE_UP_S is reported as such.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { configFromEnv } from '../server/config.ts';
import { savedModel, storedFile } from '../server/db/schema/index.ts';
import { freePort } from '../server/net.ts';
import { bearer, createTenant } from '../test/server/fixtures.ts';
import type { UserRow } from '../server/context.ts';
import { editLinkFor, multipart, rolesAsGlobal, seedTree, type Tree } from '../test/server/projectFixtures.ts';
import { buildModelTemplate } from '../src/formulas/modelTemplate.ts';
import { largeModel } from '../test/formulas/largeModel.ts';
import { unclosedRowsWorkbook, zipBomb } from '../test/formulas/hostileWorkbooks.ts';
import { kill, removeTempDirs, spawnServer } from '../test/server/serverProcess.ts';
import { withBenchDatabase } from './support/database.ts';

const GIVE_UP_S = 180;
const LOCKINFO = '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>bench</D:owner></D:lockinfo>';

/** Resident memory and its high-water mark of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function bench() {
  await withBenchDatabase(5, async (db) => {
    const tenant = await createTenant(db, 'hostile');
    const roles = rolesAsGlobal(tenant);
    const model = largeModel({ costEntries: 300, residentialEntries: 100 });
    const ordinaryXlsx = await buildModelTemplate(model);
    const ordinary = await seedTree(db, tenant, { roles });
    const [saved] = await db.select({ fileId: savedModel.fileId }).from(savedModel).where(eq(savedModel.id, ordinary.savedModelId));
    await db.update(storedFile).set({ data: Buffer.from(ordinaryXlsx), size: ordinaryXlsx.byteLength }).where(eq(storedFile.id, saved!.fileId));
    const bomb = await zipBomb();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await spawnServer({ DATABASE_URL: db.$client.options.connectionString!, PUBLIC_URL: base }, port);
    // Only to sign tokens: the secret is the database's, so the server process accepts them.
    const signer = await buildApp({ config: { ...configFromEnv({}), clientDir: '/nonexistent', jobWorker: false }, db });
    const auth = async (user: UserRow) => bearer(signer, user);
    try {
      await server.ready;
      const pid = server.child.pid!;

      /** GET open/ and the poll (every 100 ms, as the browser) until 200: the seconds, or null past GIVE_UP_S. */
      const openSeconds = async (modelId: number): Promise<number | null> => {
        const headers = await auth(tenant.adm);
        const s = performance.now();
        const open = await fetch(`${base}/api/manager/model/${modelId}/open/`, { headers });
        if (!open.ok) throw new Error(`open: ${open.status} ${await open.text()}`);
        const { open_model_task: task } = (await open.json()) as { open_model_task: string };
        while (performance.now() - s < GIVE_UP_S * 1000) {
          const res = await fetch(`${base}/api/manager/open-model-task/${task}/`, { headers });
          if (res.status === 200) return (performance.now() - s) / 1000;
          if (res.status !== 202) throw new Error(`task: ${res.status} ${await res.text()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        return null;
      };
      const shown = (s: number | null) => (s === null ? `> ${GIVE_UP_S} s (gave up)` : `${s.toFixed(2)} s`);

      /** An edit link of USR on a new model, locked: its PUT. */
      const lockedLink = async (tree?: Tree) => {
        tree ??= await seedTree(db, tenant, { roles });
        const url = await editLinkFor(db, tenant, tree, { publicUrl: base, userId: tenant.usr.id, filename: 'Grex model.xlsx', now: new Date(), hours: 24 });
        const lock = await fetch(url, { method: 'LOCK', headers: { 'content-type': 'application/xml', timeout: 'Second-600' }, body: LOCKINFO });
        const token = /<([^>]+)>/.exec(lock.headers.get('lock-token') ?? '')?.[1];
        if (!token) throw new Error(`LOCK: ${lock.status}`);
        return (body: Uint8Array) => fetch(url, { method: 'PUT', headers: { if: `(<${token}>)` }, body: Buffer.from(body) });
      };

      await openSeconds(ordinary.modelId); // warm-up: module loading, the threads' start
      const quiet = [await openSeconds(ordinary.modelId), await openSeconds(ordinary.modelId), await openSeconds(ordinary.modelId)];
      console.log(`open of a model on a quiet server: median ${shown(median(quiet.map((s) => s ?? Infinity)))}`);

      // Figure 1: memory during the zip bomb.
      const before = memory(pid);
      let s = performance.now();
      const put = await (await lockedLink())(bomb);
      const putMs = performance.now() - s;
      const afterPut = memory(pid);
      const form = multipart({ name: 'Bom', n_models_min: 1, n_models_max: 2 }, { filename: 'bom.xlsx', data: Buffer.from(bomb) });
      s = performance.now();
      const report = await fetch(`${base}/api/manager/template-report/`, { method: 'POST', headers: { ...(await auth(tenant.staff)), ...form.headers }, body: form.payload });
      const reportMs = performance.now() - s;
      const afterReport = memory(pid);
      console.log(`zip bomb: ${(bomb.length / 1e6).toFixed(2)} MB, 450 MB unpacked`);
      console.log(`  WebDAV PUT (locked): ${put.status} in ${Math.round(putMs)} ms; report template upload: ${report.status} in ${Math.round(reportMs)} ms`);
      console.log(`  server RSS before ${before.rss} MB (peak so far ${before.peak} MB); peak after the PUT ${afterPut.peak} MB (+${afterPut.peak - before.peak} MB), after the upload ${afterReport.peak} MB (+${afterReport.peak - before.peak} MB); RSS now ${afterReport.rss} MB`);

      // Figure 2: an open while two workbooks are being saved (their results jobs): ordinary ones first (the
      // control, which also loads the engine into the threads), then two of 150,000 unclosed <row> tags.
      const afterTwoSaves = async (what: string, xlsx: Uint8Array) => {
        for (let i = 0; i < 2; i++) {
          const save = await lockedLink();
          s = performance.now();
          const status = (await save(xlsx)).status;
          console.log(`  save ${i + 1} of ${what} (${(xlsx.length / 1e3).toFixed(1)} kB zipped): ${status} in ${Math.round(performance.now() - s)} ms`);
        }
        const busy = await openSeconds(ordinary.modelId);
        console.log(`open of an unrelated model right after two saves of ${what}: ${shown(busy)} (quiet: ${shown(median(quiet.map((q) => q ?? Infinity)))})`);
      };
      await afterTwoSaves('the ordinary workbook', ordinaryXlsx);
      await afterTwoSaves('150,000 unclosed <row> tags', unclosedRowsWorkbook());
    } finally {
      await kill(server);
      removeTempDirs();
      await signer.close();
    }
  });
}
