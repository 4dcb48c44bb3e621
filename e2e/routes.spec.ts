import type { Page } from '@playwright/test';
import { expect, test, ADMIN, DEMO_PASSWORD, USER, signIn } from './helpers.ts';
import { column, createProject, expectToast, managerApi, unique } from './projectSteps.ts';

// Issue 15, points 7 and 9: every screen has its own address (reload, back/forward, shared links) and
// errors show where the user looks (a taken name marks its field; a toast stays on its screen).

test.describe.configure({ timeout: 120_000 });

const projectsRegion = (page: Page) => page.getByRole('region', { name: 'Projecten', exact: true });
const crumb = (page: Page, text: string) => page.locator('.gs-header .bp6-breadcrumb-current').filter({ hasText: text });

/** A project (the admin ADM, the normal user NON unless `withUser`), a version and an online model. */
async function projectWithModel(request: Parameters<typeof managerApi>[0], opts: { withUser?: boolean } = {}) {
  const api = await managerApi(request, ADMIN);
  const users = await api.get<{ id: number; email: string }[]>('user/');
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  const [sub] = await api.get<{ id: number }[]>('subregion/');
  const [type] = await api.get<{ id: number }[]>('type-project/');
  const name = unique('Adresproject');
  const project = await api.post<{ id: number }>('project/', {
    name, subregion: sub!.id, type_project: type!.id,
    roles: [{ id: id(ADMIN), role: 'ADM' }, { id: id(USER), role: opts.withUser ? 'USR' : 'NON' }],
  });
  const version = await api.post<{ id: number }>('version-model/', { name: 'Versie 1', project: project.id });
  const model = await api.post<{ id: number }>('model/', { name: 'Online', version: version.id, model_platform: 'online' });
  return { projectId: project.id, projectName: name, modelId: model.id };
}

/** The login form, with the terms accepted when asked; ends on whatever screen the address shows. */
async function submitLogin(page: Page, email: string) {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const terms = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
  const shell = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await expect(terms.or(shell).first()).toBeVisible();
  if (await terms.isVisible()) {
    await terms.getByRole('button', { name: 'Accepteren' }).click();
    await expect(terms).toBeHidden();
  }
}

test('a reload on a tool tab returns to that tab of that model', async ({ page, request }) => {
  const { modelId } = await projectWithModel(request);
  await signIn(page, ADMIN);
  await page.goto(`/rekenmodellen/${modelId}/kostenraming`);
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Fasering' }).click();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/kostenraming/fasering$`));

  await page.reload();
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Kostenraming' })).toHaveClass(/bp6-active/);
  await expect(page.getByRole('tab', { name: 'Fasering' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/kostenraming/fasering$`));

  // A tab of the base parameters too, and the workbench's own screens are history entries.
  await page.getByRole('menuitem', { name: 'Uitgangspunten' }).click();
  await page.getByRole('tab', { name: 'Rente' }).click();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/uitgangspunten/rente$`));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Rente' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/kostenraming/fasering$`));
  await expect(page.getByRole('menuitem', { name: 'Kostenraming' })).toHaveClass(/bp6-active/);
});

test('back and forward move across three screens, each with its own address', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/projecten$/);
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  await menu.getByRole('menuitem', { name: 'Rapportages' }).click();
  await expect(page).toHaveURL(/\/rapportages$/);
  await menu.getByRole('menuitem', { name: 'Documentatie' }).click();
  await expect(page).toHaveURL(/\/documentatie$/);
  await menu.getByRole('menuitem', { name: 'Gebruikers' }).click();
  await expect(page).toHaveURL(/\/gebruikers$/);
  await expect(crumb(page, 'Gebruikers')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/documentatie$/);
  await expect(crumb(page, 'Documentatie')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/rapportages$/);
  await expect(crumb(page, 'Rapportages')).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/documentatie$/);
  await expect(crumb(page, 'Documentatie')).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/projecten$/);
  await expect(projectsRegion(page)).toBeVisible();
});

test('a link opened before signing in lands on its screen after the sign-in', async ({ page, request }) => {
  const { projectId, projectName } = await projectWithModel(request, { withUser: true });
  await page.goto(`/projecten/${projectId}`);
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
  await submitLogin(page, USER);
  const form = page.getByRole('region', { name: 'Project info' });
  await expect(form.getByLabel('Projectnaam')).toHaveValue(projectName);
  await expect(page).toHaveURL(new RegExp(`/projecten/${projectId}$`));
});

test("a link the user may not follow shows 'Niet gevonden.'", async ({ page, request }) => {
  const { projectId, modelId } = await projectWithModel(request); // the normal user has no role on it
  await signIn(page, USER);
  await page.goto(`/projecten/${projectId}`);
  await expectToast(page, 'Niet gevonden.');
  await expect(page.getByRole('region', { name: 'Project info' }).getByLabel('Projectnaam')).toHaveCount(0);

  await page.goto(`/rekenmodellen/${modelId}/kostenraming/fasering`);
  await expectToast(page, 'Niet gevonden.');
  await expect(page.locator('.gs-toasts .bp6-toast')).toHaveCount(1);

  await page.goto('/projecten/987654321');
  await expectToast(page, 'Niet gevonden.');

  // An address no screen has, and a screen for administrators only.
  for (const path of ['/bestaat-niet', '/gebruikers/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Niet gevonden.' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a taken project name marks the name field as well as the toast', async ({ page, request }) => {
  const { projectName } = await projectWithModel(request);
  await signIn(page, ADMIN);
  await column(page, 'Projecten').getByRole('button', { name: 'Project toevoegen' }).click();
  const form = page.getByRole('region', { name: 'Nieuw project' });
  await form.getByLabel('Projectnaam').fill(projectName);
  await form.getByLabel('Projecttype').selectOption({ label: 'Woningbouw' });
  await form.getByLabel('Deelgebied').selectOption({ label: 'Centrum' });
  await expect(form.getByLabel('Rechten Lotte Lezer')).toHaveValue('VWR');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Er bestaat al een project met deze naam.');
  await expect(page.locator('.gs-toasts .bp6-toast')).toHaveCount(1);
  const field = form.locator('.bp6-form-group', { has: page.locator('#p-name') });
  await expect(field).toContainText('Er bestaat al een project met deze naam.');
  await expect(field).toHaveClass(/bp6-intent-danger/);
  await expect(field.locator('.bp6-input-group')).toHaveClass(/bp6-intent-danger/);
});

test('a toast stays on its screen; the toast of a save that returns to the list goes along', async ({ page }) => {
  await signIn(page, ADMIN);
  await column(page, 'Projecten').getByRole('button', { name: 'Project toevoegen' }).click();
  await page.getByRole('region', { name: 'Nieuw project' }).getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Vul alle velden in die gemarkeerd zijn met een *');
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Documentatie' }).click();
  await expect(crumb(page, 'Documentatie')).toBeVisible();
  await expect(page.locator('.gs-toasts').getByText('Vul alle velden in die gemarkeerd zijn met een *')).toHaveCount(0);

  // createProject waits for 'Opslaan gelukt!' on Projects, the screen the save returns to.
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Projecten' }).click();
  await createProject(page, unique('Toastproject'));
});

test('an invalid date is said under its field without moving the row or what follows', async ({ page, request }) => {
  const { modelId } = await projectWithModel(request);
  await signIn(page, ADMIN);
  await page.goto(`/rekenmodellen/${modelId}/uitgangspunten/fasering`);
  await expect(page.getByRole('tab', { name: 'Fasering' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const start = page.getByLabel('Startdatum berekening');
  const beside = page.getByLabel('Prijspeildatum');
  const period = page.getByLabel('Faseringsperiode');
  const below = page.getByTestId('sheet-phases');
  const boxes = async () => Promise.all([start, beside, period, below].map(async (l) => (await l.boundingBox())!));
  const before = await boxes();
  await start.fill('31-13-20xx');
  await start.press('Enter');
  await expect(page.getByText('Ongeldige datum (dd-mm-jjjj)')).toBeVisible();
  expect(await boxes()).toEqual(before);
});

test('a screen whose code cannot load says so, and the menu still leads elsewhere', async ({ page, request }) => {
  const { modelId } = await projectWithModel(request);
  await page.route(/\/assets\/ToolFrame-[^/]+\.js$/, (route) => route.abort());
  await signIn(page, ADMIN);
  await page.goto(`/rekenmodellen/${modelId}/kostenraming`);
  await expect(page.getByText('Dit scherm kon niet worden geladen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagina vernieuwen' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Projecten' }).click();
  await expect(projectsRegion(page)).toBeVisible();
  await expect(page.getByText('Dit scherm kon niet worden geladen.')).toHaveCount(0);
});
