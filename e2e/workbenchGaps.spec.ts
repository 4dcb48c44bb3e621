import { expect, test } from './helpers.ts';
import { expectCell, grid, menu, openNewModel, paste, tab, toast, typeInto } from './workbenchSteps.ts';

// Issue 35: amounts left out of the result or counted twice are said at a glance (top strip, Overzicht,
// the Fasering row), and '%' or a typo in a number cell is refused naming the cell, never misread.
// The worked example: one cost post 'Bouwrijp maken' of € 1.000.000, phased € 500.000 in 2024 and 2025.

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const PHASING = 'sheet-cost-phasing';
// columns 5–8 are the periods 2024–2027, then Totaal gefaseerd, Nog te faseren, Let op
const Y2025 = 6;
const MARK = 11;

test('an amount not phased or phased twice shows in the top strip, the Overzicht and on its row, each a click from the post', async ({ page, request }) => {
  await openNewModel(page, request, 'gaps');
  await expect(page.getByTestId('strip-gaps')).toHaveCount(0);
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Fasering').click();
  await typeInto(page, PHASING, 0, Y2025, '0');
  await expect(page.getByTestId('strip-gaps')).toHaveText('€ 500.000,00 niet in resultaat');
  await expectCell(page, PHASING, 0, MARK, 'Niet volledig gefaseerd: de rest telt niet mee');
  // over-phased: € 500.000 + € 1.500.000 of € 1.000.000
  await typeInto(page, PHASING, 0, Y2025, '1.500.000');
  await expect(page.getByTestId('strip-gaps')).toHaveText('€ 1.000.000,00 dubbel');
  await expectCell(page, PHASING, 0, MARK, 'Meer gefaseerd dan het bedrag op NCW-datum: het verschil telt dubbel');
  // the strip leads to the Overzicht, which names the section and the post; the post leads to its Fasering
  await page.getByTestId('strip-gaps').click();
  const gaps = page.getByTestId('ov-gaps');
  await expect(gaps.locator('[data-section="cost"]')).toHaveText('Kostenraming: € 1.000.000,00 dubbel in het resultaat — Bouwrijp maken (€ 1.000.000,00 dubbel in het resultaat)');
  await gaps.getByRole('link', { name: 'Bouwrijp maken' }).click();
  await expect(tab(page, 'Fasering')).toHaveAttribute('aria-selected', 'true');
  await expectCell(page, PHASING, 0, Y2025, '€ 1.500.000,00');
  // phased in full again: nothing to say
  await typeInto(page, PHASING, 0, Y2025, '500.000');
  await expect(page.getByTestId('strip-gaps')).toHaveCount(0);
});

test("'%' and typos pasted into € cells are refused naming the post and the cell; nothing changes", async ({ page, request }) => {
  await openNewModel(page, request, 'procent');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  const estimate = grid(page, 'sheet-cost-estimate');
  await estimate.expect(1, 0, 'Nieuwe post…');
  await estimate.select(0, 3);
  await paste(page, '390.000 25%');
  await expect(toast(page, "Post 'Bouwrijp maken', kolom Prijs: '390.000 25%' is geen getal. Voer een getal in.")).toBeVisible();
  await estimate.expect(0, 3, '€ 1.000.000,00');
  await tab(page, 'Fasering').click();
  const phasing = grid(page, PHASING);
  await phasing.select(0, 5, 0, 6);
  await paste(page, '50%\t100%');
  await expect(toast(page, "Post 'Bouwrijp maken', kolom 2024: '50%' is een percentage; deze cel verwacht een bedrag in euro's. Wilt u in procenten faseren, kies dan bij Faseringsmethode 'Procentueel'.")).toBeVisible();
  await phasing.expect(0, 5, '€ 500.000,00');
  await phasing.expect(0, Y2025, '€ 500.000,00');
});
