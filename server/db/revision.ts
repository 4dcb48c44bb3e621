import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';

// Triggers that raise a client's data revision (table data_revision, see schema/revision.ts) on every
// insert, update or delete of a row that cached answers are made of. Drizzle's migrations hold tables
// only, so these are installed by migrateDb() after the migrations: the functions are replaced on every
// start (no table lock), a trigger is created only when its table lacks the current version (TRIGGER
// below; raise it when a trigger's definition changes), so a starting instance does not lock the tables
// that running instances write.
//
// They are deferred constraint triggers: they run at COMMIT, after the transaction took all its row
// locks, so the lock on the client's revision row is held only for the commit itself and cannot take
// part in a deadlock with the transaction's other row locks. Within one transaction a client is raised
// once (a transaction-local setting remembers it). A row whose parent is gone at commit (deleted in the
// same transaction) is covered by the parent's own trigger, up to the project, which knows its client.

/** The tables, how a row leads to its client, and the events that matter. */
const TABLES: { table: string; via: 'client' | 'project' | 'version' | 'model'; events: string }[] = [
  { table: 'project', via: 'client', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'subregion', via: 'client', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'type_project', via: 'client', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'template_model', via: 'client', events: 'INSERT OR UPDATE OR DELETE' },
  // names of creators and modifiers appear in the lists; sign-ins (last_login, MFA step) do not count
  { table: 'app_user', via: 'client', events: 'INSERT OR DELETE OR UPDATE OF first_name, last_name, client_id' },
  { table: 'project_role', via: 'project', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'version_model', via: 'project', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'model', via: 'version', events: 'INSERT OR UPDATE OR DELETE' },
  { table: 'model_session', via: 'model', events: 'INSERT OR UPDATE OR DELETE' },
  // the overview map's regions (GET mapviewer/overview/regions/)
  { table: 'version_region', via: 'version', events: 'INSERT OR UPDATE OR DELETE' },
];

/** Per way to the client: the row's column that leads there and the client of a value of it. */
const VIA = {
  client: { key: 'client_id', client: (k: string) => k },
  project: { key: 'project_id', client: (k: string) => `(SELECT p.client_id FROM project p WHERE p.id = ${k})` },
  version: { key: 'version_id', client: (k: string) => `(SELECT p.client_id FROM version_model v JOIN project p ON p.id = v.project_id WHERE v.id = ${k})` },
  model: { key: 'model_id', client: (k: string) => `(SELECT p.client_id FROM model m JOIN version_model v ON v.id = m.version_id
      JOIN project p ON p.id = v.project_id WHERE m.id = ${k})` },
};

/** Version of the trigger definitions; the name of each installed trigger carries it. */
const TRIGGER = 'data_revision_v1';

const FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION data_revision_raise(cid integer) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF cid IS NULL OR current_setting('grondslag.revision_raised_' || cid, true) = 'y' THEN RETURN; END IF;
    INSERT INTO data_revision AS r (client_id, revision) SELECT cid, 1 WHERE EXISTS (SELECT 1 FROM client WHERE id = cid)
      ON CONFLICT (client_id) DO UPDATE SET revision = r.revision + 1;
    PERFORM set_config('grondslag.revision_raised_' || cid, 'y', true);
  END $$`,
  `CREATE OR REPLACE FUNCTION data_revision_raise_all() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE data_revision SET revision = revision + 1;
    RETURN NULL;
  END $$`,
  // Bulk writes pass many rows of the same parent: the parent last raised for is remembered (a parent
  // never changes client), so its client is not looked up again.
  ...Object.entries(VIA).map(([via, { key, client }]) => `CREATE OR REPLACE FUNCTION data_revision_by_${via}() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE o integer; n integer;
  BEGIN
    IF TG_OP <> 'INSERT' THEN o := OLD.${key}; END IF;
    IF TG_OP <> 'DELETE' THEN n := NEW.${key}; END IF;
    IF o IS NOT NULL AND current_setting('grondslag.revision_last_${via}', true) IS DISTINCT FROM o::text THEN
      PERFORM data_revision_raise(${client('o')});
      PERFORM set_config('grondslag.revision_last_${via}', o::text, true);
    END IF;
    IF n IS NOT NULL AND n IS DISTINCT FROM o AND current_setting('grondslag.revision_last_${via}', true) IS DISTINCT FROM n::text THEN
      PERFORM data_revision_raise(${client('n')});
      PERFORM set_config('grondslag.revision_last_${via}', n::text, true);
    END IF;
    RETURN NULL;
  END $$`),
];

/** The statements that give `table` the current triggers, replacing older versions. */
const triggerDdl = ({ table, via, events }: (typeof TABLES)[number], old: string[]) => [
  ...old.map((name) => `DROP TRIGGER ${name} ON ${table}`),
  `CREATE CONSTRAINT TRIGGER ${TRIGGER} AFTER ${events} ON ${table}
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_revision_by_${via}()`,
  `CREATE TRIGGER ${TRIGGER}_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION data_revision_raise_all()`,
];

/** Installs the functions and the missing triggers; called by migrateDb() under its advisory lock. */
export async function installRevisionTriggers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of FUNCTIONS) await tx.execute(sql.raw(statement));
    const { rows } = await tx.execute<{ table: string; name: string }>(sql`
      SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE 'data\_revision%' AND c.relnamespace = 'public'::regnamespace`);
    for (const t of TABLES) {
      const names = rows.filter((r) => r.table === t.table).map((r) => r.name);
      if (names.includes(TRIGGER) && names.includes(`${TRIGGER}_truncate`)) continue;
      for (const statement of triggerDdl(t, names)) await tx.execute(sql.raw(statement));
    }
  });
}
