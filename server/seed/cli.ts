// `npm run seed` (first-start data when the database is empty) and `npm run seed -- --demo` (sample projects).
import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { configFromEnv } from '../config.ts';
import { connect, migrateDb } from '../db/index.ts';
import { keptPort, startEmbeddedPostgres, type EmbeddedDb } from '../db/embedded.ts';
import { lockDataDir } from '../lock.ts';
import { ensureShippedContent, printSeededUsers, seedIfEmpty } from './index.ts';
import { seedDemoProjects } from './demo.ts';

const config = configFromEnv();
let url = config.databaseUrl;
let embedded: EmbeddedDb | undefined;
let unlock = () => {};
if (!url) {
  const pgDir = join(config.dataDir, 'pg');
  try {
    unlock = lockDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres(pgDir, config.embeddedPgPort);
    url = embedded.url;
  } catch (e) {
    // The server is running on this data folder: use its database.
    const secretFile = join(pgDir, 'password');
    const port = keptPort(pgDir);
    if (!existsSync(secretFile) || port === undefined) throw e;
    url = `postgres://postgres:${encodeURIComponent(readFileSync(secretFile, 'utf8').trim())}@127.0.0.1:${port}/postgres`;
  }
}
const db = connect(url, 2);
try {
  await migrateDb(db);
  const seeded = await seedIfEmpty(db);
  if (seeded) printSeededUsers(seeded);
  await ensureShippedContent(db, config.now());
  if (process.argv.includes('--demo')) {
    const n = await seedDemoProjects(db, config.now());
    console.log(n ? `${n} voorbeeldprojecten toegevoegd.` : 'De voorbeeldprojecten bestonden al.');
  }
} finally {
  await db.$client.end();
  await embedded?.stop();
  unlock();
}
