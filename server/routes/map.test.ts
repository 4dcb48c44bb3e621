import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/server/app.ts';
import { bearer, createTenant, type Tenant } from '../../test/server/fixtures.ts';
import { rolesAsGlobal, seedTree } from '../../test/server/projectFixtures.ts';
import { auditLog, subregion, versionModel } from '../db/schema/index.ts';
import type { UserRow } from '../context.ts';
import { fromRd } from '../../src/lib/geo.ts';
import { MAP_MESSAGES } from '../../src/lib/mapMessages.ts';
import { OverviewRegions } from '../../src/api/contract/map.ts';

// The map data calls (issue 14, docs/map.md): outlines saved and read back, the geometry rules' 400s,
// the server's areas, the totals per function, tenancy and the viewer addresses of the rows.

const M = '/api/manager/mapviewer';
let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t.db, 'kaarta');
  b = await createTenant(t.db, 'kaartb');
});
afterAll(() => t.close());

/** A closed ring given in RD New metres, as WGS84 positions. */
const rdRing = (corners: Array<[number, number]>) => [...corners, corners[0]].map((p) => fromRd(p));
const rdSquare = (x: number, y: number, size: number) => rdRing([[x, y], [x + size, y], [x + size, y + size], [x, y + size]]);
const feature = (...rings: number[][][]) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: rings } });
/** 100 m × 100 m around Amersfoort (the origin of RD New). */
const AMERSFOORT = feature(rdSquare(155_000, 463_000, 100));

async function call(user: UserRow, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method, url: `${M}/${url}`, headers: { ...(await bearer(t.app, user)), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
const within = (actual: number, expected: number, fraction: number) => expect(Math.abs(actual - expected) / expected).toBeLessThan(fraction);

describe('version region', () => {
  it('is saved with the server\'s area, read back by a reader, and removed with null', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    expect(await call(a.vwr, 'GET', `version-model/${tree.versionId}/region/`)).toEqual({ status: 200, body: null });

    const put = await call(a.usr, 'PUT', `version-model/${tree.versionId}/region/`, { ...AMERSFOORT, properties: { area_m2: 1 } });
    expect(put.status).toBe(200);
    within(put.body.properties.area_m2, 10_000, 0.001); // never the browser's 1 m²
    const got = await call(a.vwr, 'GET', `version-model/${tree.versionId}/region/`);
    expect(got.body).toEqual(put.body);
    expect(got.body.geometry).toEqual(AMERSFOORT.geometry);

    const [v] = await t.db.select().from(versionModel).where(eq(versionModel.id, tree.versionId));
    expect(v.timestampLastModified).toEqual(t.clock.now());
    expect(v.lastModifiedBy).toBe(a.usr.id);
    expect(await t.db.select().from(auditLog).where(like(auditLog.description, "Gebied van versie 'Versie 1' in project '%' opgeslagen"))).toHaveLength(1);

    expect(await call(a.adm, 'PUT', `version-model/${tree.versionId}/region/`, null)).toEqual({ status: 200, body: null });
    expect((await call(a.vwr, 'GET', `version-model/${tree.versionId}/region/`)).body).toBeNull();
    expect(await t.db.select().from(auditLog).where(like(auditLog.description, "Gebied van versie 'Versie 1' in project '%' verwijderd"))).toHaveLength(1);
  });

  it('subtracts a hole and adds the polygons of a multipolygon', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const holed = feature(rdSquare(155_000, 463_000, 100), rdSquare(155_025, 463_025, 50).reverse());
    within((await call(a.usr, 'PUT', `version-model/${tree.versionId}/region/`, holed)).body.properties.area_m2, 7_500, 0.001);
    const multi = { type: 'Feature', geometry: { type: 'MultiPolygon', coordinates: [[rdSquare(155_000, 463_000, 100)], [rdSquare(160_000, 463_000, 200)]] } };
    within((await call(a.usr, 'PUT', `version-model/${tree.versionId}/region/`, multi)).body.properties.area_m2, 50_000, 0.001);
  });

  it('refuses invalid GeoJSON, an open ring, a self-intersection and more than 10,000 corners with a Dutch 400, and keeps the old outline', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const url = `version-model/${tree.versionId}/region/`;
    await call(a.usr, 'PUT', url, AMERSFOORT);

    const notGeoJson = await call(a.usr, 'PUT', url, { type: 'Feature', geometry: { type: 'LineString', coordinates: [[5, 52], [5.1, 52]] } });
    expect(notGeoJson.status).toBe(400);
    expect(notGeoJson.body.message).toBe(MAP_MESSAGES.notAnArea);
    expect(notGeoJson.body.message).not.toMatch(/Invalid|expected/i); // the contract's Dutch texts, not zod's English
    expect((await call(a.usr, 'PUT', url, { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[5, 52], ['x', 52]]] } })).status).toBe(400);

    const open = rdSquare(155_000, 463_000, 100).slice(0, -1).concat([fromRd([155_000, 463_050])]);
    expect(await call(a.usr, 'PUT', url, feature(open))).toEqual({ status: 400, body: { message: MAP_MESSAGES.openRing, errors: [] } });

    const triangle = await call(a.usr, 'PUT', url, feature(rdRing([[155_000, 463_000], [155_100, 463_000]])));
    expect([triangle.status, triangle.body.message]).toEqual([400, MAP_MESSAGES.fewPositions]);

    // A position of at most three numbers (issue 22 item 9: 19,000 extra numbers were stored and served back).
    const extra = (ring: number[][]) => ring.map((p, i) => (i === 1 ? [...p, 0, ...Array.from({ length: 19_000 }, () => 1)] : p));
    const padded = await call(a.usr, 'PUT', url, feature(extra(rdSquare(155_000, 463_000, 100))));
    expect([padded.status, padded.body.message]).toEqual([400, MAP_MESSAGES.manyCoordinates]);
    expect(padded.body.errors).toEqual([{ path: 'geometry.coordinates.0.1', message: MAP_MESSAGES.manyCoordinates }]);
    const withHeight = rdSquare(155_000, 463_000, 100).map((p) => [...p, 3.5]);
    expect((await call(a.usr, 'PUT', url, feature(withHeight))).status).toBe(200);
    await call(a.usr, 'PUT', url, AMERSFOORT);

    const bowTie = rdRing([[155_000, 463_000], [155_100, 463_100], [155_100, 463_000], [155_000, 463_100]]);
    expect(await call(a.usr, 'PUT', url, feature(bowTie))).toEqual({ status: 400, body: { message: MAP_MESSAGES.selfIntersection, errors: [] } });

    const n = 10_001;
    const circle = Array.from({ length: n }, (_, i) => fromRd([155_000 + 500 * Math.cos((2 * Math.PI * i) / n), 463_000 + 500 * Math.sin((2 * Math.PI * i) / n)]));
    expect(await call(a.usr, 'PUT', url, feature([...circle, circle[0]]))).toEqual({ status: 400, body: { message: MAP_MESSAGES.tooManyVertices(n, 10_000), errors: [] } });
    const allowed = circle.slice(0, 10_000);
    const ok = await call(a.usr, 'PUT', url, feature([...allowed, allowed[0]]));
    expect(ok.status).toBe(200);
    within(ok.body.properties.area_m2, Math.PI * 500 * 500, 0.001);

    await call(a.usr, 'PUT', url, AMERSFOORT);
    await call(a.usr, 'PUT', url, feature(bowTie));
    within((await call(a.vwr, 'GET', url)).body.properties.area_m2, 10_000, 0.001);
  });
});

describe('feature areas', () => {
  it('are replaced as a whole, with an area per feature and totals per function', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const url = `version-model/${tree.versionId}/features/`;
    const area = (name: string, fn: string, ring: number[][]) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties: { name, function: fn } });
    const body = { type: 'FeatureCollection', features: [
      area('Park noord', 'public_space_green', rdSquare(155_000, 463_000, 100)),
      area('Park zuid', 'public_space_green', rdSquare(155_000, 462_800, 50)),
      area('Woningen', 'net_area_marketable_residential', rdSquare(155_200, 463_000, 200)),
    ] };
    const put = await call(a.adm, 'PUT', url, body);
    expect(put.status).toBe(200);
    expect(put.body.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['Park noord', 'Park zuid', 'Woningen']);
    within(put.body.features[1].properties.area_m2, 2_500, 0.001);
    expect(Object.keys(put.body.totals).sort()).toEqual(['net_area_marketable_residential', 'public_space_green']);
    within(put.body.totals.public_space_green, 12_500, 0.001);
    within(put.body.totals.net_area_marketable_residential, 40_000, 0.001);
    expect((await call(a.vwr, 'GET', url)).body).toEqual(put.body);

    const bad = { type: 'FeatureCollection', features: [area('Kruis', 'public_space_water', rdRing([[155_000, 463_000], [155_100, 463_100], [155_100, 463_000], [155_000, 463_100]]))] };
    expect(await call(a.adm, 'PUT', url, bad)).toEqual({ status: 400, body: { message: MAP_MESSAGES.inFeature('Kruis', MAP_MESSAGES.selfIntersection), errors: [] } });
    const wrongFunction = await call(a.adm, 'PUT', url, { type: 'FeatureCollection', features: [area('X', 'parking', rdSquare(155_000, 463_000, 10))] });
    expect(wrongFunction.status).toBe(400);

    const replaced = await call(a.usr, 'PUT', url, { type: 'FeatureCollection', features: [body.features[2]] });
    expect(replaced.body.features).toHaveLength(1);
    expect(Object.keys(replaced.body.totals)).toEqual(['net_area_marketable_residential']);
    expect(await call(a.usr, 'PUT', url, { type: 'FeatureCollection', features: [] })).toEqual({ status: 200, body: { type: 'FeatureCollection', features: [], totals: {} } });
    expect(await t.db.select().from(auditLog).where(like(auditLog.description, "Functiegebieden van versie 'Versie 1' in project '%' opgeslagen (3)"))).toHaveLength(1);
  });

  it("refuse a name against the product's name rules (HTML among them) with a Dutch 400, and keep the saved areas (issue 34 finding 3)", async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const url = `version-model/${tree.versionId}/features/`;
    const named = (name: string) => ({ type: 'FeatureCollection', features: [{ ...AMERSFOORT, properties: { name, function: 'public_space_green' } }] });
    expect((await call(a.usr, 'PUT', url, named('Park & Rijn'))).status).toBe(200);
    const hostile = '<img src=x onerror=alert(1)><a href="https://evil.example/login">Log opnieuw in</a>';
    expect(await call(a.usr, 'PUT', url, named(hostile))).toEqual({
      status: 400, body: { message: MAP_MESSAGES.featureNameForbidden, errors: [{ path: 'features.0.properties.name', message: MAP_MESSAGES.featureNameForbidden }] },
    });
    expect((await call(a.usr, 'GET', url)).body.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual(['Park & Rijn']);
  });

  it('count the corners of all feature areas together', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const ring = (x: number) => {
      const pts = Array.from({ length: 4_000 }, (_, i) => fromRd([x + 50 * Math.cos((2 * Math.PI * i) / 4_000), 463_000 + 50 * Math.sin((2 * Math.PI * i) / 4_000)]));
      return { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[...pts, pts[0]]] }, properties: { name: `Rond ${x}`, function: 'public_space_water' } };
    };
    const res = await call(a.usr, 'PUT', `version-model/${tree.versionId}/features/`, { type: 'FeatureCollection', features: [ring(155_000), ring(155_200), ring(155_400)] });
    expect(res).toEqual({ status: 400, body: { message: MAP_MESSAGES.tooManyVertices(12_000, 10_000), errors: [] } });
  });
});

describe('subregion and client region outlines', () => {
  it('are saved by an admin, read by every main-app user, removed with null, and another client\'s answers 404', async () => {
    const url = `subregion/${a.subregionId}/outline/`;
    const put = await call(a.adm, 'PUT', url, AMERSFOORT);
    expect(put.status).toBe(200);
    within(put.body.properties.area_m2, 10_000, 0.001);
    expect(await call(a.vwr, 'GET', url)).toEqual(put);
    expect((await call(a.usr, 'PUT', url, AMERSFOORT)).status).toBe(403);
    expect((await call(b.adm, 'GET', url)).status).toBe(404);
    expect((await call(b.adm, 'PUT', url, AMERSFOORT)).status).toBe(404);
    const [s] = await t.db.select().from(subregion).where(eq(subregion.id, a.subregionId));
    expect(await t.db.select().from(auditLog).where(eq(auditLog.description, `Gebied van deelgebied '${s.description}' opgeslagen`))).toHaveLength(1);
    expect(await call(a.adm, 'PUT', url, null)).toEqual({ status: 200, body: null });
    expect((await call(a.vwr, 'GET', url)).body).toBeNull();

    const region = feature(rdSquare(150_000, 460_000, 1_000));
    const saved = await call(a.staff, 'PUT', 'client_region/outline/', region);
    within(saved.body.properties.area_m2, 1_000_000, 0.001);
    expect(await call(a.usr, 'GET', 'client_region/outline/')).toEqual(saved);
    expect((await call(b.vwr, 'GET', 'client_region/outline/')).body).toBeNull(); // each client its own region
    expect((await call(a.usr, 'PUT', 'client_region/outline/', region)).status).toBe(403);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.description, 'Klantgebied opgeslagen'))).toHaveLength(1);
    expect(await call(a.adm, 'PUT', 'client_region/outline/', null)).toEqual({ status: 200, body: null });
  });
});

describe('viewer addresses', () => {
  it('editors get the outline and editor addresses of a version, readers only the viewer', async () => {
    const tree = await seedTree(t.db, a, { roles: rolesAsGlobal(a) });
    const row = async (u: UserRow) => (await t.app.inject({ method: 'GET', url: `/api/manager/version-model/${tree.versionId}/`, headers: await bearer(t.app, u) })).json();
    const v = tree.versionId;
    for (const u of [a.adm, a.usr, a.staff]) {
      expect(await row(u)).toMatchObject({
        viewer_uri: `/mapviewer.html?mode=view&version=${v}`,
        outline_uri: `/mapviewer.html?mode=region&version=${v}`,
        editor_uri: `/mapviewer.html?mode=features&version=${v}`,
      });
    }
    expect(await row(a.vwr)).toMatchObject({ viewer_uri: `/mapviewer.html?mode=view&version=${v}`, outline_uri: null, editor_uri: null });
    const list = (await t.app.inject({ method: 'GET', url: `/api/manager/version-model/?project_id=${tree.projectId}`, headers: await bearer(t.app, a.vwr) })).json();
    expect(list[0]).toMatchObject({ outline_uri: null, editor_uri: null, viewer_uri: `/mapviewer.html?mode=view&version=${v}` });
  });

  it('admins get the subregion and client region outline addresses; the overview address is everyone\'s', async () => {
    const subregions = async (u: UserRow) => (await t.app.inject({ method: 'GET', url: '/api/manager/subregion/', headers: await bearer(t.app, u) })).json();
    expect((await subregions(a.adm)).find((s: { id: number }) => s.id === a.subregionId).outline_uri).toBe(`/mapviewer.html?mode=subregion&subregion=${a.subregionId}`);
    expect((await subregions(a.usr)).find((s: { id: number }) => s.id === a.subregionId).outline_uri).toBeNull();
    expect((await call(a.adm, 'GET', 'client_region/')).body).toEqual({ outline_uri: '/mapviewer.html?mode=client' });
    expect((await call(a.vwr, 'GET', 'client_region/')).body).toEqual({ outline_uri: null });
    expect((await call(a.vwr, 'GET', 'overview/')).body).toEqual({ viewer_uri: '/mapviewer.html?mode=overview' });
  });
});

describe('overview regions', () => {
  it('holds per readable project the region of its latest version that has one', async () => {
    const c = await createTenant(t.db, 'kaartc');
    const tree = await seedTree(t.db, c, { name: 'Overzicht', roles: rolesAsGlobal(c), versions: 2 });
    const other = await seedTree(t.db, c, { name: 'Zonder rol', roles: { [c.adm.id]: 'ADM' } });
    const [, second] = (await t.db.select().from(versionModel).where(eq(versionModel.projectId, tree.projectId)).orderBy(versionModel.id));
    await call(c.usr, 'PUT', `version-model/${tree.versionId}/region/`, AMERSFOORT);
    await call(c.adm, 'PUT', `version-model/${other.versionId}/region/`, AMERSFOORT);
    const first = await call(c.vwr, 'GET', 'overview/regions/');
    expect(first.body.features).toHaveLength(1);
    expect(OverviewRegions.parse(first.body)).toEqual(first.body);
    const sixDecimals = AMERSFOORT.geometry.coordinates.map((r) => r.map(([x, y]) => [Math.round(x * 1e6) / 1e6, Math.round(y * 1e6) / 1e6]));
    expect(first.body.features[0]).toMatchObject({
      id: tree.projectId,
      geometry: { type: 'Polygon', coordinates: sixDecimals },
      properties: { project_id: tree.projectId, project_name: 'Overzicht', type_project: c.typeProjectId, version_id: tree.versionId, version_name: 'Versie 1' },
    });

    t.clock.advance(60_000);
    await call(c.usr, 'PUT', `version-model/${second.id}/region/`, feature(rdSquare(156_000, 463_000, 200)));
    const later = await call(c.vwr, 'GET', 'overview/regions/');
    expect(later.body.features[0].properties).toMatchObject({ version_id: second.id, version_name: 'Versie 2' });
    within(later.body.features[0].properties.area_m2, 40_000, 0.001);
    expect((await call(c.adm, 'GET', 'overview/regions/')).body.features).toHaveLength(2);

    // the answer is cached at the client's data revision: a region written straight into the database shows at once
    await t.db.execute(sql`UPDATE version_region SET area_m2 = 1 WHERE version_id = ${second.id}`);
    expect((await call(c.vwr, 'GET', 'overview/regions/')).body.features[0].properties.area_m2).toBe(1);
    await t.db.execute(sql`DELETE FROM version_region WHERE version_id = ${second.id}`);
    expect((await call(c.vwr, 'GET', 'overview/regions/')).body.features[0].properties.version_id).toBe(tree.versionId);
    expect((await call(a.adm, 'GET', 'overview/regions/')).body.features.map((f: { id: number }) => f.id)).not.toContain(tree.projectId);
  });
});
