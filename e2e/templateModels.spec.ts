import ExcelJS from 'exceljs';
import { expect, test, ADMIN, signIn, signOut } from './helpers.ts';
import { api, adminLogin, createUser, expectToast, openConfiguration, projectsRegion, showConfigurationMenu, submitLogin } from './adminSteps.ts';
import { column, row, unique } from './projectSteps.ts';
import { WORKBOOK_MESSAGES } from '../src/api/contract/messages.ts';

// Configuratie → Rekenmodeltypen (issue 12): staff upload a spreadsheet-model template through the screen,
// and a new spreadsheet model can start from it; an administrator who is not staff has no such menu item.

test('staff upload a template: a file that is not an xlsx is refused in Dutch, the new type is offered for a new model', async ({ page, request }) => {
  const { access, id: adminId } = await adminLogin(request);
  const [subregion] = await api<{ id: number }[]>(request, access, 'GET', '/subregion/');
  const [type] = await api<{ id: number }[]>(request, access, 'GET', '/type-project/');
  const projectName = unique('Sjablonen');
  const project = await api<{ id: number }>(request, access, 'POST', '/project/', {
    name: projectName, subregion: subregion.id, type_project: type.id, roles: [{ id: adminId, role: 'ADM' }],
  });
  await api(request, access, 'POST', '/version-model/', { name: 'Versie 1', project: project.id, phase: 0 });
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Invoer').getCell('A1').value = 'Kostenstijging';
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  const name = unique('Grondexploitatie bedrijventerrein');

  await signIn(page, ADMIN);
  await openConfiguration(page, 'Rekenmodeltypen');
  const screen = page.getByRole('region', { name: 'Rekenmodeltypen' });
  const list = screen.getByRole('list', { name: 'Lijst Rekenmodeltypen' });
  await expect(list.getByText('Grondexploitatie standaard', { exact: true })).toBeVisible();
  const form = screen.getByRole('form', { name: 'Rekenmodeltype toevoegen' });

  // Not a workbook: the server's message, on screen and under the file; the name stays as typed.
  await form.getByLabel('Naam').fill(name);
  await form.getByLabel('Bestand (.xlsx)').setInputFiles({ name: 'notities.xlsx', mimeType: 'text/plain', buffer: Buffer.from('geen werkmap') });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, WORKBOOK_MESSAGES.notXlsx);
  await expect(form.getByText(WORKBOOK_MESSAGES.notXlsx)).toBeVisible();
  await expect(form.getByLabel('Naam')).toHaveValue(name);
  await expect(list.getByText(name, { exact: true })).toHaveCount(0);

  // A workbook: stored, the list shows it, the form is empty again.
  await form.getByLabel('Bestand (.xlsx)').setInputFiles({ name: 'bedrijventerrein.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Rekenmodeltype succesvol toegevoegd.');
  await expect(list.getByText(name, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Naam')).toHaveValue('');
  await expect(form.getByText(WORKBOOK_MESSAGES.notXlsx)).toHaveCount(0);

  // The same name again: the server's 409 text.
  await form.getByLabel('Naam').fill(name.toUpperCase());
  await form.getByLabel('Bestand (.xlsx)').setInputFiles({ name: 'nogmaals.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, WORKBOOK_MESSAGES.duplicateTemplate);
  await expect(form.getByLabel('Naam')).toHaveValue(name.toUpperCase());

  // Nieuw rekenmodel → Type rekenmodel offers it, and a model starts from it.
  await page.getByRole('menuitem', { name: 'Projecten' }).click();
  await row(page, 'Projecten', projectName).getByRole('button').first().click();
  await row(page, 'Versies', 'Versie 1').getByRole('button').first().click();
  await column(page, 'Rekenmodellen').getByRole('button', { name: 'Rekenmodel toevoegen' }).click();
  const model = page.getByRole('region', { name: 'Nieuw rekenmodel' });
  await model.getByLabel('Naam rekenmodel').fill('Bedrijventerrein');
  await model.getByLabel('Platform').selectOption({ label: 'Spreadsheet' });
  await model.getByLabel('Type rekenmodel').selectOption({ label: name });
  await model.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(row(page, 'Rekenmodellen', 'Bedrijventerrein')).toContainText(name);
  await signOut(page);
});

test('an administrator who is not staff has no Rekenmodeltypen in Configuratie', async ({ page, request }) => {
  const admin = await createUser(request, { role: 'ADM', ready: true });
  await submitLogin(page, admin.email, admin.password);
  await expect(projectsRegion(page)).toBeVisible();
  await showConfigurationMenu(page, 'Projecttypen');
  await expect(page.getByRole('menuitem', { name: 'Rekenmodeltypen', exact: true })).toHaveCount(0);
});
