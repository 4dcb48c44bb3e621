import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { buildApp } from '../app.ts';
import { connect, type Db } from '../db/index.ts';
import { migrateDb } from '../db/migrate.ts';

// The cached lists (GET project/, GET model/?version_model_id=; the overview regions in routes/map.test.ts) must never be stale: every write to
// what they are made of raises the client's data revision at commit (server/db/revision.ts). These
// tests write straight into the database (no service code involved), through the API, and through a
// second server instance, and check the next answer. They fail when a trigger or the revision check
// is missing.

const M = '/api/manager';
let t: TestApp;
let a: Tenant;
let adm: Record<string, string>;
let usr: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'alpha');
  adm = await bearer(t.app, a.adm);
  usr = await bearer(t.app, a.usr);
});
afterAll(() => t.close());

type ModelRow = { id: number; name: string; project_role: string; already_open: boolean; open_by_current_user: boolean; can_manage_history: boolean;
  type_model_name: string | null; author_name_full: string | null; version_timestamp_last_modified: string };
type ProjectRow = { id: number; name: string; role: string; subregion_name: string; type_project_name: string; hidden: boolean };

const get = (app: FastifyInstance, url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `${M}${url}`, headers });
const models = async (tree: Tree, headers = usr, app = t.app) => {
  const res = await get(app, `/model/?version_model_id=${tree.versionId}`, headers);
  return res.statusCode === 200 ? (res.json() as ModelRow[]) : res.statusCode;
};
const firstModel = async (tree: Tree, headers = usr) => {
  const list = await models(tree, headers);
  return typeof list === 'number' ? list : list.find((m) => m.id === tree.modelId);
};
const projectRow = async (tree: Tree, headers = usr, app = t.app) =>
  ((await get(app, '/project/?all=true', headers)).json() as ProjectRow[]).find((p) => p.id === tree.projectId);
const revision = async () => (await t.db.execute<{ revision: number }>(
  sql`SELECT coalesce((SELECT revision FROM data_revision WHERE client_id = ${a.clientId}), 0) AS revision`)).rows[0].revision;

describe('model list of a version', () => {
  it('shows every change written straight into the database at once', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect(await firstModel(tree)).toMatchObject({ name: 'Model 1', project_role: 'USR', already_open: false });
    expect(await firstModel(tree)).toMatchObject({ name: 'Model 1' }); // now answered from the cache

    await t.db.execute(sql`UPDATE model SET name = 'Hernoemd' WHERE id = ${tree.modelId}`);
    expect(await firstModel(tree)).toMatchObject({ name: 'Hernoemd' });

    await t.db.execute(sql`INSERT INTO model_session (model_id, user_id, started_at) VALUES (${tree.modelId}, ${a.usr.id}, now())`);
    expect(await firstModel(tree)).toMatchObject({ already_open: true, open_by_current_user: true });
    expect(await firstModel(tree, adm)).toMatchObject({ already_open: true, open_by_current_user: false });
    await t.db.execute(sql`DELETE FROM model_session WHERE model_id = ${tree.modelId}`);
    expect(await firstModel(tree)).toMatchObject({ already_open: false, open_by_current_user: false });

    await t.db.execute(sql`UPDATE version_model SET timestamp_last_modified = '2026-02-01T10:00:00Z' WHERE id = ${tree.versionId}`);
    expect(await firstModel(tree)).toMatchObject({ version_timestamp_last_modified: '2026-02-01T10:00:00.000Z' });

    await t.db.execute(sql`UPDATE template_model SET name = 'Ander sjabloon' WHERE id = ${a.templateModelId}`);
    expect(await firstModel(tree)).toMatchObject({ type_model_name: 'Ander sjabloon' });
    await t.db.execute(sql`UPDATE template_model SET name = 'Grondexploitatie standaard' WHERE id = ${a.templateModelId}`);

    await t.db.execute(sql`UPDATE model SET created_by = ${a.vwr.id} WHERE id = ${tree.modelId}`);
    expect(await firstModel(tree)).toMatchObject({ author_name_full: 'alpha VWR' });
    await t.db.execute(sql`UPDATE app_user SET last_name = 'Lezer' WHERE id = ${a.vwr.id}`);
    expect(await firstModel(tree)).toMatchObject({ author_name_full: 'alpha Lezer' });
    await t.db.execute(sql`UPDATE app_user SET last_name = 'VWR' WHERE id = ${a.vwr.id}`);

    await t.db.execute(sql`INSERT INTO model (version_id, name, model_platform, created_at, timestamp_last_modified) VALUES (${tree.versionId}, 'Erbij', 'online', now(), now())`);
    expect((await models(tree) as ModelRow[]).map((m) => m.name)).toEqual(['Hernoemd', 'Erbij']);
    await t.db.execute(sql`DELETE FROM model WHERE version_id = ${tree.versionId} AND name = 'Erbij'`);
    expect((await models(tree) as ModelRow[]).map((m) => m.name)).toEqual(['Hernoemd']);

    // the caller's own rights: a lower role shows, no role at all is a 404; others keep theirs
    await t.db.execute(sql`UPDATE project_role SET role = 'VWR' WHERE project_id = ${tree.projectId} AND user_id = ${a.usr.id}`);
    expect(await firstModel(tree)).toMatchObject({ project_role: 'VWR' });
    await t.db.execute(sql`DELETE FROM project_role WHERE project_id = ${tree.projectId} AND user_id = ${a.usr.id}`);
    expect(await models(tree)).toBe(404);
    expect(await firstModel(tree, adm)).toMatchObject({ project_role: 'ADM' });

    // a model moved to another version leaves this list
    await t.db.execute(sql`INSERT INTO project_role (project_id, user_id, role) VALUES (${tree.projectId}, ${a.usr.id}, 'USR')`);
    const other = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect((await models(other) as ModelRow[]).map((m) => m.id)).toEqual([other.modelId]);
    await t.db.execute(sql`UPDATE model SET version_id = ${other.versionId} WHERE id = ${tree.modelId}`);
    expect((await models(tree) as ModelRow[])).toEqual([]);
    expect((await models(other) as ModelRow[]).map((m) => m.id).sort((x, y) => x - y)).toEqual([tree.modelId, other.modelId]);

    // the version deleted: 404
    await t.db.execute(sql`DELETE FROM version_model WHERE id = ${tree.versionId}`);
    expect(await models(tree)).toBe(404);
  });

  it('shows changes made through the API, and answers 304 to a matching If-None-Match until something changes', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const first = await get(t.app, `/model/?version_model_id=${tree.versionId}`, usr);
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const same = await t.app.inject({ method: 'GET', url: `${M}/model/?version_model_id=${tree.versionId}`, headers: { ...usr, 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    expect((await t.app.inject({ method: 'PATCH', url: `${M}/model/${tree.modelId}/`, headers: usr, payload: { name: 'Via de API' } })).statusCode).toBe(200);
    const changed = await t.app.inject({ method: 'GET', url: `${M}/model/?version_model_id=${tree.versionId}`, headers: { ...usr, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json() as ModelRow[])[0].name).toBe('Via de API');

    const created = await t.app.inject({ method: 'POST', url: `${M}/model/`, headers: usr, payload: { name: 'Nieuw', description: null, version: tree.versionId, type_model: a.templateModelId } });
    expect(created.statusCode).toBe(201);
    expect((await models(tree) as ModelRow[]).map((m) => m.name)).toEqual(['Via de API', 'Nieuw']);
  });
});

describe('capability flags in the cached lists', () => {
  it('follow a change of the caller\'s staff flag and global role at once (they are part of the cache key)', async () => {
    const u = await createUser(t.db, a.clientId, { email: 'vlag@alpha.test', role: 'USR' });
    const headers = await bearer(t.app, u);
    const tree = await seedTree(t.db, a, { roles: { [u.id]: 'USR' } });
    const history = async () => ((await firstModel(tree, headers)) as ModelRow).can_manage_history;
    expect(await history()).toBe(false);
    expect(await history()).toBe(false); // from the cache
    // straight in the database: app_user's staff flag and role raise no data revision
    await t.db.execute(sql`UPDATE app_user SET is_staff = true WHERE id = ${u.id}`);
    expect(await history()).toBe(true);
    await t.db.execute(sql`UPDATE app_user SET is_staff = false, role = 'VWR' WHERE id = ${u.id}`);
    expect(await history()).toBe(false);
    const listed = async () => ((await get(t.app, '/project/?all=true', headers)).json() as { id: number; can_edit: boolean }[]).find((p) => p.id === tree.projectId);
    expect(await listed()).toMatchObject({ can_edit: true });
  });
});

describe('project list', () => {
  it('shows every change written straight into the database at once, each user with his own rights', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect(await projectRow(tree)).toMatchObject({ role: 'USR' });
    expect(await projectRow(tree, adm)).toMatchObject({ role: 'ADM' });

    await t.db.execute(sql`UPDATE type_project SET description = 'Bedrijventerrein' WHERE id = ${a.typeProjectId}`);
    expect(await projectRow(tree)).toMatchObject({ type_project_name: 'Bedrijventerrein' });
    await t.db.execute(sql`UPDATE type_project SET description = 'Woningbouw' WHERE id = ${a.typeProjectId}`);

    await t.db.execute(sql`UPDATE project SET hidden = true WHERE id = ${tree.projectId}`);
    expect(await projectRow(tree)).toMatchObject({ hidden: true });
    expect(((await get(t.app, '/project/', usr)).json() as ProjectRow[]).some((p) => p.id === tree.projectId)).toBe(false);

    await t.db.execute(sql`UPDATE project_role SET role = 'NON' WHERE project_id = ${tree.projectId} AND user_id = ${a.usr.id}`);
    expect(await projectRow(tree)).toBeUndefined();
    expect(await projectRow(tree, adm)).toMatchObject({ role: 'ADM' });

    // a user removed from the client takes his roles with him; nobody else's list loses the project
    const temp = await createUser(t.db, a.clientId, { email: 'tijdelijk@alpha.test', role: 'USR' });
    await t.db.execute(sql`INSERT INTO project_role (project_id, user_id, role) VALUES (${tree.projectId}, ${temp.id}, 'USR')`);
    const tempAuth = await bearer(t.app, temp);
    expect(await projectRow(tree, tempAuth)).toMatchObject({ role: 'USR' });
    await t.db.execute(sql`UPDATE app_user SET first_name = 'Tijdelijk' WHERE id = ${temp.id}`);
    await t.db.execute(sql`DELETE FROM app_user WHERE id = ${temp.id}`);
    expect((await get(t.app, '/project/?all=true', tempAuth)).statusCode).toBe(401);

    await t.db.execute(sql`DELETE FROM project WHERE id = ${tree.projectId}`);
    expect(await projectRow(tree, adm)).toBeUndefined();
  });

  it('is read from the cache while the revision stands, and rebuilt when it is raised', async () => {
    const tree = await seedTree(t.db, a, { name: 'Uit de cache', roles: rolesAsGlobal(a) });
    expect(await projectRow(tree)).toMatchObject({ name: 'Uit de cache' });
    // a write that bypasses the triggers (replica mode) does not raise the revision: the cached answer stays
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE project SET name = 'Stil gewijzigd' WHERE id = ${tree.projectId}`);
    });
    expect(await projectRow(tree)).toMatchObject({ name: 'Uit de cache' });
    expect((await firstModel(tree))).toMatchObject({ name: 'Model 1' });
    await t.db.execute(sql`UPDATE data_revision SET revision = revision + 1 WHERE client_id = ${a.clientId}`);
    expect(await projectRow(tree)).toMatchObject({ name: 'Stil gewijzigd' });
  });
});

describe('compression', () => {
  it('sends the list compressed to a caller that accepts it (br before gzip, q=0 refuses), the same JSON', async () => {
    await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const plain = await get(t.app, '/project/?all=true', usr);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const json = plain.json();
    expect(json.length).toBeGreaterThan(3);
    const as = (enc: string) => t.app.inject({ method: 'GET', url: `${M}/project/?all=true`, headers: { ...usr, 'accept-encoding': enc } });
    const br = await as('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gz = await as('br;q=0, gzip;q=0.8');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(json);
    expect((await as('identity')).headers['content-encoding']).toBeUndefined();
    expect((await as('gzip;q=0, br;q=0')).headers['content-encoding']).toBeUndefined();
  });
});

describe('another server instance on the same database', () => {
  let db2: Db;
  let app2: FastifyInstance;
  beforeAll(async () => {
    db2 = connect(t.db.$client.options.connectionString!, 2);
    app2 = await buildApp({ config: t.config, db: db2, mailer: { send: async () => {} } });
    await app2.ready();
  });
  afterAll(async () => {
    await app2.close();
    await db2.$client.end();
  });

  it('sees the writes of the other at once, in both lists', async () => {
    const tree = await seedTree(t.db, a, { name: 'Twee servers', roles: rolesAsGlobal(a) });
    expect(await projectRow(tree, usr, app2)).toMatchObject({ name: 'Twee servers' });
    expect((await models(tree, usr, app2) as ModelRow[])[0]).toMatchObject({ name: 'Model 1' });
    const patch = (url: string, payload: object) => t.app.inject({ method: 'PATCH', url: `${M}${url}`, headers: usr, payload });
    expect((await patch(`/project/${tree.projectId}/`, { name: 'Twee servers 2' })).statusCode).toBe(200);
    expect((await patch(`/model/${tree.modelId}/`, { name: 'Model A' })).statusCode).toBe(200);
    expect(await projectRow(tree, usr, app2)).toMatchObject({ name: 'Twee servers 2' });
    expect((await models(tree, usr, app2) as ModelRow[])[0]).toMatchObject({ name: 'Model A' });
  });
});

describe('data revision', () => {
  it('is raised once per committed transaction, not by a rolled back one', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a), models: 3 });
    const before = await revision();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE model SET description = 'x' WHERE version_id = ${tree.versionId}`);
      await tx.execute(sql`UPDATE project SET description = 'y' WHERE id = ${tree.projectId}`);
    });
    expect(await revision()).toBe(before + 1);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE project SET description = 'z' WHERE id = ${tree.projectId}`);
      tx.rollback();
    }).catch(() => {});
    expect(await revision()).toBe(before + 1);
    // a sign-in's bookkeeping is not a change of the lists
    await t.db.execute(sql`UPDATE app_user SET last_login = now() WHERE id = ${a.usr.id}`);
    expect(await revision()).toBe(before + 1);
  });

  it('is taken at commit, so crossing row locks of two transactions do not deadlock on it', async () => {
    const p1 = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const p2 = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const url = t.db.$client.options.connectionString!;
    const c1 = new pg.Client({ connectionString: url });
    const c2 = new pg.Client({ connectionString: url });
    await c1.connect();
    await c2.connect();
    try {
      const before = await revision();
      await c1.query('BEGIN');
      await c2.query('BEGIN');
      await c1.query('UPDATE project SET description = $1 WHERE id = $2', ['een', p1.projectId]);
      await c2.query('UPDATE project SET description = $1 WHERE id = $2', ['twee', p2.projectId]);
      // c1 now waits for c2's row; had c1 locked the revision row already, c2's commit would deadlock
      const waiting = c1.query('UPDATE project SET description = $1 WHERE id = $2', ['een', p2.projectId]);
      await c2.query('COMMIT');
      await waiting;
      await c1.query('COMMIT');
      expect(await revision()).toBe(before + 2);
    } finally {
      await c1.end();
      await c2.end();
    }
  });

  it('keeps its triggers over a restart (no table locks then), and replaces an older version of them', async () => {
    const triggers = async () => (await t.db.execute<{ table: string; name: string; oid: number }>(sql`
      SELECT c.relname AS table, t.tgname AS name, t.oid::int AS oid FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE t.tgname LIKE 'data\_revision%' ORDER BY 1, 2`)).rows;
    const before = await triggers();
    expect(before.filter((r) => r.name === 'data_revision_v1').map((r) => r.table).sort()).toEqual(
      ['app_user', 'feature_area', 'model', 'model_session', 'project', 'project_role', 'subregion', 'template_model', 'type_project', 'version_model', 'version_region']);
    await migrateDb(t.db);
    expect(await triggers()).toEqual(before);
    await t.db.execute(sql`DROP TRIGGER data_revision_v1 ON model`);
    await t.db.execute(sql`CREATE TRIGGER data_revision_v0 AFTER UPDATE ON model FOR EACH STATEMENT EXECUTE FUNCTION data_revision_raise_all()`);
    await migrateDb(t.db);
    const after = await triggers();
    expect(after.filter((r) => r.table === 'model').map((r) => r.name)).toEqual(['data_revision_v1', 'data_revision_v1_truncate']);
    expect(after.filter((r) => r.table !== 'model')).toEqual(before.filter((r) => r.table !== 'model'));
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect(await firstModel(tree)).toMatchObject({ name: 'Model 1' });
    await t.db.execute(sql`UPDATE model SET name = 'Na herstart' WHERE id = ${tree.modelId}`);
    expect(await firstModel(tree)).toMatchObject({ name: 'Na herstart' });
  });

  it('does not stand in the way of deleting a client with its projects (the raise skips a client that is gone)', async () => {
    const z = await createTenant(t.db, 'zeta');
    await t.db.execute(sql`WITH p AS (
        INSERT INTO project (client_id, name, subregion_id, type_project_id, created_at, timestamp_last_modified) VALUES (${z.clientId}, 'Weg', ${z.subregionId}, ${z.typeProjectId}, now(), now()) RETURNING id),
      r AS (INSERT INTO project_role (project_id, user_id, role) SELECT id, ${z.usr.id}, 'USR' FROM p),
      v AS (INSERT INTO version_model (project_id, name, created_at, timestamp_last_modified) SELECT id, 'Versie', now(), now() FROM p RETURNING id),
      m AS (INSERT INTO model (version_id, name, created_at, timestamp_last_modified) SELECT id, 'Model', now(), now() FROM v RETURNING id)
      INSERT INTO model_session (model_id, user_id, started_at) SELECT id, ${z.usr.id}, now() FROM m`);
    expect((await t.db.execute(sql`SELECT 1 FROM data_revision WHERE client_id = ${z.clientId}`)).rows).toHaveLength(1);
    await t.db.execute(sql`DELETE FROM client WHERE id = ${z.clientId}`);
    const { rows } = await t.db.execute(sql`SELECT 1 FROM data_revision WHERE client_id = ${z.clientId}`);
    expect(rows).toHaveLength(0);
  });
});
