import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import { schema, type Db } from './index.ts';
import { installRevisionTriggers } from './revision.ts';
import { installJobSchema } from './pgBoss.ts';

// Brings a database to today's shape. Apart from the connection (index.ts), whose types the installers
// (revision.ts, pgBoss.ts) use: the arrows run one way, migrate → installers → connection.

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations and installs the job queue's tables (pg-boss); safe to call from several
 * instances (one advisory lock). Test databases are clones of a migrated one, so they start with both.
 */
export async function migrateDb(db: Db): Promise<void> {
  // On a connection of its own without the statement timeouts: a migration of a large table may take longer.
  const own = new pg.Pool({ connectionString: db.$client.options.connectionString, max: 1, application_name: 'grondslag-migrate' });
  const mdb = drizzle(own, { schema, casing: 'snake_case' }) as Db;
  try {
    await own.query('SELECT pg_advisory_lock(74210001)');
    try {
      await migrate(mdb, { migrationsFolder });
      await installRevisionTriggers(mdb);
      await installJobSchema(own);
    } finally {
      await own.query('SELECT pg_advisory_unlock(74210001)');
    }
  } finally {
    await own.end();
  }
}
