import { readFileSync } from 'node:fs';
import { expect, test } from './helpers.ts';
import { menu, openNewModel, tab } from './workbenchSteps.ts';

// Issue 24 item 6: the model's Overzicht — the left menu's first item — with the worked example of
// calculation.md §7b (every section): the header's EW and NCW, the category rows, and the space-usage
// warning (5.000 m² of Bedrijfskavels, no 'Uitgeefbaar niet-wonen') linking to Ruimtegebruik.

test.describe.configure({ timeout: 150_000 });

const full = JSON.parse(readFileSync(new URL('../src/formulas/examples/full-exploitation.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

test('Overzicht shows the figures of the header, the sections by category and a space-usage warning that opens Ruimtegebruik', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const modelId = await openNewModel(page, request, 'overzicht', undefined, full);
  await menu(page, 'Overzicht').click();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/overzicht$`));
  const overview = page.getByTestId('model-overview');
  await expect(overview).toBeVisible();
  await expect(overview.getByTestId('ov-ew')).toHaveText((await page.getByTestId('strip-ew').textContent())!);
  await expect(overview.getByTestId('ov-ncw')).toHaveText((await page.getByTestId('strip-ncw').textContent())!);
  await expect(overview.getByTestId('ov-ncw')).not.toHaveText('€ 0,00');

  // The period table has each revenue section's row; the section table each section and its categories.
  const periods = overview.getByTestId('ov-periods');
  for (const row of ['Kosten', 'Opbrengsten woningbouw', 'Opbrengsten niet-woningbouw', 'Overige opbrengsten']) {
    await expect(periods.locator('tbody th', { hasText: new RegExp(`^${row}$`) })).toHaveCount(1);
  }
  const sections = overview.getByTestId('ov-sections');
  await expect(sections.locator('[data-section="cost"] .gs-wb-category th')).toHaveText(['Bouwrijp maken']);
  await expect(sections.locator('[data-section="non_residential"] .gs-wb-category th')).toHaveText(['Bedrijven']);
  await expect(sections.locator('[data-section="other_revenue"] .gs-wb-category th')).toHaveText(['Subsidie']);
  // A computed cell says how it is computed.
  await expect(sections.locator('[data-section="cost"] .gs-wb-category td').nth(2)).toHaveAttribute('title', /raming × historische index − geboekt/);
  await expect(overview.getByTestId('ov-chart').locator('.gs-wb-legend li')).toHaveText([
    'Kosten', 'Opbrengsten woningbouw', 'Opbrengsten niet-woningbouw', 'Overige opbrengsten', /Boekwaarde/,
  ]);

  // 1280 × 800: nothing sticks out sideways.
  expect(await page.locator('.gs-wb-content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.OV_SHOT) await page.screenshot({ path: process.env.OV_SHOT, fullPage: false });

  const warning = overview.getByTestId('ov-space-warnings');
  await expect(warning).toContainText("Niet-Woningbouw: de posten met prijs per m² tellen 5.000,00 m², Ruimtegebruik 'Uitgeefbaar niet-wonen' 0,00 m²");
  await warning.getByTestId('ov-to-space').click();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/uitgangspunten/ruimtegebruik$`));
  await expect(tab(page, 'Ruimtegebruik')).toHaveAttribute('aria-selected', 'true');
});
