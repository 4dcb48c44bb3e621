import ExcelJS from 'exceljs';
import { expect, test, ADMIN, signIn, signOut } from './helpers.ts';
import { expectToast, openConfiguration } from './adminSteps.ts';
import { unique } from './projectSteps.ts';
import { REPORT_TEMPLATE_MESSAGES, WORKBOOK_MESSAGES } from '../src/api/contract/messages.ts';

// Configuratie → Rapportagesjablonen (issue 13): staff see the shipped report templates, upload one
// (a file that is no workbook refused in Dutch), change its limits, download and delete it.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('staff upload a report template, change its limits and delete it', async ({ page }) => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Overzicht').getCell('A1').value = 'Aantal';
  wb.addWorksheet('Rekenmodellen');
  wb.addWorksheet('Perioden');
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  const name = unique('Kwartaalrapportage');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await openConfiguration(page, 'Rapportagesjablonen');
  const screen = page.getByRole('region', { name: 'Rapportagesjablonen' });
  const table = screen.getByRole('table', { name: 'Lijst Rapportagesjablonen' });
  // The shipped templates, with their limits.
  await expect(table.getByRole('row').filter({ hasText: 'Vergelijking rekenmodellen' })).toContainText('110');
  await expect(table.getByRole('row').filter({ hasText: 'Kasstromen per rekenmodel' })).toContainText('150');

  const form = page.getByRole('form', { name: 'Rapportagesjabloon toevoegen' });
  await form.getByLabel('Naam').fill(name);
  await form.getByLabel('Omschrijving').fill('Per kwartaal');
  await form.getByLabel('Minimaal aantal rekenmodellen').fill('2');
  await form.getByLabel('Maximaal aantal rekenmodellen').fill('4');
  // Not a workbook: the server's message on screen and under the file; the fields stay as typed.
  await form.getByLabel('Bestand (.xlsx)').setInputFiles({ name: 'notities.xlsx', mimeType: 'text/plain', buffer: Buffer.from('geen werkmap') });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, WORKBOOK_MESSAGES.notXlsx);
  await expect(form.getByText(WORKBOOK_MESSAGES.notXlsx)).toBeVisible();
  await expect(form.getByLabel('Naam')).toHaveValue(name);
  await expect(table.getByText(name, { exact: true })).toHaveCount(0);

  // A workbook with the data sheets: stored and listed with its limits; the form is empty again.
  await form.getByLabel('Bestand (.xlsx)').setInputFiles({ name: 'kwartaal.xlsx', mimeType: XLSX, buffer: xlsx });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Rapportagesjabloon succesvol toegevoegd.');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('cell')).toHaveText([name, 'Per kwartaal', '2', '4', '']);
  await expect(form.getByLabel('Naam')).toHaveValue('');
  await page.screenshot({ path: 'test-results/report-templates.png', fullPage: true });

  // The download is the uploaded workbook.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `${name} downloaden` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.xlsx`);

  // Change the limits: a maximum below the minimum is refused in Dutch before the call.
  await row.getByRole('button', { name: `${name} wijzigen` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Minimaal aantal rekenmodellen').fill('5');
  await dialog.getByLabel('Maximaal aantal rekenmodellen').fill('3');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText(REPORT_TEMPLATE_MESSAGES.maxBelowMin)).toBeVisible();
  await page.screenshot({ path: 'test-results/report-templates-edit.png' });
  await dialog.getByLabel('Maximaal aantal rekenmodellen').fill('8');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Rapportagesjabloon opgeslagen.');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('cell')).toHaveText([name, 'Per kwartaal', '5', '8', '']);

  // Delete, after the confirmation.
  await row.getByRole('button', { name: `${name} verwijderen` }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(`Weet u zeker dat u het rapportagesjabloon '${name}' wilt verwijderen?`);
  await alert.getByRole('button', { name: 'Verwijderen' }).click();
  await expectToast(page, `Rapportagesjabloon '${name}' verwijderd.`);
  await expect(table.getByText(name, { exact: true })).toHaveCount(0);
  await signOut(page);
});
