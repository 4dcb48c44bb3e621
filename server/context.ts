import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './services/mail.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { appUser } from './db/schema/index.ts';

export type UserRow = typeof appUser.$inferSelect;

/** What every service gets: the database, the configuration and the server's keys. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: TokenService;
  /** AES key for secrets at rest (MFA). */
  encryptionKey: Buffer;
  mailer: Mailer;
  /** The job queue (server/jobs): enqueue in a command's transaction. */
  jobs: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the authenticate hook on every non-public /api route. */
    user: UserRow;
    /**
     * The data revision of the user's client (server/db/schema/revision.ts), read together with the user
     * before the request reads anything else: cached answers built from later reads are at least this new.
     */
    dataRevision: number;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token (login, refresh, status, reset). */
    public?: boolean;
  }
}
