import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, createUser, type Tenant } from '../../test/server/fixtures.ts';
import { auditLog, model, modelResult, modelSession, project, projectRole, versionModel } from '../db/schema/index.ts';
import { onlineModelResults } from '../../src/formulas/modelResults.ts';
import type { UserRow } from '../context.ts';
import type { ModelData } from '../../src/model/modelData.ts';

const example = JSON.parse(readFileSync(new URL('../../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as ModelData;

let t: TestApp;
let A: Tenant;
let B: Tenant;
let none: UserRow; // ADM of client A without a role on the project
let modelId: number;
let frozenId: number;
let sheetId: number;

async function mkModel(tenant: Tenant, projectName: string, roles: [UserRow, 'ADM' | 'USR' | 'VWR' | 'NON'][], extra: Partial<typeof model.$inferInsert> = {}) {
  const [p] = await t.db.insert(project).values({ createdAt: new Date(), timestampLastModified: new Date(), clientId: tenant.clientId, name: projectName, subregionId: tenant.subregionId, typeProjectId: tenant.typeProjectId }).returning();
  const [v] = await t.db.insert(versionModel).values({ createdAt: new Date(), timestampLastModified: new Date(), projectId: p.id, name: 'Versie 1' }).returning();
  const [m] = await t.db.insert(model).values({ createdAt: new Date(), timestampLastModified: new Date(), versionId: v.id, name: 'Online', modelPlatform: 'online', modelData: example, ...extra }).returning();
  for (const [u, role] of roles) await t.db.insert(projectRole).values({ projectId: p.id, userId: u.id, role }).onConflictDoNothing();
  return m.id;
}

beforeAll(async () => {
  t = await createTestApp();
  A = await createTenant(t.db, 'gxa');
  B = await createTenant(t.db, 'gxb');
  none = await createUser(t.db, A.clientId, { email: 'none@gxa.test', role: 'ADM' });
  const roles: [UserRow, 'ADM' | 'USR' | 'VWR' | 'NON'][] = [[A.adm, 'ADM'], [A.usr, 'USR'], [A.vwr, 'VWR'], [A.non, 'NON'], [A.staff, 'ADM']];
  modelId = await mkModel(A, 'Plan', roles);
  frozenId = await mkModel(A, 'Bevroren', roles, { frozen: true });
  sheetId = await mkModel(A, 'Spreadsheet', roles, { modelPlatform: 'spreadsheet', modelData: null });
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, user: UserRow | null, payload?: object) =>
  t.app.inject({ method, url: `/api/grexonline/${url}`, payload, headers: user ? await bearer(t.app, user) : {} });
const load = (id: number, u: UserRow) => call('GET', `model/${id}/`, u);
const save = (id: number, u: UserRow | null, data: ModelData, version: number) => call('POST', `model/${id}/`, u, { ...data, data_version: version });
const version = async (id: number) => (await t.db.select({ v: model.dataVersion }).from(model).where(eq(model.id, id)))[0]!.v;

describe('GET /api/grexonline/model/{id}/', () => {
  it('answers the model data, the breadcrumb names and the concurrency token', async () => {
    const res = await load(modelId, A.usr);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cost_estimate).toEqual(example.cost_estimate);
    expect(body.residential_construction).toEqual(example.residential_construction);
    expect(body.base_parameters.phasing_period).toBe('Annual');
    expect(body.base_parameters.project_info).toMatchObject({ project_name: 'Plan', version_name: 'Versie 1', model_name: 'Online', subregion: 'Centrum' });
    expect(body).toMatchObject({ project_name: 'Plan', version_name: 'Versie 1', model_name: 'Online', frozen: false, can_edit: true, data_version: 0, read_only_reason: null });
  });
  it('carries the results stored for the model\'s current save, and none of another save or another format (issue 26)', async () => {
    const id = await mkModel(A, 'Opgeslagen resultaten', [[A.usr, 'USR']]);
    expect((await load(id, A.usr)).json().stored_results).toBeNull();
    const computed = JSON.parse(JSON.stringify(onlineModelResults(example))) as ReturnType<typeof onlineModelResults>;
    await t.db.insert(modelResult).values({ modelId: id, clientId: A.clientId, dataVersion: 0, savedModelId: null, computedAt: new Date(), results: computed });
    const body = (await load(id, A.usr)).json();
    expect(body.stored_results).toEqual({ data_version: 0, format: computed.tool!.format, results: computed.tool!.results });
    expect(body.stored_results.results.ew).toBeCloseTo(-106120.8, 2);
    // A save whose results job has not run yet: the row belongs to the save before it.
    await t.db.update(model).set({ dataVersion: 1 }).where(eq(model.id, id));
    expect((await load(id, A.usr)).json().stored_results).toBeNull();
    // A row stored before the tool's part existed.
    const { tool: _tool, ...reportPart } = computed;
    await t.db.update(modelResult).set({ dataVersion: 1, results: reportPart }).where(eq(modelResult.modelId, id));
    expect((await load(id, A.usr)).json().stored_results).toBeNull();
    await t.db.update(modelResult).set({ results: { ...computed, tool: { ...computed.tool!, format: 99 } } }).where(eq(modelResult.modelId, id));
    expect((await load(id, A.usr)).json().stored_results).toBeNull();
    // A row of format 1, stored before the results were keyed by section (four named lists): not read as today's.
    const { entries, ...sectionless } = computed.tool!.results;
    const format1 = { ...sectionless, costEntries: entries.cost, residentialEntries: entries.residential, nonResidentialEntries: entries.non_residential, otherRevenueEntries: entries.other_revenue };
    await t.db.update(modelResult).set({ results: { ...computed, tool: { format: 1, results: format1 as never } } }).where(eq(modelResult.modelId, id));
    expect((await load(id, A.usr)).json().stored_results).toBeNull();
  });
  it('a spreadsheet model is not an online model', async () => {
    expect((await load(sheetId, A.adm)).statusCode).toBe(404);
  });
  it('a frozen model is read-only for everyone', async () => {
    const body = (await load(frozenId, A.adm)).json();
    expect(body).toMatchObject({ frozen: true, can_edit: false, read_only_reason: 'frozen' });
  });
});

describe('authorization matrix', () => {
  // [who, GET, POST] — POST with valid data at the current version.
  const cases: [string, () => UserRow | null, number, number][] = [
    ['no token', () => null, 401, 401],
    ['global NON', () => A.non, 403, 403],
    ['VWR', () => A.vwr, 200, 403],
    ['USR', () => A.usr, 200, 200],
    ['ADM', () => A.adm, 200, 200],
    ['staff (project ADM)', () => A.staff, 200, 200],
    ['ADM without a project role', () => none, 404, 404],
    ['other client ADM', () => B.adm, 404, 404],
    ['other client staff', () => B.staff, 404, 404],
  ];
  for (const [who, user, get, post] of cases) {
    it(`${who}: GET ${get}, POST ${post}`, async () => {
      const u = user();
      const g = u ? await load(modelId, u) : await call('GET', `model/${modelId}/`, null);
      expect(g.statusCode).toBe(get);
      if (get === 200) expect(g.json().can_edit).toBe(post === 200);
      const before = await version(modelId);
      const p = await save(modelId, u, example, before);
      expect(p.statusCode).toBe(post);
      expect(await version(modelId)).toBe(post === 200 ? before + 1 : before);
    });
  }
  it('frozen: nobody saves (423), nothing changes', async () => {
    for (const u of [A.adm, A.usr, A.staff]) {
      const res = await save(frozenId, u, example, 0);
      expect(res.statusCode).toBe(423);
    }
    expect(await version(frozenId)).toBe(0);
  });
  it('session calls follow the same visibility', async () => {
    expect((await call('POST', `model/${modelId}/session/`, null)).statusCode).toBe(401);
    expect((await call('POST', `model/${modelId}/session/`, A.non)).statusCode).toBe(403);
    expect((await call('POST', `model/${modelId}/session/`, B.adm)).statusCode).toBe(404);
    expect((await call('POST', `model/${modelId}/session/`, none)).statusCode).toBe(404);
    const vwr = await call('POST', `model/${modelId}/session/`, A.vwr);
    expect(vwr.json()).toMatchObject({ held: false, read_only_reason: 'role' });
    expect(await t.db.select().from(modelSession).where(eq(modelSession.modelId, modelId))).toHaveLength(0);
  });
});

describe('POST /api/grexonline/model/{id}/', () => {
  it('saves, bumps data_version, answers the saved data and writes an audit row', async () => {
    const v = await version(modelId);
    const changed = structuredClone(example);
    changed.cost_estimate[0]!.estimate.price = 1_200_000;
    const res = await save(modelId, A.usr, changed, v);
    expect(res.statusCode).toBe(200);
    expect(res.json().data_version).toBe(v + 1);
    expect(res.json().cost_estimate[0].estimate.price).toBe(1_200_000);
    expect((await load(modelId, A.adm)).json().cost_estimate[0].estimate.price).toBe(1_200_000);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.clientId, A.clientId), eq(auditLog.userId, A.usr.id)));
    expect(rows.some((r) => r.description === "Modelgegevens van rekenmodel 'Online' in versie 'Versie 1' opgeslagen")).toBe(true);
  });

  it('a save on an older data_version answers 409 and overwrites nothing', async () => {
    const v = await version(modelId);
    const mine = structuredClone(example);
    mine.cost_estimate[0]!.label = 'Eerste';
    expect((await save(modelId, A.adm, mine, v)).statusCode).toBe(200);
    const theirs = structuredClone(example);
    theirs.cost_estimate[0]!.label = 'Tweede';
    const res = await save(modelId, A.usr, theirs, v);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', data_version: v + 1 });
    expect((await load(modelId, A.adm)).json().cost_estimate[0].label).toBe('Eerste');
  });

  it('invalid model data answers 400 with the spec message and the list of problems', async () => {
    const v = await version(modelId);
    const bad = structuredClone(example);
    bad.base_parameters.space_usage.push({ id: 2, label: 'Zonder waarde', value: null, location: null });
    bad.base_parameters.phasing_net_present_value_date = '2030-01-01';
    const res = await save(modelId, A.adm, bad, v);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Ongeldige invoer. Controleer de ingevulde waarden en probeer het opnieuw.');
    expect(body.errors.map((e: { message: string }) => e.message)).toContain('Ongeldige invoer. Controleer alstublieft de gegevens en probeer het opnieuw.');
    expect(body.errors.length).toBeGreaterThanOrEqual(2);
    expect(await version(modelId)).toBe(v);
  });

  it('a body that does not match the schema answers 400', async () => {
    const res = await call('POST', `model/${modelId}/`, A.adm, { base_parameters: {}, data_version: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(0);
  });
});

describe('edit session', () => {
  it('opening takes the session, someone else opens read-only and cannot save, closing ends it', async () => {
    const open = await call('POST', `model/${modelId}/session/`, A.usr);
    expect(open.json()).toMatchObject({ held: true, read_only_reason: null });
    expect(await t.db.select().from(modelSession).where(eq(modelSession.modelId, modelId))).toHaveLength(1);
    // Opening again by the holder (a reload) keeps it.
    expect((await call('POST', `model/${modelId}/session/`, A.usr)).json().held).toBe(true);

    const other = await call('POST', `model/${modelId}/session/`, A.adm);
    expect(other.json()).toMatchObject({ held: false, read_only_reason: 'session' });
    expect(other.json().message).toMatch(/^Dit model is geopend door /);
    expect((await load(modelId, A.adm)).json()).toMatchObject({ read_only_reason: 'session', session: { mine: false } });
    const blocked = await save(modelId, A.adm, example, await version(modelId));
    expect(blocked.statusCode).toBe(423);
    // The holder saves.
    expect((await save(modelId, A.usr, example, await version(modelId))).statusCode).toBe(200);
    // Someone else's close leaves the session alone.
    await call('DELETE', `model/${modelId}/session/`, A.adm);
    expect(await t.db.select().from(modelSession).where(eq(modelSession.modelId, modelId))).toHaveLength(1);
    const closed = await call('DELETE', `model/${modelId}/session/`, A.usr);
    expect(closed.json().held).toBe(false);
    expect(await t.db.select().from(modelSession).where(eq(modelSession.modelId, modelId))).toHaveLength(0);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.userId, A.usr.id));
    expect(rows.map((r) => r.description)).toEqual(expect.arrayContaining([
      "Rekenmodel 'Online' in versie 'Versie 1' geopend in de online rekentool", "Rekenmodel 'Online' in versie 'Versie 1' gesloten in de online rekentool",
    ]));
  });
  it('a frozen model opens without a session', async () => {
    expect((await call('POST', `model/${frozenId}/session/`, A.adm)).json()).toMatchObject({ held: false, read_only_reason: 'frozen' });
  });
});

describe('POST /api/grexonline/model/{id}/ refuses bad input in the sections of issue 24, in Dutch on the field', () => {
  const full = JSON.parse(readFileSync(new URL('../../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as ModelData;
  type Case = [what: string, change: (m: ModelData) => void, path: string, message: string];
  const nr = (m: ModelData) => m.non_residential_construction![0]!;
  const residual = (m: ModelData) => {
    nr(m).calculation_method = 'Residual';
    nr(m).residual_data = { value_excl_vat: 500_000, building_costs: 300_000, additional_costs_percentage: 10 };
    return nr(m).residual_data!;
  };
  const cases: Case[] = [
    ['negative m²', (m) => void (nr(m).price_per_square_meter_data!.square_meters = -5),
      'non_residential_construction[0].price_per_square_meter_data.square_meters', 'Het aantal m² kan niet negatief zijn.'],
    ['a negative number of units', (m) => void (nr(m).amount = -1), 'non_residential_construction[0].amount', 'Een negatieve hoeveelheid kan niet; vul 0 of meer in.'],
    ['a quote above 100 %', (m) => Object.assign(nr(m), { calculation_method: 'LandShare', land_share_data: { value_excl_vat: 1_000_000, quote_excl_vat: 120 } }),
      'non_residential_construction[0].land_share_data.quote_excl_vat', 'De grondquote ligt tussen 0 % en 100 %.'],
    ['a residual without building costs', (m) => void (residual(m).building_costs = 0),
      'non_residential_construction[0].residual_data.building_costs', 'Vul de bouwkosten per eenheid in: de residuele methode rekent ermee.'],
    ['a residual without its values', (m) => void (residual(m), nr(m).residual_data = null),
      'non_residential_construction[0].residual_data', 'Vul de waarde excl. btw, de bouwkosten en de bijkomende kosten in.'],
    ['negative additional costs', (m) => void (residual(m).additional_costs_percentage = -5),
      'non_residential_construction[0].residual_data.additional_costs_percentage', 'De bijkomende kosten kunnen niet negatief zijn.'],
    ['a housing residual without building costs', (m) => void (m.residential_construction[1]!.residual_data!.building_costs = 0),
      'residential_construction[1].residual_data.building_costs', 'Vul de bouwkosten per eenheid in: de residuele methode rekent ermee.'],
    ['a non-residential category that does not exist', (m) => void (nr(m).phasing.phasing_section_type = 'Woningbouw'),
      'non_residential_construction[0].phasing.phasing_section_type',
      "De categorie 'Woningbouw' bestaat niet bij Niet-Woningbouw; kies uit Bedrijven, Kantoren, Detailhandel, Horeca, Maatschappelijk, Overig vastgoed."],
    ['an other-revenue category that does not exist', (m) => void (m.other_revenues![0]!.phasing.phasing_section_type = 'Lening'),
      'other_revenues[0].phasing.phasing_section_type',
      "De categorie 'Lening' bestaat niet bij Overige opbrengsten; kies uit Subsidie, Bijdrage derden, Exploitatiebijdrage, Overige opbrengst."],
    ['a cost category that does not exist', (m) => void (m.cost_estimate[0]!.phasing.phasing_section_type = 'Grondzaken'),
      'cost_estimate[0].phasing.phasing_section_type',
      "De categorie 'Grondzaken' bestaat niet bij Kostenraming; kies uit Verwerving, Sloopkosten, Sanering, Bouwrijp maken, Woonrijp maken, Plankosten, Voorbereiding en toezicht, Onvoorzien, Overige kosten."],
    ['a non-residential name twice', (m) => void m.non_residential_construction!.push({ ...structuredClone(nr(m)), id: 2, label: 'bedrijfskavels' }),
      'non_residential_construction[1].label', "De omschrijving 'bedrijfskavels' bestaat al (hoofdletters tellen niet mee)."],
  ];
  let id: number;
  beforeAll(async () => {
    id = await mkModel(A, 'Hele grondexploitatie', [[A.usr, 'USR']]);
    expect((await save(id, A.usr, full, await version(id))).statusCode).toBe(200);
  });

  it.each(cases)('%s: 400 with the message on the field, nothing stored', async (_what, change, path, message) => {
    const bad = structuredClone(full);
    change(bad);
    const v = await version(id);
    const res = await save(id, A.usr, bad, v);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ongeldige invoer. Controleer de ingevulde waarden en probeer het opnieuw.');
    expect(res.json().errors).toContainEqual({ path, message });
    expect(await version(id)).toBe(v);
    expect((await load(id, A.usr)).json().non_residential_construction).toEqual(full.non_residential_construction);
  });
});
