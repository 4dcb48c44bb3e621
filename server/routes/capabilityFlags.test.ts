import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { PASSWORD, bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import { shippedReportTemplate, shippedTemplate } from '../seed/templates.ts';
import { COMPARISON_NAME } from '../../src/formulas/reportTemplates.ts';
import type { UserRow } from '../context.ts';

// The capability flags are trustworthy only if they say what the endpoints do: for every kind of caller
// (project roles ADM, USR, VWR; staff; the session holder) and a frozen and an unfrozen model, a flag is
// true exactly when the call it stands for is not refused. user/me/'s flags likewise per global role.

const M = '/api/manager';
let t: TestApp;
let a: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'flags');
});
afterAll(() => t.close());

type Flags = Record<string, boolean>;
const call = async (user: UserRow, r: InjectOptions) =>
  (await t.app.inject({ ...r, url: `${M}/${r.url as string}`, headers: { ...r.headers, ...(await bearer(t.app, user)) } })).statusCode;
const json = async <T>(user: UserRow, url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `${M}/${url}`, headers: await bearer(t.app, user) });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
};
const allowed = (status: number) => status < 300;

/** The flags of the tree's project, version and model rows as `who` receives them (lists and details). */
async function rows(who: UserRow, tree: Tree) {
  const project = (await json<(Flags & { id: number })[]>(who, 'project/?all=true')).find((p) => p.id === tree.projectId)!;
  const projectDetail = await json<Flags>(who, `project/${tree.projectId}/`);
  const version = (await json<(Flags & { id: number })[]>(who, `version-model/?project_id=${tree.projectId}`)).find((v) => v.id === tree.versionId)!;
  const versionDetail = await json<Flags>(who, `version-model/${tree.versionId}/`);
  const model = (await json<(Flags & { id: number; frozen: boolean })[]>(who, `model/?version_model_id=${tree.versionId}`)).find((m) => m.id === tree.modelId)!;
  const modelDetail = await json<Flags>(who, `model/${tree.modelId}/`);
  const pick = (o: Flags, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const P = ['can_edit', 'can_see_rights'];
  const V = ['can_edit', 'can_adopt', 'can_roll_over'];
  const MK = ['can_edit', 'can_move', 'can_freeze', 'can_end_session', 'can_see_history', 'can_manage_history'];
  // a list row and the detail of the same row carry the same flags
  expect(pick(projectDetail, P)).toEqual(pick(project, P));
  expect(pick(versionDetail, V)).toEqual(pick(version, V));
  expect(pick(modelDetail, MK)).toEqual(pick(model, MK));
  return { project: pick(project, P), version: pick(version, V), model: pick(model, MK), frozen: model.frozen };
}

/** What the endpoints allow `who` on the tree; every successful change is undone. */
async function allowedCalls(who: UserRow, tree: Tree, frozen: boolean) {
  const can = async (r: InjectOptions) => allowed(await call(who, r));
  const project = {
    can_edit: await can({ method: 'PATCH', url: `project/${tree.projectId}/`, payload: { description: null } }),
    can_see_rights: await can({ method: 'PATCH', url: `project/${tree.projectId}/`, payload: { roles: [] } }),
  };
  const version = { can_edit: await can({ method: 'PATCH', url: `version-model/${tree.versionId}/`, payload: { description: null } }) };
  const freeze = await can({ method: 'PATCH', url: `model/${tree.modelId}/`, payload: { frozen: !frozen } });
  if (freeze) await t.db.execute(sql`UPDATE model SET frozen = ${frozen} WHERE id = ${tree.modelId}`);
  const [holder] = (await t.db.execute<{ user_id: number }>(sql`SELECT user_id FROM model_session WHERE model_id = ${tree.modelId}`)).rows;
  const endSession = await can({ method: 'DELETE', url: `model/${tree.modelId}/session-edit/` });
  if (holder) await t.db.execute(sql`INSERT INTO model_session (model_id, user_id, started_at) VALUES (${tree.modelId}, ${holder.user_id}, now()) ON CONFLICT DO NOTHING`);
  const model = {
    can_edit: await can({ method: 'GET', url: `model/${tree.modelId}/duplicate/` }),
    can_move: await can({ method: 'POST', url: `model/${tree.modelId}/move/`, payload: { to_version: tree.versionId } }),
    can_freeze: freeze,
    can_end_session: endSession,
    can_see_history: await can({ method: 'GET', url: `model/${tree.modelId}/saved-model/` }),
    // activating the entry that is already active changes nothing but is refused like any other activation
    can_manage_history: await can({ method: 'PATCH', url: `model/${tree.modelId}/saved-model/${tree.savedModelId}/` }),
  };
  // The jaarovergang's flag is about rights: a model open in someone else's session is a state its dialog reports (409).
  const rollStatus = await call(who, { method: 'POST', url: `version-model/${tree.versionId}/rollover/`, payload: { year: 2027, preview: true } });
  const adopt = await can({ method: 'POST', url: `version-model/${tree.versionId}/adopt/`, payload: { date: '2025-01-01' } });
  if (adopt) {
    await t.db.execute(sql`UPDATE version_model SET adopted_on = NULL, adopted_note = NULL, adopted_by = NULL, adopted_at = NULL WHERE id = ${tree.versionId}`);
    await t.db.execute(sql`UPDATE model SET frozen = ${frozen} WHERE id = ${tree.modelId}`);
  }
  Object.assign(version, { can_adopt: adopt, can_roll_over: rollStatus !== 403 && rollStatus !== 404 });
  return { project, version, model, frozen };
}

describe('row flags agree with what the endpoints allow', () => {
  const callers = () => ({ 'project ADM': a.adm, 'project USR (session holder)': a.usr, 'project VWR': a.vwr, 'staff (project ADM)': a.staff });
  for (const frozen of [false, true]) {
    for (const who of ['project ADM', 'project USR (session holder)', 'project VWR', 'staff (project ADM)'] as const) {
      it(`${who}, ${frozen ? 'frozen' : 'unfrozen'} model`, async () => {
        const user = callers()[who];
        const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a), sessionUserId: a.usr.id });
        if (frozen) await t.db.execute(sql`UPDATE model SET frozen = true WHERE id = ${tree.modelId}`);
        const flags = await rows(user, tree);
        expect(flags.frozen).toBe(frozen);
        expect(await allowedCalls(user, tree, frozen)).toEqual(flags);
      });
    }
  }

  it('a session holder with project role VWR may end his own session, and the flag says so', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a), sessionUserId: a.vwr.id });
    const flags = await rows(a.vwr, tree);
    expect(flags.model).toMatchObject({ can_edit: false, can_end_session: true });
    expect(await allowedCalls(a.vwr, tree, false)).toEqual(flags);
  });

  it('staff with project role USR manages the history but does not freeze', async () => {
    const staffUsr = await createUser(t.db, a.clientId, { email: 'staf-usr@flags.test', role: 'USR', isStaff: true });
    const tree = await seedTree(t.db, a, { roles: { [staffUsr.id]: 'USR' } });
    const flags = await rows(staffUsr, tree);
    expect(flags.model).toMatchObject({ can_see_history: true, can_manage_history: true, can_freeze: false, can_end_session: false });
    expect(await allowedCalls(staffUsr, tree, false)).toEqual(flags);
  });
});

describe('user/me/ flags per global role and staff', () => {
  const EXPECTED = {
    ADM: { has_main_app_access: true, can_create_project: true, can_read_logs: true, can_manage_users: true, can_configure: true, can_manage_global_parameters: false, can_manage_model_templates: false, can_manage_report_templates: false, can_edit_profile: true, can_manage_mfa: true, can_change_password: true, can_choose_platform: false, can_manage_documentation: false, can_manage_map_viewer: false, can_manage_bi_settings: false },
    USR: { has_main_app_access: true, can_create_project: true, can_read_logs: false, can_manage_users: false, can_configure: false, can_manage_global_parameters: false, can_manage_model_templates: false, can_manage_report_templates: false, can_edit_profile: true, can_manage_mfa: true, can_change_password: true, can_choose_platform: false, can_manage_documentation: false, can_manage_map_viewer: false, can_manage_bi_settings: false },
    VWR: { has_main_app_access: true, can_create_project: false, can_read_logs: false, can_manage_users: false, can_configure: false, can_manage_global_parameters: false, can_manage_model_templates: false, can_manage_report_templates: false, can_edit_profile: true, can_manage_mfa: true, can_change_password: true, can_choose_platform: false, can_manage_documentation: false, can_manage_map_viewer: false, can_manage_bi_settings: false },
    NON: { has_main_app_access: false, can_create_project: false, can_read_logs: false, can_manage_users: false, can_configure: false, can_manage_global_parameters: false, can_manage_model_templates: false, can_manage_report_templates: false, can_edit_profile: true, can_manage_mfa: true, can_change_password: true, can_choose_platform: false, can_manage_documentation: false, can_manage_map_viewer: false, can_manage_bi_settings: false },
  };
  const STAFF = { has_main_app_access: true, can_create_project: true, can_read_logs: true, can_manage_users: true, can_configure: true, can_manage_global_parameters: true, can_manage_model_templates: true, can_manage_report_templates: true, can_edit_profile: false, can_manage_mfa: true, can_change_password: true, can_choose_platform: true, can_manage_documentation: true, can_manage_map_viewer: true, can_manage_bi_settings: true };
  let n = 0;

  for (const [role, staff, expected] of [
    ...Object.entries(EXPECTED).map(([r, e]) => [r, false, e] as const),
    ...(['ADM', 'VWR', 'NON'] as const).map((r) => [r, true, STAFF] as const),
  ]) {
    it(`role ${role}${staff ? ' with the staff flag' : ''}`, async () => {
      const user = await createUser(t.db, a.clientId, { email: `me${++n}@flags.test`, role: role as 'ADM', isStaff: staff });
      const me = await json<Flags & { is_staff: boolean; role: string }>(user, 'user/me/');
      expect(me).toMatchObject({ ...expected, is_staff: staff, role });
      // the sign-in answer's user is the same CurrentUser, flags included
      const login = await t.app.inject({ method: 'POST', url: `${M}/user/login/`, payload: { email: user.email, password: PASSWORD }, remoteAddress: `10.9.9.${n}` });
      expect(login.json().user).toEqual(me);
      // and the endpoints behind the flags agree
      const template = multipart({ name: `Vlag ${n}` }, { filename: 'vlag.xlsx', data: Buffer.from(await shippedTemplate()) });
      const reportTemplate = multipart({ name: `Vlag ${n}`, n_models_min: 1, n_models_max: 3 }, { filename: 'vlag.xlsx', data: Buffer.from(await shippedReportTemplate(COMPARISON_NAME)) });
      expect({
        has_main_app_access: allowed(await call(user, { method: 'GET', url: 'project/' })),
        can_create_project: allowed(await call(user, { method: 'POST', url: 'project/', payload: { name: `Vlag ${n}`, subregion: a.subregionId, type_project: a.typeProjectId, roles: [{ id: a.usr.id, role: 'USR' }] } })),
        can_read_logs: allowed(await call(user, { method: 'GET', url: `log/?client_id=${a.clientId}&log_rows=50&page=1` })),
        can_manage_users: allowed(await call(user, { method: 'GET', url: 'user/' })),
        can_configure: allowed(await call(user, { method: 'POST', url: 'subregion/', payload: { description: `Vlag ${n}`, access_list: [] } })),
        can_edit_profile: allowed(await call(user, { method: 'PUT', url: 'user/me/', payload: { first_name: user.firstName } })),
        can_manage_mfa: allowed(await call(user, { method: 'POST', url: 'user/mfa/setup/' })),
        // a wrong current password: 400 when the change is allowed, 403 when not
        can_change_password: (await call(user, { method: 'POST', url: 'user/me/reset-password/', payload: { current_password: 'fout', new_password: 'Nieuw-Wachtwoord-2026!' } })) === 400,
        can_manage_model_templates: allowed(await call(user, { method: 'POST', url: 'template-model/', headers: template.headers, payload: template.payload })),
        can_manage_report_templates: allowed(await call(user, { method: 'POST', url: 'template-report/', headers: reportTemplate.headers, payload: reportTemplate.payload })),
        can_manage_documentation: allowed(await call(user, { method: 'POST', url: 'documentation/', payload: { documentation_type: 'instructional_video', name: `Vlag ${n}`, video_url: 'https://youtu.be/dQw4w9WgXcQ' } })),
        can_manage_map_viewer: allowed(await call(user, { method: 'GET', url: 'mapviewer/oauth/client/' })),
        can_manage_bi_settings: allowed(await t.app.inject({ method: 'GET', url: '/api/bi/v1/settings/', headers: await bearer(t.app, user) }).then((r) => r.statusCode)),
      }).toEqual({
        has_main_app_access: expected.has_main_app_access, can_create_project: expected.can_create_project, can_read_logs: expected.can_read_logs,
        can_manage_users: expected.can_manage_users, can_configure: expected.can_configure, can_edit_profile: expected.can_edit_profile, can_manage_mfa: expected.can_manage_mfa, can_change_password: expected.can_change_password,
        can_manage_model_templates: expected.can_manage_model_templates,
        can_manage_report_templates: expected.can_manage_report_templates,
        can_manage_documentation: expected.can_manage_documentation,
        can_manage_map_viewer: expected.can_manage_map_viewer,
        can_manage_bi_settings: expected.can_manage_bi_settings,
      });
    });
  }
});
