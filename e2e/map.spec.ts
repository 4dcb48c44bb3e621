import type { FrameLocator, Page } from '@playwright/test';
import { test, expect, signIn } from './helpers.ts';
import { column, createProject, createVersion, expectToast, row, unique } from './projectSteps.ts';
import { openConfiguration } from './adminSteps.ts';
import { MAP_MESSAGES } from '../src/lib/mapMessages.ts';

// Issue 14: the map viewer screens through the real UI — the built-in viewer in its iframe (leaflet-geoman
// draws there), the preview beside it with the server's areas, the subregion outline and the overview map.
test.use({ viewport: { width: 1280, height: 800 } });

const frame = (page: Page) => page.frameLocator('iframe.gs-map-frame');
const preview = (page: Page) => page.getByRole('complementary', { name: 'Overzicht' });

/** Draws a polygon with geoman's draw mode: clicks the corners (fractions of the map's size) and the first again. */
async function drawPolygon(viewer: FrameLocator, corners: [number, number][]) {
  const map = viewer.locator('.leaflet-container');
  await viewer.locator('.leaflet-pm-icon-polygon').click();
  const box = (await map.boundingBox())!;
  const points = [...corners, corners[0]];
  for (const [fx, fy] of points) await map.click({ position: { x: Math.round(box.width * fx), y: Math.round(box.height * fy) } });
}

/** The m² the preview shows on the screen's figures line (e.g. '12.345 m²'), as a number. */
async function shownM2(page: Page): Promise<number> {
  const text = await preview(page).getByRole('definition').first().innerText();
  return Number(/([\d.]+) m²/.exec(text)![1].replaceAll('.', ''));
}

test('a version region and two feature areas drawn in the viewer, saved, with their m² in the preview; the overview shows the region', async ({ page }) => {
  await signIn(page);
  const name = unique('Kaartproject');
  await createProject(page, name);
  await createVersion(page, 'Ontwerp');
  await row(page, 'Versies', 'Ontwerp').getByRole('button', { name: 'Meer info' }).click();

  // The version region.
  await page.getByRole('button', { name: 'Gebied bewerken' }).click();
  await expect(page.getByText('Gebied bewerken', { exact: true }).last()).toBeVisible();
  await expect(preview(page).getByText('Geen gebied')).toBeVisible();
  await drawPolygon(frame(page), [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7]]);
  await expect(preview(page).getByText('Gewijzigd, nog niet opgeslagen')).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(preview(page).getByText('Gewijzigd, nog niet opgeslagen')).toBeHidden();
  await expect(preview(page).getByText(/m²/).first()).toBeVisible();
  const region = await shownM2(page);
  expect(region).toBeGreaterThan(0);
  await expect(preview(page).getByText(/ ha\)/)).toBeVisible();

  // 'Annuleren' goes back to the version without saving; then the feature areas.
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('button', { name: 'Functiegebieden bewerken' })).toBeVisible();
  await page.getByRole('button', { name: 'Functiegebieden bewerken' }).click();
  const viewer = frame(page);
  await drawPolygon(viewer, [[0.35, 0.35], [0.48, 0.35], [0.48, 0.65], [0.35, 0.65]]);
  await viewer.getByLabel('Naam functiegebied 1').fill('Park');
  await viewer.getByLabel('Functie functiegebied 1').selectOption({ label: 'Openbare ruimte groen' });
  await drawPolygon(viewer, [[0.52, 0.35], [0.65, 0.35], [0.65, 0.65], [0.52, 0.65]]);
  await viewer.getByLabel('Naam functiegebied 2').fill('Woonblok');
  await viewer.getByLabel('Functie functiegebied 2').selectOption({ label: 'Uitgeefbaar wonen' });
  const table = preview(page).getByRole('table', { name: 'Functiegebieden' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  const park = table.getByRole('row', { name: /Park/ });
  await expect(park).toContainText('Openbare ruimte groen');
  await expect(park.getByRole('cell').last()).toHaveText(/^[\d.]+ m²$/);
  await expect(table.getByRole('row', { name: /Woonblok/ })).toContainText('Uitgeefbaar wonen');
  const totals = preview(page).getByRole('table', { name: 'Totalen per functie' });
  await expect(totals.getByRole('row', { name: /Openbare ruimte groen/ })).toContainText(' ha');
  await expect(totals.getByRole('row', { name: /Uitgeefbaar wonen/ })).toBeVisible();

  // The overview: the project's region is on the map; a click opens it in Projects; 'Bekijk lijst' goes back.
  await page.getByRole('menuitem', { name: 'Projecten' }).first().click();
  await page.getByRole('button', { name: 'Bekijk op kaart' }).click();
  const listed = preview(page).getByRole('button', { name: new RegExp(name) });
  await expect(listed).toBeVisible();
  await expect(frame(page).locator('.leaflet-container')).toBeVisible();
  await page.getByRole('button', { name: 'Bekijk lijst' }).click();
  await expect(column(page, 'Projecten')).toBeVisible();
  await page.getByRole('button', { name: 'Bekijk op kaart' }).click();
  await preview(page).getByRole('button', { name: new RegExp(name) }).click();
  await expect(row(page, 'Projecten', name)).toHaveAttribute('aria-current', 'true');
});

test("a feature area's name shows in the preview's tooltip as the text it is, never as HTML (issue 34 finding 3)", async ({ page }) => {
  await page.setViewportSize({ width: 1680, height: 1000 }); // from 1600 px the editor shows the preview beside the viewer
  await signIn(page);
  await createProject(page, unique('Tooltipproject'));
  await createVersion(page, 'Ontwerp');
  await row(page, 'Versies', 'Ontwerp').getByRole('button', { name: 'Meer info' }).click();
  await page.getByRole('button', { name: 'Functiegebieden bewerken' }).click();
  const viewer = frame(page);
  await drawPolygon(viewer, [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7]]);
  // The name rules refuse < and >; character references are what HTML would still turn into markup text.
  const name = 'Park &amp; Rijn &#60;img src=x&#62;';
  await viewer.getByLabel('Naam functiegebied 1').fill(name);
  await viewer.getByLabel('Functie functiegebied 1').selectOption({ label: 'Openbare ruimte groen' });
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');

  const map = preview(page).locator('.leaflet-container');
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2 + 3);
  const tooltip = map.locator('.leaflet-tooltip');
  await expect(tooltip).toHaveText(`${name} (Openbare ruimte groen)`);
  await expect(tooltip.locator('img')).toHaveCount(0);
});

test('a subregion outline edited from Configuratie → Deelgebieden', async ({ page }) => {
  await signIn(page);
  await openConfiguration(page, 'Deelgebieden');
  const name = unique('Kaartwijk');
  await page.getByLabel('Nieuw deelgebied').fill(name);
  await page.getByRole('button', { name: 'Deelgebied toevoegen' }).click();
  await expectToast(page, 'Deelgebied succesvol toegevoegd.');
  await page.getByRole('button', { name: `Kaart van ${name} bewerken` }).click();
  await expect(page.getByText(`Deelgebied ${name}`)).toBeVisible();
  await drawPolygon(frame(page), [[0.3, 0.3], [0.7, 0.35], [0.65, 0.7], [0.3, 0.65]]);
  await expect(preview(page).getByText('Gewijzigd, nog niet opgeslagen')).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  expect(await shownM2(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('region', { name: 'Deelgebieden' })).toBeVisible();

  // Klantgebied: its area and 'Gebied bewerken', which opens the client region's map.
  await openConfiguration(page, 'Klantgebied');
  await expect(page.getByRole('region', { name: 'Kaart van het klantgebied' })).toBeVisible();
  await page.getByRole('button', { name: 'Gebied bewerken' }).click();
  await expect(page.getByRole('heading', { name: 'Klantgebied bewerken' })).toBeVisible();
  await expect(frame(page).locator('.leaflet-container')).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByRole('region', { name: 'Klantgebied', exact: true })).toBeVisible();
});

test("a self-intersecting outline is not saved: the viewer's Dutch problem, and 'Annuleren' leaves the subregion as it was", async ({ page }) => {
  await signIn(page);
  await openConfiguration(page, 'Deelgebieden');
  const name = unique('Strikwijk');
  await page.getByLabel('Nieuw deelgebied').fill(name);
  await page.getByRole('button', { name: 'Deelgebied toevoegen' }).click();
  await expectToast(page, 'Deelgebied succesvol toegevoegd.');
  await page.getByRole('button', { name: `Kaart van ${name} bewerken` }).click();
  await drawPolygon(frame(page), [[0.3, 0.3], [0.7, 0.7], [0.7, 0.3], [0.3, 0.7]]);
  const problem = MAP_MESSAGES.selfIntersection;
  await expect(preview(page).getByRole('list', { name: 'Problemen' })).toContainText(problem);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, problem);
  await expect(preview(page).getByText('Gewijzigd, nog niet opgeslagen')).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('button', { name: `Kaart van ${name} bewerken` }).click();
  await expect(preview(page).getByText('Geen gebied')).toBeVisible();
});

test('at 1280 × 800 the editor has room to draw: no second map beside the viewer, the figures in a narrow panel', async ({ page }) => {
  await signIn(page);
  await createProject(page, unique('Kaartruimte'));
  await createVersion(page, 'Ontwerp');
  await row(page, 'Versies', 'Ontwerp').getByRole('button', { name: 'Meer info' }).click();
  await page.getByRole('button', { name: 'Functiegebieden bewerken' }).click();
  const map = frame(page).locator('.leaflet-container');
  await expect(map).toBeVisible();
  await expect(frame(page).locator('.mv-panel')).toBeVisible();
  await expect(preview(page).getByText('Gebied van de versie')).toBeVisible();
  // The drawing area was 412 px wide (the viewer's feature panel and a 360 px side panel with a preview map).
  await expect(preview(page).getByRole('region', { name: 'Voorbeeld' })).toBeHidden();
  expect((await map.boundingBox())!.width).toBeGreaterThanOrEqual(500);
  const side = (await preview(page).boundingBox())!;
  expect(side.x + side.width).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: 'test-results/map-features-1280x800.png' });
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('button', { name: 'Gebied bewerken' }).click();
  await expect(frame(page).locator('.leaflet-container')).toBeVisible();
  expect((await frame(page).locator('.leaflet-container').boundingBox())!.width).toBeGreaterThanOrEqual(740);
});
