import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';

// Triggers that raise a client's data revision (table data_revision, see schema/revision.ts) on every
// insert, update or delete of a row that cached answers are made of. Drizzle's migrations hold tables
// only, so these are (re)created by migrateDb() after the migrations, in one transaction.
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
];

const lookup = {
  client: (r: string) => `${r}.client_id`,
  project: (r: string) => `(SELECT p.client_id FROM project p WHERE p.id = ${r}.project_id)`,
  version: (r: string) => `(SELECT p.client_id FROM version_model v JOIN project p ON p.id = v.project_id WHERE v.id = ${r}.version_id)`,
  model: (r: string) => `(SELECT p.client_id FROM model m JOIN version_model v ON v.id = m.version_id
      JOIN project p ON p.id = v.project_id WHERE m.id = ${r}.model_id)`,
};

export const REVISION_DDL = [
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
  ...Object.entries(lookup).map(([via, of]) => `CREATE OR REPLACE FUNCTION data_revision_by_${via}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM data_revision_raise(${of('OLD')}); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM data_revision_raise(${of('NEW')}); END IF;
    RETURN NULL;
  END $$`),
  ...TABLES.flatMap(({ table, via, events }) => [
    `DROP TRIGGER IF EXISTS data_revision ON ${table}`,
    `CREATE CONSTRAINT TRIGGER data_revision AFTER ${events} ON ${table}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_revision_by_${via}()`,
    `DROP TRIGGER IF EXISTS data_revision_truncate ON ${table}`,
    `CREATE TRIGGER data_revision_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION data_revision_raise_all()`,
  ]),
];

/** (Re)creates the functions and triggers; called by migrateDb() under its advisory lock. */
export async function installRevisionTriggers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const statement of REVISION_DDL) await tx.execute(sql.raw(statement));
  });
}
