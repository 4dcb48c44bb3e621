import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';
import { cell, expectCell, menu, openNewModel, tab, typeInto } from './workbenchSteps.ts';

// Issue 15, "Formulas stay formulas": a formula typed in an input cell keeps its text (formula bar and
// cell editor), follows the cell it refers to, survives the working copy, save and reload, and is a
// formula in the export. Raming of Kostenraming: B Hoeveelheid, D Prijs, G Raming; row 1 the worked
// example's only cost entry (price € 1.000.000).

test.describe.configure({ timeout: 180_000 });

const SHEET = 'sheet-cost-estimate';
const bar = (page: Page) => page.getByTestId(`${SHEET}-formula-bar`);
const barInput = (page: Page) => bar(page).getByRole('textbox', { name: 'Formulebalk' });

async function openRaming(page: Page) {
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  await expect(page.getByTestId(SHEET)).toBeVisible();
}

test('a formula with a reference follows its input, survives the working copy, save and reload, and is a formula in the export', async ({ page, request }) => {
  await openNewModel(page, request, 'formules');
  await openRaming(page);

  // Typed in the cell, in the grid's own terms.
  await typeInto(page, SHEET, 0, 1, '=D1/500000');
  await expectCell(page, SHEET, 0, 1, '2');
  await expectCell(page, SHEET, 0, 6, '€ 2.000.000,00');
  await cell(page, SHEET, 0, 1).select();
  await expect(bar(page).getByLabel('Celadres')).toHaveText('B1');
  await expect(barInput(page)).toHaveValue('=D1/500000');

  // The input it refers to changes: the formula is computed again.
  await typeInto(page, SHEET, 0, 3, '1.500.000');
  await expectCell(page, SHEET, 0, 1, '3');
  await expectCell(page, SHEET, 0, 6, '€ 4.500.000,00');

  // A computed cell: the bar shows, read-only, how the engine computes it.
  await cell(page, SHEET, 0, 6).select();
  await expect(bar(page).getByLabel('Celadres')).toHaveText('G1');
  await expect(barInput(page)).toHaveValue('=B1*D1');
  await expect(barInput(page)).toHaveAttribute('readonly', '');

  // Edited in the bar, with Dutch notation.
  await cell(page, SHEET, 0, 1).select();
  await barInput(page).fill('=AFRONDEN(D1/750000;0)');
  await barInput(page).press('Enter');
  await expectCell(page, SHEET, 0, 1, '2');
  // The cell editor (F2) opens with the formula.
  await cell(page, SHEET, 0, 1).select();
  await page.keyboard.press('F2');
  await expect(page.locator('.handsontableInputHolder textarea').first()).toHaveValue('=AFRONDEN(D1/750000;0)');
  await page.keyboard.press('Escape');

  // The working copy (localStorage) brings it back after a reload.
  await expect.poll(() => page.evaluate(() => Object.values(localStorage).some((v) => v.includes('D1') || v.includes('[cost:1:price]')))).toBe(true);
  await page.reload(); // the address reopens the model on the same tab
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('dialog', { name: 'Niet-opgeslagen wijzigingen gevonden' }).getByRole('button', { name: 'Herstellen' }).click();
  await openRaming(page);
  await cell(page, SHEET, 0, 1).select();
  await expect(barInput(page)).toHaveValue('=AFRONDEN(D1/750000;0)');

  // Saved and loaded again.
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.')).toBeVisible();
  await page.reload(); // the address reopens the model on the same tab
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await openRaming(page);
  await expectCell(page, SHEET, 0, 1, '2');
  await cell(page, SHEET, 0, 1).select();
  await expect(barInput(page)).toHaveValue('=AFRONDEN(D1/750000;0)');
  // ... and still follows its input after the reload.
  await typeInto(page, SHEET, 0, 3, '3.000.000');
  await expectCell(page, SHEET, 0, 1, '4');

  // The export writes the cell as a formula, in the workbook's references, with its value.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren' }).click();
  const file = await (await download).path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const sheet = wb.getWorksheet('Kostenraming')!;
  // Kostenraming: C Hoeveelheid, E Prijs; the entry on row 2
  expect(sheet.getCell('C2').value).toEqual({ formula: 'ROUND(E2/750000,0)', result: 4 });
  expect(sheet.getCell('E2').value).toBe(3_000_000);
});
