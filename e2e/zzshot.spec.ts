import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers.ts';
import { apiToken } from './projectSteps.ts';
import { seedModels } from './biSteps.ts';

test('screenshots', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await apiToken(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const { ids } = await seedModels(request, headers);
  const models = ids;
  const made = await request.post('/api/bi/v1/report/', { headers, data: { description: 'Bestaande link met een vrij lange beschrijving', models: ids } });
  expect(made.status(), await made.text() + JSON.stringify(models).slice(0, 300)).toBe(201);
  await signIn(page, ADMIN);
  const go = (screen: string, params: object) => page.evaluate(([s, p]) => window.dispatchEvent(new PopStateEvent('popstate', { state: { grondslag: true, screen: s, params: p } })), [screen, params] as const);
  await go('NewBiLink', { models: ids.join(',') });
  await expect(page.getByRole('table', { name: 'Gekozen rekenmodellen' })).toBeVisible();
  await page.screenshot({ path: '/tmp/shot-new.png' });
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await page.screenshot({ path: '/tmp/shot-new-error.png' });
  await page.getByLabel('Beschrijving').fill('Power BI dashboard');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('region', { name: 'BI links' })).toBeVisible();
  await page.getByRole('button', { name: /^Genereer: Power BI/ }).click();
  await expect(page.getByText('Alleen nu zichtbaar')).toBeVisible();
  await page.screenshot({ path: '/tmp/shot-list.png' });
});
