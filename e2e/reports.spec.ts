import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, ADMIN, signIn } from './helpers.ts';
import { expectToast, managerApi, unique } from './projectSteps.ts';
import { openXlsx, readSheetCells } from '../src/formulas/xlsxPackage.ts';

// The Reports screen (spec 1 §2 "Reports", §4 "Reports" and "Report creation", §5 report limits) against
// the real server, its report job and the shipped templates ('Vergelijking rekenmodellen': 1–10 models,
// 'Kasstromen per rekenmodel': 1–50).

test.describe.configure({ timeout: 120_000 });

const M = '/api/manager';

interface Setup {
  tag: string;
  headers: Record<string, string>;
  /** The first project: an old version with a spreadsheet model A; a newer one with spreadsheet B and online C (modified last). */
  first: { project: string; oldVersion: string; newVersion: string; a: string; aId: number; b: string; c: string };
  /** Ten more projects, one online model each. */
  others: string[];
}

/** As the staff admin, through the API: eleven projects whose names share a tag, so a search shows just them. */
async function setup(request: APIRequestContext): Promise<Setup> {
  const { headers, get, post } = await managerApi(request, ADMIN);
  const [types, subregions, templates] = await Promise.all([
    get<{ id: number }[]>('type-project/'),
    get<{ id: number }[]>('subregion/'),
    get<{ id: number; name: string }[]>('template-model/'),
  ]);
  const me = await get<{ id: number }>('user/me/');
  const tag = unique('Rapportproject').replace(' ', '-');
  const newProject = (name: string) =>
    post<{ id: number }>('project/', { name, subregion: subregions[0].id, type_project: types[0].id, roles: [{ id: me.id, role: 'ADM' }] });
  const spreadsheet = templates.find((t) => t.name === 'Grondexploitatie standaard')!.id;
  const model = (name: string, version: number, platform: 'online' | 'spreadsheet') =>
    post<{ id: number }>('model/', { name, version, model_platform: platform, type_model: platform === 'spreadsheet' ? spreadsheet : null });

  const first = {
    project: `${tag} 00`, oldVersion: 'Oude versie', newVersion: 'Nieuwe versie',
    a: unique('Model A'), aId: 0, b: unique('Model B'), c: unique('Model C'),
  };
  const p = await newProject(first.project);
  const oldVersion = await post<{ id: number }>('version-model/', { name: first.oldVersion, project: p.id, phase: 0 });
  const newVersion = await post<{ id: number }>('version-model/', { name: first.newVersion, project: p.id, phase: 0 });
  first.aId = (await model(first.a, oldVersion.id, 'spreadsheet')).id;
  await model(first.b, newVersion.id, 'spreadsheet');
  await model(first.c, newVersion.id, 'online');

  const others: string[] = [];
  for (let i = 1; i <= 10; i++) {
    const name = `${tag} ${String(i).padStart(2, '0')}`;
    const q = await newProject(name);
    const v = await post<{ id: number }>('version-model/', { name: 'Versie', project: q.id, phase: 0 });
    await model(unique('Online model'), v.id, 'online');
    others.push(name);
  }
  return { tag, headers, first, others };
}

const reports = (page: Page) => page.locator('.gs-reports');
const list = (page: Page, name: 'Projecten' | 'Versies' | 'Rekenmodellen') => reports(page).getByRole('region', { name, exact: true });
type Col = 'Projecten' | 'Versies' | 'Rekenmodellen';
const item = (page: Page, col: Col, name: string) => list(page, col).getByRole('listitem', { name, exact: true });
const check = (page: Page, col: Col, name: string) => item(page, col, name).getByRole('checkbox');
/** A click on a row (its label; the checkbox itself is drawn by an indicator over it). */
const toggle = (page: Page, col: Col, name: string) => item(page, col, name).locator('label').click();
const countLine = (page: Page) => reports(page).getByRole('status');
const makeButton = (page: Page) => page.getByRole('button', { name: 'Maak rapportage' });
const limit = (page: Page) => reports(page).getByRole('alert');
const template = (page: Page) => page.getByLabel('Sjabloon');

test('select models, see the count and the limits, make a report and receive the workbook', async ({ page, request }) => {
  const s = await setup(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await expect(page.locator('.gs-header').getByText('Rapportages')).toBeVisible();

  // Nothing selected yet: the count, the template's minimum, both actions off.
  await expect(countLine(page)).toHaveText('0 rekenmodellen geselecteerd.');
  await template(page).selectOption({ label: 'Vergelijking rekenmodellen' });
  await expect(reports(page)).toContainText('De gekozen rekenmodellen naast elkaar');
  await expect(limit(page)).toHaveText('Selecteer minimaal 1 rekenmodel.');
  await expect(makeButton(page)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Genereer link met selectie' })).toBeDisabled();

  await page.getByLabel('Projectnaam').fill(s.tag);
  await page.getByRole('button', { name: 'Zoek' }).click();
  await expect(list(page, 'Projecten').getByRole('listitem')).toHaveCount(11);

  // A project not yet selected: its versions load and its first model is selected.
  await toggle(page, 'Projecten', s.first.project);
  await expect(countLine(page)).toHaveText('1 rekenmodel geselecteerd.');
  await expect(limit(page)).toHaveCount(0);
  await expect(makeButton(page)).toBeEnabled();
  await expect(check(page, 'Versies', s.first.oldVersion)).toBeChecked();
  await expect(check(page, 'Rekenmodellen', s.first.a)).toBeChecked();
  // A version not yet selected: its first model; a model click toggles it.
  await toggle(page, 'Versies', s.first.newVersion);
  await expect(check(page, 'Rekenmodellen', s.first.b)).toBeChecked();
  await expect(check(page, 'Rekenmodellen', s.first.c)).not.toBeChecked();
  await expect(list(page, 'Rekenmodellen').getByRole('listitem', { name: s.first.c })).toContainText('Online');
  await toggle(page, 'Rekenmodellen', s.first.c);
  await expect(countLine(page)).toHaveText('3 rekenmodellen geselecteerd.');
  await toggle(page, 'Rekenmodellen', s.first.c);
  await expect(countLine(page)).toHaveText('2 rekenmodellen geselecteerd.');

  // Select all: per project its version modified last and that version's model modified last.
  await page.getByRole('button', { name: 'Selecteer alles' }).click();
  await expect(countLine(page)).toHaveText('11 rekenmodellen geselecteerd.');
  await expect(check(page, 'Rekenmodellen', s.first.c)).toBeChecked();
  await expect(check(page, 'Rekenmodellen', s.first.b)).not.toBeChecked();
  await expect(check(page, 'Versies', s.first.oldVersion)).not.toBeChecked();
  await expect(list(page, 'Projecten').getByRole('listitem', { name: s.others[9] })).toContainText('1 geselecteerd');
  // Eleven is more than the comparison takes; the cash-flow template takes it.
  await expect(limit(page)).toHaveText('Selecteer maximaal 10 rekenmodellen.');
  await expect(makeButton(page)).toBeDisabled();
  await page.screenshot({ path: 'test-results/reports-limit-1280x800.png' });
  await template(page).selectOption({ label: 'Kasstromen per rekenmodel' });
  await expect(limit(page)).toHaveCount(0);
  await expect(makeButton(page)).toBeEnabled();
  await template(page).selectOption({ label: 'Vergelijking rekenmodellen' });
  await expect(limit(page)).toHaveText('Selecteer maximaal 10 rekenmodellen.');
  await toggle(page, 'Rekenmodellen', s.first.c);
  await expect(countLine(page)).toHaveText('10 rekenmodellen geselecteerd.');
  await expect(limit(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Genereer link met selectie' })).toBeEnabled();
  await page.screenshot({ path: 'test-results/reports-1280x800.png' });

  // Pressed again, select-all clears the selection.
  await page.getByRole('button', { name: 'Selecteer alles' }).click();
  await expect(countLine(page)).toHaveText('0 rekenmodellen geselecteerd.');

  // A report over two spreadsheet models and an online one. The project's versions are shown already, so a
  // version can be clicked before they have reloaded: that click stands when the late answer arrives (it
  // used to select the old version's model and show that version's models). The answer is held until then.
  let answer!: () => void;
  const held = new Promise<void>((done) => (answer = done));
  const versionList = (url: URL) => url.pathname.endsWith('/api/manager/version-model/') && url.search !== '';
  await page.route(versionList, async (r) => {
    await held;
    await r.continue();
  });
  const versionsAsked = page.waitForRequest((r) => versionList(new URL(r.url())));
  await toggle(page, 'Projecten', s.first.project);
  await versionsAsked;
  await toggle(page, 'Versies', s.first.newVersion);
  await expect(countLine(page)).toHaveText('1 rekenmodel geselecteerd.');
  answer();
  await expect(list(page, 'Versies').locator('.bp6-spinner')).toHaveCount(0);
  await page.unroute(versionList);
  await expect(check(page, 'Rekenmodellen', s.first.b)).toBeChecked();
  await expect(countLine(page)).toHaveText('1 rekenmodel geselecteerd.');
  await toggle(page, 'Rekenmodellen', s.first.c);
  await expect(countLine(page)).toHaveText('2 rekenmodellen geselecteerd.');
  await toggle(page, 'Versies', s.first.oldVersion);
  await expect(countLine(page)).toHaveText('3 rekenmodellen geselecteerd.');
  // The request is held until the pop-up's progress is seen, so that state is seen however fast the job is.
  let release!: () => void;
  const reportHeld = new Promise<void>((done) => (release = done));
  await page.route('**/api/manager/report/', async (r) => {
    await reportHeld;
    await r.continue();
  });
  const downloaded = page.waitForEvent('download', { timeout: 60_000 });
  await makeButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Rapportage maken' });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  release();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^Vergelijking rekenmodellen.*\.xlsx$/);
  await expect(dialog).toHaveCount(0);
  const pkg = await openXlsx(new Uint8Array(await readFile((await file.path())!)));
  expect(pkg.sheets.map((x) => x.name)).toEqual(expect.arrayContaining(['Rekenmodellen', 'Perioden']));
  const texts = [...(await readSheetCells(pkg, 'Rekenmodellen')).values()].map((c) => c.value);
  expect(texts).toEqual(expect.arrayContaining([s.first.a, s.first.b, s.first.c]));
  await expect(page.getByLabel('Foutmelding rapportage')).toHaveValue('');

  // A selected model deleted meanwhile: the request is refused; the toast, and the reason in the text area.
  const removed = await request.delete(`${M}/model/${s.first.aId}/`, { headers: s.headers });
  expect(removed.ok()).toBeTruthy();
  await makeButton(page).click();
  await expectToast(page, 'Fout bij het maken van rapportage.');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Foutmelding rapportage')).not.toHaveValue('');
});

test('the selection survives a visit elsewhere, and Rapportages leads back to it', async ({ page, request }) => {
  const s = await setup(request);
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await page.getByLabel('Projectnaam').fill(s.tag);
  await page.getByLabel('Projectnaam').press('Enter');
  await toggle(page, 'Projecten', s.others[0]);
  await expect(countLine(page)).toHaveText('1 rekenmodel geselecteerd.');
  // The breadcrumb's first item returns to Projects.
  await page.locator('.gs-header').getByText('Projecten').click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await expect(countLine(page)).toHaveText('1 rekenmodel geselecteerd.');
  await expect(check(page, 'Projecten', s.others[0])).toBeChecked();
});
