import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, ENGLISH_WORDS, expect, signIn, signOut, test } from './helpers.ts';
import { createUser, openConfiguration, submitLogin } from './adminSteps.ts';
import { managerApi, row, subMenu, unique } from './projectSteps.ts';
import { grid } from './workbenchSteps.ts';

// Issue 15: no English UI word on any screen. The check itself is the automatic fixture of helpers.ts
// (every spec's `test`): these tests only walk every main screen, so that the check sees them all.

test.describe.configure({ timeout: 240_000 });

const example = JSON.parse(readFileSync(new URL('../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const mainMenu = (page: Page, item: string) => page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: item, exact: true }).click();
const header = (page: Page) => page.locator('.gs-header .bp6-breadcrumbs');
const pick = (page: Page, col: 'Projecten' | 'Versies' | 'Rekenmodellen', name: string) => row(page, col, name).getByRole('button').first().click();

test('the walker finds an English word, names it and its screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.setAttribute('aria-label', 'Close');
    b.textContent = 'x';
    document.body.append(b);
  });
  await expect.poll(() => page.evaluate(() => (window.__englishWords ?? []).map((w) => `${w.word} ${w.where} ${w.screen}`)))
    .toEqual(['Close aria-label Projecten']);
  // Taken back, so this test's own check passes.
  await page.evaluate(() => {
    document.body.lastElementChild?.remove();
    window.__englishWords!.length = 0;
  });
  expect(ENGLISH_WORDS).toEqual(['Email', 'Item', 'Select', 'Close', 'Unknown']);
});

test('the project area, the workbench and its tabs are Dutch', async ({ page, request }) => {
  const api = await managerApi(request, ADMIN);
  const me = await api.get<{ id: number }>('user/me/');
  const [sub] = await api.get<{ id: number }[]>('subregion/');
  const [type] = await api.get<{ id: number }[]>('type-project/');
  const projectName = unique('Woorden');
  const project = await api.post<{ id: number }>('project/', { name: projectName, subregion: sub.id, type_project: type.id, roles: [{ id: me.id, role: 'ADM' }] });
  const version = await api.post<{ id: number }>('version-model/', { name: 'Versie 1', project: project.id });
  const model = await api.post<{ id: number }>('model/', { name: 'Online', version: version.id, model_platform: 'online' });
  const loaded = await (await request.get(`/api/grexonline/model/${model.id}/`, { headers: api.headers })).json() as { data_version: number };
  expect((await request.post(`/api/grexonline/model/${model.id}/`, { headers: api.headers, data: { ...example, data_version: loaded.data_version } })).ok()).toBe(true);

  await signIn(page, ADMIN);
  await pick(page, 'Projecten', projectName);
  await subMenu(page, 'Projecten', projectName, 'Meer info');
  await expect(page.getByRole('region', { name: 'Project info' })).toBeVisible();
  await mainMenu(page, 'Projecten');
  await pick(page, 'Projecten', projectName);
  await pick(page, 'Versies', 'Versie 1');
  await subMenu(page, 'Versies', 'Versie 1', 'Meer info');
  await expect(page.getByRole('region', { name: 'Versie info' })).toBeVisible();
  await mainMenu(page, 'Projecten');
  await pick(page, 'Projecten', projectName);
  await pick(page, 'Versies', 'Versie 1');
  await row(page, 'Rekenmodellen', 'Online').getByRole('button', { name: 'Meer info' }).click();
  // Spelled as its siblings 'Project info' and 'Versie info' (issue 25 item 14).
  await expect(page.getByRole('region', { name: 'Rekenmodel info', exact: true })).toBeVisible();
  await expect(header(page)).toContainText('Rekenmodel info');
  await mainMenu(page, 'Projecten');
  await pick(page, 'Projecten', projectName);
  await pick(page, 'Versies', 'Versie 1');

  // The workbench: every tab of Uitgangspunten, Kostenraming and Woningbouw.
  await pick(page, 'Rekenmodellen', 'Online');
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 60_000 });
  const tool = page.getByRole('menu', { name: 'Rekentool' });
  for (const t of ['Fasering', 'Rente', 'Indexering', 'Ruimtegebruik', 'Overig', 'Projectgegevens']) {
    await page.getByRole('tab', { name: t, exact: true }).click();
    await expect(page.getByRole('tab', { name: t, exact: true })).toHaveAttribute('aria-selected', 'true');
  }
  for (const section of ['Kostenraming', 'Woningbouw']) {
    await tool.getByRole('menuitem', { name: section, exact: true }).click();
    await expect(header(page)).toContainText(section);
    for (const t of ['Raming', 'Indexering', 'Fasering', 'Boekwaarde', 'Overzicht']) {
      await page.getByRole('tab', { name: t, exact: true }).click();
      await expect(page.getByRole('tab', { name: t, exact: true })).toHaveAttribute('aria-selected', 'true');
      if (t === 'Boekwaarde' && section === 'Kostenraming') {
        // The method reads 'Financieel', never the data's code 'Financeel' (issue 25 item 14).
        await grid(page, 'sheet-cost-bookvalue').expect(0, 2, 'Financieel'); // after Omschrijving and Gerealiseerd vóór …
        await expect(page.getByText('Financeel', { exact: true })).toHaveCount(0);
      }
    }
  }
  await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
});

test('reports, BI links, documentation, logs and users are Dutch', async ({ page }) => {
  await signIn(page, ADMIN);
  await mainMenu(page, 'Rapportages');
  await expect(header(page)).toContainText('Rapportages');
  await page.getByRole('button', { name: 'Bekijk gegenereerde links' }).click();
  // One spelling, as Dutch writes the compound (issue 25 item 14).
  await expect(header(page)).toContainText('BI-links');
  await expect(page.getByRole('heading', { name: 'BI-links', exact: true })).toBeVisible();
  await mainMenu(page, 'Documentatie');
  await expect(header(page)).toContainText('Documentatie');
  await mainMenu(page, 'Logs');
  await expect(header(page)).toContainText('Logs');
  await mainMenu(page, 'Gebruikers');
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expect(page.getByRole('region', { name: 'Gegevens' }).getByLabel('E-mailadres')).toBeVisible();
  await mainMenu(page, 'Gebruikers');
  await page.getByRole('row', { name: /lezer@grondslag\.local/ }).click();
  await expect(page.getByLabel('E-mailadres').first()).toHaveValue('lezer@grondslag.local');
  await mainMenu(page, 'Gebruiker');
  await expect(page.getByRole('region', { name: 'Wachtwoord wijzigen' })).toBeVisible();
});

test('configuration, the global parameters and the SAML settings are Dutch', async ({ page }) => {
  await signIn(page, ADMIN);
  for (const item of ['Klantgebied', 'Deelgebieden', 'Fasedefinities', 'Bijlagecategorieën', 'Projecttypen', 'Rekenmodeltypen', 'Rapportagesjablonen']) {
    await openConfiguration(page, item);
    await expect(header(page)).toContainText(item);
  }
  await openConfiguration(page, 'Klantgebied');
  await expect(page.getByRole('region', { name: 'Inloggen met SAML' }).getByLabel('Kenmerk van Grondslag (Entity ID)')).toBeVisible();
  await openConfiguration(page, 'Parameters');
  for (const item of await page.getByRole('menu', { name: 'Parametertypen' }).getByRole('menuitem').allTextContents()) {
    await page.getByRole('menuitem', { name: item, exact: true }).click();
    await expect(page.getByRole('region', { name: item, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('region', { name: 'Projecten kiezen' })).toBeVisible();
});

test('a user\'s settings and the MFA setup are Dutch', async ({ page, request }) => {
  const user = await createUser(request, { ready: true });
  await submitLogin(page, user.email, user.password);
  await mainMenu(page, 'Gebruiker');
  await page.getByRole('button', { name: 'Instellen' }).click();
  await expect(page.getByRole('region', { name: 'Multi-Factor Authenticatie instellen' })).toBeVisible();
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await signOut(page);
});
