import { expect, test, ADMIN, signIn } from './helpers.ts';
import { apiToken, expectToast } from './projectSteps.ts';
import { seedModels } from './biSteps.ts';
import { openConfiguration } from './adminSteps.ts';
import { formatDateTime } from '../src/lib/format.ts';

// BI links (spec 1 §2 "Reports" and "BI links"; docs/bi-links.md) through the real browser: a link from the
// Reports selection, its password, the feed fetched with it (JSON and OData) as a BI tool would, the copy
// buttons, and deleting it.

// One after the other: the validity test lowers the client's maximum, which shortens every link of the
// client at once (the first test's 90-day password then reads 14 days when both run side by side).
test.describe.configure({ mode: 'default' });

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

  // BI links: the new row, no password yet; 'Genereer' asks the validity (1 day unless chosen) and shows the password once.
  const links = page.getByRole('region', { name: 'BI-links' });
  const row = links.getByRole('row', { name: new RegExp(description) });
  await expect(row).toContainText('Nog geen wachtwoord');
  await expect(row.getByRole('cell', { name: 'grondslag' })).toBeVisible();
  await row.getByRole('button', { name: `Genereer: ${description}` }).click();
  const dialog = page.getByRole('dialog', { name: `Wachtwoord genereren: ${description}` });
  const validity = dialog.getByLabel('Geldigheid');
  await expect(validity).toHaveValue('1');
  await validity.selectOption({ label: '90 dagen' });
  const answer = page.waitForResponse((r) => r.url().endsWith('/password/') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Genereer' }).click();
  const generated = (await (await answer).json()) as { expiration_password: string };
  const sent = Date.parse((await answer).headers().date);
  // 90 days after the server's answer (its Date header has whole seconds).
  expect(Date.parse(generated.expiration_password) - sent).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
  expect(Date.parse(generated.expiration_password) - sent).toBeLessThan(90 * 86_400_000 + 1000);
  await expect(dialog).toHaveCount(0);
  const shown = row.getByLabel(`Wachtwoord van ${description}`, { exact: true });
  await expect(shown).toBeVisible();
  const password = (await shown.textContent())!;
  expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await expect(row).toContainText(`Alleen nu zichtbaar. Geldig tot ${formatDateTime(generated.expiration_password)}.`);
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
  await expect(row).toContainText(`Geldig tot ${formatDateTime(generated.expiration_password)}`);
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
  await expect(page.getByRole('region', { name: 'BI-links' }).getByRole('heading', { name: 'Fout bij het laden van de BI-links.' })).toBeVisible();
});

test('staff set the longest validity; the owner is offered no more, and a wrong maximum is refused on its field', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const { projectName, ids } = await seedModels(request, headers);
  const description = `Geldigheid ${projectName}`;
  expect((await request.post('/api/bi/v1/report/', { headers, data: { description, models: ids.slice(0, 1) } })).status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  try {
    await openConfiguration(page, 'Klantgebied');
    const card = page.getByRole('region', { name: 'BI-links' });
    const max = card.getByLabel('Maximale geldigheid van een BI-wachtwoord (dagen)');
    await expect(max).toHaveValue('365');
    await max.fill('400');
    await card.getByRole('button', { name: 'Opslaan' }).click();
    await expect(card).toContainText('Kies een geldigheid van 1 tot en met 365 dagen.');
    await expect(max).toHaveValue('400'); // kept for correcting
    await max.fill('14');
    await card.getByRole('button', { name: 'Opslaan' }).click();
    await expectToast(page, 'Opslaan gelukt!');
    await page.screenshot({ path: 'test-results/bisettings-1280x800.png' });

    await page.getByRole('menuitem', { name: 'Rapportages' }).click();
    await page.getByRole('button', { name: 'Bekijk gegenereerde links' }).click();
    const row = page.getByRole('region', { name: 'BI-links' }).getByRole('row', { name: new RegExp(description) });
    await row.getByRole('button', { name: `Genereer: ${description}` }).click();
    const dialog = page.getByRole('dialog', { name: `Wachtwoord genereren: ${description}` });
    await expect(dialog).toContainText('Uw organisatie staat ten hoogste 14 dagen toe.');
    await expect(dialog.getByRole('option')).toHaveText(['1 dag', '1 week', '14 dagen']);
    await page.screenshot({ path: 'test-results/bigenerate-1280x800.png' });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(row).toContainText('Nog geen wachtwoord');
  } finally {
    expect((await request.put('/api/bi/v1/settings/', { headers, data: { password_max_days: 365 } })).status()).toBe(200);
  }
});
