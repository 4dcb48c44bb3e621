import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { auditLog, job, model, project, projectRole, savedModel, storedFile, versionModel } from '../db/schema/index.ts';
import { createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { seedTree } from '../../test/server/projectFixtures.ts';
import { bigWorkbook } from '../../bench/jobs.ts';
import type { ModelData } from '../../src/model/modelData.ts';
import type { Db } from '../db/index.ts';
import { sleep, TestPostgres, testDb } from '../../test/server/faults.ts';
import { call, kill, signIn, startServer, stopServer, type ServerProcess } from '../../test/server/serverProcess.ts';

// SIGKILL of a server process during 50 concurrent saves of online models and during a running job:
// after a restart every acknowledged save is in the database exactly as sent, a save that failed left
// nothing half-written, and the job is finished once, by another run.

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;
const SAVES = 50;
/** The server's environment: a killed run's job is taken up again after 8 s (JOB_EXPIRE_SECONDS). */
let env: Record<string, string>;
const pgServer = new TestPostgres();
let db: Db;
let tenant: Tenant;
let server: ServerProcess;

beforeAll(async () => {
  await pgServer.start();
  env = { DATABASE_URL: pgServer.url, JOB_EXPIRE_SECONDS: '8' };
  server = await startServer(env); // migrates and seeds the database
  db = testDb(pgServer.url);
  tenant = await createTenant(db, 'kill');
});
afterAll(async () => {
  if (server) await stopServer(server);
  await db?.$client.end();
  await pgServer.cleanup();
});

/** `count` online models, each named `Online <i>`, that the tenant's USR may save. */
async function onlineModels(count: number): Promise<number[]> {
  const [p] = await db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: tenant.clientId, name: 'Kill', subregionId: tenant.subregionId, typeProjectId: tenant.typeProjectId }).returning();
  await db.insert(projectRole).values({ projectId: p.id, userId: tenant.usr.id, role: 'USR' });
  const [v] = await db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'Versie 1' }).returning();
  const rows = await db.insert(model).values(Array.from({ length: count }, (_, i) => (
    { createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name: `Online ${i}`, modelPlatform: 'online' as const, modelData: example }))).returning({ id: model.id });
  return rows.map((r) => r.id);
}

/** The data of save `i`: the example with its own interest rate, so that every model's save is told apart. */
const sent = (i: number): ModelData => ({ ...example, base_parameters: { ...example.base_parameters, interest_discount_rate_percentage: 3 + i / 100 } });

describe('SIGKILL of a server', () => {
  it('during 50 concurrent saves: every acknowledged save is kept exactly, no failed save is half-written', async () => {
    const ids = await onlineModels(SAVES);
    const token = await signIn(server.base, tenant.usr.email);
    let acknowledged = 0;
    let killed: Promise<void> | null = null;
    const answers = await Promise.all(ids.map(async (id, i) => {
      const res = await call(server.base, token, 'POST', `/api/grexonline/model/${id}/`, { ...sent(i), data_version: 0 });
      // Killed while the saves are under way: after the tenth acknowledgement, with the rest in flight.
      if (res.status >= 200 && res.status < 300 && ++acknowledged === 10) killed = kill(server);
      return res;
    }));
    await killed;
    const ok = answers.flatMap((a, i) => (a.status >= 200 && a.status < 300 ? [i] : []));
    const failed = answers.flatMap((a, i) => (a.status >= 200 && a.status < 300 ? [] : [i]));
    expect(answers.filter((a) => a.status >= 300 && a.status !== 0)).toEqual([]); // only 2xx or no answer
    expect(failed.length).toBeGreaterThan(0); // the kill came during the saves

    server = await startServer(env);
    const rows = await db.select({ id: model.id, name: model.name, data: model.modelData, version: model.dataVersion }).from(model).where(inArray(model.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const audits = await db.select({ action: auditLog.description }).from(auditLog).where(like(auditLog.description, "Modelgegevens van rekenmodel 'Online %"));
    const audited = new Set(audits.map((a) => a.action));
    const savedAsSent = (i: number) => {
      const r = byId.get(ids[i])!;
      const data = r.data as ModelData;
      return r.version === 1 && data.base_parameters.interest_discount_rate_percentage === 3 + i / 100
        && isDeepStrictEqual(data.cost_estimate, example.cost_estimate)
        && audited.has(`Modelgegevens van rekenmodel 'Online ${i}' in versie 'Versie 1' opgeslagen`);
    };
    const untouched = (i: number) => {
      const r = byId.get(ids[i])!;
      return r.version === 0 && isDeepStrictEqual(r.data, example) && !audited.has(`Modelgegevens van rekenmodel 'Online ${i}' in versie 'Versie 1' opgeslagen`);
    };
    const lost = ok.filter((i) => !savedAsSent(i));
    // A failed save either never committed or committed whole before its answer was lost; nothing between.
    const partial = failed.filter((i) => !savedAsSent(i) && !untouched(i));
    console.log(`SIGKILL during ${SAVES} concurrent saves: ${ok.length} acknowledged, acknowledged saves lost = ${lost.length}; `
      + `${failed.length} without an answer (${failed.filter(savedAsSent).length} committed whole, ${failed.filter(untouched).length} not at all), partial writes = ${partial.length}`);
    expect(lost).toEqual([]);
    expect(partial).toEqual([]);

    // The restarted server answers the saved data, and a failed save can simply be sent again.
    const again = await signIn(server.base, tenant.usr.email);
    const read = await call(server.base, again, 'GET', `/api/grexonline/model/${ids[ok[0]]}/`);
    expect(read.body.base_parameters).toMatchObject({ interest_discount_rate_percentage: 3 + ok[0] / 100 });
    const retry = failed.find(untouched);
    if (retry !== undefined) {
      expect((await call(server.base, again, 'POST', `/api/grexonline/model/${ids[retry]}/`, { ...sent(retry), data_version: 0 })).status).toBe(200);
    }
  }, 180_000);

  it('during a running job: the job is run again after the restart and finishes once', async () => {
    const tree = await seedTree(db, tenant, { roles: { [tenant.usr.id]: 'USR' }, models: 2 });
    const models = (await db.select({ id: model.id }).from(model).where(eq(model.versionId, tree.versionId)).orderBy(model.id)).map((r) => r.id);
    // A 2 MB workbook: its open-model run lasts long enough to be killed in.
    const xlsx = Buffer.from(await bigWorkbook());
    await db.update(storedFile).set({ data: xlsx, size: xlsx.byteLength })
      .where(inArray(storedFile.id, db.select({ id: savedModel.fileId }).from(savedModel).where(inArray(savedModel.modelId, models))));
    let token = await signIn(server.base, tenant.usr.email);
    const newFiles = async (after: number) => (await db.select({ n: sql<number>`count(*)` }).from(storedFile).where(sql`${storedFile.id} > ${after}`))[0].n;
    const lastFile = async () => (await db.select({ id: sql<number>`coalesce(max(${storedFile.id}), 0)` }).from(storedFile))[0].id;
    const finish = async (task: string) => {
      for (;;) {
        const res = await call(server.base, token, 'GET', `/api/manager/open-model-task/${task}/`);
        if (res.status !== 202) return res;
        await sleep(200);
      }
    };

    // An uninterrupted run first: the files one job leaves.
    let before = await lastFile();
    const plain = await call(server.base, token, 'GET', `/api/manager/model/${models[0]}/open/`);
    expect((await finish(plain.body.open_model_task as string)).status).toBe(200);
    const filesPerJob = await newFiles(before);

    before = await lastFile();
    const open = await call(server.base, token, 'GET', `/api/manager/model/${models[1]}/open/`);
    const task = open.body.open_model_task as string;
    for (;;) {
      const [row] = await db.select({ status: job.status }).from(job).where(eq(job.id, task));
      if (row.status === 'running') break;
      expect(row.status).toBe('queued'); // it must not finish before the kill
      await sleep(5);
    }
    await kill(server);
    const [atKill] = await db.select().from(job).where(eq(job.id, task));
    expect(atKill).toMatchObject({ status: 'running', attempts: 1, resultFileId: null });

    server = await startServer(env);
    token = await signIn(server.base, tenant.usr.email);
    expect((await finish(task)).status).toBe(200);
    // pg-boss settles the job too; a run it thought lost (slower than JOB_EXPIRE_SECONDS) is run once more and finds it done.
    let boss: { state: string }[] = [];
    for (let i = 0; i < 300; i++) {
      boss = (await db.execute<{ state: string }>(sql`SELECT state FROM pgboss.job WHERE id = ${task}`)).rows;
      if (!boss.some((r) => ['created', 'retry', 'active'].includes(r.state))) break;
      await sleep(200);
    }
    const [done] = await db.select().from(job).where(eq(job.id, task));
    console.log(`SIGKILL during a running job: finished after the restart in run ${done.attempts}; files stored ${await newFiles(before)} (one run stores ${filesPerJob}); pg-boss state ${boss.map((r) => r.state).join(', ')}`);
    expect(done.status).toBe('done');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(await newFiles(before)).toBe(filesPerJob);
    expect(boss.map((r) => r.state)).toEqual(['completed']);
    const results = await db.select({ id: job.id }).from(job).where(and(eq(job.modelId, models[1]), eq(job.status, 'done')));
    expect(results).toHaveLength(1);
  }, 180_000);
});
