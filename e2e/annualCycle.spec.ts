import { readFileSync } from 'node:fs';
import { expect, test, ADMIN, signIn } from './helpers.ts';
import { column, expectToast, row, subMenu, unique } from './projectSteps.ts';
import { createModel, tab } from './workbenchSteps.ts';

// Issue 37.3 and 37.4 through the real UI: a version marked 'Vastgesteld door de raad' (list and info), and
// the jaarovergang of a version whose online model is calculation.md §8b's (docs/examples/annual-2024.model.json).

const annual = JSON.parse(readFileSync(new URL('../docs/examples/annual-2024.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 150_000 });

test('vastgesteld door de raad, then the jaarovergang of §8b: preview, execute, the new model in the tool', async ({ page, request }) => {
  const project = unique('Jaarplan');
  await createModel(request, project, annual, 'Grex', 'Versie 2024');
  await signIn(page, ADMIN);
  await row(page, 'Projecten', project).getByRole('button').first().click();
  await expect(row(page, 'Versies', 'Versie 2024')).toBeVisible();

  // Vastgesteld door de raad: date and note in the dialog; the list and the info show it, the version is frozen.
  await subMenu(page, 'Versies', 'Versie 2024', 'Vastgesteld door de raad…');
  const adopt = page.getByRole('dialog', { name: 'Vastgesteld door de raad' });
  await adopt.getByLabel('Datum van vaststelling').fill('12-03-2025');
  await adopt.getByLabel('Toelichting').fill('Raadsbesluit 2025/14');
  await adopt.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  const version = row(page, 'Versies', 'Versie 2024');
  await expect(version).toContainText('Vastgesteld door de raad op 12-03-2025');
  await expect(version.getByLabel('Vergrendeld')).toBeVisible();
  await version.getByRole('button', { name: 'Meer info' }).click();
  const info = page.getByRole('group', { name: 'Vastgesteld door de raad' });
  await expect(info).toContainText('Vastgesteld door de raad op 12-03-2025');
  await expect(info).toContainText('Raadsbesluit 2025/14');
  await expect(info).toContainText('Anna Beheerder');
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await row(page, 'Projecten', project).getByRole('button').first().click();

  // Jaarovergang…: the defaults, and the preview of §8b before anything is written.
  await subMenu(page, 'Versies', 'Versie 2024', 'Jaarovergang…');
  const dialog = page.getByRole('dialog', { name: 'Jaarovergang' });
  await expect(dialog.getByLabel('Boekjaar')).toHaveValue('2025');
  await expect(dialog.getByLabel('Naam nieuwe versie')).toHaveValue('Versie 2024 2025');
  await expect(dialog.getByLabel('Huidige versie bevriezen')).toBeChecked();
  const grex = dialog.getByRole('group', { name: 'Grex' });
  await expect(grex).toContainText('€ -106.120,80 → ');
  // The figures of §8b: EW kept, NCW moved to 1 January, the opening book value.
  await expect(grex).toContainText('€ -106.120,80 → € -106.120,80');
  await expect(grex).toContainText('€ -98.039,22 → € -100.000,00');
  await expect(grex).toContainText('€ 500.000,00');
  await dialog.getByRole('button', { name: 'Jaarovergang uitvoeren' }).click();
  await expectToast(page, 'Jaarovergang uitgevoerd.');
  await expect(dialog).toBeHidden();

  // The new version is selected; its model opens in the tool with the opening book value.
  const made = row(page, 'Versies', 'Versie 2024 2025');
  await expect(made).toHaveAttribute('aria-current', 'true');
  await expect(made.getByLabel('Vergrendeld')).toHaveCount(0);
  await row(page, 'Rekenmodellen', 'Grex').getByRole('button').first().click();
  await expect(page.getByTestId('workbench')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  // 'Boekwaarde per <startdatum>' on the base parameters' Fasering tab, beside the start date (issue 37.1).
  await tab(page, 'Fasering').click();
  await expect.soft(page.getByLabel(/Boekwaarde per 01-01-2025/)).toHaveValue('500.000,00');
  await expect(column(page, 'Versies')).toHaveCount(0);
});

test('a jaarovergang dialog whose code cannot load says so, and the Projects screen stays', async ({ page, request }) => {
  const project = unique('Jaarplan');
  await createModel(request, project, annual, 'Grex', 'Versie 2024');
  await page.route(/\/assets\/AnnualDialogs-[^/]+\.js$/, (route) => route.abort());
  await signIn(page, ADMIN);
  await row(page, 'Projecten', project).getByRole('button').first().click();
  await subMenu(page, 'Versies', 'Versie 2024', 'Jaarovergang…');
  await expectToast(page, 'Het venster kon niet worden geladen. Vernieuw de pagina en probeer het opnieuw.');
  await expect(page.getByRole('dialog', { name: 'Jaarovergang' })).toHaveCount(0);
  await expect(row(page, 'Versies', 'Versie 2024')).toBeVisible();
});

