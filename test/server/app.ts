import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { configFromEnv, type Config } from '../../server/config.ts';
import { connect, type Db } from '../../server/db/index.ts';
import type { Mail } from '../../server/context.ts';
import { withDatabase } from './globalSetup.ts';

/** A clock the test moves by hand: expiry is tested without sleeping. */
export class TestClock {
  constructor(public current = new Date('2026-03-02T09:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  /** Every mail the app sent. */
  mails: Mail[];
  /** While set, sending a mail fails with this error (the mail server down), and nothing is added to `mails`. */
  mailFailure: Error | null;
  close(): Promise<void>;
}

/** buildApp() on a fresh database cloned from the migrated template. */
export async function createTestApp(
  overrides: Partial<Config> = {}, logging: Pick<Parameters<typeof buildApp>[0], 'logger' | 'logDestination'> = {},
): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const name = `grondslag_t${randomBytes(4).toString('hex')}_${inject('templateDb').split('_').pop()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  const db = connect(withDatabase(adminUrl, name), 5);
  const clock = new TestClock();
  const base = configFromEnv({});
  const config: Config = {
    ...base,
    // The test mailer below stands in for a mail server; a test without one sets mail.host to undefined.
    mail: { ...base.mail, host: 'smtp.test' },
    clientDir: '/nonexistent',
    now: clock.now,
    ...overrides,
  };
  const mails: Mail[] = [];
  const mailer = {
    async send(m: Mail) {
      if (test.mailFailure) throw test.mailFailure;
      mails.push(m);
    },
  };
  const app = await buildApp({ config, db, mailer, ...logging });
  await app.ready();
  const test: TestApp = {
    app, db, config, clock, mails, mailFailure: null,
    async close() {
      await app.close();
      await db.$client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
  return test;
}
