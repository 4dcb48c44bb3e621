import { resolve } from 'node:path';

/** Everything the server reads from its environment, with safe defaults. Tests build their own. */
export interface Config {
  /** HTTP port of the product (spec: local development uses 8000). */
  port: number;
  host: string;
  /** Folder for the embedded database and other local state. */
  dataDir: string;
  /** Any PostgreSQL ≥ 15; when absent the embedded server under `${dataDir}/pg` is used. */
  databaseUrl?: string;
  /**
   * Port of the embedded PostgreSQL server. When absent a free loopback port is chosen and kept in
   * `${dataDir}/pg/port`, so several servers with their own data folders run side by side.
   */
  embeddedPgPort?: number;
  /** Folder with the built client (vite build); served when it exists. */
  clientDir: string;
  /** Largest accepted upload in bytes. */
  maxUploadBytes: number;
  /** Lifetime of an access token in seconds; the client refreshes 30 s before it ends. */
  accessTokenSeconds: number;
  refreshTokenDays: number;
  /** Sent as `Secure` on the refresh cookie when the product is served over https. */
  secureCookies: boolean;
  logLevel: string;
  mail: {
    host?: string;
    port: number;
    user?: string;
    password?: string;
    from: string;
    secure: boolean;
  };
  /** Public address of the product, used in mails and SAML. */
  publicUrl: string;
  /** How long a produced file (/files/{uuid}/…) and an opened model's WebDAV address stay valid, in hours. */
  fileLinkHours: number;
  /** How long an invitation link (a new user sets their own password) stays valid, in hours. */
  inviteHours: number;
  /** Run the job worker in this process (default on; every instance runs one). */
  jobWorker: boolean;
  /**
   * How long a job may run before it counts as lost (its worker killed) and another worker runs it
   * again (server/jobs). Also sets how often each instance looks for such jobs (a fifth of it, 1–60 s).
   */
  jobExpireSeconds: number;
  /** Worker threads for workbook and engine work (server/jobs/workbookThreads.ts); several instances on one machine share its cores. */
  workerThreads: number;
  /** Largest version region (m²) whose map data an open model fills in; larger → 424 BigArea. */
  mapMaxAreaM2: number;
  /** The clock; tests inject one to test expiry without sleeping. */
  now: () => Date;
}

function optionalInt(value: string | undefined): number | undefined {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function int(value: string | undefined, fallback: number): number {
  return optionalInt(value) ?? fallback;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8000);
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: optionalInt(env.EMBEDDED_PG_PORT),
    clientDir: resolve(env.CLIENT_DIR ?? 'dist'),
    maxUploadBytes: int(env.MAX_UPLOAD_MB, 100) * 1_000_000,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenDays: int(env.REFRESH_TOKEN_DAYS, 14),
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    mail: {
      host: env.SMTP_HOST || undefined,
      port: int(env.SMTP_PORT, 587),
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
      from: env.MAIL_FROM ?? 'Grondslag <noreply@grondslag.local>',
      secure: env.SMTP_SECURE === 'true',
    },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    fileLinkHours: int(env.FILE_LINK_HOURS, 24),
    inviteHours: int(env.INVITE_HOURS, 72),
    jobWorker: env.JOB_WORKER !== 'false',
    jobExpireSeconds: int(env.JOB_EXPIRE_SECONDS, 300),
    workerThreads: int(env.WORKER_THREADS, 2),
    mapMaxAreaM2: int(env.MAP_MAX_AREA_HA, 1_000) * 10_000,
    now: () => new Date(),
  };
}
