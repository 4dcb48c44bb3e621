import { connect, type Db } from '../../server/db/index.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../server/db/embedded.ts';
import { freePort } from '../../server/net.ts';
import { removeTempDirs, tempDir } from './serverProcess.ts';

// The fault tests (server/faults/*.faults.test.ts, `npm run test:faults`) run REAL server processes
// (serverProcess.ts) against an embedded PostgreSQL that the test owns, so that it can stop and start the
// database under a running server, and kill a server while the database stays.

/** The test's own embedded PostgreSQL: stopped (a fast shutdown, as on a restart) and started again on the same port. */
export class TestPostgres {
  private running: EmbeddedDb | null = null;
  readonly dir = tempDir('faults-pg');
  url = '';
  private port = 0;

  async start(): Promise<void> {
    this.port ||= await freePort();
    this.running = await startEmbeddedPostgres(this.dir, this.port);
    this.url = this.running.url;
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    this.running = null;
  }

  async cleanup(): Promise<void> {
    await this.stop().catch(() => {});
    removeTempDirs();
  }
}

/** A pool on the test's database for fixtures and checks. */
export const testDb = (url: string): Db => connect(url, 3);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
