import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Wachtwoord-2026!';
export const ADMIN = 'admin@grondslag.local';
export const USER = 'gebruiker@grondslag.local';
export const READER = 'lezer@grondslag.local';

/** Signs in through the real login screen and accepts the terms when they are asked. */
export async function signIn(page: Page, email = ADMIN, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const terms = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
  const projects = page.getByRole('region', { name: 'Projecten' });
  await expect(terms.or(projects).first()).toBeVisible();
  if (await terms.isVisible()) {
    await terms.getByRole('button', { name: 'Accepteren' }).click();
    await expect(terms).toBeHidden();
  }
  await expect(projects).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
}
