import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers.ts';
import { contextItem, grid, menu, openNewModel, paste, tab, toast } from './workbenchSteps.ts';

// Issue 24 item 7: what the workbench does on the old grids (issues 15 and 23) it does on the new sections'
// grids too — Niet-Woningbouw › Raming (Algemeen with Categorie, a method tab) and Overige opbrengsten ›
// Raming (with Geïndexeerd): a block from Excel onto 'Nieuwe post…', undo as one step, the right-click
// menu, a formula kept and the formula bar, Delete, the percent note, an address per tab, and a header
// that stays inside 1280 × 800. One test per section, over the table below; the model is §7b's example.

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 800 } });

const full = JSON.parse(readFileSync(new URL('../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

type At = [row: number, col: number, text: string];
interface Case {
  menu: string;
  /** The wire list of the section. */
  list: 'non_residential_construction' | 'other_revenues';
  /** The Raming grid that takes new entries (and its sub-tab, for a section with methods). */
  estimate: { sheet: string; subTab?: string; url: RegExp };
  /** An Excel block for 'Nieuwe post…' and what the working copy then holds for the two new entries. */
  paste: { tsv: string; shown: At[]; stored: unknown[] };
  /** What a stored entry reads as, to compare with `paste.stored`. */
  read: string;
  /** A formula typed into an input cell of the estimate grid: the cell shows its value. */
  formula: { col: number; address: string; text: string; shows: string; computedCol: number };
  /** Cells of one row cleared with Delete and how they show, cleared and after Ctrl+Z. */
  clear: { tab: string; subTab?: string; sheet: string; from: number; to: number; cleared: At[]; restored: At[] };
  /** A percentage cell where '0,5' gets the note. */
  percent: { tab: string; subTab?: string; sheet: string; col: number; url: RegExp };
}

const CASES: Case[] = [
  {
    menu: 'Niet-Woningbouw',
    list: 'non_residential_construction',
    estimate: { sheet: 'sheet-non_residential-general', subTab: 'Algemeen', url: /\/niet-woningbouw\/raming(\/algemeen)?$/ },
    paste: {
      // Omschrijving, Aantal, Berekeningswijze, Prijsdatum, Categorie
      tsv: 'Kantoorkavels\t2\tKavelprijs\t1-1-2024\tKantoren\nHorecapaviljoen\t1.500\tprijs per m²\t01-01-2024\tHoreca\n',
      shown: [[1, 0, 'Kantoorkavels'], [1, 4, 'Kantoren'], [2, 1, '1.500'], [2, 2, 'Prijs per m²'], [2, 4, 'Horeca']],
      stored: [['Kantoorkavels', 2, 'PlotPrice', '2024-01-01', 'Kantoren'], ['Horecapaviljoen', 1500, 'PricePerSquareMeter', '2024-01-01', 'Horeca']],
    },
    read: 'e => [e.label, e.amount, e.calculation_method, e.calculation_date, e.phasing.phasing_section_type]',
    formula: { col: 1, address: 'B1', text: '=2*3', shows: '6', computedCol: 5 },
    clear: {
      tab: 'Raming', subTab: 'Prijs per m²', sheet: 'sheet-non_residential-pricePerM2', from: 1, to: 2,
      cleared: [[0, 1, '0'], [0, 2, '€ 0,00'], [0, 3, '€ 0,00']],
      restored: [[0, 1, '5.000'], [0, 2, '€ 150,00'], [0, 3, '€ 4.500.000,00']],
    },
    // not Grondquote: its cells are inactive for this Prijs per m² post (issue 35 item 7)
    percent: { tab: 'Indexering', sheet: 'sheet-non_residential-indexing', col: 2, url: /\/niet-woningbouw\/indexering$/ },
  },
  {
    menu: 'Overige opbrengsten',
    list: 'other_revenues',
    estimate: { sheet: 'sheet-other_revenue-estimate', url: /\/overige-opbrengsten\/raming$/ },
    paste: {
      // Omschrijving, Hoeveelheid, Eenheid, Prijs, Prijsdatum, Prijsindex, Geïndexeerd
      tsv: 'Bijdrage provincie\t1\tpost\t50.000\t1-1-2024\tCPI\tJa\nAnterieure bijdrage\t2,5\tm2\t12.500,50\t01-01-2024\tCPI\tNee\n',
      shown: [[1, 0, 'Bijdrage provincie'], [1, 6, 'Ja'], [2, 1, '2,50'], [2, 2, 'm²'], [2, 3, '€ 12.500,50'], [2, 6, 'Nee']],
      stored: [['Bijdrage provincie', 1, 'Item', 50000, true], ['Anterieure bijdrage', 2.5, 'SquareMeter', 12500.5, false]],
    },
    read: 'e => [e.label, e.estimate.amount, e.estimate.unit, e.estimate.price, e.indexed]',
    formula: { col: 1, address: 'B1', text: '=D1/100000', shows: '2', computedCol: 7 },
    clear: {
      tab: 'Fasering', sheet: 'sheet-other_revenue-phasing', from: 5, to: 7,
      cleared: [[0, 6, ''], [0, 9, '€ 0,00']],
      restored: [[0, 6, '€ 200.000,00'], [0, 9, '€ 200.000,00']],
    },
    percent: { tab: 'Indexering', sheet: 'sheet-other_revenue-indexing', col: 2, url: /\/overige-opbrengsten\/indexering$/ },
  },
];

/** The header (breadcrumb, EW/NCW, toolbar) inside the window and no horizontal scrollbar (issue 15 point 4). */
async function expectFits(page: Page) {
  for (const part of [page.locator('.gs-header .bp6-breadcrumbs'), page.locator('.gs-wb-strip'), page.getByRole('toolbar', { name: 'Werkbalk' })]) {
    await expect(part).toBeVisible();
    const b = (await part.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(1280);
  }
  expect(await page.locator('.gs-main').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

async function open(page: Page, name: string, subTab?: string) {
  await tab(page, name).click();
  if (subTab) await tab(page, subTab).click();
}

for (const c of CASES) {
  test(`${c.menu}: paste, undo, the row menu, a formula, Delete, the percent note and the address of a tab, as on the old grids`, async ({ page, request }) => {
    await openNewModel(page, request, c.menu, undefined, full);
    const entries = () => page.evaluate(({ list, read }) => {
      const fn = new Function('e', `return (${read})(e)`) as (e: unknown) => unknown;
      return ((window.__grondslagWorkbench!.model as unknown as Record<string, unknown[]>)[list] ?? []).map(fn);
    }, { list: c.list, read: c.read });
    await menu(page, c.menu).click();
    await expect(page.locator('.gs-crumb').last()).toHaveText(c.menu);
    await expectFits(page);

    // A tab has its address: a reload returns to it.
    await open(page, c.percent.tab, c.percent.subTab);
    await expect(page).toHaveURL(c.percent.url);
    await page.reload();
    await expect(page.getByTestId(c.percent.sheet)).toBeVisible({ timeout: 30_000 });
    await expect(tab(page, c.percent.subTab ?? c.percent.tab)).toHaveAttribute('aria-selected', 'true');
    await expectFits(page);

    // The percent note: '0,5' reads as 50 %, one click makes it 0,5 %, Ctrl+Z goes back.
    const pctGrid = grid(page, c.percent.sheet);
    await pctGrid.select(0, c.percent.col);
    await page.keyboard.type('0,5');
    await page.keyboard.press('Enter');
    await pctGrid.expect(0, c.percent.col, '50,00%');
    await page.getByTestId('pct-note').getByRole('button', { name: 'Bedoelt u 0,5 %?' }).click();
    await pctGrid.expect(0, c.percent.col, '0,50%');
    await page.keyboard.press('Control+z');
    await pctGrid.expect(0, c.percent.col, '50,00%');

    // A block from Excel onto 'Nieuwe post…': an entry per row with every pasted column; Ctrl+Z takes both away.
    await open(page, 'Raming', c.estimate.subTab);
    await expect(page).toHaveURL(c.estimate.url);
    await expectFits(page);
    const estimate = grid(page, c.estimate.sheet);
    await estimate.expect(1, 0, 'Nieuwe post…');
    const before = await entries();
    await estimate.select(1, 0);
    await paste(page, c.paste.tsv);
    for (const [r, col, text] of c.paste.shown) await estimate.expect(r, col, text);
    await estimate.expect(3, 0, 'Nieuwe post…');
    await expect.poll(entries).toEqual([...before, ...c.paste.stored]);
    await page.keyboard.press('Control+z');
    await expect.poll(entries).toEqual(before);
    await estimate.expect(1, 0, 'Nieuwe post…');

    // The right-click menu inserts and deletes rows through the model, and says what went.
    await estimate.td(0, 1).click({ button: 'right' });
    await contextItem(page, 'Rij invoegen onder').click();
    await estimate.expect(1, 0, 'Nieuwe post');
    expect((await entries()).length).toBe(before.length + 1);
    await estimate.td(1, 1).click({ button: 'right' });
    await contextItem(page, 'Rij verwijderen').click();
    await expect(toast(page, '1 rij verwijderd. Ongedaan maken met Ctrl+Z.')).toBeVisible();
    await expect.poll(entries).toEqual(before);

    // A formula stays a formula: the cell shows its value, the formula bar its text, also after another tab.
    const bar = page.getByTestId(`${c.estimate.sheet}-formula-bar`);
    const barInput = bar.getByRole('textbox', { name: 'Formulebalk' });
    await estimate.select(0, c.formula.col);
    await page.keyboard.type(c.formula.text);
    await page.keyboard.press('Enter');
    await estimate.expect(0, c.formula.col, c.formula.shows);
    await open(page, 'Boekwaarde');
    await open(page, 'Raming', c.estimate.subTab);
    await estimate.select(0, c.formula.col);
    await expect(bar.getByLabel('Celadres')).toHaveText(c.formula.address);
    await expect(barInput).toHaveValue(c.formula.text);
    // A computed cell: the bar shows, read-only, how it is computed.
    await estimate.select(0, c.formula.computedCol);
    await expect(barInput).toHaveValue(/^=/);
    await expect(barInput).toHaveAttribute('readonly', '');

    // Delete clears the selected cells as one undo step.
    await open(page, c.clear.tab, c.clear.subTab);
    const cleared = grid(page, c.clear.sheet);
    for (const [r, col, text] of c.clear.restored) await cleared.expect(r, col, text);
    await cleared.select(0, c.clear.from, 0, c.clear.to);
    await page.keyboard.press('Delete');
    for (const [r, col, text] of c.clear.cleared) await cleared.expect(r, col, text);
    await page.keyboard.press('Control+z');
    for (const [r, col, text] of c.clear.restored) await cleared.expect(r, col, text);
    await expectFits(page);
  });
}
