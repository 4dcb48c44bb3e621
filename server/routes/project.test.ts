import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { auditLog, featureArea, model, project, projectRole, userSubregion, versionRegion } from '../db/schema/index.ts';
import { ModelData } from '../../src/model/modelSchema.ts';

const M = '/api/manager';
const REQUIRED = 'Vul alle velden in die gemarkeerd zijn met een *';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adm: Record<string, string>;
let usr: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'alpha');
  b = await createTenant(t.db, 'beta');
  adm = await bearer(t.app, a.adm);
  usr = await bearer(t.app, a.usr);
  staff = await bearer(t.app, a.staff);
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url: `${M}${url}`, headers, ...(payload ? { payload } : {}) });

const newProject = (name: string, extra: object = {}) =>
  inject('POST', '/project/', adm, { name, subregion: a.subregionId, type_project: a.typeProjectId, roles: [{ id: a.usr.id, role: 'USR' }], ...extra });

async function counts(projectId?: number) {
  const { rows: [r] } = await t.db.execute<Record<string, number>>(sql`SELECT
    (SELECT count(*) FROM stored_file WHERE client_id = ${a.clientId}) AS stored_file,
    (SELECT count(*) FROM model) AS model, (SELECT count(*) FROM version_model) AS version_model,
    (SELECT count(*) FROM attachment) AS attachment, (SELECT count(*) FROM saved_model) AS saved_model,
    (SELECT count(*) FROM project_role WHERE project_id = ${projectId ?? -1}) AS project_role,
    (SELECT count(*) FROM stored_file f WHERE client_id = ${a.clientId}
       AND NOT EXISTS (SELECT 1 FROM saved_model s WHERE s.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM attachment x WHERE x.file_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM template_model tm WHERE tm.file_id = f.id)) AS orphan_files`);
  return r;
}

describe('projects', () => {
  it('creates a project: creator ADM plus the sent roles, empty optional texts as null, an audit row', async () => {
    const res = await newProject('Centrumplan', { number: '', description: '  ', organisation: 'Gemeente', roles: [{ id: a.usr.id, role: 'USR' }, { id: a.vwr.id, role: 'VWR' }, { id: b.usr.id, role: 'ADM' }] });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ name: 'Centrumplan', number: null, description: null, organisation: 'Gemeente', project_role: 'ADM', role: 'ADM', hidden: false, author_name_full: 'alpha ADM', created_at: '2026-03-02T09:00:00.000Z' });
    const roles = await t.db.select().from(projectRole).where(eq(projectRole.projectId, p.id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({ [a.adm.id]: 'ADM', [a.usr.id]: 'USR', [a.vwr.id]: 'VWR' });
    const logs = await t.db.select().from(auditLog).where(eq(auditLog.description, "Project 'Centrumplan' aangemaakt"));
    expect(logs).toHaveLength(1);
  });

  it('answers the spec messages for missing fields and forbidden characters', async () => {
    for (const payload of [{}, { name: '' }, { name: 'X', subregion: 0, type_project: a.typeProjectId, roles: [{ id: a.usr.id, role: 'USR' }] },
      { name: 'X', subregion: a.subregionId, type_project: a.typeProjectId, roles: [] }, { name: '   ', subregion: a.subregionId, type_project: a.typeProjectId, roles: [{ id: 1, role: 'USR' }] }]) {
      const res = await inject('POST', '/project/', adm, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REQUIRED);
    }
    for (const ch of ['<', '>', ':', '"', '/', '?', '*', '|']) {
      const res = await newProject(`Plan ${ch} west`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('De naam van het project mag geen speciale tekens bevatten.');
    }
    const v = await inject('POST', '/version-model/', adm, { name: 'a/b', project: 1 });
    expect(v.json().message).toBe('De naam van de versie mag geen speciale tekens bevatten.');
    const m = await inject('POST', '/model/', adm, { name: 'a|b', version: 1 });
    expect(m.json().message).toBe('De naam van het model mag geen speciale tekens bevatten.');
    expect((await inject('POST', '/version-model/', adm, { project: 1 })).json().message).toBe(REQUIRED);
    expect((await inject('POST', '/model/', adm, { version: 1 })).json().message).toBe(REQUIRED);
    expect((await inject('POST', '/model/', adm, { name: 'M', version: 1, type_model: -1 })).json().message).toBe(REQUIRED);
    expect((await inject('POST', '/version-model/', adm, { name: 'V', project: 1, phase: -1 })).json().message).toBe(REQUIRED);
  });

  it('refuses a reference of another client', async () => {
    const res = await newProject('Vreemd deelgebied', { subregion: b.subregionId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Onbekend deelgebied.');
  });

  it('answers 409 for a taken name, case-insensitively, on create, update and move', async () => {
    expect((await newProject('Havenkwartier')).statusCode).toBe(201);
    const dup = await newProject('HAVENKWARTIER');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Er bestaat al een project met deze naam.');
    const other = (await newProject('Stationsgebied')).json();
    const put = await inject('PATCH', `/project/${other.id}/`, adm, { name: 'havenkwartier' });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('Er bestaat al een project met deze naam.');

    const v1 = (await inject('POST', '/version-model/', adm, { name: 'Basis', project: other.id })).json();
    const v2 = await inject('POST', '/version-model/', adm, { name: 'basis', project: other.id });
    expect(v2.statusCode).toBe(409);
    expect(v2.json().message).toBe('Er bestaat al een versie met deze naam.');
    const m1 = await inject('POST', '/model/', adm, { name: 'Grex', version: v1.id, type_model: a.templateModelId });
    expect(m1.statusCode, m1.body).toBe(201);
    const m2 = await inject('POST', '/model/', adm, { name: 'GREX', version: v1.id, type_model: a.templateModelId });
    expect(m2.statusCode).toBe(409);
    expect(m2.json().message).toBe('Er bestaat al een model met deze naam.');

    // rename onto a sibling's name
    const v3 = (await inject('POST', '/version-model/', adm, { name: 'Variant', project: other.id })).json();
    const rv = await inject('PUT', `/version-model/${v3.id}/`, adm, { name: 'BASIS' });
    expect(rv.statusCode).toBe(409);
    expect(rv.json().message).toBe('Er bestaat al een versie met deze naam.');
    const m3 = (await inject('POST', '/model/', adm, { name: 'Variant', version: v1.id, type_model: a.templateModelId })).json();
    const rm = await inject('PATCH', `/model/${m3.id}/`, adm, { name: 'grex' });
    expect(rm.statusCode).toBe(409);
    expect(rm.json().message).toBe('Er bestaat al een model met deze naam.');

    // move into a parent that has the name already
    const target = (await newProject('Doelproject')).json();
    await inject('POST', '/version-model/', adm, { name: 'BASIS', project: target.id });
    const mv = await inject('POST', `/version-model/${v1.id}/move/`, adm, { to_project: target.id });
    expect(mv.statusCode).toBe(409);
    expect(mv.json().message).toBe('Er bestaat al een versie met deze naam.');
    const tv = (await inject('POST', '/version-model/', adm, { name: 'Doelversie', project: target.id })).json();
    await inject('POST', '/model/', adm, { name: 'grex', version: tv.id, type_model: a.templateModelId });
    const mm = await inject('POST', `/model/${m1.json().id}/move/`, adm, { to_version: tv.id });
    expect(mm.statusCode).toBe(409);
    expect(mm.json().message).toBe('Er bestaat al een model met deze naam.');
  });

  it('leaves hidden projects out unless all=true, and shows only projects with a role', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    await seedTree(t.db, a, {}); // no roles
    await seedTree(t.db, b, { roles: rolesAsGlobal(b) });
    const patched = await inject('PATCH', `/project/${tree.projectId}/`, usr, { hidden: true });
    expect(patched.json().hidden).toBe(true);
    const visible = (await inject('GET', '/project/', usr)).json() as { id: number; role: string }[];
    expect(visible.map((p) => p.id)).not.toContain(tree.projectId);
    const all = (await inject('GET', '/project/?all=true', usr)).json() as { id: number; role: string; project_role: string }[];
    expect(all.find((p) => p.id === tree.projectId)).toMatchObject({ role: 'USR', project_role: 'USR', hidden: true });
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT p.id FROM project p JOIN project_role r ON r.project_id = p.id AND r.user_id = ${a.usr.id} AND r.role <> 'NON' WHERE p.client_id = ${a.clientId}`);
    expect(all.map((p) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const nonView = (await inject('GET', '/project/?all=true', await bearer(t.app, b.usr))).json() as { id: number }[];
    expect(nonView.some((p) => p.id === tree.projectId)).toBe(false);
  });

  it('never answers a stale list: changes by any code path show up at once', async () => {
    const tree = await seedTree(t.db, a, { name: 'Cachetest', roles: rolesAsGlobal(a) });
    const find = async () => ((await inject('GET', '/project/?all=true', usr)).json() as { id: number; name: string; role: string; subregion_name: string }[]).find((p) => p.id === tree.projectId);
    expect(await find()).toMatchObject({ name: 'Cachetest', role: 'USR' });
    await t.db.update(project).set({ name: 'Cachetest 2' }).where(eq(project.id, tree.projectId));
    expect((await find())?.name).toBe('Cachetest 2');
    await t.db.execute(sql`UPDATE project_role SET role = 'VWR' WHERE project_id = ${tree.projectId} AND user_id = ${a.usr.id}`);
    expect((await find())?.role).toBe('VWR');
    await t.db.execute(sql`UPDATE subregion SET description = 'Centrum-Oost' WHERE id = ${a.subregionId}`);
    expect((await find())?.subregion_name).toBe('Centrum-Oost');
    await t.db.execute(sql`UPDATE subregion SET description = 'Centrum' WHERE id = ${a.subregionId}`);
    await t.db.execute(sql`DELETE FROM project_role WHERE project_id = ${tree.projectId} AND user_id = ${a.usr.id}`);
    expect(await find()).toBeUndefined();
    // revalidation: 304 while nothing changed, 200 after a change
    const first = await inject('GET', '/project/?all=true', usr);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: `${M}/project/?all=true`, headers: { ...usr, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await t.db.update(project).set({ hidden: true }).where(eq(project.id, tree.projectId));
    await t.db.execute(sql`INSERT INTO project_role (project_id, user_id, role) VALUES (${tree.projectId}, ${a.usr.id}, 'USR')`);
    const changed = await t.app.inject({ method: 'GET', url: `${M}/project/?all=true`, headers: { ...usr, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('shows the rights table to project ADM only, and only project ADM may change roles', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect((await inject('GET', `/project/${tree.projectId}/`, adm)).json().roles).toEqual(expect.arrayContaining([{ id: a.vwr.id, name_full: 'alpha VWR', role: 'VWR' }]));
    expect((await inject('GET', `/project/${tree.projectId}/`, usr)).json().roles).toBeNull();
    expect((await inject('PATCH', `/project/${tree.projectId}/`, usr, { roles: [{ id: a.vwr.id, role: 'ADM' }] })).statusCode).toBe(403);
    const res = await inject('PATCH', `/project/${tree.projectId}/`, adm, { roles: [{ id: a.vwr.id, role: 'USR' }, { id: a.adm.id, role: 'NON' }] });
    expect(res.json().roles).toEqual(expect.arrayContaining([{ id: a.vwr.id, name_full: 'alpha VWR', role: 'USR' }, { id: a.adm.id, name_full: 'alpha ADM', role: 'ADM' }]));
  });
});

describe('two users edit the same info form', () => {
  const STALE = {
    project: 'Dit project is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open het project opnieuw om de nieuwe gegevens te zien.',
    version: 'Deze versie is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open de versie opnieuw om de nieuwe gegevens te zien.',
    model: 'Dit rekenmodel is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open het rekenmodel opnieuw om de nieuwe gegevens te zien.',
  };
  /** What the project form sends: every field as typed, and `previous` as the form loaded them. */
  const projectForm = (d: Record<string, unknown>, changes: object) => {
    const fields = {
      name: d.name, number: d.number, description: d.description, organisation: d.organisation, projectmanager: d.projectmanager,
      subregion: d.subregion, type_project: d.type_project, hidden: d.hidden,
    };
    const roles = (d.roles as { id: number; role: string }[]).map((r) => ({ id: r.id, role: r.role }));
    return { ...fields, roles, ...changes, previous: { ...fields, roles } };
  };

  it('project: a save over a colleague\'s newer description or role is refused with 409 and writes nothing', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const loaded = (await inject('GET', `/project/${tree.projectId}/`, adm)).json();
    // A colleague writes a description meanwhile.
    expect((await inject('PATCH', `/project/${tree.projectId}/`, usr, { description: 'Grondprijzen herzien' })).statusCode).toBe(200);
    const stale = await inject('PUT', `/project/${tree.projectId}/`, adm, projectForm(loaded, { name: 'Hernoemd' }));
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE.project, code: 'stale', fields: ['description'] });
    expect((await inject('GET', `/project/${tree.projectId}/`, adm)).json()).toMatchObject({ name: loaded.name, description: 'Grondprijzen herzien' });
    // Another ADM changes a user's rights meanwhile: the form's old role would undo it.
    const fresh = (await inject('GET', `/project/${tree.projectId}/`, adm)).json();
    const otherAdm = await bearer(t.app, a.staff);
    await t.db.insert(projectRole).values({ projectId: tree.projectId, userId: a.staff.id, role: 'ADM' })
      .onConflictDoUpdate({ target: [projectRole.projectId, projectRole.userId], set: { role: 'ADM' } });
    expect((await inject('PATCH', `/project/${tree.projectId}/`, otherAdm, { roles: [{ id: a.vwr.id, role: 'USR' }] })).statusCode).toBe(200);
    const roleStale = await inject('PUT', `/project/${tree.projectId}/`, adm, projectForm(fresh, { organisation: 'Gemeente' }));
    expect(roleStale.statusCode).toBe(409);
    expect(roleStale.json().fields).toEqual([`role:${a.vwr.id}`]);
    const after = (await inject('GET', `/project/${tree.projectId}/`, adm)).json();
    expect(after.organisation).toBeNull();
    expect(after.roles).toEqual(expect.arrayContaining([expect.objectContaining({ id: a.vwr.id, role: 'USR' })]));
    // Loaded afresh, the same save goes through; a field changed meanwhile to what this form also sends is no conflict.
    const reloaded = (await inject('GET', `/project/${tree.projectId}/`, adm)).json();
    await inject('PATCH', `/project/${tree.projectId}/`, usr, { projectmanager: 'J. Jansen' });
    const ok = await inject('PUT', `/project/${tree.projectId}/`, adm, projectForm(reloaded, { organisation: 'Gemeente', projectmanager: 'J. Jansen' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ organisation: 'Gemeente', projectmanager: 'J. Jansen', description: 'Grondprijzen herzien' });
  });

  it('version and model: a save over a newer change is refused with 409; without a change meanwhile it saves', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const v = (await inject('GET', `/version-model/${tree.versionId}/`, adm)).json();
    const vPrevious = { name: v.name, description: v.description, phase: v.phase };
    await inject('PATCH', `/version-model/${tree.versionId}/`, usr, { description: 'Variant met sociale huur' });
    const vStale = await inject('PUT', `/version-model/${tree.versionId}/`, adm, { name: 'Versie B', description: v.description, phase: v.phase, previous: vPrevious });
    expect(vStale.statusCode).toBe(409);
    expect(vStale.json()).toMatchObject({ message: STALE.version, code: 'stale' });
    expect((await inject('GET', `/version-model/${tree.versionId}/`, adm)).json()).toMatchObject({ name: v.name, description: 'Variant met sociale huur' });

    const m = (await inject('GET', `/model/${tree.modelId}/`, adm)).json();
    const mPrevious = { name: m.name, description: m.description, frozen: m.frozen };
    const mOk = await inject('PUT', `/model/${tree.modelId}/`, adm, { name: m.name, description: 'Eerste opzet', frozen: false, previous: mPrevious });
    expect(mOk.statusCode, mOk.body).toBe(200);
    await inject('PUT', `/model/${tree.modelId}/`, usr, { name: 'Model hernoemd', description: 'Eerste opzet' });
    const mStale = await inject('PUT', `/model/${tree.modelId}/`, adm, { name: m.name, description: 'Tweede opzet', frozen: false, previous: { ...mPrevious, description: 'Eerste opzet' } });
    expect(mStale.statusCode).toBe(409);
    expect(mStale.json()).toMatchObject({ message: STALE.model, fields: ['name'] });
    expect((await inject('GET', `/model/${tree.modelId}/`, adm)).json()).toMatchObject({ name: 'Model hernoemd', description: 'Eerste opzet' });
  });
});

describe('duplicate, move and delete', () => {
  it('duplicates a project with its whole tree in one go, with a unique name', async () => {
    const tree = await seedTree(t.db, a, { name: 'Bron', roles: rolesAsGlobal(a), versions: 2, models: 2 });
    const before = await counts();
    const d1 = await inject('GET', `/project/${tree.projectId}/duplicate/`, usr);
    expect(d1.statusCode, d1.body).toBe(200);
    expect(d1.json()).toMatchObject({ name: 'Bron (kopie)', project_role: 'ADM' });
    const d2 = (await inject('GET', `/project/${tree.projectId}/duplicate/`, usr)).json();
    expect(d2.name).toBe('Bron (kopie 2)');
    const d3 = (await inject('GET', `/project/${d1.json().id}/duplicate/`, usr)).json();
    expect(d3.name).toBe('Bron (kopie 3)');
    const after = await counts();
    // per copy: 2 versions, 4 models, 4 history rows, 4 attachments (2 files) → 6 files
    expect(after.version_model - before.version_model).toBe(3 * 2);
    expect(after.model - before.model).toBe(3 * 4);
    expect(after.saved_model - before.saved_model).toBe(3 * 4);
    expect(after.attachment - before.attachment).toBe(3 * 4);
    expect(after.stored_file - before.stored_file).toBe(3 * 6);
    expect(after.orphan_files).toBe(0);
    // the copy's tree is its own: versions point at the copy, files are separate rows
    const versions = (await inject('GET', `/version-model/?project_id=${d1.json().id}`, usr)).json();
    expect(versions.map((v: { name: string; project_id: number }) => [v.name, v.project_id])).toEqual([['Versie 1', d1.json().id], ['Versie 2', d1.json().id]]);
    const models = (await inject('GET', `/model/?version_model_id=${versions[0].id}`, usr)).json();
    expect(models).toHaveLength(2);
    expect(models[0]).toMatchObject({ project_id: d1.json().id, version_id: versions[0].id, already_open: false });
    const { rows: shared } = await t.db.execute(sql`SELECT file_id FROM saved_model GROUP BY file_id HAVING count(*) > 1`);
    expect(shared).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.description, "Project 'Bron' gedupliceerd als 'Bron (kopie)'"))).toHaveLength(1);
  });

  it('duplicates versions and models beside the original', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const geometry = { type: 'Polygon', coordinates: [[[5.1, 52.1], [5.2, 52.1], [5.2, 52.2], [5.1, 52.1]]] };
    await t.db.insert(versionRegion).values({ updatedAt: new Date(), versionId: tree.versionId, geometry, areaM2: 12_345 });
    await t.db.insert(featureArea).values([
      { updatedAt: new Date(), versionId: tree.versionId, name: 'Park', function: 'public_space_green', geometry, areaM2: 500 },
      { updatedAt: new Date(), versionId: tree.versionId, name: 'Kavels', function: 'net_area_marketable_residential', geometry, areaM2: 900 },
    ]);
    const v = await inject('GET', `/version-model/${tree.versionId}/duplicate/`, usr);
    expect(v.json()).toMatchObject({ name: 'Versie 1 (kopie)', project_id: tree.projectId });
    expect(v.json().attachments).toHaveLength(2);
    // the map data go with the copy, as its own rows
    const copyId = v.json().id as number;
    expect(await t.db.select({ geometry: versionRegion.geometry, area: versionRegion.areaM2 }).from(versionRegion).where(eq(versionRegion.versionId, copyId)))
      .toEqual([{ geometry, area: 12_345 }]);
    expect(await t.db.select({ name: featureArea.name, fn: featureArea.function, area: featureArea.areaM2 }).from(featureArea)
      .where(eq(featureArea.versionId, copyId)).orderBy(featureArea.id))
      .toEqual([{ name: 'Park', fn: 'public_space_green', area: 500 }, { name: 'Kavels', fn: 'net_area_marketable_residential', area: 900 }]);
    expect(await t.db.$count(featureArea, eq(featureArea.versionId, tree.versionId))).toBe(2);
    const m = await inject('GET', `/model/${tree.modelId}/duplicate/`, usr);
    expect(m.json()).toMatchObject({ name: 'Model 1 (kopie)', version_id: tree.versionId });
    const m2 = await inject('GET', `/model/${tree.modelId}/duplicate/`, usr);
    expect(m2.json().name).toBe('Model 1 (kopie 2)');
    const history = (await inject('GET', `/model/${m2.json().id}/saved-model/`, staff)).json();
    expect(history.map((h: { filename_orig: string; active: boolean }) => [h.filename_orig, h.active])).toEqual([['model.xlsx', true]]);
    // an online model's data is copied
    const online = (await inject('POST', '/model/', staff, { name: 'Online bron', version: tree.versionId, model_platform: 'online' })).json();
    const copy = (await inject('GET', `/model/${online.id}/duplicate/`, usr)).json();
    const rows = await t.db.select({ id: model.id, data: model.modelData }).from(model).where(sql`${model.id} IN (${online.id}, ${copy.id})`);
    expect(rows[0].data).toEqual(rows[1].data);
    expect(rows[0].data).not.toBeNull();
  });

  it('moves versions and models and keeps the tree consistent', async () => {
    const src = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const dst = await seedTree(t.db, a, { roles: rolesAsGlobal(a), prefix: 'Doel ' });
    const mv = await inject('POST', `/model/${src.modelId}/move/`, usr, { to_version: dst.versionId });
    expect(mv.statusCode, mv.body).toBe(200);
    expect(mv.json()).toMatchObject({ version_id: dst.versionId, project_id: dst.projectId });
    const vv = await inject('POST', `/version-model/${src.versionId}/move/`, usr, { to_project: dst.projectId });
    expect(vv.json()).toMatchObject({ project_id: dst.projectId });
    const versions = (await inject('GET', `/version-model/?project_id=${dst.projectId}`, usr)).json();
    expect(versions.map((v: { id: number }) => v.id).sort()).toEqual([src.versionId, dst.versionId].sort());
    expect((await inject('GET', `/version-model/?project_id=${src.projectId}`, usr)).json()).toEqual([]);
    // a target without a role is invisible: 404
    const hidden = await seedTree(t.db, a, {});
    expect((await inject('POST', `/version-model/${src.versionId}/move/`, usr, { to_project: hidden.projectId })).statusCode).toBe(404);
    // a target where the caller only reads: 403
    const readOnly = await seedTree(t.db, a, { roles: { [a.usr.id]: 'VWR' } });
    expect((await inject('POST', `/model/${dst.modelId}/move/`, usr, { to_version: readOnly.versionId })).statusCode).toBe(403);
  });

  it('deletes a project with its whole subtree and leaves no orphan rows', async () => {
    const keep = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const before = await counts();
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a), versions: 3, models: 3, sessionUserId: a.usr.id });
    const res = await inject('DELETE', `/project/${tree.projectId}/`, usr);
    expect(res.statusCode).toBe(204);
    const after = await counts(tree.projectId);
    expect(after).toEqual({ ...before, project_role: 0 });
    expect(after.orphan_files).toBe(0);
    expect((await inject('GET', `/project/${tree.projectId}/`, usr)).statusCode).toBe(404);
    expect((await inject('GET', `/project/${keep.projectId}/`, usr)).statusCode).toBe(200);
    // a version and a model likewise
    const t2 = await seedTree(t.db, a, { roles: rolesAsGlobal(a), models: 2 });
    const c0 = await counts();
    expect((await inject('DELETE', `/model/${t2.modelId}/`, usr)).statusCode).toBe(204);
    const c1 = await counts();
    expect([c0.model - c1.model, c0.saved_model - c1.saved_model, c0.stored_file - c1.stored_file]).toEqual([1, 1, 1]);
    expect((await inject('DELETE', `/version-model/${t2.versionId}/`, usr)).statusCode).toBe(204);
    const c2 = await counts();
    expect([c1.version_model - c2.version_model, c1.model - c2.model, c1.attachment - c2.attachment, c1.stored_file - c2.stored_file]).toEqual([1, 1, 2, 2]);
    expect(c2.orphan_files).toBe(0);
  });
});

describe('an empty body with Content-Type: application/json', () => {
  // Many HTTP clients send the header on every call; an empty body is no body.
  const bare = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url: `${M}${url}`, headers: { ...usr, 'content-type': 'application/json' }, payload: '' });

  it('is no body: DELETE and GET succeed, a POST that needs a body answers its required-field 400', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect((await bare('GET', `/project/${tree.projectId}/`)).statusCode).toBe(200);
    expect((await bare('DELETE', `/project/${tree.projectId}/`)).statusCode).toBe(204);
    expect((await inject('GET', `/project/${tree.projectId}/`, usr)).statusCode).toBe(404);
    const create = await bare('POST', '/project/');
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(REQUIRED);
    // a body that is not JSON is still refused by the parser
    const broken = await t.app.inject({ method: 'POST', url: `${M}/project/`, headers: { ...adm, 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Ongeldige aanvraag.');
  });
});

describe('models', () => {
  it('creates an online model (staff) with default model data valid for the engine schema', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const res = await inject('POST', '/model/', staff, { name: 'Online', version: tree.versionId, model_platform: 'online', description: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ model_platform: 'online', type_model: null, description: null, frozen: false, author_name_full: 'alpha Staff' });
    const [row] = await t.db.select().from(model).where(eq(model.id, res.json().id));
    const data = ModelData.parse(row.modelData);
    expect(data.base_parameters).toMatchObject({
      phasing_calculation_start_date: '2025-01-01', phasing_price_reference_date: '2025-01-01', phasing_net_present_value_date: '2025-01-01',
      phasing_calculation_end_date: '2030-12-31', phasing_period: 'Annual', interest_calculation_method: 'BBV',
      interest_discount_rate_percentage: 2, vat_rate_percentage: 21,
    });
    expect(data.base_parameters.parameter_sets.map((s) => [s.set_name, s.set_group, s.set_base_value])).toEqual([
      ['RentepercentageNegatiefSaldo', 'Interest_Percentage', 2], ['RentepercentagePositiefSaldo', 'Interest_Percentage', 2],
      ['Kostenstijging', 'Indexing_FutureIndex', 2], ['Opbrengstenstijging', 'Indexing_FutureIndex', 2],
      ['CPI', 'Indexing_PriceLevelCorrectionToNCWDate', 2],
    ]);
    expect(data.base_parameters.phasing_costs_revenues).toHaveLength(1);
    expect(data.cost_estimate).toEqual([]);
    // a non-staff user cannot choose the platform; the spreadsheet platform needs a type
    const plain = await inject('POST', '/model/', usr, { name: 'Probeer online', version: tree.versionId, model_platform: 'online' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(REQUIRED);
  });

  it('toggles frozen for project ADM only; a frozen model refuses edits until unfrozen', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect((await inject('PATCH', `/model/${tree.modelId}/`, usr, { frozen: true })).statusCode).toBe(403);
    expect((await inject('PATCH', `/model/${tree.modelId}/`, adm, { frozen: true })).json().frozen).toBe(true);
    const edit = await inject('PUT', `/model/${tree.modelId}/`, usr, { name: 'Nieuw', description: null });
    expect(edit.statusCode).toBe(423);
    expect(edit.json().message).toBe('Dit rekenmodel is vergrendeld.');
    expect((await inject('PUT', `/model/${tree.modelId}/`, adm, { name: 'Nieuw' })).statusCode).toBe(423);
    expect((await inject('PUT', `/model/${tree.modelId}/`, usr, { name: 'Model 1', frozen: true })).statusCode).toBe(200); // nothing changes
    const unfreeze = await inject('PUT', `/model/${tree.modelId}/`, adm, { name: 'Nieuw', description: 'Ontdooid', frozen: false });
    expect(unfreeze.json()).toMatchObject({ name: 'Nieuw', description: 'Ontdooid', frozen: false, last_modified_by_name_full: 'alpha ADM' });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.description, "Rekenmodel 'Model 1' in versie 'Versie 1' vergrendeld"))).toHaveLength(1);
  });

  it('reports the session holder and lets the holder or project ADM end it', async () => {
    const tree = await seedTree(t.db, a, { roles: { ...rolesAsGlobal(a), [a.vwr.id]: 'VWR' }, sessionUserId: a.vwr.id });
    const m = (await inject('GET', `/model/${tree.modelId}/`, await bearer(t.app, a.vwr))).json();
    expect(m).toMatchObject({ already_open: true, open_by_current_user: true });
    expect((await inject('GET', `/model/${tree.modelId}/`, usr)).json()).toMatchObject({ already_open: true, open_by_current_user: false });
    expect((await inject('GET', `/model/${tree.modelId}/session-edit/`, usr)).json()).toEqual({ email: 'vwr@alpha.test' });
    expect((await inject('DELETE', `/model/${tree.modelId}/session-edit/`, usr)).statusCode).toBe(403);
    expect((await inject('DELETE', `/model/${tree.modelId}/session-edit/`, await bearer(t.app, a.vwr))).statusCode).toBe(200);
    expect((await inject('GET', `/model/${tree.modelId}/session-edit/`, usr)).json()).toEqual({ email: null });
  });

  it('keeps a history with exactly one active entry: upload, list, download, activate', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const { multipart } = await import('../../test/server/projectFixtures.ts');
    const empty = multipart({}, { filename: 'leeg.xlsx', data: Buffer.from('') });
    const up = await t.app.inject({ method: 'POST', url: `${M}/model/${tree.modelId}/saved-model/`, headers: { ...staff, ...empty.headers }, payload: empty.payload });
    expect(up.statusCode).toBe(400);
    expect(up.json().message).toBe('Selecteer een bestand.');
    const broken = await t.app.inject({ method: 'POST', url: `${M}/model/${tree.modelId}/saved-model/`, headers: { ...staff, 'content-type': 'multipart/form-data; boundary=abc' }, payload: 'rommel' });
    expect(broken.statusCode).toBe(400);
    const body = multipart({}, { filename: 'versie 2 (def).xlsx', data: Buffer.from('nieuwe inhoud') });
    const ok = await t.app.inject({ method: 'POST', url: `${M}/model/${tree.modelId}/saved-model/`, headers: { ...staff, ...body.headers }, payload: body.payload });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ message: 'Upload geslaagd' });
    const list = (await inject('GET', `/model/${tree.modelId}/saved-model/`, staff)).json();
    expect(list.map((s: { active: boolean; filename_orig: string; filesize: number }) => [s.filename_orig, s.active, s.filesize])).toEqual([
      ['versie 2 (def).xlsx', true, 13], ['model.xlsx', false, 10],
    ]);
    const dl = await inject('GET', `/model/${tree.modelId}/saved-model/${list[0].id}/`, staff);
    expect(dl.body).toBe('nieuwe inhoud');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="versie 2 (def).xlsx"; filename*=UTF-8''versie%202%20%28def%29.xlsx`);
    const act = await inject('PATCH', `/model/${tree.modelId}/saved-model/${tree.savedModelId}/`, staff);
    expect(act.json()).toMatchObject({ id: tree.savedModelId, active: true });
    const again = (await inject('GET', `/model/${tree.modelId}/saved-model/`, staff)).json();
    expect(again.filter((s: { active: boolean }) => s.active).map((s: { id: number }) => s.id)).toEqual([tree.savedModelId]);
    // another model's entry is not reachable through this model
    const other = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect((await inject('GET', `/model/${tree.modelId}/saved-model/${other.savedModelId}/`, staff)).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('answers the spec messages', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const post = (payload: object) => inject('POST', '/attachment-version-model/', usr, payload);
    const base = { version: tree.versionId, attachment_type: 'LINK', category_attachment: a.categoryId, name: 'Kaart', url_link: 'https://example.org' };
    expect((await post({ ...base, category_attachment: undefined })).json().message).toBe('Bijlagecategorie niet geselecteerd.');
    expect((await post({ ...base, category_attachment: 0 })).json().message).toBe('Bijlagecategorie niet geselecteerd.');
    expect((await post({ ...base, category_attachment: b.categoryId })).json().message).toBe('Bijlagecategorie niet geselecteerd.');
    expect((await post({ ...base, name: ' ' })).json().message).toBe('Voer een naam in.');
    expect((await post({ ...base, url_link: '' })).json().message).toBe('Voer een link in.');
    expect((await post({ ...base, url_link: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await post({ ...base, attachment_type: 'FILE' })).json().message).toBe('Selecteer een bestand.');
    expect((await post({ ...base, attachment_type: undefined })).json().message).toBe(REQUIRED);
    const { multipart } = await import('../../test/server/projectFixtures.ts');
    const noFile = multipart({ version: tree.versionId, attachment_type: 'FILE', category_attachment: a.categoryId });
    const r1 = await t.app.inject({ method: 'POST', url: `${M}/attachment-version-model/`, headers: { ...usr, ...noFile.headers }, payload: noFile.payload });
    expect(r1.json().message).toBe('Selecteer een bestand.');
    const noCat = multipart({ version: tree.versionId, type: 'FILE' }, { filename: 'a.pdf', data: Buffer.from('x') });
    const r2 = await t.app.inject({ method: 'POST', url: `${M}/attachment-version-model/`, headers: { ...usr, ...noCat.headers }, payload: noCat.payload });
    expect(r2.json().message).toBe('Bijlagecategorie niet geselecteerd.');
  });

  it('stores a file, downloads it with a safe name, answers a link as its row, deletes with the file', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const { multipart } = await import('../../test/server/projectFixtures.ts');
    const body = multipart({ version: tree.versionId, type: 'FILE', category_attachment: a.categoryId, name: '' }, { filename: 'Plan "Oost"\r\nX.pdf', data: Buffer.from('%PDF-1.4') });
    const res = await t.app.inject({ method: 'POST', url: `${M}/attachment-version-model/`, headers: { ...usr, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ attachment_type: 'FILE', category_name: 'Tekeningen', filesize: 8, url_link: null });
    const dl = await inject('GET', `/attachment-version-model/${res.json().id}/`, usr);
    expect(dl.body).toBe('%PDF-1.4');
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    const link = await inject('GET', `/attachment-version-model/${tree.linkAttachmentId}/`, usr);
    expect(link.json()).toMatchObject({ attachment_type: 'LINK', url_link: 'https://example.org/kaart' });
    const before = await counts();
    expect((await inject('DELETE', `/attachment-version-model/${res.json().id}/`, usr)).statusCode).toBe(204);
    const after = await counts();
    expect([before.attachment - after.attachment, before.stored_file - after.stored_file]).toEqual([1, 1]);
  });

  it('refuses a file above the upload limit with 413 and a Dutch message', async () => {
    const small = await createTestApp({ maxUploadBytes: 1_000_000 });
    try {
      const ta = await createTenant(small.db, 'gamma');
      const tree = await seedTree(small.db, ta, { roles: rolesAsGlobal(ta) });
      const { multipart } = await import('../../test/server/projectFixtures.ts');
      const body = multipart({ version: tree.versionId, type: 'FILE', category_attachment: ta.categoryId }, { filename: 'groot.bin', data: Buffer.alloc(1_000_001) });
      const res = await small.app.inject({ method: 'POST', url: `${M}/attachment-version-model/`, headers: { ...(await bearer(small.app, ta.usr)), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Het bestand is te groot (maximaal 1 MB).');
      const { rows } = await small.db.execute<{ n: number }>(sql`SELECT count(*) AS n FROM attachment WHERE version_id = ${tree.versionId}`);
      expect(rows[0].n).toBe(2);
    } finally {
      await small.close();
    }
  });
});

describe('reference data and log', () => {
  it('publishes the project-area routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/manager/project/', '/api/manager/version-model/{id}/move/', '/api/manager/model/{id}/saved-model/{saved_model_id}/', '/api/manager/attachment-version-model/', '/api/manager/log/']) {
      expect(paths).toContain(p);
    }
    // the attachment POST is validated by its contract body (a link or a file), like every other route
    const body = res.json().paths['/api/manager/attachment-version-model/'].post.requestBody.content['application/json'].schema;
    expect(body.oneOf.map((o: { properties: { attachment_type: { enum: string[] } } }) => o.properties.attachment_type.enum)).toEqual([["LINK"], ["FILE"]]);
  });

  it('lists reference data of the own client only', async () => {
    expect((await inject('GET', '/subregion/', usr)).json()).toEqual([{ id: a.subregionId, description: 'Centrum', outline_uri: null }]);
    expect((await inject('GET', '/type-project/', usr)).json().map((x: { id: number }) => x.id).sort()).toEqual([a.typeProjectId, a.defaultTypeProjectId].sort());
    expect((await inject('GET', '/phase/', usr)).json()).toEqual([{ id: a.phaseId, description: 'Initiatief' }]);
    expect((await inject('GET', '/category-attachment/', usr)).json()).toEqual(expect.arrayContaining([{ id: a.defaultCategoryId, name: 'Ongecategoriseerd', is_default: true }]));
    expect((await inject('GET', '/template-model/', usr)).json()).toEqual([{ id: a.templateModelId, name: 'Grondexploitatie standaard' }]);
    // Spec 1 §7's optional filter, as template-report/'s: every model template is usable by every user.
    expect((await inject('GET', '/template-model/?filter=authorised', usr)).json()).toEqual([{ id: a.templateModelId, name: 'Grondexploitatie standaard' }]);
  });

  it('prefills the rights table: users with access to the subregion get their global role, others NON', async () => {
    await t.db.insert(userSubregion).values([{ userId: a.usr.id, subregionId: a.subregionId }, { userId: a.vwr.id, subregionId: a.subregionId }]);
    const rows = (await inject('GET', `/subregion/${a.subregionId}/roles/`, usr)).json() as { id: number; role: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.role]))).toEqual({ [a.adm.id]: 'NON', [a.usr.id]: 'USR', [a.vwr.id]: 'VWR', [a.non.id]: 'NON', [a.staff.id]: 'NON' });
    expect((await inject('GET', `/subregion/${b.subregionId}/roles/`, usr)).statusCode).toBe(404);
  });

  it('pages the log of the own client, newest first', async () => {
    const ta = await createTenant(t.db, 'delta');
    const h = await bearer(t.app, ta.adm);
    const { audit } = await import('../services/audit.ts');
    for (let i = 1; i <= 120; i++) {
      await audit(t.db, { clientId: ta.clientId, user: ta.usr, description: `Actie ${i}`, ip: '10.0.0.9', at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    const p1 = (await t.app.inject({ method: 'GET', url: `${M}/log/?client_id=${ta.clientId}&log_rows=50&page=1`, headers: h })).json();
    expect(p1.pages).toBe(3);
    expect(p1.log_rows).toHaveLength(50);
    expect(p1.log_rows[0]).toMatchObject({ description: 'Actie 120', ipaddress: '10.0.0.9', user_name_full: 'delta USR', client_name: 'delta', timestamp: '2026-01-01T02:00:00.000Z' });
    const p3 = (await t.app.inject({ method: 'GET', url: `${M}/log/?log_rows=50&page=3`, headers: h })).json();
    expect(p3.log_rows.map((r: { description: string }) => r.description)).toEqual(Array.from({ length: 20 }, (_, i) => `Actie ${20 - i}`));
    expect((await t.app.inject({ method: 'GET', url: `${M}/log/?client_id=${a.clientId}&log_rows=50&page=1`, headers: h })).statusCode).toBe(404);
  });

  it('writes Dutch audit rows for changes', async () => {
    const tree = await seedTree(t.db, a, { name: 'Auditproject', roles: rolesAsGlobal(a), sessionUserId: a.usr.id });
    await inject('PATCH', `/version-model/${tree.versionId}/`, usr, { name: 'Versie A' });
    await inject('DELETE', `/model/${tree.modelId}/session-edit/`, adm);
    await inject('DELETE', `/project/${tree.projectId}/`, usr);
    const rows = await t.db.select({ d: auditLog.description }).from(auditLog).where(eq(auditLog.clientId, a.clientId));
    expect(rows.map((r) => r.d)).toEqual(expect.arrayContaining([
      "Versie 'Versie A' gewijzigd", "Sessie van rekenmodel 'Model 1' in versie 'Versie A' beëindigd", "Project 'Auditproject' verwijderd",
    ]));
  });
});
