import type pg from 'pg';
import { getConstructionPlans } from 'pg-boss';

/** The PostgreSQL schema of the job queue's own tables (pg-boss). */
export const JOB_SCHEMA = 'pgboss';

/**
 * Installs pg-boss's tables when they are missing (migrateDb, under its lock), so test databases, clones
 * of a migrated one, start with them. A newer pg-boss migrates its own tables when it starts.
 */
export async function installJobSchema(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ t: string | null }>(`SELECT to_regclass('${JOB_SCHEMA}.version')::text AS t`);
  if (!rows[0].t) await pool.query(getConstructionPlans(JOB_SCHEMA));
}
