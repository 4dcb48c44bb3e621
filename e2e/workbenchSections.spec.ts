import { expect, test } from './helpers.ts';
import type { Page } from '@playwright/test';
import { expectCell, menu, openNewModel, tab, typeInto } from './workbenchSteps.ts';

/** Adds an entry as a modeller does below the Raming grid. */
async function addEntry(page: Page, label: string) {
  await page.getByLabel('Omschrijving nieuwe post').fill(label);
  await page.getByRole('button', { name: 'Post toevoegen' }).click();
}

// Issue 24: Niet-Woningbouw and Overige opbrengsten in the workbench (one grid implementation over the
// section descriptors of src/model/sections.ts), and the residual method's warning on the row.

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 800 } });

test('a non-residential entry and a subsidy that is not indexed are phased, saved and reopened with their EW/NCW', async ({ page, request }) => {
  await openNewModel(page, request, 'sections');
  const ew = page.getByTestId('strip-ew');
  const ncw = page.getByTestId('strip-ncw');
  const ewBefore = await ew.textContent();
  const ncwBefore = await ncw.textContent();

  await menu(page, 'Niet-Woningbouw').click();
  await expect(page).toHaveURL(/\/niet-woningbouw/);
  await tab(page, 'Raming').click();
  await addEntry(page, 'Bedrijfskavels');
  await expectCell(page, 'sheet-non_residential-general', 0, 0, 'Bedrijfskavels');
  await expectCell(page, 'sheet-non_residential-general', 0, 2, 'Prijs per m²');
  await expectCell(page, 'sheet-non_residential-general', 0, 4, 'Bedrijven');
  await typeInto(page, 'sheet-non_residential-general', 0, 1, '2');
  await tab(page, 'Prijs per m²').click();
  await expect(page).toHaveURL(/\/niet-woningbouw\/raming\/prijs-per-m2$/);
  await typeInto(page, 'sheet-non_residential-pricePerM2', 0, 1, '1.000');
  await typeInto(page, 'sheet-non_residential-pricePerM2', 0, 2, '150');
  await expectCell(page, 'sheet-non_residential-pricePerM2', 0, 3, '€ 300.000,00');
  await tab(page, 'Fasering').click();
  // A new entry's phasing lies in the first revenue phase (Uitgifte, 2026: the third period).
  await typeInto(page, 'sheet-non_residential-phasing', 0, 7, '100');
  await expect(ncw).not.toHaveText(ncwBefore!);
  const ncwAfterNonResidential = await ncw.textContent();

  await menu(page, 'Overige opbrengsten').click();
  await expect(page).toHaveURL(/\/overige-opbrengsten/);
  await tab(page, 'Raming').click();
  await addEntry(page, 'Rijkssubsidie');
  await expectCell(page, 'sheet-other_revenue-estimate', 0, 0, 'Rijkssubsidie');
  await typeInto(page, 'sheet-other_revenue-estimate', 0, 3, '50.000');
  await expectCell(page, 'sheet-other_revenue-estimate', 0, 6, 'Ja');
  await typeInto(page, 'sheet-other_revenue-estimate', 0, 6, 'Nee');
  await expectCell(page, 'sheet-other_revenue-estimate', 0, 6, 'Nee');
  // Not indexed: the historic index is 1 (nominal as granted).
  await expectCell(page, 'sheet-other_revenue-estimate', 0, 8, '1,000000');
  await tab(page, 'Fasering').click();
  await expectCell(page, 'sheet-other_revenue-phasing', 0, 1, 'Subsidie');
  await typeInto(page, 'sheet-other_revenue-phasing', 0, 5, '50.000');
  await expect(ncw).not.toHaveText(ncwAfterNonResidential!);
  const ewAfter = await ew.textContent();
  const ncwAfter = await ncw.textContent();
  expect(ewAfter).not.toBe(ewBefore);

  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.')).toBeVisible();
  await page.reload();
  await expect(ncw).toHaveText(ncwAfter!, { timeout: 30_000 });
  await expect(ew).toHaveText(ewAfter!);
  await expectCell(page, 'sheet-other_revenue-phasing', 0, 0, 'Rijkssubsidie');
  await tab(page, 'Raming').click();
  await expectCell(page, 'sheet-other_revenue-estimate', 0, 6, 'Nee');
  await menu(page, 'Niet-Woningbouw').click();
  await tab(page, 'Raming').click();
  await tab(page, 'Prijs per m²').click();
  await expectCell(page, 'sheet-non_residential-pricePerM2', 0, 0, 'Bedrijfskavels');
  await expectCell(page, 'sheet-non_residential-pricePerM2', 0, 3, '€ 300.000,00');
});

test('a residual entry with a negative land value shows the warning on its row and an estimate of € 0,00', async ({ page, request }) => {
  await openNewModel(page, request, 'residual');
  await menu(page, 'Niet-Woningbouw').click();
  await tab(page, 'Raming').click();
  await addEntry(page, 'Kantoor');
  await expectCell(page, 'sheet-non_residential-general', 0, 0, 'Kantoor');
  await typeInto(page, 'sheet-non_residential-general', 0, 2, 'Residueel');
  await tab(page, 'Residueel').click();
  await typeInto(page, 'sheet-non_residential-residual', 0, 1, '100.000');
  await typeInto(page, 'sheet-non_residential-residual', 0, 2, '150.000');
  await typeInto(page, 'sheet-non_residential-residual', 0, 3, '10');
  await expectCell(page, 'sheet-non_residential-residual', 0, 5, 'Residuele grondwaarde negatief: € -65.000,00; opbrengst op € 0,00 gezet.');
  await expectCell(page, 'sheet-non_residential-residual', 0, 4, '€ 0,00');
  // A positive residual value: no warning, the estimate is the value.
  await typeInto(page, 'sheet-non_residential-residual', 0, 2, '50.000');
  await expectCell(page, 'sheet-non_residential-residual', 0, 5, '');
  await expectCell(page, 'sheet-non_residential-residual', 0, 4, '€ 45.000,00');
});
