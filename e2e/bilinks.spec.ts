import { expect, test, ADMIN, signIn } from './helpers.ts';
import { apiToken, expectToast } from './projectSteps.ts';
import { seedModels } from './biSteps.ts';

// BI links (spec 1 §2 "Reports" and "BI links"; docs/bi-links.md) through the real browser: a link from the
// Reports selection, its password, the feed fetched with it (JSON and OData) as a BI tool would, the copy
// buttons, and deleting it.

test('a BI link from a selection: generate a password, pull JSON and OData with it, copy, delete', async ({ page, request, baseURL }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const { projectName } = await seedModels(request, headers);
  const description = `Power BI ${projectName}`;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await signIn(page, ADMIN);

  // Rapportages: the project's first model and a second one, then 'Genereer link met selectie'.
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await page.getByLabel('Projectnaam').fill(projectName);
  await page.getByRole('button', { name: 'Zoek' }).click();
  const reports = page.locator('.gs-reports');
  const check = (col: string, name: string) =>
    reports.getByRole('region', { name: col, exact: true }).getByRole('listitem', { name, exact: true }).getByRole('checkbox');
  // Blueprint's indicator lies over the hidden input; it is part of the same label, so a forced check is a user's click.
  await check('Projecten', projectName).click({ force: true });
  await expect(reports.getByRole('status')).toHaveText('1 rekenmodel geselecteerd.');
  await check('Rekenmodellen', 'Variant hoog').click({ force: true });
  await expect(reports.getByRole('status')).toHaveText('2 rekenmodellen geselecteerd.');
  await page.getByRole('button', { name: 'Genereer link met selectie' }).click();

  // New BI link: both models by project, version and name; one taken out; the description is required.
  const form = page.getByRole('region', { name: 'Nieuwe BI-link' });
  const chosen = form.getByRole('table', { name: 'Gekozen rekenmodellen' });
  await expect(chosen.getByRole('row')).toHaveCount(3);
  await expect(chosen.getByRole('row', { name: /Grondexploitatie/ })).toContainText(projectName);
  await expect(chosen.getByRole('row', { name: /Grondexploitatie/ })).toContainText('Versie 1');
  await chosen.getByRole('button', { name: 'Variant hoog weglaten' }).click();
  await expect(chosen.getByRole('row')).toHaveCount(2);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form).toContainText('Vul alle velden in die gemarkeerd zijn met een *');
  await form.getByLabel('Beschrijving').fill(description);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'BI-link aangemaakt.');

  // BI links: the new row, no password yet; 'Genereer' shows it once.
  const links = page.getByRole('region', { name: 'BI links' });
  const row = links.getByRole('row', { name: new RegExp(description) });
  await expect(row).toContainText('Nog geen wachtwoord');
  await expect(row.getByRole('cell', { name: 'grondslag' })).toBeVisible();
  await row.getByRole('button', { name: `Genereer: ${description}` }).click();
  const shown = row.getByLabel(`Wachtwoord van ${description}`, { exact: true });
  await expect(shown).toBeVisible();
  const password = (await shown.textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await expect(row).toContainText('Alleen nu zichtbaar');
  await page.screenshot({ path: 'test-results/bilinks-1280x800.png' });

  // The copy buttons put link, user name and password on the clipboard.
  const link = (await row.getByRole('link').getAttribute('href'))!;
  expect(link).toMatch(new RegExp(`^${baseURL}/api/bi/v1/feed/[0-9a-f-]{36}/$`));
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await row.getByRole('button', { name: `Link van ${description} kopiëren` }).click();
  await expect.poll(clipboard).toBe(link);
  await row.getByRole('button', { name: `Gebruikersnaam van ${description} kopiëren` }).click();
  await expect.poll(clipboard).toBe('grondslag');
  await row.getByRole('button', { name: `Wachtwoord van ${description} kopiëren` }).click();
  await expect.poll(clipboard).toBe(password);

  // The feed, as Power BI or Excel pull it: Basic authentication with the fixed user name.
  const basic = { authorization: `Basic ${Buffer.from(`grondslag:${password}`).toString('base64')}` };
  const json = await request.get(link, { headers: basic });
  expect(json.status()).toBe(200);
  const data = (await json.json()) as { rekenmodellen: { project: string; rekenmodel: string }[]; perioden: unknown[] };
  expect(data.rekenmodellen.map((r) => [r.project, r.rekenmodel])).toEqual([[projectName, 'Grondexploitatie']]);
  const service = await request.get(`${link}odata/`, { headers: basic });
  expect(service.headers()['odata-version']).toBe('4.0');
  expect(((await service.json()) as { value: { name: string }[] }).value.map((s) => s.name)).toEqual(['Rekenmodellen', 'Perioden']);
  const metadata = await request.get(`${link}odata/$metadata`, { headers: basic });
  expect(await metadata.text()).toContain('<EntitySet Name="Rekenmodellen" EntityType="Grondslag.Rekenmodel"/>');
  const set = await request.get(`${link}odata/Rekenmodellen?$select=rekenmodel,ew`, { headers: basic });
  expect(set.status()).toBe(200);
  const body = (await set.json()) as { '@odata.context': string; value: { rekenmodel: string; ew: number | null }[] };
  expect(body['@odata.context']).toBe(`${link}odata/$metadata#Rekenmodellen(rekenmodel,ew)`);
  expect(body.value.map((r) => Object.keys(r).sort())).toEqual([['ew', 'rekenmodel']]);
  expect(body.value[0].rekenmodel).toBe('Grondexploitatie');
  const wrong = await request.get(link, { headers: { authorization: `Basic ${Buffer.from('grondslag:fout').toString('base64')}` } });
  expect(wrong.status()).toBe(401);

  // Back through Rapportages → 'Bekijk gegenereerde links': the pull is recorded, the password no longer shown.
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await page.getByRole('button', { name: 'Bekijk gegenereerde links' }).click();
  await expect(row).toContainText('Geldig tot');
  await expect(row).not.toContainText(password);
  await expect(row).toContainText('127.0.0.1');
  await expect(row.getByRole('button', { name: `Opnieuw genereren: ${description}` })).toBeVisible();

  // Delete after confirmation: the row goes and the feed answers 401.
  await row.getByRole('button', { name: `BI-link ${description} verwijderen` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expectToast(page, 'BI-link verwijderd.');
  await expect(row).toHaveCount(0);
  expect((await request.get(link, { headers: basic })).status()).toBe(401);
});

test('BI links that fail to load say so (spec 1 §8 "Load failures")', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.route('**/api/bi/v1/report/', (r) => (r.request().method() === 'GET' ? r.fulfill({ status: 503, body: '' }) : r.continue()));
  await page.getByRole('menuitem', { name: 'Rapportages' }).click();
  await page.getByRole('button', { name: 'Bekijk gegenereerde links' }).click();
  await expectToast(page, 'Fout bij het laden van de BI-links.');
  await expect(page.getByRole('region', { name: 'BI links' }).getByRole('heading', { name: 'Fout bij het laden van de BI-links.' })).toBeVisible();
});
