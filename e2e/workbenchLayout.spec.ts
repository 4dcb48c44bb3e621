import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './helpers.ts';
import { createModel, ensureSignedIn, example, expectCell, menu, openNewModel, openWorkbench, tab, typeInto } from './workbenchSteps.ts';

// Issue 15, points 4–6: the workbench on a laptop screen (1280 × 800 and 1440 × 900) — one header line whose
// parts neither overlap nor leave the window, money cells that hold € 999.999.999,99 on one line, the grid
// below a dialog's backdrop —, guidance where results are empty, and a chart that can be read.

test.describe.configure({ timeout: 150_000 });

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, 'zichtbaar').not.toBeNull();
  return b!;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A grid cell's height against its line height and whether its text is cut off (through Handsontable's API). */
function cellShape(page: Page, sheet: string, row: number, col: number) {
  return page.evaluate(({ sheet, row, col }) => {
    const el = document.querySelector(`[data-testid="${sheet}"]`) as HTMLElement & { hot: { getCell(r: number, c: number): HTMLElement | null } };
    const td = el.hot.getCell(row, col)!;
    const cs = getComputedStyle(td);
    const padding = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    return { text: td.textContent, lines: (td.clientHeight - padding) / parseFloat(cs.lineHeight), clipped: td.scrollWidth > td.clientWidth };
  }, { sheet, row, col });
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('the header keeps one line inside the window; money and choice cells are not wrapped or cut off; dialogs cover the grid', async ({ page, request }) => {
      const long = 'met een heel lange naam voor het herontwikkelen van het stationsgebied Noordwest';
      await openNewModel(page, request, long);
      await menu(page, 'Kostenraming').click();
      // The workbench's screens are separate components: measure once the new one is on screen.
      await expect(page.locator('.gs-crumb').last()).toHaveText('Kostenraming');
      await expect(page.getByTestId('overview')).toBeVisible();

      const crumbs = page.locator('.gs-header .bp6-breadcrumbs');
      const strip = page.locator('.gs-wb-strip');
      const toolbar = page.getByRole('toolbar', { name: 'Werkbalk' });
      const parts = { breadcrumb: await box(crumbs), 'EW/NCW': await box(strip), toolbar: await box(toolbar) };
      for (const [name, b] of Object.entries(parts)) {
        expect(b.x, name).toBeGreaterThanOrEqual(0);
        expect(b.y, name).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width, name).toBeLessThanOrEqual(viewport.width);
        expect(b.y + b.height, name).toBeLessThanOrEqual(viewport.height);
      }
      const names = Object.keys(parts) as (keyof typeof parts)[];
      for (const a of names) for (const b of names) if (a < b) expect(overlaps(parts[a], parts[b]), `${a} / ${b}`).toBe(false);
      // One line each: the EW and NCW labels stay beside their amounts, the buttons in one row.
      const ew = await box(page.getByTestId('strip-ew'));
      const ncw = await box(page.getByTestId('strip-ncw'));
      expect(parts['EW/NCW'].height).toBeLessThan(ew.height * 1.5);
      expect(Math.abs(ew.y - ncw.y)).toBeLessThan(2);
      expect(parts.toolbar.height).toBeLessThan(40);
      expect(parts.breadcrumb.height).toBeLessThan(40);
      // The long project name is shortened; its full text is the hover text.
      const project = page.locator('.gs-crumb', { hasText: 'Werkbank' });
      await expect(project).toHaveAttribute('title', new RegExp(`${long}$`));
      expect(await project.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // Every toolbar button is reachable by its name and says it on hover.
      for (const name of ['Exporteren', 'Opslaan', 'Sluiten']) await expect(toolbar.getByRole('button', { name })).toHaveAttribute('title', new RegExp(`^${name}`));
      expect(await page.locator('.gs-main').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // € 999.999.999,99 on one line: the price typed, and the estimate computed from it.
      await tab(page, 'Raming').click();
      await typeInto(page, 'sheet-cost-estimate', 0, 3, '999.999.999,99');
      await expectCell(page, 'sheet-cost-estimate', 0, 3, '€ 999.999.999,99');
      await expectCell(page, 'sheet-cost-estimate', 0, 6, '€ 999.999.999,99');
      for (const col of [3, 6]) {
        const shape = await cellShape(page, 'sheet-cost-estimate', 0, col);
        expect(shape.lines, shape.text!).toBeLessThan(1.5);
        expect(shape.clipped, shape.text!).toBe(false);
      }
      // Fasering: the money per period and the longest section name fit their columns.
      await tab(page, 'Fasering').click();
      await typeInto(page, 'sheet-cost-phasing', 0, 5, '999.999.999,99');
      await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 999.999.999,99');
      await typeInto(page, 'sheet-cost-phasing', 0, 1, 'Sloopkosten');
      await expectCell(page, 'sheet-cost-phasing', 0, 1, 'Sloopkosten');
      for (const col of [1, 5]) {
        const shape = await cellShape(page, 'sheet-cost-phasing', 0, col);
        expect(shape.lines, shape.text!).toBeLessThan(1.5);
        expect(shape.clipped, shape.text!).toBe(false);
      }

      // A dialog's backdrop lies over the grid's frozen header and column (Handsontable's own layers).
      await page.getByRole('toolbar', { name: 'Werkbalk' }).getByRole('button', { name: 'Sluiten' }).click();
      const dialog = page.getByRole('dialog', { name: 'Wijzigingen opslaan?' });
      await expect(dialog).toBeVisible();
      const covered = await page.evaluate(() => {
        const grid = document.querySelector('[data-testid="sheet-cost-phasing"]')!;
        const points = ['.ht_clone_top th', '.ht_clone_inline_start td', '.ht_clone_top_inline_start_corner th'].map((s) => {
          const r = grid.querySelector(s)!.getBoundingClientRect();
          return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        });
        return points.map((el) => !!el && !grid.contains(el));
      });
      expect(covered).toEqual([true, true, true]);
      await dialog.getByRole('button', { name: 'Annuleren' }).click();
    });

    test('the projects screen fits without a horizontal scrollbar', async ({ page }) => {
      await ensureSignedIn(page);
      await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
      expect(await page.locator('.gs-main').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const header = await box(page.locator('.gs-header'));
      expect(header.height).toBeLessThan(60);
    });
  });
}

test('an empty model says why EW and NCW are € 0,00 and links to Fasering; its grids show a hint row; inactive menu items say why', async ({ page, request }) => {
  await openNewModel(page, request, 'leeg', undefined, null);
  await expect(page.getByTestId('strip-ew')).toHaveText('€ 0,00');
  // Overzicht is active (issue 24): the model's overview says the same.
  await menu(page, 'Overzicht').click();
  await expect(page.getByTestId('model-overview').getByTestId('ov-empty')).toContainText('Nog niets gefaseerd');
  await menu(page, 'Kostenraming').click();
  const notice = page.getByTestId('ov-empty');
  await expect(notice).toContainText('Nog niets gefaseerd — EW en NCW blijven € 0,00');
  await expect(page.getByTestId('ov-chart')).toHaveCount(0);
  await notice.getByRole('link', { name: 'Naar Fasering' }).click();
  await expect(tab(page, 'Fasering')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('empty-grid-hint')).toHaveText(/^Nog geen posten — voeg ze toe op het tabblad Raming/);
  await tab(page, 'Raming').click();
  await expect(page.getByRole('tabpanel').getByTestId('empty-grid-hint')).toContainText("'Post toevoegen'");
  // Once an entry is there the hint goes.
  await page.getByLabel('Omschrijving nieuwe post').fill('Verwerving');
  await page.getByRole('button', { name: 'Post toevoegen' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('empty-grid-hint')).toHaveCount(0);
});

test('the chart has a legend, Dutch amounts on its axis and a tooltip per period', async ({ page, request }) => {
  await openNewModel(page, request, 'grafiek');
  await menu(page, 'Kostenraming').click();
  const chart = page.getByTestId('ov-chart');
  await expect(chart.getByRole('list', { name: 'Legenda' }).getByRole('listitem')).toHaveText([
    'Saldo kasstroom (kosten − opbrengsten): kosten hoger',
    'Saldo kasstroom (kosten − opbrengsten): opbrengsten hoger',
    'Boekwaarde (vóór winstneming)',
  ]);
  // The worked example runs from € -936.360 to € 1.020.000: round steps of half a million.
  await expect(chart.locator('.gs-wb-tick text')).toHaveText(['€ -1 mln', '€ -500.000', '€ 0', '€ 500.000', '€ 1 mln', '€ 1,5 mln']);
  await expect(page.getByTestId('chart-tooltip')).toHaveCount(0);
  await chart.getByTestId('chart-period-1').hover();
  const tip = page.getByTestId('chart-tooltip');
  await expect(tip).toContainText('2025');
  await expect(tip).toContainText('Kosten€ 510.000,00');
  await expect(tip).toContainText('Saldo kasstroom (kosten − opbrengsten)€ 510.000,00');
  await expect(tip).toContainText('Boekwaarde (vóór winstneming)€ 1.020.000,00');
});

test.describe('the workbench’s menu folds (1280 × 800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("'Menu inklappen' gives the grid the width: the computed Raming column is whole; the choice survives a reload", async ({ page, request }) => {
    await openNewModel(page, request, 'menu');
    await menu(page, 'Kostenraming').click();
    await tab(page, 'Raming').click();
    const sheet = page.getByTestId('sheet-cost-estimate');
    const header = sheet.locator('.ht_master thead th').filter({ hasText: /^Raming$/ });
    // Measured with the grid scrolled to its start, as it opens (reading a cell scrolls to it).
    const raming = async () => {
      await expectCell(page, 'sheet-cost-estimate', 0, 0, 'Bouwrijp maken');
      const [grid, th] = [await box(sheet), await box(header)];
      return { whole: th.x + th.width <= Math.min(grid.x + grid.width, 1280) + 0.5, left: th.x };
    };
    // Both menus open: 390 px of the 1280 go to them and the column is cut off.
    expect((await raming()).whole).toBe(false);

    await page.getByRole('button', { name: 'Menu inklappen' }).click();
    await expect(page.getByRole('button', { name: 'Menu uitklappen' })).toBeVisible();
    await expect.poll(async () => (await raming()).whole).toBe(true);
    await expectCell(page, 'sheet-cost-estimate', 0, 6, '€ 1.000.000,00');
    // Folded, the menu still leads to the workbench's screens (icons, the name as tooltip and accessible name).
    await expect(menu(page, 'Woningbouw')).toBeVisible();
    await expect(menu(page, 'Woningbouw').locator('[title]')).toHaveAttribute('title', 'Woningbouw');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Menu uitklappen' })).toBeVisible({ timeout: 30_000 });
    await tab(page, 'Raming').click();
    await expect.poll(async () => (await raming()).whole).toBe(true);
    await menu(page, 'Woningbouw').click();
    await expect(page.locator('.gs-crumb').last()).toHaveText('Woningbouw');
    // Woningbouw › Algemeen: its Raming column whole as well.
    await tab(page, 'Raming').click();
    await expectCell(page, 'sheet-residential-general', 0, 0, 'Koopwoningen');
    const general = page.getByTestId('sheet-residential-general');
    const [g, th] = [await box(general), await box(general.locator('.ht_master thead th').filter({ hasText: /^Raming$/ }))];
    expect(th.x + th.width).toBeLessThanOrEqual(Math.min(g.x + g.width, 1280) + 0.5);

    await page.getByRole('button', { name: 'Menu uitklappen' }).click();
    await expect(menu(page, 'Kostenraming')).toContainText('Kostenraming');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menu inklappen' })).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('Fasering and Boekwaarde at 1280 × 800 (issue 35.9)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The period column headers (a year in their title) that lie wholly inside the window, as the grid opens. */
  const periodsInView = (page: Page, sheet: string) => page.evaluate((sheet) => {
    const grid = document.querySelector(`[data-testid="${sheet}"]`)!;
    const right = Math.min(grid.getBoundingClientRect().right, window.innerWidth);
    return [...grid.querySelectorAll('.ht_master thead th')].filter((th) => {
      const r = th.getBoundingClientRect();
      return /\b\d{4}\b/.test(th.textContent ?? '') && r.width > 0 && r.left >= 0 && r.right <= right + 0.5;
    }).length;
  }, sheet);

  test('at least three period columns are in view, and the breadcrumb keeps the version name', async ({ page, request }) => {
    const version = 'Versie 2 na de inspraakronde';
    const modelId = await createModel(request, `Werkbank ${Date.now()} met een lange projectnaam voor het herontwikkelen van het stationsgebied Noordwest`,
      example, 'Rekenmodel met een langere naam', version);
    await signIn(page, ADMIN);
    await ensureSignedIn(page);
    await openWorkbench(page, modelId);
    await menu(page, 'Kostenraming').click();
    await tab(page, 'Fasering').click();
    await expectCell(page, 'sheet-cost-phasing', 0, 0, 'Bouwrijp maken');
    expect(await periodsInView(page, 'sheet-cost-phasing')).toBeGreaterThanOrEqual(3);
    await tab(page, 'Boekwaarde').click();
    await expectCell(page, 'sheet-cost-bookvalue', 0, 0, 'Bouwrijp maken');
    expect(await periodsInView(page, 'sheet-cost-bookvalue')).toBeGreaterThanOrEqual(3);

    // The version's name is not cut off; the long project name gives way.
    const crumb = page.locator('.gs-crumb', { hasText: version });
    await expect(crumb).toBeVisible();
    expect(await crumb.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 0)).toBe(true);
    const project = page.locator('.gs-crumb', { hasText: 'Werkbank' });
    expect(await project.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});
