import { expect, test, ADMIN, READER, USER, signIn, signOut } from './helpers.ts';
import { apiToken, column, createModel, createProject, createVersion, expectToast, row, subMenu, unique } from './projectSteps.ts';

// Each test builds its own project tree through the forms; on the shared 2-core machine that can take close to a minute.
test.describe.configure({ timeout: 120_000 });

test('create a project, a version and a model; the overview selects each new row', async ({ page }) => {
  await signIn(page, ADMIN);
  const project = unique('Centrumplan');
  const version = unique('Variant A');
  const model = unique('Grex');
  await createProject(page, project, { number: 'P-100' });
  await expect(column(page, 'Versies').getByText('Geen versies.')).toBeVisible();
  await createVersion(page, version);
  await expect(row(page, 'Versies', version)).toContainText('Initiatief');
  await createModel(page, model, 'Online');
  await expect(row(page, 'Rekenmodellen', model)).toContainText('Online');

  // Info shows what was saved, with the created/modified data.
  await row(page, 'Projecten', project).getByRole('button', { name: 'Meer info' }).click();
  const info = page.getByRole('region', { name: 'Project info' });
  await expect(info.getByLabel('Projectnaam')).toHaveValue(project);
  await expect(info.getByLabel('Projectnummer')).toHaveValue('P-100');
  await expect(info.getByLabel('Aangemaakt door')).toHaveText('Anna Beheerder');
  await expect(info.getByRole('group', { name: 'Rechten' })).toBeVisible();
  await info.getByRole('button', { name: 'Annuleren' }).click();
  await expect(row(page, 'Projecten', project)).toHaveAttribute('aria-current', 'true');
});

test('required fields and forbidden characters are refused before saving; a taken name answers 409', async ({ page }) => {
  await signIn(page, ADMIN);
  const project = unique('Noordrand');
  const version = unique('Basis');
  await createProject(page, project);
  await createVersion(page, version);

  // Project: a forbidden character is refused, nothing is saved, the input stays.
  await subMenu(page, 'Projecten', project, 'Meer info');
  const info = page.getByRole('region', { name: 'Project info' });
  await info.getByLabel('Projectnaam').fill(`${project}/2`);
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'De naam van het project mag geen speciale tekens bevatten.');
  await expect(info.getByLabel('Projectnaam')).toHaveValue(`${project}/2`);
  await info.getByLabel('Projectnaam').fill('');
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Vul alle velden in die gemarkeerd zijn met een *');
  await info.getByRole('button', { name: 'Annuleren' }).click();
  await expect(row(page, 'Projecten', project)).toBeVisible();
  await expect(row(page, 'Projecten', `${project}/2`)).toHaveCount(0);

  // Version: forbidden character, then a name taken in the same project (409 from the server).
  const other = unique('Tweede');
  await createVersion(page, other);
  await subMenu(page, 'Versies', other, 'Meer info');
  const vinfo = page.getByRole('region', { name: 'Versie info' });
  await vinfo.getByLabel('Versienaam').fill('a?b');
  await vinfo.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'De naam van de versie mag geen speciale tekens bevatten.');
  await vinfo.getByLabel('Versienaam').fill(version);
  await vinfo.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Er bestaat al een versie met deze naam.');
  await expect(vinfo.getByLabel('Versienaam')).toHaveValue(version);

  // Model: a new one without a name.
  await page.getByRole('button', { name: 'Annuleren' }).click();
  await column(page, 'Rekenmodellen').getByRole('button', { name: 'Rekenmodel toevoegen' }).click();
  const mform = page.getByRole('region', { name: 'Nieuw rekenmodel' });
  await mform.getByLabel('Naam rekenmodel').fill('x*y');
  await mform.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Vul alle velden in die gemarkeerd zijn met een *');
  await mform.getByLabel('Platform').selectOption({ label: 'Online' });
  await mform.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'De naam van het model mag geen speciale tekens bevatten.');
  await expect(mform).toBeVisible();
});

test('duplicate a project and a model; delete after confirmation', async ({ page }) => {
  await signIn(page, ADMIN);
  const project = unique('Havenkwartier');
  const version = unique('V1');
  const model = unique('Model');
  await createProject(page, project);
  await createVersion(page, version);
  await createModel(page, model);

  await subMenu(page, 'Rekenmodellen', model, 'Dupliceren');
  await expect(row(page, 'Rekenmodellen', `${model} (kopie)`)).toBeVisible();

  await subMenu(page, 'Projecten', project, 'Dupliceren');
  await expect(row(page, 'Projecten', `${project} (kopie)`)).toHaveAttribute('aria-current', 'true');
  await expect(row(page, 'Versies', version)).toBeVisible();
  await expect(row(page, 'Rekenmodellen', model)).toBeVisible();
  await expect(row(page, 'Rekenmodellen', `${model} (kopie)`)).toBeVisible();

  // Delete the copy's model: cancel first, then confirm.
  await subMenu(page, 'Rekenmodellen', `${model} (kopie)`, 'Verwijderen');
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(model);
  await alert.getByRole('button', { name: 'Annuleren' }).click();
  await expect(row(page, 'Rekenmodellen', `${model} (kopie)`)).toBeVisible();
  await subMenu(page, 'Rekenmodellen', `${model} (kopie)`, 'Verwijderen');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(row(page, 'Rekenmodellen', `${model} (kopie)`)).toHaveCount(0);

  await subMenu(page, 'Projecten', `${project} (kopie)`, 'Verwijderen');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(row(page, 'Projecten', `${project} (kopie)`)).toHaveCount(0);
  await expect(row(page, 'Projecten', project)).toBeVisible();
});

test("move a model to another project's version and a version to another project", async ({ page }) => {
  await signIn(page, ADMIN);
  const source = unique('Bron');
  const target = unique('Doel');
  const targetVersion = unique('Doelversie');
  const model = unique('Verhuismodel');
  const movingVersion = unique('Losse versie');
  await createProject(page, target);
  await createVersion(page, targetVersion);
  await createProject(page, source);
  await createVersion(page, unique('Bronversie'));
  await createModel(page, model);

  await subMenu(page, 'Rekenmodellen', model, 'Verplaatsen');
  const dialog = page.getByRole('dialog', { name: 'Rekenmodel verplaatsen' });
  await expect(dialog.getByRole('button', { name: 'Verplaatsen' })).toBeDisabled();
  await dialog.getByRole('menuitem', { name: target }).click();
  await expect(dialog.getByRole('button', { name: 'Verplaatsen' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Terug' }).click();
  await dialog.getByRole('menuitem', { name: target }).click();
  await dialog.getByRole('menuitem', { name: targetVersion }).click();
  await dialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'Rekenmodellen', model)).toHaveCount(0);

  await createVersion(page, movingVersion);
  await subMenu(page, 'Versies', movingVersion, 'Verplaatsen');
  const vdialog = page.getByRole('dialog', { name: 'Versie verplaatsen' });
  await expect(vdialog.getByRole('button', { name: 'Verplaatsen' })).toBeDisabled();
  await expect(vdialog.getByRole('menuitem', { name: source })).toHaveCount(0);
  await vdialog.getByRole('menuitem', { name: target }).click();
  await vdialog.getByRole('button', { name: 'Verplaatsen' }).click();
  await expect(row(page, 'Versies', movingVersion)).toHaveCount(0);

  await row(page, 'Projecten', target).getByRole('button').first().click();
  await expect(row(page, 'Versies', movingVersion)).toBeVisible();
  await row(page, 'Versies', targetVersion).getByRole('button').first().click();
  await expect(row(page, 'Rekenmodellen', model)).toBeVisible();
});

test('attachments: a link opens in a new tab, a file downloads, deleting asks first', async ({ page, context, baseURL }) => {
  await signIn(page, ADMIN);
  const version = unique('Met bijlagen');
  await createProject(page, unique('Bijlageproject'));
  await createVersion(page, version);
  await subMenu(page, 'Versies', version, 'Meer info');
  const info = page.getByRole('region', { name: 'Versie info' });
  await expect(info.getByText('Geen bijlagen toegevoegd')).toBeVisible();

  // Link: category and both link fields are required.
  await info.getByRole('button', { name: 'Bijlage toevoegen' }).click();
  const form = page.getByRole('region', { name: 'Nieuwe bijlage' });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Bijlagecategorie niet geselecteerd.');
  await form.getByLabel('Bijlagecategorie').selectOption({ label: 'Tekeningen' });
  await form.getByText('Link', { exact: true }).click();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Voer een link in.');
  // An address the app does not route: the app's own '/' sends a signed-in tab on to /projecten, so a poll
  // of the tab's address could miss the link's address.
  const linkUrl = `${baseURL}/api/manager/status/?bijlage=1`;
  await form.getByLabel('Link URL').fill(linkUrl);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Voer een naam in.');
  await form.getByLabel('Zichtbare naam').fill('Situatietekening');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(info.getByRole('row', { name: /Situatietekening Tekeningen/ })).toBeVisible();

  // File.
  await info.getByRole('button', { name: 'Bijlage toevoegen' }).click();
  await form.getByLabel('Bijlagecategorie').selectOption({ label: 'Rapporten' });
  await form.getByText('Bestand', { exact: true }).click();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Selecteer een bestand.');
  await form.locator('#a-file').setInputFiles({ name: 'rapport.txt', mimeType: 'text/plain', buffer: Buffer.from('grondexploitatie') });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(info.getByRole('row', { name: /rapport\.txt Rapporten/ })).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await info.getByRole('link', { name: 'rapport.txt' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('rapport.txt');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString()).toBe('grondexploitatie');

  const popupPromise = context.waitForEvent('page');
  await info.getByRole('link', { name: 'Situatietekening' }).click();
  const popup = await popupPromise;
  await expect.poll(() => popup.url()).toBe(linkUrl);
  await popup.close();

  await info.getByRole('button', { name: 'Bijlage Situatietekening verwijderen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(info.getByRole('link', { name: 'Situatietekening' })).toHaveCount(0);
  await expect(info.getByRole('link', { name: 'rapport.txt' })).toBeVisible();
});

test('an ADM freezes a model; the reader sees read-only info with - for empty values', async ({ page, browser }) => {
  await signIn(page, ADMIN);
  const project = unique('Lezersproject');
  const version = unique('Leesversie');
  const model = unique('Bevroren');
  await createProject(page, project);
  await createVersion(page, version);
  await createModel(page, model);

  await row(page, 'Rekenmodellen', model).getByRole('button', { name: 'Meer info' }).click();
  const info = page.getByRole('region', { name: 'Rekenmodel info' });
  await info.getByText('Vergrendeld', { exact: true }).click();
  await expect(info.getByLabel('Vergrendeld')).toBeChecked();
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(row(page, 'Rekenmodellen', model).getByLabel('Vergrendeld')).toBeVisible();
  await signOut(page);

  const readerPage = await (await browser.newContext()).newPage();
  await signIn(readerPage, READER);
  await expect(column(readerPage, 'Projecten').getByRole('button', { name: 'Project toevoegen' })).toHaveCount(0);
  await row(readerPage, 'Projecten', project).getByRole('button').first().click();
  await expect(row(readerPage, 'Versies', version)).toHaveAttribute('aria-current', 'true');
  await expect(row(readerPage, 'Rekenmodellen', model).getByLabel('Vergrendeld')).toBeVisible();
  await expect(column(readerPage, 'Versies').getByRole('button', { name: 'Versie toevoegen' })).toHaveCount(0);
  await expect(column(readerPage, 'Rekenmodellen').getByRole('button', { name: 'Rekenmodel toevoegen' })).toHaveCount(0);

  await row(readerPage, 'Projecten', project).getByRole('button', { name: 'Submenu' }).click();
  await expect(readerPage.getByRole('menuitem', { name: 'Dupliceren' })).toHaveAttribute('aria-disabled', 'true');
  await readerPage.getByRole('menuitem', { name: 'Meer info' }).click();
  const pinfo = readerPage.getByRole('region', { name: 'Project info' });
  await expect(pinfo.getByLabel('Projectnaam')).toHaveText(project);
  await expect(pinfo.getByLabel('Beschrijving')).toHaveText('-');
  await expect(pinfo.getByLabel('Projectmanager')).toHaveText('-');
  await expect(pinfo.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
  await expect(pinfo.getByRole('group', { name: 'Rechten' })).toHaveCount(0);
  await pinfo.getByRole('button', { name: 'Terug' }).click();

  await row(readerPage, 'Rekenmodellen', model).getByRole('button', { name: 'Meer info' }).click();
  const minfo = readerPage.getByRole('region', { name: 'Rekenmodel info' });
  await expect(minfo.getByLabel('Vergrendeld')).toHaveText('Ja');
  await expect(minfo.getByLabel('Naam rekenmodel')).toHaveText(model);
  await expect(minfo.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
  await readerPage.context().close();
});

test('search matches words in order; filters, hidden projects and sort', async ({ page }) => {
  await signIn(page, ADMIN);
  const tag = Math.random().toString(36).slice(2, 8);
  const a = `Zoek ${tag} Oost fase een`;
  const b = `Zoek ${tag} West fase twee`;
  await createProject(page, a, { number: '2', subregion: 'Noord', type: 'Bedrijventerrein' });
  await createProject(page, b, { number: '1', subregion: 'Zuid', type: 'Woningbouw' });

  const search = page.getByPlaceholder('Projectnaam');
  await search.fill(`${tag} fase`);
  await search.press('Enter');
  await expect(row(page, 'Projecten', a)).toBeVisible();
  await expect(row(page, 'Projecten', b)).toBeVisible();
  await search.fill(`fase ${tag.toUpperCase()}`);
  await page.getByRole('button', { name: 'Zoek', exact: true }).click();
  await expect(column(page, 'Projecten').getByRole('listitem')).toHaveCount(0);
  await search.fill(`${tag} west`);
  await search.press('Enter');
  await expect(row(page, 'Projecten', b)).toBeVisible();
  await expect(row(page, 'Projecten', a)).toHaveCount(0);
  await search.fill(tag);
  await search.press('Enter');

  // Default sort: last edited first (b was created last); by number: 1 before 2.
  const names = column(page, 'Projecten').getByRole('listitem');
  await expect(names).toHaveCount(2);
  await expect(names.first()).toHaveAttribute('aria-label', b);
  await page.getByLabel('Sorteren').selectOption({ label: 'Alfabetisch' });
  await expect(names.first()).toHaveAttribute('aria-label', a);
  await page.getByLabel('Sorteren').selectOption({ label: 'Projectnummer' });
  await expect(names.first()).toHaveAttribute('aria-label', b);

  await page.getByLabel('Filter op deelgebied').selectOption({ label: 'Noord' });
  await expect(names).toHaveCount(1);
  await expect(names.first()).toHaveAttribute('aria-label', a);
  await expect(row(page, 'Projecten', a)).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Filter op deelgebied').selectOption({ label: 'Alle deelgebieden' });
  await page.getByLabel('Filter op projecttype').selectOption({ label: 'Woningbouw' });
  await expect(names).toHaveCount(1);
  await expect(row(page, 'Projecten', b)).toHaveAttribute('aria-current', 'true');
  await page.getByLabel('Filter op projecttype').selectOption({ label: 'Alle projecttypen' });

  // Hide b: gone unless 'verborgen' is ticked.
  await subMenu(page, 'Projecten', b, 'Meer info');
  const info = page.getByRole('region', { name: 'Project info' });
  await info.getByText('Verbergen', { exact: true }).click();
  await expect(info.getByLabel('Verbergen')).toBeChecked();
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Project succesvol bijgewerkt.');
  await expect(row(page, 'Projecten', b)).toHaveCount(0);
  await page.locator('label.bp6-checkbox', { hasText: 'verborgen' }).click();
  await expect(row(page, 'Projecten', b)).toBeVisible();
});

test('Bekijk op kaart goes to the overview map screen', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Bekijk op kaart' }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toHaveCount(0);
});

test('the project ADM ends the edit session another user holds, after seeing who has it open', async ({ page, request }) => {
  await signIn(page, ADMIN);
  const model = unique('Sessiemodel');
  const project = unique('Sessieproject');
  await createProject(page, project);
  await createVersion(page, unique('Sessieversie'));
  await createModel(page, model);
  await expect(row(page, 'Rekenmodellen', model).getByRole('button', { name: 'Sessie beëindigen' })).toHaveCount(0);

  // The normal user (USR through the subregion prefill) opens the model in the workbench.
  const token = await apiToken(request, USER);
  const headers = { authorization: `Bearer ${token}` };
  const models = (await (await request.get('/api/manager/model/', { headers })).json()) as { id: number; name: string }[];
  const id = models.find((m) => m.name === model)!.id;
  expect((await request.post(`/api/grexonline/model/${id}/session/`, { headers })).ok()).toBeTruthy();

  // Other tests add projects meanwhile: select ours again after the reload.
  await page.reload();
  await row(page, 'Projecten', project).getByRole('button').first().click();
  const warning = row(page, 'Rekenmodellen', model).getByRole('button', { name: 'Sessie beëindigen' });
  await expect(warning).toBeVisible();
  await warning.click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(USER);
  await expect(alert).toContainText('gaat niet-opgeslagen werk verloren');
  await alert.getByRole('button', { name: 'Annuleren' }).click();
  await expect(warning).toBeVisible();
  await subMenu(page, 'Rekenmodellen', model, 'Beëindig sessie');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Beëindig sessie' }).click();
  await expect(warning).toHaveCount(0);
});

test('staff keep a spreadsheet model history: upload, activate another entry, download; a project USR sees and downloads it', async ({ page }) => {
  await signIn(page, ADMIN);
  const model = unique('Historiemodel');
  const project = unique('Historieproject');
  const version = unique('Historieversie');
  await createProject(page, project);
  await createVersion(page, version);
  await createModel(page, model, 'Spreadsheet');
  await expect(row(page, 'Rekenmodellen', model)).toContainText('Grondexploitatie standaard');

  await row(page, 'Rekenmodellen', model).getByRole('button', { name: 'Meer info' }).click();
  const info = page.getByRole('region', { name: 'Rekenmodel info' });
  await expect(info.getByLabel('Platform')).toHaveText('Spreadsheet');
  await expect(info.getByLabel('Type rekenmodel')).toHaveText('Grondexploitatie standaard');
  const history = info.getByRole('group', { name: 'Historie' });
  await history.getByRole('button', { name: 'Uploaden' }).click();
  await expectToast(page, 'Selecteer een bestand.');

  const file = history.getByLabel('Rekenmodel toevoegen aan historie');
  await file.setInputFiles({ name: 'eerste.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('12345') });
  await history.getByRole('button', { name: 'Uploaden' }).click();
  await expectToast(page, 'Upload geslaagd');
  await expect(history.getByRole('row', { name: /5 Bytes/ })).toBeVisible();
  await file.setInputFiles({ name: 'tweede.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1500, 1) });
  await history.getByRole('button', { name: 'Uploaden' }).click();
  await expect(history.getByRole('row', { name: /1,5 KB/ })).toBeVisible();
  for (const h of ['Datum', 'Gebruiker', 'Bestandsgrootte', 'Actief', 'Download']) {
    await expect(history.getByRole('columnheader', { name: h })).toBeVisible();
  }
  // The newest upload is active; activate the first one.
  await expect(history.getByRole('button', { name: 'Activeer eerste.xlsx' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Activeer tweede.xlsx' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Activeer eerste.xlsx' }).click();
  await expect(history.getByRole('button', { name: 'Activeer tweede.xlsx' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Activeer eerste.xlsx' })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download tweede.xlsx' }).click();
  expect((await downloadPromise).suggestedFilename()).toBe('tweede.xlsx');

  // A modeller (project USR, not staff) sees the table and downloads; upload and activation stay staff's.
  await signOut(page);
  await signIn(page, USER);
  await row(page, 'Projecten', project).getByRole('button').first().click();
  await row(page, 'Versies', version).getByRole('button').first().click();
  await row(page, 'Rekenmodellen', model).getByRole('button', { name: 'Meer info' }).click();
  await expect(history.getByRole('row', { name: /1,5 KB/ })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Uploaden' })).toHaveCount(0);
  await expect(history.getByLabel('Rekenmodel toevoegen aan historie')).toHaveCount(0);
  await expect(history.getByRole('button', { name: /^Activeer/ })).toHaveCount(0);
  await expect(history.getByLabel('Actief', { exact: true })).toHaveCount(1);
  const userDownload = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Download eerste.xlsx' }).click();
  expect((await userDownload).suggestedFilename()).toBe('eerste.xlsx');
});

test('clicking an online model opens the workbench', async ({ page }) => {
  await signIn(page, ADMIN);
  const model = unique('Online model');
  await createProject(page, unique('Online project'));
  await createVersion(page, unique('Online versie'));
  await createModel(page, model, 'Online');
  await row(page, 'Rekenmodellen', model).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toHaveCount(0);
});

test("a project info save over a colleague's newer change is refused and keeps what was typed", async ({ page, request }) => {
  await signIn(page, ADMIN);
  const project = unique('Gelijktijdig');
  await createProject(page, project);
  await subMenu(page, 'Projecten', project, 'Meer info');
  const info = page.getByRole('region', { name: 'Project info' });
  await expect(info.getByLabel('Projectnaam')).toHaveValue(project);

  // Meanwhile the normal user (USR through the subregion prefill) writes a description.
  const headers = { authorization: `Bearer ${await apiToken(request, USER)}` };
  const id = ((await (await request.get('/api/manager/project/', { headers })).json()) as { id: number; name: string }[])
    .find((p) => p.name === project)!.id;
  expect((await request.patch(`/api/manager/project/${id}/`, { headers, data: { description: 'Grondprijzen herzien' } })).ok()).toBeTruthy();

  await info.getByLabel('Projectnummer').fill('P-7');
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Dit project is intussen door iemand anders gewijzigd. Uw wijzigingen zijn niet opgeslagen; open het project opnieuw om de nieuwe gegevens te zien.');
  await expect(info.getByLabel('Projectnummer')).toHaveValue('P-7');
  const stored = await (await request.get(`/api/manager/project/${id}/`, { headers })).json();
  expect(stored).toMatchObject({ description: 'Grondprijzen herzien', number: null });

  // Opened again, the form shows the colleague's description and the save goes through.
  await info.getByRole('button', { name: 'Annuleren' }).click();
  await subMenu(page, 'Projecten', project, 'Meer info');
  await expect(info.getByLabel('Beschrijving')).toHaveValue('Grondprijzen herzien');
  await info.getByLabel('Projectnummer').fill('P-7');
  await info.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Project succesvol bijgewerkt.');
  expect(await (await request.get(`/api/manager/project/${id}/`, { headers })).json()).toMatchObject({ description: 'Grondprijzen herzien', number: 'P-7' });
});
