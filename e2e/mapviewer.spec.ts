import { expect, test } from './helpers.ts';
import type { Page } from '@playwright/test';
import type { AreaGeometry } from '../src/api/contract/map.ts';
import { MAP_MESSAGES } from '../src/lib/mapMessages.ts';
import { areaRd } from '../src/mapviewer/geometry.ts';
import type { ParentMessage, ViewerMessage } from '../src/mapviewer/protocol.ts';
import { fromRd, toRd } from '../src/mapviewer/rd.ts';
import { VIEWER_TEXTS } from '../src/mapviewer/texts.ts';

// The built-in map viewer (mapviewer.html, issue 14) as the MapViewer screens embed it: a parent page on
// the app's own origin holds the real server's page in an iframe and talks to it only by postMessage.
// The parent is served by the test (page.route on the server's origin) so it can listen without the app;
// a second frame on a foreign origin tries to drive the viewer. No network: PDOK tiles are refused.

const PARENT_PATH = '/e2e-mapviewer-parent';
const FOREIGN = 'https://foreign.example/';
const PARENT_HTML = `<!doctype html><html><body style="margin:0">
<iframe id="viewer" title="Kaart" src="/mapviewer.html" style="position:absolute;left:0;top:0;width:1280px;height:800px;border:0"></iframe>
<iframe id="foreign" src="${FOREIGN}" style="display:none"></iframe>
<script>
  window.received = [];
  addEventListener('message', (e) => {
    if (e.origin === location.origin && e.source === document.getElementById('viewer').contentWindow) window.received.push(e.data);
  });
</script></body></html>`;

/** A square of `side` metres around RD (x, y), as WGS84 GeoJSON. */
function rdSquare(x: number, y: number, side: number): AreaGeometry {
  const h = side / 2;
  const ring = [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h], [x - h, y - h]].map((p) => fromRd(p));
  return { type: 'Polygon', coordinates: [ring] };
}
/** A 2 km subregion around Amersfoort: the view the viewer fits to, so clicks land at known places. */
const SUBREGION = rdSquare(155_000, 463_000, 2_000);

async function openParent(page: Page): Promise<{ tiles: string[] }> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const tiles: string[] = [];
  await page.route('https://service.pdok.nl/**', (route) => {
    tiles.push(route.request().url());
    return route.abort();
  });
  await page.route(FOREIGN, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elders</title>' }));
  await page.route(`**${PARENT_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: PARENT_HTML }));
  await page.goto(PARENT_PATH);
  await waitForMessage(page, (m) => m.type === 'ready');
  return { tiles };
}

async function received(page: Page): Promise<ViewerMessage[]> {
  return page.evaluate(() => (window as unknown as { received: ViewerMessage[] }).received);
}

async function waitForMessage(page: Page, match: (m: ViewerMessage) => boolean): Promise<ViewerMessage> {
  let found: ViewerMessage | undefined;
  await expect.poll(async () => (found = (await received(page)).findLast(match)) !== undefined).toBe(true);
  return found!;
}

async function post(page: Page, message: ParentMessage): Promise<void> {
  await page.evaluate((msg) => {
    (document.getElementById('viewer') as HTMLIFrameElement).contentWindow!.postMessage(msg, location.origin);
  }, message);
}

/** Loads and waits until the viewer has drawn it (the `drawn` after all earlier messages). */
async function load(page: Page, message: ParentMessage): Promise<void> {
  const before = (await received(page)).filter((m) => m.type === 'drawn').length;
  await post(page, message);
  await expect.poll(async () => (await received(page)).filter((m) => m.type === 'drawn').length).toBe(before + 1);
}

/** Draws a polygon with geoman's draw button by clicking the corners, then the first corner again. */
async function drawPolygon(page: Page, corners: [number, number][]): Promise<void> {
  const viewer = page.frameLocator('#viewer');
  await viewer.getByTitle('Teken een gebied').click();
  for (const [x, y] of [...corners, corners[0]]) await page.mouse.click(x, y);
}

const SQUARE: [number, number][] = [[500, 300], [800, 300], [800, 550], [500, 550]];

test('draws a region in the viewer and the parent receives it as a closed GeoJSON ring', async ({ page }) => {
  const { tiles } = await openParent(page);
  await load(page, { type: 'load', mode: 'region', editable: true, geometry: null, context: [{ geometry: SUBREGION, style: 'subregion', label: 'Deelgebied Centrum' }] });
  const viewer = page.frameLocator('#viewer');
  await expect(viewer.locator('.leaflet-control-scale-line')).toBeVisible();
  await expect(viewer.getByText('Deelgebied Centrum')).toBeVisible();
  // The base layer is PDOK's BRT achtergrondkaart in RD (asked for, refused here: there is no network).
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles[0]).toMatch(/^https:\/\/service\.pdok\.nl\/brt\/achtergrondkaart\/wmts\/v2_0\/standaard\/EPSG:28992\/\d+\/\d+\/\d+\.png$/);

  await drawPolygon(page, SQUARE);
  const changed = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'region' && m.geometry !== null);
  if (changed.type !== 'changed' || changed.mode === 'features' || !changed.geometry) throw new Error('geen gebied');
  expect(changed.problems).toEqual([]);
  expect(changed.geometry.type).toBe('Polygon');
  const ring = (changed.geometry.coordinates as number[][][])[0];
  expect(ring).toHaveLength(5);
  expect(ring[4]).toEqual(ring[0]);
  // 300 × 250 px inside the fitted 2 km square: a real area in metres, well inside the subregion.
  const area = areaRd(changed.geometry);
  expect(area).toBeGreaterThan(50_000);
  expect(area).toBeLessThan(4_000_000);
  await expect(viewer.getByRole('alert')).toBeHidden();

  // A hole: geoman's cut inside the drawn region gives a polygon with a second ring, area less by the hole.
  await viewer.getByTitle('Gat of deel wegknippen').click();
  for (const [x, y] of [[600, 380], [700, 380], [700, 470], [600, 470], [600, 380]] as const) await page.mouse.click(x, y);
  const withHole = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'region' && m.geometry?.type === 'Polygon' && m.geometry.coordinates.length === 2);
  if (withHole.type !== 'changed' || withHole.mode === 'features' || !withHole.geometry) throw new Error('geen gat');
  expect(withHole.problems).toEqual([]);
  const holeArea = area - areaRd(withHole.geometry);
  expect(holeArea).toBeGreaterThan(area * 0.05);
  expect(holeArea).toBeLessThan(area * 0.25);
  await page.screenshot({ path: test.info().outputPath('mapviewer-region.png') });
});

test('a self-intersecting drawing gives the Dutch problem, in the page and in the message', async ({ page }) => {
  await openParent(page);
  await load(page, { type: 'load', mode: 'region', editable: true, geometry: null, context: [{ geometry: SUBREGION, style: 'subregion' }] });
  await drawPolygon(page, [[500, 300], [800, 550], [800, 300], [500, 550]]);
  const changed = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'region' && m.geometry !== null);
  expect(changed.type === 'changed' && changed.problems).toEqual([MAP_MESSAGES.selfIntersection]);
  await expect(page.frameLocator('#viewer').getByRole('alert')).toHaveText(MAP_MESSAGES.selfIntersection);
  await page.screenshot({ path: test.info().outputPath('mapviewer-selfintersection.png') });
});

test('a loaded multipolygon is edited part by part: removing one part leaves a polygon', async ({ page }) => {
  await openParent(page);
  const left = rdSquare(154_500, 463_000, 400);
  const right = rdSquare(155_500, 463_000, 400);
  await load(page, {
    type: 'load', mode: 'subregion', editable: true, context: [{ geometry: SUBREGION, style: 'client' }],
    geometry: { type: 'MultiPolygon', coordinates: [left.coordinates as number[][][], right.coordinates as number[][][]] } as AreaGeometry,
  });
  // The 2 km client square fills 600 px around the centre (640, 400): the left part is 500 m = ~150 px left.
  await page.frameLocator('#viewer').getByTitle('Gebied verwijderen').click();
  await page.mouse.click(490, 400);
  const changed = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'subregion');
  if (changed.type !== 'changed' || changed.mode === 'features') throw new Error('geen deelgebied');
  expect(changed.geometry?.type).toBe('Polygon');
  expect(areaRd(changed.geometry!)).toBeCloseTo(160_000, -2);
  const [x] = toRd((changed.geometry!.coordinates as number[][][])[0][0]);
  expect(x).toBeGreaterThan(155_000);
});

test('feature areas get a name and a function in the page', async ({ page }) => {
  await openParent(page);
  await load(page, { type: 'load', mode: 'features', editable: true, features: [], context: [{ geometry: SUBREGION, style: 'version', label: 'Versiegebied' }] });
  const viewer = page.frameLocator('#viewer');
  await drawPolygon(page, [[300, 300], [600, 300], [600, 500], [300, 500]]);
  const unnamed = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'features' && m.features.length === 1);
  expect(unnamed.type === 'changed' && unnamed.problems).toEqual([VIEWER_TEXTS.featureWithoutName, VIEWER_TEXTS.featureWithoutFunction]);

  await viewer.getByLabel('Naam functiegebied 1').fill('Woonwijk noord');
  await viewer.getByLabel('Functie functiegebied 1').selectOption({ label: 'Uitgeefbaar wonen' });
  const named = await waitForMessage(page, (m) => m.type === 'changed' && m.mode === 'features' && m.features[0]?.properties.function !== null);
  if (named.type !== 'changed' || named.mode !== 'features') throw new Error('geen functiegebieden');
  expect(named.problems).toEqual([]);
  expect(named.features[0].properties).toEqual({ name: 'Woonwijk noord', function: 'net_area_marketable_residential' });
  await expect(viewer.getByRole('alert')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('mapviewer-features.png') });
});

test('messages from a foreign origin are ignored; the overview reports the clicked project', async ({ page }) => {
  await openParent(page);
  const foreign = page.frame({ url: FOREIGN })!;
  expect(foreign).toBeTruthy();
  // The foreign frame can reach the viewer's window, but the viewer must not obey it.
  await foreign.evaluate((msg) => window.parent.frames[0].postMessage(msg, '*'), {
    type: 'load', mode: 'overview', context: [],
    overview: [{ projectId: 666, name: 'Vreemd', typeName: 'Vreemd', color: '#000000', geometry: SUBREGION }],
  } satisfies ParentMessage);
  await load(page, {
    type: 'load', mode: 'overview', context: [],
    overview: [{ projectId: 42, name: 'Centrum', typeName: 'Woningbouw', color: '#e53935', geometry: rdSquare(155_000, 463_000, 1_000) }],
  });
  const drawn = (await received(page)).filter((m) => m.type === 'drawn');
  expect(drawn).toHaveLength(1);
  expect(drawn[0]).toMatchObject({ count: 1 });
  const viewer = page.frameLocator('#viewer');
  await expect(viewer.getByText('Woningbouw')).toBeVisible();
  await expect(viewer.getByTitle('Teken een gebied')).toHaveCount(0);
  await expect(viewer.getByText('Vreemd')).toHaveCount(0);

  await page.mouse.move(630, 390);
  await page.mouse.move(640, 400);
  await expect(viewer.getByText('Centrum — Woningbouw')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mapviewer-overview.png') });
  await page.mouse.click(640, 400);
  const select = await waitForMessage(page, (m) => m.type === 'select-project');
  expect(select).toEqual({ type: 'select-project', projectId: 42 });
});
