import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, ADMIN, READER, USER, signIn } from './helpers.ts';
import { apiToken, namedValues, row, unique } from './projectSteps.ts';
import { formatNumber } from '../src/lib/nlFormat.ts';
import type { FeatureAreasAnswer } from '../src/api/contract/map.ts';

// Map data into models (issue 14 item 4): a version's feature areas (put through the map viewer's own
// call, mapviewer/version-model/{id}/features/) taken over into an online model's Ruimtegebruik — one
// undo step — and written into a spreadsheet model's workbook when it opens, without the map pop-up;
// a region too large gives the pop-up.

test.describe.configure({ timeout: 150_000 });

const M = '/api/manager';
const example = JSON.parse(readFileSync(new URL('../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** A rectangle around Amersfoort, `w` × `h` degrees from (lon, lat), as a WGS84 polygon. */
const rect = (lon: number, lat: number, w: number, h: number) => ({
  type: 'Polygon' as const, coordinates: [[[lon, lat], [lon + w, lat], [lon + w, lat + h], [lon, lat + h], [lon, lat]]],
});

interface Setup {
  project: string; version: string; online: string; sheet: string; onlineId: number; sheetId: number; versionId: number;
  headers: Record<string, string>; totals: FeatureAreasAnswer['totals'];
}

/** As the staff admin: a project (USER is USR, READER VWR), a version with two feature areas, an online model holding the worked example and a spreadsheet model. */
async function setup(request: APIRequestContext, withMap = true): Promise<Setup> {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(path.startsWith('/') ? path : `${M}/${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  const [types, subregions, templates, users] = await Promise.all([
    call<{ id: number }[]>('GET', 'type-project/'),
    call<{ id: number }[]>('GET', 'subregion/'),
    call<{ id: number; name: string }[]>('GET', 'template-model/'),
    call<{ id: number; email: string }[]>('GET', 'user/'),
  ]);
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  const names = { project: unique('Kaartproject'), version: unique('Kaartversie'), online: unique('Online'), sheet: unique('Excel') };
  const project = await call<{ id: number }>('POST', 'project/', {
    name: names.project, subregion: subregions[0].id, type_project: types[0].id,
    roles: [{ id: idOf(ADMIN), role: 'ADM' }, { id: idOf(USER), role: 'USR' }, { id: idOf(READER), role: 'VWR' }],
  });
  const version = await call<{ id: number }>('POST', 'version-model/', { name: names.version, project: project.id, phase: 0 });
  const online = await call<{ id: number }>('POST', 'model/', { name: names.online, version: version.id, model_platform: 'online' });
  const loaded = await call<{ data_version: number }>('GET', `/api/grexonline/model/${online.id}/`);
  await call('POST', `/api/grexonline/model/${online.id}/`, { ...example, data_version: loaded.data_version });
  const template = templates.find((t) => t.name === 'Grondexploitatie standaard')!;
  const sheet = await call<{ id: number }>('POST', 'model/', { name: names.sheet, version: version.id, type_model: template.id, model_platform: 'spreadsheet' });
  let totals: FeatureAreasAnswer['totals'] = {};
  if (withMap) {
    const answer = await call<FeatureAreasAnswer>('PUT', `mapviewer/version-model/${version.id}/features/`, {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: rect(5.387, 52.155, 0.0015, 0.0009), properties: { name: 'Woonwijk', function: 'net_area_marketable_residential' } },
        { type: 'Feature', geometry: rect(5.390, 52.155, 0.0007, 0.0009), properties: { name: 'Park', function: 'public_space_green' } },
        // issue 24 item 11: business plots (Niet-Woningbouw) are a location as the others
        { type: 'Feature', geometry: rect(5.392, 52.155, 0.0006, 0.0009), properties: { name: 'Bedrijventerrein', function: 'net_area_marketable_non_residential' } },
      ],
    });
    totals = answer.totals;
  }
  return { ...names, onlineId: online.id, sheetId: sheet.id, versionId: version.id, headers, totals };
}

async function showModel(page: Page, s: Setup, model: string) {
  await row(page, 'Projecten', s.project).getByRole('button').first().click();
  await row(page, 'Versies', s.version).getByRole('button').first().click();
  await row(page, 'Rekenmodellen', model).getByRole('button').first().click();
}

const figure = (page: Page, name: string) => page.locator('.gs-wb-figures > div').filter({ hasText: name }).locator('dd');
const takeOver = (page: Page) => page.getByRole('button', { name: 'Overnemen uit kaart' });
const diffDialog = (page: Page) => page.getByRole('dialog', { name: 'Overnemen uit kaart' });
const mapDialog = (page: Page) => page.getByRole('dialog', { name: 'Rekenmodel zonder kaartgegevens' });
const openDialog = (page: Page) => page.getByRole('dialog', { name: 'Rekenmodel openen' });

test("'Overnemen uit kaart' shows the differences, takes the map's m² over and Ctrl+Z restores the model's", async ({ page, request }) => {
  const s = await setup(request);
  const residential = s.totals.net_area_marketable_residential!;
  const green = s.totals.public_space_green!;
  const business = s.totals.net_area_marketable_non_residential!;
  expect(residential).toBeGreaterThan(9000); // about 100 m × 100 m
  expect(green).toBeGreaterThan(4000);
  expect(business).toBeGreaterThan(3000);

  await signIn(page, USER);
  await showModel(page, s, s.online);
  await expect(page.getByTestId('workbench')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Ruimtegebruik', exact: true }).click();
  await expect(figure(page, 'Uitgeefbaar')).toHaveText('5.000,00 m²');
  await expect(figure(page, 'Openbare ruimte')).toHaveText('0,00 m²');

  await takeOver(page).click();
  const rows = diffDialog(page).getByTestId('map-diff').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const r = (v: number) => Math.round(v * 100) / 100;
  await expect(rows.nth(0)).toHaveText(['Openbare ruimte groen', '0,00', formatNumber(r(green)), `+${formatNumber(r(green))}`].join(''));
  await expect(rows.nth(1)).toHaveText(['Uitgeefbaar wonen', '5.000,00', formatNumber(r(residential)), `+${formatNumber(r(r(residential) - 5000))}`].join(''));
  await expect(rows.nth(2)).toHaveText(['Uitgeefbaar niet-wonen', '0,00', formatNumber(r(business)), `+${formatNumber(r(business))}`].join(''));
  await page.screenshot({ path: test.info().outputPath('map-diff.png') });
  // Nothing changes before the confirmation.
  await expect(figure(page, 'Uitgeefbaar')).toHaveText('5.000,00 m²');
  await diffDialog(page).getByRole('button', { name: 'Overnemen', exact: true }).click();
  await expect(diffDialog(page)).toHaveCount(0);

  const marketable = `${formatNumber(r(r(residential) + r(business)))} m²`;
  await expect(figure(page, 'Uitgeefbaar')).toHaveText(marketable);
  await expect(figure(page, 'Openbare ruimte')).toHaveText(`${formatNumber(r(green))} m²`);
  await expect(page.getByRole('button', { name: 'Opslaan', exact: true })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('space-after.png') });

  // One undo step restores the model's numbers; redo takes the map's again.
  await page.keyboard.press('Control+z');
  await expect(figure(page, 'Uitgeefbaar')).toHaveText('5.000,00 m²');
  await expect(figure(page, 'Openbare ruimte')).toHaveText('0,00 m²');
  await page.keyboard.press('Control+y');
  await expect(figure(page, 'Uitgeefbaar')).toHaveText(marketable);

  // Saved as usual: the stored model holds the map's m².
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.')).toBeVisible();
  const stored = await (await request.get(`/api/grexonline/model/${s.onlineId}/`, { headers: s.headers })).json() as
    { base_parameters: { space_usage: { label: string; value: number; location: string }[] } };
  expect(stored.base_parameters.space_usage).toEqual([
    { id: 1, label: 'Woningbouw uitgeefbaar', value: r(residential), location: 'net_area_marketable_residential' },
    { id: 2, label: 'Openbare ruimte groen', value: r(green), location: 'public_space_green' },
    { id: 3, label: 'Uitgeefbaar niet-wonen', value: r(business), location: 'net_area_marketable_non_residential' },
  ]);
});

test('the drawn version region becomes the gross area with the take-over, and the space-usage warning follows it (issue 23)', async ({ page, request }) => {
  const s = await setup(request);
  const put = async <T>(path: string, data: unknown) => {
    const res = await request.put(`${M}/mapviewer/version-model/${s.versionId}/${path}/`, { headers: s.headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as T;
  };
  // One housing area, and the version region drawn around exactly the same ground.
  const ground = rect(5.387, 52.155, 0.0015, 0.0009);
  const features = await put<FeatureAreasAnswer>('features', {
    type: 'FeatureCollection', features: [{ type: 'Feature', geometry: ground, properties: { name: 'Woonwijk', function: 'net_area_marketable_residential' } }],
  });
  const region = await put<{ properties: { area_m2: number } }>('region', { type: 'Feature', geometry: ground, properties: {} });
  const r = (v: number) => Math.round(v * 100) / 100;
  expect(r(region.properties.area_m2)).toBe(r(features.totals.net_area_marketable_residential!));

  await signIn(page, USER);
  await showModel(page, s, s.online);
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Ruimtegebruik', exact: true }).click();
  const warning = page.getByText(/af van het bruto plangebied\./);
  // Before: the gross area is the main structure (none in the example), so 5.000 m² marketable is 'off'.
  await expect(figure(page, 'Bruto plangebied')).toHaveText('0,00 m²');
  await expect(warning).toContainText('5.000,00');

  await takeOver(page).click();
  const rows = diffDialog(page).getByTestId('map-diff').locator('tbody tr');
  await expect(rows.last()).toHaveText(['Bruto plangebied (gebied van de versie)', '0,00', formatNumber(r(region.properties.area_m2)), `+${formatNumber(r(region.properties.area_m2))}`].join(''));
  await diffDialog(page).getByRole('button', { name: 'Overnemen', exact: true }).click();
  await expect(figure(page, 'Bruto plangebied')).toHaveText(`${formatNumber(r(region.properties.area_m2))} m²`);
  await expect(warning).toHaveCount(0);
  // Ctrl+Z brings the model's gross area and the warning back.
  await page.keyboard.press('Control+z');
  await expect(figure(page, 'Bruto plangebied')).toHaveText('0,00 m²');
  await expect(warning).toBeVisible();
});

test("without a region and without feature areas 'Overnemen uit kaart' is disabled and says why", async ({ page, request }) => {
  const s = await setup(request, false);
  await signIn(page, USER);
  await showModel(page, s, s.online);
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Ruimtegebruik', exact: true }).click();
  await expect(takeOver(page)).toBeDisabled();
  await expect(page.getByTestId('action-mapTakeover')).toHaveAttribute('title', 'De versie heeft geen gebied en geen functiegebieden op de kaart.');
});

test("with only a drawn version region 'Overnemen uit kaart' takes the gross area over and leaves the rows (issue 23)", async ({ page, request }) => {
  const s = await setup(request, false);
  const res = await request.put(`${M}/mapviewer/version-model/${s.versionId}/region/`, {
    headers: s.headers, data: { type: 'Feature', geometry: rect(5.387, 52.155, 0.0015, 0.0009), properties: {} },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const area = Math.round(((await res.json()) as { properties: { area_m2: number } }).properties.area_m2 * 100) / 100;
  expect(area).toBeGreaterThan(9000);

  await signIn(page, USER);
  await showModel(page, s, s.online);
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Ruimtegebruik', exact: true }).click();
  await expect(figure(page, 'Bruto plangebied')).toHaveText('0,00 m²');
  await expect(takeOver(page)).toBeEnabled();
  await takeOver(page).click();
  await expect(diffDialog(page)).toContainText('De versie heeft geen functiegebieden op de kaart: het ruimtegebruik per locatie blijft zoals het is');
  const rows = diffDialog(page).getByTestId('map-diff').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveText(['Bruto plangebied (gebied van de versie)', '0,00', formatNumber(area), `+${formatNumber(area)}`].join(''));
  await diffDialog(page).getByRole('button', { name: 'Overnemen', exact: true }).click();
  await expect(figure(page, 'Bruto plangebied')).toHaveText(`${formatNumber(area)} m²`);
  await expect(figure(page, 'Uitgeefbaar')).toHaveText('5.000,00 m²'); // the rows stay
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.')).toBeVisible();
  const stored = await (await request.get(`/api/grexonline/model/${s.onlineId}/`, { headers: s.headers })).json() as { base_parameters: { gross_area: number | null } };
  expect(stored.base_parameters.gross_area).toBe(area);
});


test('a spreadsheet model in a version with feature areas opens without the map pop-up and its file holds the m²', async ({ page, request }) => {
  const s = await setup(request);
  await signIn(page, USER);
  const opens: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/open/')) opens.push(new URL(r.url()).search);
  });
  await showModel(page, s, s.sheet);
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.', { timeout: 30_000 });
  await expect(mapDialog(page)).toHaveCount(0);
  expect(opens).toEqual(['?mapviewer_required=true']);
  const downloaded = page.waitForEvent('download');
  await openDialog(page).getByRole('button', { name: 'Downloaden' }).click();
  const values = await namedValues(await downloaded, [
    'Ruimtegebruik_net_area_marketable_residential', 'Ruimtegebruik_net_area_marketable_non_residential', 'Ruimtegebruik_public_space_green', 'Ruimtegebruik_main_structure_water',
  ]);
  expect(values.Ruimtegebruik_net_area_marketable_residential).toBeCloseTo(s.totals.net_area_marketable_residential!, 6);
  expect(values.Ruimtegebruik_net_area_marketable_non_residential).toBeCloseTo(s.totals.net_area_marketable_non_residential!, 6);
  expect(values.Ruimtegebruik_public_space_green).toBeCloseTo(s.totals.public_space_green!, 6);
  expect(values.Ruimtegebruik_main_structure_water).toBe(0);
});

test('a version region larger than the limit: the map pop-up — Ga terug opens nothing, Toch openen opens without map data', async ({ page, request }) => {
  const s = await setup(request);
  // About 35 km × 33 km: far over the limit.
  const put = await request.put(`${M}/mapviewer/version-model/${s.versionId}/region/`, {
    headers: s.headers, data: { type: 'Feature', geometry: rect(5.2, 52.0, 0.5, 0.3), properties: {} },
  });
  expect(put.ok(), await put.text()).toBeTruthy();
  await signIn(page, USER);
  const opens: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/open/')) opens.push(new URL(r.url()).search);
  });
  await showModel(page, s, s.sheet);
  await expect(mapDialog(page)).toContainText('Het gebied van de versie is te groot');
  await mapDialog(page).getByRole('button', { name: 'Ga terug' }).click();
  await expect(mapDialog(page)).toHaveCount(0);
  await expect(openDialog(page)).toHaveCount(0);
  await expect(row(page, 'Rekenmodellen', s.sheet).getByRole('button', { name: 'Sessie beëindigen' })).toHaveCount(0);

  await row(page, 'Rekenmodellen', s.sheet).getByRole('button').first().click();
  await mapDialog(page).getByRole('button', { name: 'Toch openen' }).click();
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.', { timeout: 30_000 });
  expect(opens).toEqual(['?mapviewer_required=true', '?mapviewer_required=true', '?mapviewer_required=false']);
});
