import { expect, test, ADMIN, signIn } from './helpers.ts';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, unique } from './projectSteps.ts';

/** A project of the admin's made through the API (its creation is a log row), with the admin's headers. */
async function newProject(request: APIRequestContext, prefix: string): Promise<{ headers: Record<string, string>; id: number; name: string }> {
  const token = await apiToken(request, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const [types, subregions, me] = await Promise.all([
    request.get('/api/manager/type-project/', { headers }).then((r) => r.json() as Promise<{ id: number }[]>),
    request.get('/api/manager/subregion/', { headers }).then((r) => r.json() as Promise<{ id: number }[]>),
    request.get('/api/manager/user/me/', { headers }).then((r) => r.json() as Promise<{ id: number }>),
  ]);
  const name = unique(prefix);
  const created = await request.post('/api/manager/project/', {
    headers, data: { name, type_project: types[0].id, subregion: subregions[0].id, roles: [{ id: me.id, role: 'ADM' }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { headers, id, name };
}

test('the log pages through 50 rows at a time', async ({ page, request }) => {
  // More than one page of log rows: a project changed 60 times through the API.
  const { headers, id, name } = await newProject(request, 'Logproject');
  for (let i = 0; i < 60; i++) {
    const res = await request.patch(`/api/manager/project/${id}/`, { headers, data: { description: `wijziging ${i}` } });
    expect(res.ok()).toBeTruthy();
  }

  await signIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Logs' }).click();
  const logs = page.getByRole('region', { name: 'Logs' });
  for (const header of ['Datum + Tijd', 'Gebruiker', 'Actie', 'IP-adres']) {
    await expect(logs.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const status = logs.getByText(/^Pagina \d+ van \d+$/);
  await expect(status).toHaveText(/^Pagina 1 van ([2-9]|\d\d+)$/);
  let pages = Number((await status.textContent())!.match(/van (\d+)/)![1]);
  await expect(logs.getByRole('button', { name: 'Vorige' })).toBeDisabled();
  await expect(logs.getByRole('row')).toHaveCount(51); // header + 50
  await expect(logs.getByRole('cell', { name: 'Anna Beheerder' }).first()).toBeVisible();
  await expect(logs.getByRole('cell', { name: `Project '${name}' gewijzigd` }).first()).toBeVisible();

  // Tests in other workers write log rows meanwhile, so the page count may grow while paging.
  const shows = (p: number) => new RegExp(`^Pagina ${p} van (\\d+)$`);
  let last = 1;
  for (let p = 2; p <= pages; p++) {
    await logs.getByRole('button', { name: 'Volgende' }).click();
    await expect(status).toHaveText(shows(p));
    await expect(logs.getByRole('button', { name: 'Vorige' })).toBeEnabled();
    pages = Number((await status.textContent())!.match(/van (\d+)/)![1]);
    last = p;
  }
  await expect(logs.getByRole('button', { name: 'Volgende' })).toBeDisabled();
  await logs.getByRole('button', { name: 'Vorige' }).click();
  await expect(status).toHaveText(shows(last - 1));
});

test('at 1280 × 800 the log filters by text, user and dates; an unreadable date is told and loads nothing', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { name } = await newProject(request, 'Filterproject');

  await signIn(page, ADMIN);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Logs' }).click();
  const logs = page.getByRole('region', { name: 'Logs' });
  await logs.getByLabel('Actie bevat').fill(name.toUpperCase()); // case ignored
  await expect(logs.getByRole('row')).toHaveCount(2); // header + the one row
  await expect(logs.getByRole('cell', { name: `Project '${name}' aangemaakt` })).toBeInViewport();
  await expect(logs.getByText('Pagina 1 van 1')).toBeVisible();

  await logs.getByLabel('Gebruiker').selectOption({ label: 'Anna Beheerder' });
  await expect(logs.getByRole('row')).toHaveCount(2);

  // An unreadable date: said at the field, the table keeps its row.
  await logs.getByLabel('Vanaf').fill('31-02-2026');
  await expect(logs.getByText('Ongeldige datum (dd-mm-jjjj)')).toBeVisible();
  await expect(logs.getByRole('row')).toHaveCount(2);
  await logs.getByLabel('Vanaf').fill('');
  // Before the app existed there is nothing.
  await logs.getByLabel('Tot en met').fill('01-01-2000');
  await expect(logs.getByText('Geen logregels gevonden.')).toBeVisible();
  await expect(logs.getByRole('row')).toHaveCount(1);
});
