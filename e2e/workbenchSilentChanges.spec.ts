import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';
import { cell, example, expectCell, menu, openNewModel, paste, tab, typeInto } from './workbenchSteps.ts';

// A modeller checks every number in Excel: the tool changes no value unless asked, and says what it
// refused. The worked example: one cost entry (price € 1.000.000), one space-usage row (Woningbouw
// uitgeefbaar, 5.000 m², Uitgeefbaar wonen).

test.describe.configure({ timeout: 180_000 });

const RAMING = 'sheet-cost-estimate';
const barInput = (page: Page) => page.getByTestId(`${RAMING}-formula-bar`).getByRole('textbox', { name: 'Formulebalk' });

test('a cell opened and left with Enter keeps its value to the cent', async ({ page, request }) => {
  await openNewModel(page, request, 'enter');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  await typeInto(page, RAMING, 0, 3, '261.110.782,09');
  await expectCell(page, RAMING, 0, 3, '€ 261.110.782,09');
  await cell(page, RAMING, 0, 3).select();
  await expect(barInput(page)).toHaveValue('261110782,09');
  // F2 opens the editor with the value as text; Enter writes it back
  await page.keyboard.press('F2');
  await page.keyboard.press('Enter');
  await cell(page, RAMING, 0, 3).select();
  await expect(barInput(page)).toHaveValue('261110782,09');
});

test('a pasted location the list does not know is refused with a message; the row keeps its own', async ({ page, request }) => {
  await openNewModel(page, request, 'locatie');
  await tab(page, 'Ruimtegebruik').click();
  await expectCell(page, 'sheet-space', 0, 2, 'Uitgeefbaar wonen');
  await cell(page, 'sheet-space', 0, 1).select();
  await paste(page, '5.500\tUitgeefbaar woningen');
  await expect(page.locator('.gs-toasts').getByText(/^Onbekende locatie 'Uitgeefbaar woningen'\. Kies een van: /)).toBeVisible();
  await expectCell(page, 'sheet-space', 0, 1, '5.500');
  await expectCell(page, 'sheet-space', 0, 2, 'Uitgeefbaar wonen');
  await expect(page.getByTestId('space-problem')).toHaveCount(0);
});

test('a pasted row longer than the grid says which values it could not take', async ({ page, request }) => {
  // the cost entry phased over the whole calculation (its phase would bound it to 2024–2025: issue 35 item 5)
  const wide = structuredClone(example) as { base_parameters: { phasing_costs_revenues: unknown[] }; cost_estimate: { phasing: { end_date: string } }[] };
  wide.base_parameters.phasing_costs_revenues = [];
  wide.cost_estimate[0]!.phasing.end_date = '2027-12-31';
  await openNewModel(page, request, 'plakken', undefined, wide);
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Fasering').click();
  const sheet = 'sheet-cost-phasing';
  // columns 5-8 are the periods 2024-2027; then Totaal gefaseerd and Nog te faseren
  await cell(page, sheet, 0, 5).select();
  await paste(page, '100\t200\t300\t400\t500\t600');
  await expect(page.locator('.gs-toasts').getByText('2 geplakte waarden zijn niet overgenomen: ze vielen buiten de tabel of op berekende cellen.', { exact: true })).toBeVisible();
  await expectCell(page, sheet, 0, 8, '€ 400,00');
  // a paste of which nothing fits says so too
  await cell(page, sheet, 0, 9).select();
  await paste(page, '1');
  await expect(page.locator('.gs-toasts').getByText('1 geplakte waarde is niet overgenomen: die viel buiten de tabel of op een berekende cel.', { exact: true })).toBeVisible();
});
