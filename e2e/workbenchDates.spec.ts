import { expect, test } from './helpers.ts';
import { expectCell, menu, openNewModel, tab, typeInto } from './workbenchSteps.ts';

// Spec 3 §5's date checks in the workbench (issue 28), on the worked example: phases 'Kosten' 2024–2025 and
// 'Uitgifte' 2026; 'Bouwrijp maken' phased 2024–2025; annual periods 2024–2027; NCW date 01-01-2024.

test.describe.configure({ timeout: 150_000 });

test('a phasing date outside the section\'s phase is refused with a message naming the entry and the phase', async ({ page, request }) => {
  await openNewModel(page, request, 'fase');
  const toasts = page.locator('.gs-toasts');

  await menu(page, 'Kostenraming').click();
  await tab(page, 'Fasering').click();
  await typeInto(page, 'sheet-cost-phasing', 0, 4, '30-06-2026');
  await expect(toasts.getByText(
    "De fasering van 'Bouwrijp maken' (01-01-2024 t/m 30-06-2026) valt buiten de fase 'Kosten' (01-01-2024 t/m 31-12-2025); pas de datums aan.",
  )).toBeVisible();
  await expectCell(page, 'sheet-cost-phasing', 0, 4, '31-12-2025');
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  // Inside the phase the date is taken.
  await typeInto(page, 'sheet-cost-phasing', 0, 4, '30-11-2025');
  await expectCell(page, 'sheet-cost-phasing', 0, 4, '30-11-2025');

  // Shortening the phase under an entry is refused the same way, naming the entry.
  await menu(page, 'Uitgangspunten').click();
  await tab(page, 'Fasering').click();
  await typeInto(page, 'sheet-phases', 0, 3, '30-06-2025');
  await expect(toasts.getByText(
    "De fasering van 'Bouwrijp maken' (01-01-2024 t/m 30-11-2025) valt buiten de fase 'Kosten' (01-01-2024 t/m 30-06-2025); pas de datums aan.",
  )).toBeVisible();
  await expectCell(page, 'sheet-phases', 0, 3, '31-12-2025');
});

test('Boekwaarde: a value in a period that starts after the NCW date is refused with the date message', async ({ page, request }) => {
  await openNewModel(page, request, 'boek');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Boekwaarde').click();
  // Columns: Omschrijving, Gerealiseerd vóór <startdatum>, Soort, 2024, 2025 …; 2025 starts after the NCW date.
  await typeInto(page, 'sheet-cost-bookvalue', 0, 4, '1.000');
  await expect(page.locator('.gs-toasts').getByText(
    'De startdatum van periode 2025 (01-01-2025) ligt na de NCW-datum (01-01-2024); boek alleen in perioden tot en met die van de NCW-datum.',
  )).toBeVisible();
  await expectCell(page, 'sheet-cost-bookvalue', 0, 4, '');
  // 2024, the NCW date's own period, takes it.
  await typeInto(page, 'sheet-cost-bookvalue', 0, 3, '1.000');
  await expectCell(page, 'sheet-cost-bookvalue', 0, 3, '€ 1.000,00');
});
