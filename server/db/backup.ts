import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';

// Backups of the product's data (`npm run backup`, `npm run restore -- FILE`, scripts/backup.ts).
// Not pg_dump: the embedded PostgreSQL (18) ships no pg_dump, and Debian's (15) refuses a newer server.
// A backup is the rows of every table of the schema `public` (files included: they live in stored_file)
// and the sequences' values, read in one snapshot (REPEATABLE READ), as gzipped lines of JSON made by
// PostgreSQL itself (row_to_json, so numbers and bytes round-trip exactly), with the schema version
// (the applied migrations) in its header. A restore fills a database of the same schema version in one
// transaction: it succeeds whole or changes nothing. The job queue (schema pgboss) is not kept: a job
// that was waiting or running when the backup was made is marked failed by the restore.

const FORMAT = 'grondslag-backup';
/** Rows per batch; fewer for tables with bytes (stored files of up to MAX_UPLOAD_MB each). */
const BATCH = { plain: 1_000, bytes: 5 };

interface Header { format: string; version: 1; created: string; migrations: string[] }
interface Table { name: string; columns: string[]; bytes: boolean }

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** The applied migrations, oldest first (drizzle's journal); empty for a database never migrated. */
export async function migrations(c: pg.ClientBase): Promise<string[]> {
  const { rows } = await c.query<{ hash: string }>(
    `SELECT hash FROM drizzle.__drizzle_migrations WHERE to_regclass('drizzle.__drizzle_migrations') IS NOT NULL ORDER BY created_at, id`,
  ).catch(() => ({ rows: [] as { hash: string }[] }));
  return rows.map((r) => r.hash);
}

/** The tables of `public`, each after the tables its foreign keys point to, with their writable columns. */
async function tables(c: pg.ClientBase): Promise<Table[]> {
  const { rows } = await c.query<{ name: string; columns: string[]; bytes: boolean; refs: string[] }>(`
    SELECT t.relname::text AS name,
      array(SELECT a.attname FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum)::text[] AS columns,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.atttypid = 'bytea'::regtype AND NOT a.attisdropped) AS bytes,
      array(SELECT DISTINCT r.relname FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid WHERE f.conrelid = t.oid AND f.contype = 'f' AND f.confrelid <> t.oid)::text[] AS refs
    FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p') AND NOT t.relispartition ORDER BY t.relname`);
  const ordered: Table[] = [];
  const placed = new Set<string>();
  let rest = rows;
  while (rest.length) {
    const ready = rest.filter((t) => t.refs.every((r) => placed.has(r)));
    if (!ready.length) throw new Error(`Tabellen met kringverwijzingen: ${rest.map((t) => t.name).join(', ')}.`);
    for (const t of ready) {
      ordered.push({ name: t.name, columns: t.columns, bytes: t.bytes });
      placed.add(t.name);
    }
    rest = rest.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** Writes a backup of the database `c` is connected to into `file`; the number of rows per table. */
export async function writeBackup(c: pg.ClientBase, file: string): Promise<Record<string, number>> {
  const out = createGzip();
  const done = out.pipe(createWriteStream(file, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  const counts: Record<string, number> = {};
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const header: Header = { format: FORMAT, version: 1, created: new Date().toISOString(), migrations: await migrations(c) };
    await write(JSON.stringify(header));
    for (const t of await tables(c)) {
      counts[t.name] = 0;
      let after = '(0,0)';
      for (;;) {
        // Rows in their physical order (ctid), a batch at a time; JSON text straight from PostgreSQL.
        const { rows } = await c.query<{ tid: string; row: string }>(
          `SELECT t.ctid::text AS tid, row_to_json(t)::text AS row FROM ${ident(t.name)} t WHERE t.ctid > $1::tid ORDER BY t.ctid LIMIT ${t.bytes ? BATCH.bytes : BATCH.plain}`,
          [after]);
        if (!rows.length) break;
        await write(JSON.stringify({ table: t.name, columns: t.columns, count: rows.length }));
        await write(`[${rows.map((r) => r.row).join(',')}]`);
        counts[t.name] += rows.length;
        after = rows[rows.length - 1].tid;
      }
    }
    const { rows: sequences } = await c.query<{ name: string }>(
      `SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`);
    const values = [];
    for (const s of sequences) {
      const [v] = (await c.query<{ value: string; called: boolean }>(`SELECT last_value::text AS value, is_called AS called FROM ${s.name}`)).rows;
      values.push({ name: s.name, ...v });
    }
    await write(JSON.stringify({ sequences: values }));
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    out.destroy();
    throw e;
  }
  out.end();
  await once(done, 'finish');
  return counts;
}

/**
 * Replaces all data of the database `c` is connected to by the backup in `file`, in one transaction.
 * The database must have the backup's schema version (an empty one is migrated first by the caller).
 */
export async function restoreBackup(c: pg.ClientBase, file: string): Promise<Record<string, number>> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const r = await lines.next();
    if (r.done) throw new Error(`${file} is afgebroken: de back-up is onvolledig.`);
    return r.value;
  };
  let header: Header;
  try {
    header = JSON.parse(await next()) as Header;
  } catch {
    header = { format: '' } as Header;
  }
  if (header.format !== FORMAT) throw new Error(`${file} is geen back-up van Grondslag.`);
  const own = await migrations(c);
  if (own.join() !== header.migrations.join()) {
    throw new Error(
      `De back-up heeft schemaversie ${header.migrations.length} (gemaakt ${header.created}), deze database ${own.length}. ` +
        'Herstel met de versie van Grondslag die de back-up maakte; een nieuwere versie werkt de database bij het starten bij.',
    );
  }
  const counts: Record<string, number> = {};
  const all = await tables(c);
  await c.query('BEGIN');
  try {
    await c.query(`TRUNCATE ${all.map((t) => ident(t.name)).join(', ')} RESTART IDENTITY CASCADE`);
    // Not the product's own triggers (the data revision, server/db/revision.ts): the rows come back as they were.
    for (const t of all) await c.query(`ALTER TABLE ${ident(t.name)} DISABLE TRIGGER USER`);
    for (;;) {
      const meta = JSON.parse(await next()) as { table?: string; columns?: string[]; count?: number; sequences?: { name: string; value: string; called: boolean }[] };
      if (meta.sequences) {
        for (const s of meta.sequences) await c.query(`SELECT setval($1, $2::bigint, $3)`, [s.name, s.value, s.called]);
        break;
      }
      const cols = meta.columns!.map(ident).join(', ');
      const table = ident(meta.table!);
      await c.query(`INSERT INTO ${table} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(null::${table}, $1::json)`, [await next()]);
      counts[meta.table!] = (counts[meta.table!] ?? 0) + meta.count!;
    }
    for (const t of all) await c.query(`ALTER TABLE ${ident(t.name)} ENABLE TRIGGER USER`);
    // Their queue entries are not in the backup: nobody would ever run them.
    await c.query(`UPDATE job SET status = 'failed', finished_at = now() WHERE status IN ('queued', 'running')`);
    await c.query('COMMIT');
  } catch (e) {
    await c.query('ROLLBACK').catch(() => {});
    throw e;
  }
  return counts;
}

/** The other sessions on the database `c` is connected to (servers, job workers, tools), by application name. */
export async function otherSessions(c: pg.ClientBase): Promise<string[]> {
  const { rows } = await c.query<{ name: string }>(`
    SELECT coalesce(nullif(application_name, ''), client_addr::text, 'onbekend') AS name FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
  return rows.map((r) => r.name);
}

