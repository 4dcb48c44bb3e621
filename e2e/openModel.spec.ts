import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, ADMIN, READER, USER, signIn, signOut } from './helpers.ts';
import { apiToken, managerApi, namedValues, row, subMenu, unique } from './projectSteps.ts';
import { baseURL } from '../playwright.config.ts';
import { readWorkbookResults } from '../src/formulas/savedWorkbook.ts';

// Opening a spreadsheet model (spec 1 §4, issue 12): the click, the pop-ups, and the file that arrives,
// against the real server, its job queue and the shipped template.

test.describe.configure({ timeout: 120_000 });

const M = '/api/manager';

interface Tree { project: string; version: string; model: string; modelId: number }

/**
 * As the staff admin, through the API: a project where USER is USR and READER is VWR, a version and a
 * spreadsheet model of the shipped template (its first history entry is the template's workbook).
 */
async function spreadsheetModel(request: APIRequestContext): Promise<Tree & { headers: Record<string, string> }> {
  const { headers, get, post } = await managerApi(request, ADMIN);
  const [types, subregions, templates, users] = await Promise.all([
    get<{ id: number }[]>('type-project/'),
    get<{ id: number }[]>('subregion/'),
    get<{ id: number; name: string }[]>('template-model/'),
    get<{ id: number; email: string }[]>('user/'),
  ]);
  const idOf = (email: string) => users.find((u) => u.email === email)!.id;
  const tree = { project: unique('Excelproject'), version: unique('Excelversie'), model: unique('Excelmodel') };
  const project = await post<{ id: number }>('project/', {
    name: tree.project, subregion: subregions[0].id, type_project: types[0].id,
    roles: [{ id: idOf(ADMIN), role: 'ADM' }, { id: idOf(USER), role: 'USR' }, { id: idOf(READER), role: 'VWR' }],
  });
  const version = await post<{ id: number }>('version-model/', { name: tree.version, project: project.id, phase: 0 });
  const template = templates.find((t) => t.name === 'Grondexploitatie standaard')!;
  const model = await post<{ id: number }>('model/', { name: tree.model, version: version.id, type_model: template.id, model_platform: 'spreadsheet' });
  return { ...tree, modelId: model.id, headers };
}

async function showModel(page: Page, t: Tree) {
  await row(page, 'Projecten', t.project).getByRole('button').first().click();
  await row(page, 'Versies', t.version).getByRole('button').first().click();
  await expect(row(page, 'Rekenmodellen', t.model)).toBeVisible();
}

const clickModel = (page: Page, t: Tree) => row(page, 'Rekenmodellen', t.model).getByRole('button').first().click();
const openDialog = (page: Page) => page.getByRole('dialog', { name: 'Rekenmodel openen' });
const mapDialog = (page: Page) => page.getByRole('dialog', { name: 'Rekenmodel zonder kaartgegevens' });


/** Global parameters applied to the model, as staff do through 'Parameters doorvoeren'. */
async function applyParameters(request: APIRequestContext, t: { modelId: number; headers: Record<string, string> }, parameters: Record<string, unknown>[]) {
  const saved = await request.post(`${M}/parameter/`, { headers: t.headers, data: { models: [t.modelId], parameters } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

/** Days since 1899-12-30: the Excel serial of a date. */
const serial = (iso: string) => (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

test('a click on a spreadsheet model shows the progress and delivers the workbook with the global parameters', async ({ page, request }) => {
  const t = await spreadsheetModel(request);
  // The staff sets global parameters for this model (spreadsheet models record them for the next open).
  await applyParameters(request, t, [
    { parameter_type: 'BtwPercentage', value_float: 0.19 },
    { parameter_type: 'Kostenstijging', period_type: 'Uitgangspunt', value_float: 0.031 },
    { parameter_type: 'NcwDatum', value_date: '2026-07-01' },
  ]);

  await signIn(page, USER);
  await showModel(page, t);
  // The open request is held until the pop-up's first state is seen; then the server answers as it is.
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/manager/model/*/open/**', async (r) => {
    await held;
    await r.continue();
  });
  await clickModel(page, t);

  // This version has no map data: the open does not ask for them, so no map pop-up (e2e/mapTakeover.spec.ts has one).
  await expect(openDialog(page).getByRole('progressbar')).toBeVisible();
  release();
  await expect(mapDialog(page)).toHaveCount(0);
  await expect(openDialog(page)).toContainText(t.model);

  // Ready: the user may edit, so Excel gets the WebDAV address and a copy can be downloaded.
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.');
  const excel = openDialog(page).getByRole('button', { name: 'Openen in Excel' });
  await expect(excel).toHaveAttribute('href', /^ms-excel:ofe\|u\|https?:\/\/[^|]+\/dav\/.+\.xlsx$/);
  // LibreOffice has no URI scheme: the same address is shown to copy.
  const address = openDialog(page).getByLabel('LibreOffice: kies Bestand → Openen en plak dit adres');
  expect('ms-excel:ofe|u|' + (await address.inputValue())).toBe(await excel.getAttribute('href'));
  const downloaded = page.waitForEvent('download');
  await openDialog(page).getByRole('button', { name: 'Downloaden' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`${t.model}.xlsx`); // named after the model, not the template (issue 23)
  await expect(openDialog(page)).toHaveCount(0);
  expect(await namedValues(file, ['BtwPercentage', 'Kostenstijging', 'NcwDatum'])).toEqual({
    BtwPercentage: 0.19, Kostenstijging: 0.031, NcwDatum: serial('2026-07-01'),
  });

  // Opening took the edit session: the overview shows the model as open (by the user himself).
  await expect(row(page, 'Rekenmodellen', t.model).getByRole('button', { name: 'Sessie beëindigen' })).toHaveAttribute('title', 'Geopend door u');
  // Open by the user themself: an information icon, not the warning triangle another user's session shows.
  await expect(row(page, 'Rekenmodellen', t.model).getByRole('button', { name: 'Sessie beëindigen' }).locator('[data-icon="info-sign"]')).toBeVisible();
});

test('a spreadsheet model whose dates run 2024–2035 opens with its twelve periods, not the template’s 2025–2030 (issue 23)', async ({ page, request }) => {
  const t = await spreadsheetModel(request);
  await applyParameters(request, t, [
    { parameter_type: 'StartdatumGrondexploitatieBoekwaardeVanaf', value_date: '2024-01-01' },
    { parameter_type: 'Eindwaardedatum', value_date: '2035-12-31' },
  ]);

  await signIn(page, USER);
  await showModel(page, t);
  await clickModel(page, t);
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.', { timeout: 30_000 });
  const downloaded = page.waitForEvent('download');
  await openDialog(page).getByRole('button', { name: 'Downloaden' }).click();
  const file = new Uint8Array(await readFile((await (await downloaded).path())!));
  // The job removed the saved values: the reader computes the workbook's formulas, as Excel does on opening.
  const results = await readWorkbookResults(file);
  expect(results.recalculated).toBe(true);
  expect(results.periods.map((p) => p.label)).toEqual(Array.from({ length: 12 }, (_, i) => String(2024 + i)));
});

test("a reader gets the ready pop-up with 'Downloaden' (a copy named after the model) and sees the history; no session", async ({ page, request }) => {
  const t = await spreadsheetModel(request);
  await signIn(page, READER);
  await showModel(page, t);
  await clickModel(page, t);
  // Issue 23: the click shows what it gives, a copy, and nothing to edit.
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.');
  await expect(openDialog(page)).toContainText('U kunt dit rekenmodel niet bewerken; u downloadt een kopie.');
  await expect(openDialog(page).getByRole('button', { name: 'Openen in Excel' })).toHaveCount(0);
  const downloaded = page.waitForEvent('download', { timeout: 30_000 });
  await openDialog(page).getByRole('button', { name: 'Downloaden' }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toBe(`${t.model}.xlsx`);
  await expect(openDialog(page)).toHaveCount(0);
  await expect(row(page, 'Rekenmodellen', t.model).getByRole('button', { name: 'Sessie beëindigen' })).toHaveCount(0);

  // The history: listed and downloadable, not changeable.
  await subMenu(page, 'Rekenmodellen', t.model, 'Meer info');
  const history = page.getByRole('group', { name: 'Historie' });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByLabel('Actief')).toBeVisible();
  await expect(page.getByLabel('Rekenmodel toevoegen aan historie')).toHaveCount(0);
  const entry = page.waitForEvent('download', { timeout: 30_000 });
  await history.getByRole('button', { name: /^Download / }).click();
  expect((await entry).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('a model opened by another user: the alert names him, ending his session opens it', async ({ page, request }) => {
  const t = await spreadsheetModel(request);
  // USER opens it first (through the API, without map data): his edit session.
  const user = { authorization: `Bearer ${await apiToken(request, USER)}` };
  const opened = await request.get(`${M}/model/${t.modelId}/open/?mapviewer_required=false`, { headers: user });
  expect(opened.ok(), await opened.text()).toBeTruthy();

  await signIn(page, ADMIN);
  await showModel(page, t);
  await clickModel(page, t);
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Dit rekenmodel is al geopend door een andere gebruiker.');
  await expect(alert).toContainText(USER);
  await alert.getByRole('button', { name: 'Beëindig sessie' }).click();
  // The cancel-session warning first: the holder's unsaved work is lost.
  await expect(alert).toContainText('gaat niet-opgeslagen werk verloren');
  await alert.getByRole('button', { name: 'Beëindig sessie' }).click();
  await expect(openDialog(page)).toContainText('Het rekenmodel staat klaar.');
  await openDialog(page).getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(row(page, 'Rekenmodellen', t.model).getByRole('button', { name: 'Sessie beëindigen' })).toHaveAttribute('title', 'Geopend door u');

  // USER, who may not end the ADM's session, gets the alert without that button.
  await signOut(page);
  await signIn(page, USER);
  await showModel(page, t);
  await clickModel(page, t);
  await expect(alert).toContainText(ADMIN);
  await expect(alert.getByRole('button', { name: 'Beëindig sessie' })).toHaveCount(0);
  await alert.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(alert).toHaveCount(0);
});

test('what Excel saves through the edit address becomes the active history entry the modeller sees', async ({ page, request }) => {
  const t = await spreadsheetModel(request);
  await signIn(page, USER);
  await showModel(page, t);
  await clickModel(page, t);
  const href = await openDialog(page).getByRole('button', { name: 'Openen in Excel' }).getAttribute('href');
  const editUrl = href!.replace(/^ms-excel:ofe\|u\|/, '');
  expect(new URL(editUrl).origin).toBe(baseURL);
  await openDialog(page).getByRole('button', { name: 'Sluiten', exact: true }).click();

  // What Excel does with the address: lock it, read the file, save under the lock, unlock.
  const lockInfo = '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>'
    + '<D:locktype><D:write/></D:locktype><D:owner><D:href>Gijs</D:href></D:owner></D:lockinfo>';
  const lock = await request.fetch(editUrl, { method: 'LOCK', headers: { 'content-type': 'text/xml', timeout: 'Second-600', depth: '0' }, data: lockInfo });
  expect(lock.status()).toBe(200);
  const token = /<(.+)>/.exec(lock.headers()['lock-token'] ?? '')![1];
  const workbook = await (await request.get(editUrl)).body();
  const put = await request.fetch(editUrl, { method: 'PUT', headers: { if: `(<${token}>)` }, data: workbook });
  expect(put.ok(), `PUT ${put.status()}`).toBeTruthy();
  expect((await request.fetch(editUrl, { method: 'UNLOCK', headers: { 'lock-token': `<${token}>` } })).status()).toBe(204);

  // The modeller (project USR, not staff) sees the save in the history: newest first, active, his name.
  await row(page, 'Rekenmodellen', t.model).getByRole('button', { name: 'Meer info' }).click();
  const history = page.getByRole('region', { name: 'Rekenmodel info' }).getByRole('group', { name: 'Historie' });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3); // the header, the save, the template's copy
  await expect(rows.nth(1)).toContainText('Gijs Gebruiker');
  await expect(rows.nth(1).getByLabel('Actief', { exact: true })).toHaveCount(1);
  await expect(rows.nth(2).getByLabel('Actief', { exact: true })).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Uploaden' })).toHaveCount(0);
  const saved = page.waitForEvent('download');
  await rows.nth(1).getByRole('button', { name: /^Download / }).click();
  expect((await readFile((await (await saved).path())!)).equals(workbook)).toBe(true);
});
