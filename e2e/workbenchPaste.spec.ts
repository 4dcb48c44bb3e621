import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';
import { contextItem, grid, menu, openNewModel, paste, tab, toast } from './workbenchSteps.ts';

// Issue 23, points 1 and 3: a block from Excel pasted onto the estimate's empty last row makes an entry
// per pasted row with every pasted column; several rows inserted and deleted at once; and rows typed at
// full speed (Tab between cells, through the unit's dropdown) keep every key.

test.describe.configure({ timeout: 150_000 });

type Stored = { label: string; amount: number; unit: string; price: number };

/** The cost entries of the workbench's working copy (what a save would send). */
const costEntries = (page: Page) => page.evaluate(() => window.__grondslagWorkbench!.model!.cost_estimate.map((e) => ({
  label: e.label, amount: e.estimate.amount, unit: e.estimate.unit, price: e.estimate.price,
})));

test('rows typed at full speed, Tab between the cells and through the unit dropdown, keep every key', async ({ page, request }) => {
  // The page's timers under the test's control (they run as usual until paused, below).
  await page.clock.install();
  await openNewModel(page, request, 'typen');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  const estimate = grid(page, 'sheet-cost-estimate');
  await estimate.expect(1, 0, 'Nieuwe post…');
  const rows: [string, string, string, string][] = [
    ['Grond A', '12', 'm2', '85,50'],
    ['Grond B', '3', 'ha', '45.000'],
    ['Sloop C', '1,5', 'post', '123.456,78'],
  ];
  for (const [i, [label, amount, unit, price]] of rows.entries()) {
    // The empty last row of a grid that just grew: wait until the workbench shows it, then type without pause.
    await estimate.expect(1 + i, 0, 'Nieuwe post…');
    await estimate.select(1 + i, 0);
    for (const text of [label, amount, unit]) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(price);
    await page.keyboard.press('Enter');
  }
  // On a loaded machine the keys queue up and the page handles them before its own timers: the unit
  // list's search (due 10–20 ms after a key) then ran once the price cell had its first key. The page's
  // timers held still while the keys go in replay that order on any machine.
  await estimate.expect(4, 0, 'Nieuwe post…');
  await estimate.select(4, 0);
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.keyboard.type('Sloop D');
  await page.keyboard.press('Tab');
  await page.keyboard.type('7');
  await page.keyboard.press('Tab');
  await page.keyboard.type('m2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('8');
  await page.clock.runFor(100);
  await page.keyboard.type('5,50');
  await page.keyboard.press('Enter');
  await page.clock.resume();
  const expected: Stored[] = [
    { label: 'Grond A', amount: 12, unit: 'SquareMeter', price: 85.5 },
    { label: 'Grond B', amount: 3, unit: 'Hectare', price: 45_000 },
    { label: 'Sloop C', amount: 1.5, unit: 'Item', price: 123_456.78 },
    { label: 'Sloop D', amount: 7, unit: 'SquareMeter', price: 85.5 },
  ];
  await expect.poll(() => costEntries(page).then((l) => l.slice(1))).toEqual(expected);
  await estimate.expect(1, 3, '€ 85,50');
  await estimate.expect(2, 3, '€ 45.000,00');
  await estimate.expect(3, 3, '€ 123.456,78');
  await estimate.expect(4, 3, '€ 85,50');
});

test("a 5 × 3 block from Excel pasted onto 'Nieuwe post…' makes five entries with every column, one undo step", async ({ page, request }) => {
  await openNewModel(page, request, 'plakken');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  const estimate = grid(page, 'sheet-cost-estimate');
  await estimate.expect(1, 0, 'Nieuwe post…');
  await estimate.select(1, 0);
  // As Excel puts it on the clipboard: tab-separated, a line per row, Dutch numbers.
  await paste(page, 'Grondaankoop\t1.250\tm2\nSloop\t3\tstuks\nSanering\t2,5\tha\nBouwrijp fase 2\t1\tpost\nPlankosten\t120\tuur\n');
  await estimate.expect(5, 0, 'Plankosten');
  await estimate.expect(6, 0, 'Nieuwe post…');
  await expect.poll(() => costEntries(page)).toEqual([
    { label: 'Bouwrijp maken', amount: 1, unit: 'Item', price: 1_000_000 },
    { label: 'Grondaankoop', amount: 1250, unit: 'SquareMeter', price: 0 },
    { label: 'Sloop', amount: 3, unit: 'Pieces', price: 0 },
    { label: 'Sanering', amount: 2.5, unit: 'Hectare', price: 0 },
    { label: 'Bouwrijp fase 2', amount: 1, unit: 'Item', price: 0 },
    { label: 'Plankosten', amount: 120, unit: 'Hours', price: 0 },
  ]);
  await estimate.expect(1, 1, '1.250');
  await estimate.expect(3, 2, 'Ha');
  // Taller than the grid: pasted from the last entry on, the grid grows by the rows below it.
  await estimate.select(5, 3);
  await paste(page, '95\n40.000\n12,5');
  await estimate.expect(7, 0, 'Nieuwe post 2');
  await estimate.expect(7, 3, '€ 12,50');
  await estimate.expect(5, 3, '€ 95,00');
  await page.keyboard.press('Control+z');
  await estimate.expect(6, 0, 'Nieuwe post…');
  await estimate.expect(5, 3, '€ 0,00');
  await page.keyboard.press('Control+z');
  await expect.poll(() => costEntries(page).then((l) => l.map((e) => e.label))).toEqual(['Bouwrijp maken']);
  await estimate.expect(1, 0, 'Nieuwe post…');
});

test("Woningbouw › Algemeen: a pasted block becomes entries too", async ({ page, request }) => {
  await openNewModel(page, request, 'plakken-wonen');
  await menu(page, 'Woningbouw').click();
  await tab(page, 'Raming').click();
  const general = grid(page, 'sheet-residential-general');
  await general.expect(1, 0, 'Nieuwe post…');
  await general.select(1, 0);
  await paste(page, 'Huurwoningen\t20\tHuur\nVrije kavels\t8\tKoop\n');
  await general.expect(2, 0, 'Vrije kavels');
  await general.expect(1, 1, '20');
  await general.expect(1, 2, 'Huur');
  await expect.poll(() => page.evaluate(() => window.__grondslagWorkbench!.model!.residential_construction.map((e) => [e.label, e.amount, e.tenure_type])))
    .toEqual([['Koopwoningen', 10, 'Purchased'], ['Huurwoningen', 20, 'Rent'], ['Vrije kavels', 8, 'Purchased']]);
});

test('a block from an English Excel is read in English as a whole, and said so: 1,250 beside 12.50 is 1.250', async ({ page, request }) => {
  await openNewModel(page, request, 'plakken-engels');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  const estimate = grid(page, 'sheet-cost-estimate');
  await estimate.expect(1, 0, 'Nieuwe post…');
  await estimate.select(1, 0);
  // '12.50' can only be English; '1,250' and '1.234' mean other numbers in Dutch, and are read with it.
  await paste(page, 'Grondaankoop\t1,250\tm2\t12.50\nSloop\t3\tstuks\t1.234\n');
  await expect(toast(page, /gelezen met een punt als decimaalteken \(Engelse notatie\)/)).toBeVisible();
  await expect.poll(() => costEntries(page).then((l) => l.slice(1))).toEqual([
    { label: 'Grondaankoop', amount: 1250, unit: 'SquareMeter', price: 12.5 },
    { label: 'Sloop', amount: 3, unit: 'Pieces', price: 1.234 },
  ]);
  await estimate.expect(1, 1, '1.250');
});

test("'Rij invoegen boven/onder' inserts as many rows as are selected; 'Rij verwijderen' says how many went", async ({ page, request }) => {
  await openNewModel(page, request, 'rijen');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Raming').click();
  const estimate = grid(page, 'sheet-cost-estimate');
  await estimate.expect(0, 0, 'Bouwrijp maken');
  await estimate.td(0, 1).click({ button: 'right' });
  await contextItem(page, 'Rij invoegen onder').click();
  await estimate.expect(1, 0, 'Nieuwe post');
  // Two rows selected: two new rows above them.
  await estimate.select(0, 1, 1, 1);
  await estimate.td(1, 1).click({ button: 'right' });
  await contextItem(page, 'Rij invoegen boven').click();
  await estimate.expect(3, 0, 'Nieuwe post');
  await expect.poll(() => costEntries(page).then((l) => l.map((e) => e.label)))
    .toEqual(['Nieuwe post 2', 'Nieuwe post 3', 'Bouwrijp maken', 'Nieuwe post']);
  await estimate.select(0, 1, 1, 1);
  await estimate.td(0, 1).click({ button: 'right' });
  await contextItem(page, 'Rij invoegen onder').click();
  await expect.poll(() => costEntries(page).then((l) => l.map((e) => e.label)))
    .toEqual(['Nieuwe post 2', 'Nieuwe post 3', 'Nieuwe post 4', 'Nieuwe post 5', 'Bouwrijp maken', 'Nieuwe post']);
  // One undo step per insert.
  await page.keyboard.press('Control+z');
  await expect.poll(() => costEntries(page).then((l) => l.length)).toBe(4);

  await estimate.select(0, 1, 2, 1);
  await estimate.td(1, 1).click({ button: 'right' });
  await contextItem(page, 'Rij verwijderen').click();
  await expect(toast(page, '3 rijen verwijderd. Ongedaan maken met Ctrl+Z.')).toBeVisible();
  await expect.poll(() => costEntries(page).then((l) => l.map((e) => e.label))).toEqual(['Nieuwe post']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => costEntries(page).then((l) => l.length)).toBe(4);
  await estimate.select(3, 1);
  await page.keyboard.press('Control+Minus');
  await expect(toast(page, '1 rij verwijderd. Ongedaan maken met Ctrl+Z.')).toBeVisible();
});

test("Woningbouw: keys after the Eigendom and Berekeningswijze lists land in the next cell too", async ({ page, request }) => {
  await page.clock.install();
  await openNewModel(page, request, 'typen-wonen');
  await menu(page, 'Woningbouw').click();
  await tab(page, 'Raming').click();
  const general = grid(page, 'sheet-residential-general');
  await general.expect(1, 0, 'Nieuwe post…');
  await general.select(1, 0);
  // As above: the page's timers held while the keys go in, the lists' searches due after the next cell's first key.
  await page.clock.pauseAt(Date.now() + 60_000);
  for (const text of ['Huurblok', '20', 'Huur', 'Grondquote']) {
    await page.keyboard.type(text);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('0');
  await page.clock.runFor(100);
  await page.keyboard.type('1-07-2025');
  await page.keyboard.press('Enter');
  await page.clock.resume();
  await expect.poll(() => page.evaluate(() => window.__grondslagWorkbench!.model!.residential_construction.map((e) => [e.label, e.amount, e.tenure_type, e.calculation_method, e.calculation_date])))
    .toEqual([
      ['Koopwoningen', 10, 'Purchased', 'LandShare', '2024-01-01'],
      ['Huurblok', 20, 'Rent', 'LandShare', '2025-07-01'],
    ]);
  await general.expect(1, 4, '01-07-2025');
});
