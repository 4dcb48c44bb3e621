import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Db } from '../../server/db/index.ts';
import { migrateDb } from '../../server/db/migrate.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { freePort } from '../../server/net.ts';

/**
 * A benchmark's own embedded PostgreSQL in a temporary folder (`dir`), migrated, with a pool of `poolSize`;
 * stopped and removed afterwards whatever happens. Prints the machine's load first, since every figure
 * depends on it.
 */
export async function withBenchDatabase<T>(poolSize: number, run: (db: Db, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'grondslag-bench-'));
  const pg = await startEmbeddedPostgres(dir, await freePort());
  const db = connect(pg.url, poolSize);
  try {
    await migrateDb(db);
    console.log(`machine load average (1 min) at the start: ${loadavg()[0].toFixed(1)}`);
    return await run(db, dir);
  } finally {
    await db.$client.end();
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
