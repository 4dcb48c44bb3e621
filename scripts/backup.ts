// `npm run backup [-- FILE]`: a backup of the product's data (server/db/backup.ts), by default into
// DATA_DIR/backups/grondslag-<time>.backup. `npm run restore -- FILE`: replaces all data by a backup.
// The database is DATABASE_URL's, else the embedded one under DATA_DIR: the running server's (a backup
// while it runs), or started for the moment when no server runs (a restore only then).
import { mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { configFromEnv } from '../server/config.ts';
import { connect } from '../server/db/index.ts';
import { migrateDb } from '../server/db/migrate.ts';
import { embeddedUrl, keptPort, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrations, otherSessions, restoreBackup, writeBackup } from '../server/db/backup.ts';
import { lockDataDir } from '../server/lock.ts';

const restoring = process.argv[2] === 'restore';
const fileArg = process.argv[restoring ? 3 : 2];
const config = configFromEnv();
const pgDir = join(config.dataDir, 'pg');

function fail(message: string): never {
  console.error(`\n${restoring ? 'Herstel' : 'Back-up'} mislukt: ${message}\n`);
  process.exit(1);
}

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return run(config.databaseUrl);
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (e) {
    if (restoring) fail(`${(e as Error).message} Een herstel vervangt alle gegevens: stop eerst die server en herstel dan opnieuw.`);
    const port = keptPort(pgDir);
    if (!port) fail((e as Error).message);
    return run(embeddedUrl(pgDir, port)); // the running server's own database
  }
  try {
    const embedded = await startEmbeddedPostgres(pgDir, config.embeddedPgPort);
    try {
      return await run(embedded.url);
    } finally {
      await embedded.stop();
    }
  } finally {
    unlock();
  }
}

/** A client of its own, without the server pool's statement timeouts: a backup of many files takes a while. */
async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, application_name: `grondslag-${restoring ? 'restore' : 'backup'}` });
  await c.connect();
  return c;
}

const started = Date.now();
try {
  if (restoring) {
    if (!fileArg) fail('geef het bestand op: npm run restore -- BESTAND');
    const file = resolve(fileArg);
    statSync(file);
    const counts = await withDatabase(async (url) => {
      const c = await client(url);
      try {
        const others = await otherSessions(c);
        if (others.length) {
          throw new Error(`er zijn nog ${others.length} verbindingen met de database (${[...new Set(others)].join(', ')}). ` +
            'Stop eerst alle Grondslag-servers die haar gebruiken en herstel dan opnieuw.');
        }
        if (!(await migrations(c)).length) { // a new, empty database: first the schema
          const db = connect(url, 1);
          await migrateDb(db).finally(() => db.$client.end());
        }
        return await restoreBackup(c, file);
      } finally {
        await c.end();
      }
    });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Hersteld uit ${file}: ${rows} rijen in ${Object.keys(counts).length} tabellen (${Math.round((Date.now() - started) / 1000)} s). Start de server opnieuw.`);
  } else {
    const file = resolve(fileArg ?? join(config.dataDir, 'backups', `grondslag-${new Date().toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.backup`));
    mkdirSync(resolve(file, '..'), { recursive: true });
    const counts = await withDatabase(async (url) => {
      const c = await client(url);
      try {
        return await writeBackup(c, file);
      } finally {
        await c.end();
      }
    });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Back-up geschreven: ${file} (${(statSync(file).size / 1e6).toFixed(1)} MB, ${rows} rijen, ${Math.round((Date.now() - started) / 1000)} s).`);
  }
} catch (e) {
  fail((e as Error).message);
}
