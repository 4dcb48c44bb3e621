import { expect, test, ADMIN, signIn, signOut } from './helpers.ts';

test('the demo admin signs in, sees Projects, stays signed in after a reload, and signs out', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Gebruikers')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toHaveCount(0);
  await signOut(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
});

test('a wrong password shows the Dutch error and keeps the login screen', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill(ADMIN);
  await page.getByLabel('Wachtwoord').fill('Helemaal-fout-123!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('De combinatie van e-mailadres en wachtwoord is onjuist')).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toHaveValue(ADMIN);
});

test('browser back returns to the previous screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Gebruiker', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
});
