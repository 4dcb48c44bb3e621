import { resolve } from 'node:path';

/** Everything the server reads from its environment, with safe defaults. Tests build their own. */
export interface Config {
  /** HTTP port of the product (spec: local development uses 8000). */
  port: number;
  /** Listen address: loopback unless HOST opens it up (the demo's passwords are printed at its first start). */
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
  /** `Secure` on every cookie: SECURE_COOKIES, or else whether PUBLIC_URL is https (HSTS is sent either way). */
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
  /** Public address of the product, used in mails, SAML, WebDAV and BI links and OData's @odata.context. */
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
  /** Worker threads for workbook and engine work (server/threads/workbookThreads.ts); several instances on one machine share its cores. */
  workerThreads: number;
  /** Deadline of one task of the worker threads (server/threads/workbookThreads.ts): past it, the thread is replaced and the task fails. */
  workerTaskSeconds: number;
  /** Heap limit (MB, old generation) of every worker thread: a task that needs more fails alone, the thread is replaced. */
  workerMemoryMb: number;
  /** Of that heap, what each thread's warm engines may take (MB; at most half of it): the engines of recently computed models (server/threads/warmEngines.ts). */
  workerEnginesMb: number;
  /** Largest version region (m²) whose map data an open model fills in; larger → 424 BigArea. */
  mapMaxAreaM2: number;
  /**
   * Development only: the server may connect to a map viewer on this machine (loopback, e.g.
   * `http://localhost:…`); internal addresses stay refused either way (server/services/outbound.ts).
   */
  mapViewerAllowLoopback: boolean;
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
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: optionalInt(env.EMBEDDED_PG_PORT),
    clientDir: resolve(env.CLIENT_DIR ?? 'dist'),
    maxUploadBytes: int(env.MAX_UPLOAD_MB, 100) * 1_000_000,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenDays: int(env.REFRESH_TOKEN_DAYS, 14),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === 'true' : publicUrl.startsWith('https:'),
    logLevel: env.LOG_LEVEL ?? 'info',
    mail: {
      host: env.SMTP_HOST || undefined,
      port: int(env.SMTP_PORT, 587),
      user: env.SMTP_USER || undefined,
      password: env.SMTP_PASSWORD || undefined,
      from: env.MAIL_FROM ?? 'Grondslag <noreply@grondslag.local>',
      secure: env.SMTP_SECURE === 'true',
    },
    publicUrl,
    fileLinkHours: int(env.FILE_LINK_HOURS, 24),
    inviteHours: int(env.INVITE_HOURS, 72),
    jobWorker: env.JOB_WORKER !== 'false',
    jobExpireSeconds: int(env.JOB_EXPIRE_SECONDS, 300),
    workerThreads: int(env.WORKER_THREADS, 2),
    workerTaskSeconds: int(env.WORKER_TASK_SECONDS, 60),
    workerMemoryMb: int(env.WORKER_MEMORY_MB, 768),
    workerEnginesMb: int(env.WORKER_ENGINES_MB, 320),
    mapMaxAreaM2: int(env.MAP_MAX_AREA_HA, 1_000) * 10_000,
    mapViewerAllowLoopback: env.MAP_VIEWER_ALLOW_LOOPBACK === 'true',
    now: () => new Date(),
  };
}

/** A listen address only this machine reaches. */
const isLoopback = (host: string) => /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host);

/**
 * What an operator must know at start (printed by server/main.ts and scripts/cluster.ts): addresses that
 * say localhost to other machines, and cookies sent without Secure.
 */
export function startupNotices(env: NodeJS.ProcessEnv, config: Pick<Config, 'host' | 'publicUrl' | 'secureCookies'>): string[] {
  const notices: string[] = [];
  if (!env.PUBLIC_URL && !isLoopback(config.host)) {
    notices.push(`Let op: PUBLIC_URL is niet gezet, terwijl de server luistert op ${config.host}. De adressen die Grondslag uitgeeft `
      + `(WebDAV, BI-links, OData, SAML, e-mails) wijzen dan naar ${config.publicUrl}. Zet PUBLIC_URL op het adres waarop gebruikers de server bereiken.`);
  }
  if (!config.secureCookies) {
    notices.push(config.publicUrl.startsWith('https:')
      ? 'Let op: SECURE_COOKIES=false terwijl PUBLIC_URL https is: cookies gaan zonder Secure over de lijn. Laat SECURE_COOKIES weg of zet het op true.'
      : `Cookies zonder Secure: PUBLIC_URL (${config.publicUrl}) is geen https-adres. Bedien Grondslag buiten deze machine alleen via https, met PUBLIC_URL op dat adres.`);
  }
  return notices;
}
