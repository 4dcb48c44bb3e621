import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../server/db/embedded.ts';
import { connect } from '../../server/db/index.ts';
import { migrateDb } from '../../server/db/migrate.ts';
import { freePort } from '../../server/net.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole API run: the embedded server in a temporary folder, or the server of
 * TEST_DATABASE_URL. A migrated template database is built once; every test file clones it
 * (test/server/app.ts), so each file starts on a fresh database.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDb | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'grondslag-test-'));
    chmodSync(dir, 0o755); // the embedded database runs as `postgres` when we are root
    embedded = await startEmbeddedPostgres(dir, await freePort());
    adminUrl = embedded.url;
  }
  const templateDb = `grondslag_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const db = connect(withDatabase(adminUrl, templateDb), 1);
  await migrateDb(db);
  await db.$client.end();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'grondslag_t%_${process.pid}%' OR datname = $1`, [templateDb],
    );
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => {});
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
