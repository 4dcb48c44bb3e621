import pg from 'pg';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle, usable wherever a Db is (services accept either). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// PostgreSQL `bigint` (count(*)) arrives as text; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Bounds on the database's share of a request, so that a database that is down or stuck answers 503
 * (server/errors.ts databaseFailure) instead of holding requests: a connection (or a free one of the
 * pool) within 10 s, a statement within 60 s on the server, and the answer to it within 65 s even when
 * the server no longer answers at all (a frozen host: no error ever arrives).
 */
const TIMEOUTS = { connectionTimeoutMillis: 10_000, statement_timeout: 60_000, query_timeout: 65_000 };

export function connect(url: string, max = 10): Db {
  // application_name names the server's connections in pg_stat_activity (scripts/restore.ts looks for them).
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'grondslag', ...TIMEOUTS });
  pool.on('error', () => {}); // an idle client's error must not crash the server; queries report their own
  // Nor that of a client checked out (in a transaction, between its statements) when the database goes
  // away: pg-pool takes its idle listener off while a client is out, and an unheard 'error' ends the
  // process. The statement under way rejects with the same error, and the pool drops the dead client on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  return drizzle(pool, { schema, casing: 'snake_case' }) as Db;
}

const dialect = new PgDialect();

/**
 * A named prepared statement made from a drizzle `sql` template whose values are `sql.placeholder(name)`s:
 * PostgreSQL parses it once per connection and, after a few runs, keeps its plan, so a hot read does not
 * pay planning on every request. Runs on the pool (not inside a transaction).
 */
export function prepared<Row extends pg.QueryResultRow>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> =>
    (await db.$client.query<Row>({ name, text, values: fillPlaceholders(params, values) })).rows;
}

export { schema };
