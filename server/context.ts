import type { Config } from './config.ts';
import type { Db, Tx } from './db/index.ts';
import type { appUser, job } from './db/schema/index.ts';

// The request context: what every service gets. The services it holds are declared here as interfaces and
// made by buildApp (server/app.ts), so this file, which every folder of the server imports, imports nothing
// above the database and the configuration.

export type UserRow = typeof appUser.$inferSelect;
export type JobRow = typeof job.$inferSelect;
export type JobKind = JobRow['kind'];
/** The queues of system jobs (server/jobs/kinds.ts SYSTEM_JOBS has a handler for each). */
export type SystemQueue = 'model-results';

/** What every service gets: the database, the configuration and the server's keys. */
export interface AppContext {
  db: Db;
  config: Config;
  tokens: Tokens;
  /** AES key for secrets at rest (MFA). */
  encryptionKey: Buffer;
  mailer: Mailer;
  /** The job queue: enqueue in a command's transaction. */
  jobs: JobQueue;
  /** Work a request starts and does not wait for (server/background.ts). */
  background: BackgroundWork;
}

/** Work started without awaiting it: its failure is logged, and `drain` (the app's close) waits for it. */
export interface BackgroundWork {
  start(work: () => Promise<void>): void;
  drain(): Promise<void>;
}

/** Who a token was signed for. */
export interface AccessClaims {
  userId: number;
  clientId: number;
  /**
   * The sign-in session an access token belongs to: its refresh-token family (issue 33.4). The bearer
   * hook accepts the token only while that session lives, so it ends with a logout or a password change.
   */
  sessionId?: string;
}

/** Signs and checks the server's tokens (server/auth/tokens.ts); `purpose` keeps an access token from serving as another. */
export interface Tokens {
  sign(claims: AccessClaims, purpose?: string, lifetimeSeconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token of this purpose (default `access`); null otherwise. */
  verify(token: string, purpose?: string): Promise<AccessClaims | null>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail (server/services/mail.ts; tests pass one that captures it). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The job queue (server/jobs/queue.ts). A rollback of `tx` removes what was enqueued; workers wake at commit. */
export interface JobQueue {
  /** The job of a just-inserted job row. */
  enqueue(tx: Tx, row: Pick<JobRow, 'id' | 'kind'>): Promise<void>;
  /** System jobs, one per key: a key already waiting is not added again. */
  enqueueSystem(tx: Tx, queue: SystemQueue, keys: readonly string[]): Promise<void>;
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
    /** The session (refresh-token family) of the request's access token; null for a file or documentation cookie. */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without an access token (login, refresh, status, reset). */
    public?: boolean;
    /** The 413's words when a body is declared larger than the route's bodyLimit (else the generic one). */
    tooLargeMessage?: string;
  }
}
