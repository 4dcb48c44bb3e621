import { example, expectCell, menu, openNewModel, tab, typeInto } from './workbenchSteps.ts';
import { ADMIN, expect, test } from './helpers.ts';

// Issue 23, items 4 and 5: where the workbench refused a change, it says which phase or row is the cause,
// and one incomplete row does not block the others.

const toasts = (page: import('@playwright/test').Page) => page.locator('.gs-toasts');

test('a later calculation start that phase 1 refuses names the phase and its date, not a general date message', async ({ page, request }) => {
  // The worked example with its price and NCW dates in 2025: only phase 'Kosten' (from 2024) stands in the way.
  const data = structuredClone(example) as { base_parameters: Record<string, unknown> };
  Object.assign(data.base_parameters, { phasing_price_reference_date: '2025-01-01', phasing_net_present_value_date: '2025-01-01' });
  await openNewModel(page, request, 'fase', ADMIN, data);
  await tab(page, 'Fasering').click();
  const start = page.getByLabel('Startdatum berekening');
  await start.fill('01-06-2024');
  await start.press('Enter');
  await expect(toasts(page).getByText(
    "Fase 'Kosten' begint op 01-01-2024, vóór de startdatum van de berekening (01-06-2024). Pas de startdatum van de berekening of van de fase aan.",
  )).toBeVisible();
  await expect(toasts(page).getByText('Er is iets mis gegaan met de datums')).toHaveCount(0);
  await expect(start).toHaveValue('01-01-2024'); // refused: nothing changed
});

test("a 'Prijs per m²' row without m² and price is named and does not block adding other rows", async ({ page, request }) => {
  await openNewModel(page, request, 'm2');
  await menu(page, 'Woningbouw').click();
  await tab(page, 'Raming').click();
  await page.getByRole('tab', { name: 'Algemeen', exact: true }).click();
  const sheet = 'sheet-residential-general';
  await expectCell(page, sheet, 0, 0, 'Koopwoningen');
  await typeInto(page, sheet, 0, 3, 'Prijs per m²');
  await expectCell(page, sheet, 0, 3, 'Prijs per m²');
  const note = page.getByTestId('incomplete-entries');
  await expect(note).toContainText("Post 'Koopwoningen': vul het aantal m² en de prijs per m² in.");

  // Another row is added as usual, named and all.
  await typeInto(page, sheet, 1, 0, 'Huurwoningen');
  await expectCell(page, sheet, 1, 0, 'Huurwoningen');
  await expectCell(page, sheet, 2, 0, 'Nieuwe post…');
  await expect(toasts(page).getByText(/vul het aantal m²/i)).toHaveCount(0);

  // Filled in on the method's own tab, the note goes.
  await page.getByRole('tab', { name: 'Prijs per m²', exact: true }).click();
  await typeInto(page, 'sheet-residential-pricePerM2', 0, 1, '85');
  await typeInto(page, 'sheet-residential-pricePerM2', 0, 2, '3.100');
  await expectCell(page, 'sheet-residential-pricePerM2', 0, 3, '€ 2.635.000,00');
  await expect(note).toHaveCount(0);
});
