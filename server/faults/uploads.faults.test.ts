import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { savedModel, storedFile } from '../db/schema/index.ts';
import { DISK_FULL } from '../errors.ts';
import { createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import type { Db } from '../db/index.ts';
import { TestPostgres, testDb } from '../../test/server/faults.ts';
import { call, signIn, startServer, stopServer, tempDir, type ServerProcess } from '../../test/server/serverProcess.ts';

// Oversize bodies (413) and a full disk (507) are refused with Dutch messages, and leave nothing behind:
// no stored file, no history entry pointing at a missing or partial one. Files live in PostgreSQL
// (server/storage/files.ts), so "disk full" is the database's disk: the table of stored files is moved
// to a tablespace on a small tmpfs that is then filled. Where no tmpfs can be mounted (not root), a
// trigger raises PostgreSQL's own disk_full error (53100) at the same place instead.

const pgServer = new TestPostgres();
let db: Db;
let tenant: Tenant;
let tree: Tree;
let server: ServerProcess;
let token: string;
let mounted: string | null = null;

beforeAll(async () => {
  await pgServer.start();
  server = await startServer({ DATABASE_URL: pgServer.url, MAX_UPLOAD_MB: '1' });
  db = testDb(pgServer.url);
  tenant = await createTenant(db, 'uploads');
  tree = await seedTree(db, tenant, { roles: { [tenant.staff.id]: 'ADM' } });
  token = await signIn(server.base, tenant.staff.email);
});
afterAll(async () => {
  if (server) await stopServer(server);
  if (mounted) {
    await db.$client.query('ALTER TABLE stored_file SET TABLESPACE pg_default').catch(() => {});
    await db.$client.query('DROP TABLESPACE IF EXISTS faults_tiny').catch(() => {});
  }
  await db?.$client.end();
  await pgServer.stop();
  if (mounted) execFileSync('umount', [mounted]);
  await pgServer.cleanup();
});

const upload = async (bytes: number) => {
  const body = multipart({}, { filename: 'model.xlsx', data: randomBytes(bytes) }); // random: nothing to compress
  const res = await fetch(`${server.base}/api/manager/model/${tree.modelId}/saved-model/`, {
    method: 'POST', headers: { ...body.headers, authorization: `Bearer ${token}` }, body: body.payload,
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
};

/** The stored files and the model's history entries; the active entry. */
const state = async () => ({
  files: (await db.select({ n: sql<number>`count(*)` }).from(storedFile))[0].n,
  history: (await db.select({ id: savedModel.id, active: savedModel.active }).from(savedModel).where(eq(savedModel.modelId, tree.modelId))),
  dangling: (await db.execute(sql`SELECT 1 FROM saved_model s LEFT JOIN stored_file f ON f.id = s.file_id WHERE f.id IS NULL OR f.size <> s.filesize`)).rows.length,
});

/** A tmpfs of `mb` MB for a tablespace of the embedded server (which runs as `postgres` when we are root); null when it cannot be mounted. */
function mountTmpfs(mb: number): string | null {
  if (process.getuid?.() !== 0) return null;
  const dir = tempDir('faults-tmpfs');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0755`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
  mkdirSync(join(dir, 'pg'));
  chownSync(join(dir, 'pg'), uid, gid);
  return dir;
}

describe('oversize uploads and a full disk', () => {
  it('refuses a JSON body and a file above MAX_UPLOAD_MB with 413, writing nothing', async () => {
    const before = await state();
    const json = await call(server.base, token, 'POST', `/api/grexonline/model/${tree.modelId}/`, { padding: 'x'.repeat(1_500_000), data_version: 0 });
    expect(json.status).toBe(413);
    expect(json.body.message).toBe('Het bestand is te groot.');
    const file = await upload(1_500_000);
    expect(file).toEqual({ status: 413, body: { message: 'Het bestand is te groot (maximaal 1 MB).', errors: [] } });
    expect(await state()).toEqual(before);
  });

  it('lets a client that is still sending its body read the 413 every time (lingering close)', async () => {
    // Without it, the server reset the connection under the body still arriving: fetch saw "write EPIPE"
    // instead of the 413 one time in three (so 20 tries fail all but surely).
    const answers = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      const res = await call(server.base, token, 'POST', `/api/grexonline/model/${tree.modelId}/`, { padding: 'x'.repeat(1_500_000 + (i % 5) * 1_000_000) });
      const key = `${res.status} ${res.body.message}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ '413 Het bestand is te groot.': 20 });
  });

  it('answers 507 with a Dutch message when the disk is full, leaves nothing half-written, and saves once there is room', async () => {
    mounted = mountTmpfs(16);
    if (mounted) {
      await db.$client.query(`CREATE TABLESPACE faults_tiny LOCATION '${join(mounted, 'pg')}'`);
      await db.$client.query('ALTER TABLE stored_file SET TABLESPACE faults_tiny');
      // Fill the disk up to 200 kB: a 900 kB file no longer fits.
      const { bavail, bsize } = statfsSync(mounted);
      writeFileSync(join(mounted, 'filler'), Buffer.alloc(bavail * bsize - 200_000));
    } else {
      await db.$client.query(`CREATE FUNCTION faults_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`);
      await db.$client.query('CREATE TRIGGER faults_disk_full BEFORE INSERT ON stored_file FOR EACH ROW EXECUTE FUNCTION faults_disk_full()');
    }
    console.log(`disk full: ${mounted ? 'a real full tmpfs under the stored files' : 'PostgreSQL\'s disk_full error raised by a trigger (no tmpfs could be mounted)'}`);
    const before = await state();
    const full = await upload(900_000);
    expect(full).toEqual({ status: 507, body: { message: DISK_FULL, errors: [] } });
    expect(await state()).toEqual(before);
    expect(before.dangling).toBe(0);

    if (mounted) rmSync(join(mounted, 'filler'));
    else await db.$client.query('DROP TRIGGER faults_disk_full ON stored_file');
    expect((await upload(900_000)).status).toBe(201);
    const after = await state();
    expect(after.files).toBe(before.files + 1);
    expect(after.dangling).toBe(0);
    const active = await db.select({ size: savedModel.filesize }).from(savedModel).where(and(eq(savedModel.modelId, tree.modelId), eq(savedModel.active, true)));
    expect(active).toEqual([{ size: 900_000 }]);
  });
});
