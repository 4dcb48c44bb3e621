import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { multipart, rolesAsGlobal, seedTree, type Tree } from '../../test/server/projectFixtures.ts';
import type { UserRow } from '../context.ts';
import { rateWindow } from '../db/schema/index.ts';
import { shippedTemplate } from '../seed/templates.ts';
import { createBiLink } from '../services/biLinks.ts';
import { fromRd } from '../../src/lib/geo.ts';

// Authorization matrix of the project area (spec 1 §6, server/policies/projects.ts):
// every endpoint × {no token, NON, VWR, USR, ADM, staff, user of another client}
//                × {own project (role = the user's global role; staff ADM), project without a role}.

type Who = 'none' | 'NON' | 'VWR' | 'USR' | 'ADM' | 'staff' | 'other';
const WHO: Who[] = ['none', 'NON', 'VWR', 'USR', 'ADM', 'staff', 'other'];
type Target = 'own' | 'norole';

const OK = 0; // replaced by the endpoint's success status
/** Expected statuses per class, in the order of WHO. */
const CLASSES = {
  // read: any project role but NON
  read: { own: [401, 403, OK, OK, OK, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // edit: project ADM/USR
  edit: { own: [401, 403, 403, OK, OK, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // frozen toggle and rights table: project ADM
  projectAdm: { own: [401, 403, 403, 403, OK, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // end a session (held by the USR): project ADM or the holder
  session: { own: [401, 403, 403, OK, OK, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // model history, read (list, download): any project role but NON (readers get copies, issue 23)
  historyRead: { own: [401, 403, OK, OK, OK, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // model history, change (upload, activate): staff with project ADM/USR
  history: { own: [401, 403, 403, 403, 403, OK, 404], norole: [401, 403, 404, 404, 404, 404, 404] },
  // create a project: global ADM/USR (another client's user creates in his own client)
  create: { own: [401, 403, 403, OK, OK, OK, OK], norole: [401, 403, 403, OK, OK, OK, OK] },
  // lists of the caller's own client
  clientList: { own: [401, 403, OK, OK, OK, OK, OK], norole: [401, 403, OK, OK, OK, OK, OK] },
  // a subregion of the project's client
  clientRow: { own: [401, 403, OK, OK, OK, OK, 404], norole: [401, 403, OK, OK, OK, OK, 404] },
  // spreadsheet-model templates of the caller's client: staff
  staff: { own: [401, 403, 403, 403, 403, OK, 403], norole: [401, 403, 403, 403, 403, OK, 403] },
  // logs of the project's client: global ADM
  log: { own: [401, 403, 403, 403, OK, OK, 404], norole: [401, 403, 403, 403, OK, OK, 404] },
} as const;

interface Ctx { tree: Tree; own2: Tree; tenant: Tenant; me: Tenant; n: number; who: Who }
interface Endpoint {
  name: string;
  cls: keyof typeof CLASSES;
  ok: number;
  /** Changes data: gets fresh fixtures for every cell. */
  mutates?: boolean;
  req: (c: Ctx) => Req | Promise<Req>;
}
type Req = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

const M = '/api/manager';
/** A valid outline: 100 m × 100 m at Amersfoort (RD New). */
const SQUARE = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [
  [[155_000, 463_000], [155_100, 463_000], [155_100, 463_100], [155_000, 463_100], [155_000, 463_000]].map((p) => fromRd(p)),
] } };
const ENDPOINTS: Endpoint[] = [
  { name: 'GET project/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/project/?all=true` }) },
  { name: 'POST project/', cls: 'create', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/project/`, payload: { name: `Nieuw ${c.n}`, subregion: c.me.subregionId, type_project: c.me.typeProjectId, roles: [{ id: c.me.usr.id, role: 'USR' }] } }) },
  { name: 'GET project/{id}/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/project/${c.tree.projectId}/` }) },
  { name: 'PUT project/{id}/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PUT', url: `${M}/project/${c.tree.projectId}/`, payload: { name: `Hernoemd ${c.n}`, subregion: c.tenant.subregionId, type_project: c.tenant.typeProjectId } }) },
  { name: 'PATCH project/{id}/ hidden', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/project/${c.tree.projectId}/`, payload: { hidden: true } }) },
  { name: 'PATCH project/{id}/ roles', cls: 'projectAdm', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/project/${c.tree.projectId}/`, payload: { roles: [{ id: c.tenant.vwr.id, role: 'USR' }] } }) },
  { name: 'DELETE project/{id}/', cls: 'edit', ok: 204, mutates: true, req: (c) => ({ method: 'DELETE', url: `${M}/project/${c.tree.projectId}/` }) },
  { name: 'GET project/{id}/duplicate/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'GET', url: `${M}/project/${c.tree.projectId}/duplicate/` }) },

  { name: 'GET version-model/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/version-model/?project_id=${c.tree.projectId}` }) },
  { name: 'POST version-model/', cls: 'edit', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/version-model/`, payload: { name: 'Versie nieuw', project: c.tree.projectId, phase: 0 } }) },
  { name: 'GET version-model/{id}/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/version-model/${c.tree.versionId}/` }) },
  { name: 'PUT version-model/{id}/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PUT', url: `${M}/version-model/${c.tree.versionId}/`, payload: { name: 'Versie X', phase: c.tenant.phaseId } }) },
  { name: 'PATCH version-model/{id}/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/version-model/${c.tree.versionId}/`, payload: { description: 'Nieuw' } }) },
  { name: 'DELETE version-model/{id}/', cls: 'edit', ok: 204, mutates: true, req: (c) => ({ method: 'DELETE', url: `${M}/version-model/${c.tree.versionId}/` }) },
  { name: 'GET version-model/{id}/duplicate/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'GET', url: `${M}/version-model/${c.tree.versionId}/duplicate/` }) },
  { name: 'POST version-model/{id}/move/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/version-model/${c.tree.versionId}/move/`, payload: { to_project: c.own2.projectId } }) },

  { name: 'GET model/?version_model_id', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/model/?version_model_id=${c.tree.versionId}` }) },
  { name: 'GET model/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/model/` }) },
  { name: 'POST model/', cls: 'edit', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/model/`, payload: { name: 'Model nieuw', version: c.tree.versionId, type_model: c.tenant.templateModelId } }) },
  { name: 'GET model/{id}/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/` }) },
  { name: 'PUT model/{id}/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PUT', url: `${M}/model/${c.tree.modelId}/`, payload: { name: 'Model X', description: 'Omschrijving' } }) },
  { name: 'PATCH model/{id}/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/model/${c.tree.modelId}/`, payload: { description: 'Omschrijving' } }) },
  { name: 'PATCH model/{id}/ frozen', cls: 'projectAdm', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/model/${c.tree.modelId}/`, payload: { frozen: true } }) },
  { name: 'DELETE model/{id}/', cls: 'edit', ok: 204, mutates: true, req: (c) => ({ method: 'DELETE', url: `${M}/model/${c.tree.modelId}/` }) },
  { name: 'GET model/{id}/duplicate/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/duplicate/` }) },
  { name: 'POST model/{id}/move/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/model/${c.tree.modelId}/move/`, payload: { to_version: c.own2.versionId } }) },
  // The own project's model is open by its USR: he is the holder, its ADM (and staff) take it over with `force`, the VWR opens a copy.
  { name: 'GET model/{id}/open/?force', cls: 'read', ok: 200, mutates: true, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/open/?force=true` }) },
  { name: 'GET model/{id}/session-edit/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/session-edit/` }) },
  { name: 'DELETE model/{id}/session-edit/', cls: 'session', ok: 200, mutates: true, req: (c) => ({ method: 'DELETE', url: `${M}/model/${c.tree.modelId}/session-edit/` }) },
  { name: 'GET model/{id}/saved-model/', cls: 'historyRead', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/saved-model/` }) },
  { name: 'POST model/{id}/saved-model/', cls: 'history', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/model/${c.tree.modelId}/saved-model/`, ...multipart({}, { filename: 'nieuw.xlsx', data: Buffer.from('xlsx') }) }) },
  { name: 'GET model/{id}/saved-model/{sid}/', cls: 'historyRead', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/model/${c.tree.modelId}/saved-model/${c.tree.savedModelId}/` }) },
  { name: 'PATCH model/{id}/saved-model/{sid}/', cls: 'history', ok: 200, mutates: true, req: (c) => ({ method: 'PATCH', url: `${M}/model/${c.tree.modelId}/saved-model/${c.tree.savedModelId}/` }) },

  { name: 'POST attachment-version-model/ link', cls: 'edit', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/attachment-version-model/`, payload: { version: c.tree.versionId, attachment_type: 'LINK', category_attachment: c.tenant.categoryId, name: 'Site', url_link: 'https://example.org' } }) },
  { name: 'POST attachment-version-model/ file', cls: 'edit', ok: 201, mutates: true, req: (c) => ({ method: 'POST', url: `${M}/attachment-version-model/`, ...multipart({ version: c.tree.versionId, type: 'FILE', category_attachment: c.tenant.categoryId, name: 'Bestand' }, { filename: 'a.txt', data: Buffer.from('hallo') }) }) },
  { name: 'GET attachment-version-model/{id}/ file', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/attachment-version-model/${c.tree.fileAttachmentId}/` }) },
  { name: 'GET attachment-version-model/{id}/ link', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/attachment-version-model/${c.tree.linkAttachmentId}/` }) },
  { name: 'DELETE attachment-version-model/{id}/', cls: 'edit', ok: 204, mutates: true, req: (c) => ({ method: 'DELETE', url: `${M}/attachment-version-model/${c.tree.fileAttachmentId}/` }) },

  { name: 'GET subregion/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/subregion/` }) },
  { name: 'GET subregion/{id}/roles/', cls: 'clientRow', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/subregion/${c.tenant.subregionId}/roles/` }) },
  { name: 'GET type-project/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/type-project/` }) },
  { name: 'GET phase/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/phase/` }) },
  { name: 'GET category-attachment/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/category-attachment/` }) },
  { name: 'GET template-model/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/template-model/` }) },
  { name: 'POST template-model/', cls: 'staff', ok: 201, req: (c) => ({ method: 'POST', url: `${M}/template-model/`, ...multipart({ name: `Type ${c.n}` }, { filename: 'type.xlsx', data: templateXlsx }) }) },
  // BI links (policies/bi.ts): made over models the caller reads; a link is its owner's. `own` is a link
  // of the caller (another client's user: of alpha's USR), `norole` one of another user of alpha.
  { name: 'POST bi report/', cls: 'read', ok: 201, req: (c) => ({ method: 'POST', url: `${BI}/report/`, payload: { description: 'Dashboard', models: [c.tree.modelId] } }) },
  { name: 'GET bi report/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${BI}/report/` }) },
  { name: 'GET bi report/{uuid}/', cls: 'read', ok: 200, req: async (c) => ({ method: 'GET', url: `${BI}/report/${await biLinkFor(c)}/` }) },
  { name: 'DELETE bi report/{uuid}/', cls: 'read', ok: 204, req: async (c) => ({ method: 'DELETE', url: `${BI}/report/${await biLinkFor(c)}/` }) },
  { name: 'POST bi report/{uuid}/password/', cls: 'read', ok: 200, req: async (c) => ({ method: 'POST', url: `${BI}/report/${await biLinkFor(c)}/password/` }) },
  { name: 'GET mapviewer/version-model/{id}/region/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/mapviewer/version-model/${c.tree.versionId}/region/` }) },
  { name: 'PUT mapviewer/version-model/{id}/region/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PUT', url: `${M}/mapviewer/version-model/${c.tree.versionId}/region/`, payload: SQUARE }) },
  { name: 'GET mapviewer/version-model/{id}/features/', cls: 'read', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/mapviewer/version-model/${c.tree.versionId}/features/` }) },
  { name: 'PUT mapviewer/version-model/{id}/features/', cls: 'edit', ok: 200, mutates: true, req: (c) => ({ method: 'PUT', url: `${M}/mapviewer/version-model/${c.tree.versionId}/features/`, payload: { type: 'FeatureCollection', features: [{ ...SQUARE, properties: { name: 'Park', function: 'public_space_green' } }] } }) },
  { name: 'GET mapviewer/overview/regions/', cls: 'clientList', ok: 200, req: () => ({ method: 'GET', url: `${M}/mapviewer/overview/regions/` }) },
  { name: 'GET log/', cls: 'log', ok: 200, req: (c) => ({ method: 'GET', url: `${M}/log/?client_id=${c.tenant.clientId}&log_rows=50&page=1` }) },
];

const BI = '/api/bi/v1';
/** A fresh BI link (made by the service, as its owner would) of the caller on `own`, of someone else on `norole`. */
async function biLinkFor(c: Ctx): Promise<string> {
  const users: Partial<Record<Who, UserRow>> = { VWR: alpha.vwr, USR: alpha.usr, ADM: alpha.adm, staff: alpha.staff };
  const caller = users[c.who];
  const owner = c.tree === fx!.own ? caller ?? alpha.usr : caller === alpha.adm ? alpha.usr : alpha.adm;
  // The matrix makes far more links per owner than a person may in an hour: the creation limit is
  // bi.test.ts's subject, not this one's.
  await t.app.ctx.db.delete(rateWindow);
  const link = await createBiLink(t.app.ctx, owner, { description: `Link ${c.n}`, models: [c.own2.modelId] }, '127.0.0.1');
  return link.uuid;
}

let t: TestApp;
/** A real workbook for the template upload (the shipped one). */
let templateXlsx: Buffer;
let alpha: Tenant;
let beta: Tenant;
const headers = new Map<Who, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  templateXlsx = Buffer.from(await shippedTemplate());
  alpha = await createTenant(t.db, 'alpha');
  beta = await createTenant(t.db, 'beta');
  const users: Record<Exclude<Who, 'none'>, UserRow> = {
    NON: alpha.non, VWR: alpha.vwr, USR: alpha.usr, ADM: alpha.adm, staff: alpha.staff, other: beta.adm,
  };
  headers.set('none', {});
  for (const [who, u] of Object.entries(users)) headers.set(who as Who, await bearer(t.app, u));
});
afterAll(() => t.close());

let counter = 0;
let cells = 0;
type Fixtures = { own: Tree; norole: Tree; own2: Tree };
let fx: Fixtures | undefined;
const ownTree = () => seedTree(t.db, alpha, { roles: rolesAsGlobal(alpha), sessionUserId: alpha.usr.id });
const own2Tree = () => seedTree(t.db, alpha, { roles: rolesAsGlobal(alpha), prefix: 'Doel ' });
/** Shared fixtures; a successful change replaces the trees it may have touched (refusals change nothing). */
async function fixtures(): Promise<Fixtures> {
  fx ??= { own: await ownTree(), norole: await seedTree(t.db, alpha, { sessionUserId: alpha.usr.id }), own2: await own2Tree() };
  return fx;
}

describe('authorization matrix of the project area', () => {
  for (const e of ENDPOINTS) {
    it(`${e.name}: exact status per caller × project`, async () => {
      const failures: string[] = [];
      for (const [i, who] of WHO.entries()) {
        for (const target of ['own', 'norole'] as Target[]) {
          const f = await fixtures();
          const expected = CLASSES[e.cls][target][i] || e.ok;
          const c: Ctx = { tree: f[target], own2: f.own2, tenant: alpha, me: who === 'other' ? beta : alpha, n: ++counter, who };
          const r = await e.req(c);
          const res = await t.app.inject({ ...r, headers: { ...(r.headers ?? {}), ...headers.get(who)! } } as InjectOptions);
          cells++;
          if (res.statusCode !== expected) failures.push(`${e.name} × ${who} × ${target}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
          if (e.mutates && res.statusCode < 300) fx = { ...f, own: await ownTree(), own2: await own2Tree() };
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('covered every cell', () => {
    expect(cells).toBe(ENDPOINTS.length * WHO.length * 2);
  });
});
