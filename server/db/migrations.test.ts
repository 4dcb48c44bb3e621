import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { connect } from './index.ts';
import { migrateDb } from './migrate.ts';
import { withDatabase } from '../../test/server/globalSetup.ts';

// Data folders of an earlier version upgrade through the migrations as they are: a database that only
// has the first migration (0.2, with that seed's file-less report templates) reaches today's schema.

const adminUrl = inject('adminUrl');
const name = `grondslag_upgrade_${randomBytes(4).toString('hex')}`;
const folders: string[] = [];

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

it('a database of the first migration migrates to the current schema, without the placeholder report templates', async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = connect(withDatabase(adminUrl, name), 2);
  try {
    // The migrations folder as 0.2 had it: the first migration only.
    const all = fileURLToPath(new URL('./migrations', import.meta.url));
    const first = mkdtempSync(join(tmpdir(), 'grondslag-migrations-'));
    folders.push(first);
    cpSync(all, first, { recursive: true });
    const journalFile = join(first, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    expect(journal.entries.length).toBeGreaterThan(1);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
    await migrate(db, { migrationsFolder: first });
    const { rows: [c] } = await db.execute<{ id: number }>(sql`INSERT INTO client (name) VALUES ('Oud') RETURNING id`);
    await db.execute(sql`INSERT INTO template_report (client_id, name) VALUES (${c!.id}, 'Overzicht grondexploitaties'), (${c!.id}, 'Vergelijking twee versies'), (${c!.id}, 'Eigen sjabloon')`);

    await migrateDb(db);

    const { rows: tables } = await db.execute<{ t: string }>(sql`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(tables.map((r) => r.t)).toEqual(expect.arrayContaining(['model_result', 'bi_link', 'documentation', 'client_region', 'oauth_viewer']));
    const { rows: left } = await db.execute<{ name: string }>(sql`SELECT name FROM template_report ORDER BY name`);
    expect(left.map((r) => r.name)).toEqual(['Eigen sjabloon']);
    const { rows: gone } = await db.execute(sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'version_model' AND column_name = 'outline_uri'`);
    expect(gone).toEqual([]);
  } finally {
    await db.$client.end();
  }
});
