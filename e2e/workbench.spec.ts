import { spawnSync } from 'node:child_process';
import { formatMoney, formatNumber } from '../src/lib/nlFormat.ts';
import { expect, test, ADMIN, READER, USER, signIn } from './helpers.ts';
import { expectToast } from './projectSteps.ts';
import {
  call, cell, createModel, ensureSignedIn, example, expectCell, menu, openNewModel, openWorkbench, paste, tab, token, typeInto,
} from './workbenchSteps.ts';

// The online calculation tool end to end: models are made through the API (project → version →
// online model → the worked example posted to /api/grexonline/model/{id}/), the workbench is opened
// at its address (/rekenmodellen/{id}/uitgangspunten) without reloading the app.

test.describe.configure({ timeout: 150_000 });

test('the worked example shows the CLI figures; typing, pasting Dutch numbers, undo and the period type work', async ({ page, request }) => {
  await openNewModel(page, request, 'a');
  await expect(page.getByText('Uitgangspunten').first()).toBeVisible();
  await expect(page.getByTestId('strip-ew')).toHaveText('€ -106.120,80');
  await expect(page.getByTestId('strip-ncw')).toHaveText('€ -98.039,22');

  await menu(page, 'Kostenraming').click();
  // The same figures as the CLI (npm run calc) for the worked example.
  const cli = spawnSync('node_modules/.bin/node', ['--import', 'tsx', 'src/formulas/cli.ts', new URL('../src/formulas/examples/worked-example.model.json', import.meta.url).pathname], { encoding: 'utf8' });
  const calc = JSON.parse(cli.stdout) as { ew: number; ncw: number; verliesvoorziening: number; periods: { label: string; costs: number; revenues: number; interest: number; balance: number }[] };
  await expect(page.getByTestId('ov-ew')).toHaveText(formatMoney(calc.ew));
  await expect(page.getByTestId('ov-ncw')).toHaveText(formatMoney(calc.ncw));
  await expect(page.getByTestId('ov-verlies')).toHaveText(formatMoney(calc.verliesvoorziening));
  const periodRows = page.getByTestId('ov-periods').locator('tbody tr');
  for (const [i, p] of calc.periods.entries()) {
    await expect(periodRows.nth(0).locator('td').nth(i + 1)).toHaveText(formatNumber(p.costs));
    await expect(periodRows.nth(1).locator('td').nth(i + 1)).toHaveText(formatNumber(p.revenues));
    await expect(periodRows.nth(3).locator('td').nth(i + 1)).toHaveText(formatNumber(p.interest));
    await expect(periodRows.nth(4).locator('td').nth(i + 1)).toHaveText(formatNumber(p.balance));
  }
  await expect(page.getByTestId('ov-ncw')).toHaveText('€ -98.039,22');
  await expect(page.getByTestId('ov-ew')).toHaveText('€ -106.120,80');
  await expect(page.getByTestId('ov-verlies')).toHaveText('€ 98.039,22');
  await expect(page.getByTestId('ov-entries-ncw-total')).toHaveText('1.000.000,00');

  // Type a price the Dutch way: the amount at NCW and the overview follow.
  await tab(page, 'Raming').click();
  await typeInto(page, 'sheet-cost-estimate', 0, 3, '1.200.000');
  await expectCell(page, 'sheet-cost-estimate', 0, 3, '€ 1.200.000,00');
  await expectCell(page, 'sheet-cost-estimate', 0, 9, '€ 1.200.000,00');
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeEnabled();
  // A formula typed into an input cell.
  await typeInto(page, 'sheet-cost-estimate', 0, 1, '=D1/600000');
  await expectCell(page, 'sheet-cost-estimate', 0, 9, '€ 2.400.000,00');
  await page.keyboard.press('Control+z');
  await expectCell(page, 'sheet-cost-estimate', 0, 9, '€ 1.200.000,00');
  await tab(page, 'Overzicht').click();
  await expect(page.getByTestId('ov-entries-ncw-total')).toHaveText('1.200.000,00');
  // A visited grid is kept out of view and shown again as it was.
  await tab(page, 'Raming').click();
  await expect(page.getByTestId('sheet-cost-estimate').locator('.ht_master td').filter({ hasText: '€ 1.200.000,00' }).first()).toBeVisible();
  await tab(page, 'Overzicht').click();
  await expect(page.getByTestId('sheet-cost-estimate')).toBeHidden();

  // Paste a block of Dutch numbers into the phasing, then undo it.
  await tab(page, 'Fasering').click();
  await cell(page, 'sheet-cost-phasing', 0, 5).select();
  await paste(page, '€ 300.000\t1.234,56\r\n');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 300.000,00');
  await expectCell(page, 'sheet-cost-phasing', 0, 6, '€ 1.234,56');
  await expect(page.getByTestId('strip-ew')).not.toHaveText('€ -106.120,80');
  await page.keyboard.press('Control+z');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 500.000,00');
  await expectCell(page, 'sheet-cost-phasing', 0, 6, '€ 500.000,00');
  await expect(page.getByTestId('strip-ew')).toHaveText('€ -106.120,80');
  await page.keyboard.press('Control+y');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 300.000,00');
  await page.keyboard.press('Control+z');
  // Ctrl+R fills the selection from its first column.
  await page.evaluate(() => (document.querySelector('[data-testid="sheet-cost-phasing"]') as unknown as { hot: { selectCell(a: number, b: number, c: number, d: number): void } }).hot.selectCell(0, 5, 0, 6));
  await page.evaluate(() => (document.querySelector('[data-testid="sheet-cost-phasing"]') as unknown as { hot: { setDataAtCell(r: number, c: number, v: string): void } }).hot.setDataAtCell(0, 5, '250.000'));
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 250.000,00');
  await page.keyboard.press('Control+r');
  await expectCell(page, 'sheet-cost-phasing', 0, 6, '€ 250.000,00');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await expectCell(page, 'sheet-cost-phasing', 0, 6, '€ 500.000,00');

  // Export: the engine's xlsx.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren' }).click();
  expect((await download).suggestedFilename()).toBe('Online.xlsx');
  await expectToast(page, "Export klaar: 'Online.xlsx' is gedownload.");

  // Quarterly: the period columns are regenerated.
  await menu(page, 'Uitgangspunten').click();
  await tab(page, 'Fasering').click();
  await page.getByLabel('Faseringsperiode').selectOption({ label: 'Kwartalen' });
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Fasering').click();
  const headers = page.locator('[data-testid="sheet-cost-phasing"] .ht_master thead');
  await expect(headers).toContainText('2024 Q1');
  await expect(headers).toContainText('2024 Q2');
  await expect(headers).not.toContainText('2025 H1');
});

test('an incomplete space-usage row blocks save with the spec message; save, reload, values kept', async ({ page, request }) => {
  const modelId = await openNewModel(page, request, 'b');
  await tab(page, 'Ruimtegebruik').click();
  await page.getByRole('button', { name: 'Rij toevoegen' }).click();
  await typeInto(page, 'sheet-space', 1, 0, 'Groen');
  const message = 'Ongeldige invoer. Controleer alstublieft de gegevens en probeer het opnieuw.';
  await expect(page.getByTestId('space-problem')).toHaveText(message);
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.locator('.gs-toasts').getByText(message)).toBeVisible();
  // Complete the row; now it saves.
  await typeInto(page, 'sheet-space', 1, 1, '1.250');
  await typeInto(page, 'sheet-space', 1, 2, 'Openbare ruimte groen');
  await expect(page.getByTestId('space-problem')).toHaveCount(0);
  await tab(page, 'Overig').click();
  await page.getByLabel('Btw-percentage').fill('9');
  await page.getByLabel('Btw-percentage').press('Enter');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Modelgegevens zijn succesvol opgeslagen. U kunt nu verder gaan met het model.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();

  // A reload reopens the model on the tab that was shown (its address).
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/rekenmodellen/${modelId}/uitgangspunten/overig$`));
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Btw-percentage')).toHaveValue('9');
  await tab(page, 'Ruimtegebruik').click();
  await expectCell(page, 'sheet-space', 1, 1, '1.250');
});

test('closing with unsaved changes offers the three choices', async ({ page, request }) => {
  const modelId = await openNewModel(page, request, 'c');
  await tab(page, 'Overig').click();
  await page.getByLabel('Btw-percentage').fill('6');
  await page.getByLabel('Btw-percentage').press('Enter');
  await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Wijzigingen opslaan?' });
  await expect(dialog.getByRole('button', { name: 'Opslaan', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Niet opslaan' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page.getByTestId('workbench')).toBeVisible();
  await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await page.getByRole('dialog', { name: 'Wijzigingen opslaan?' }).getByRole('button', { name: 'Niet opslaan' }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
  // Nothing was saved.
  const tok = await token(request);
  const m = await call<{ base_parameters: { vat_rate_percentage: number } }>(request, tok, 'GET', `/api/grexonline/model/${modelId}/`);
  expect(m.base_parameters.vat_rate_percentage).toBe(21);
});

test('the grid keys a modeller uses: F2 edits in place, Esc cancels, an open editor keeps Ctrl+Z, Ctrl+arrow jumps to the edge', async ({ page, request }) => {
  await openNewModel(page, request, 'k');
  await menu(page, 'Kostenraming').click();
  await tab(page, 'Fasering').click();
  await expect(page.getByTestId('sheet-cost-phasing')).toBeVisible();
  // Handsontable keeps its editor's textarea in the page; whether the editor is open is its own state.
  const editorOpen = () =>
    page.evaluate(() => (document.querySelector('[data-testid="sheet-cost-phasing"]') as unknown as { hot: { getActiveEditor(): { isOpened(): boolean } | undefined } }).hot.getActiveEditor()?.isOpened() ?? false);

  // F2 opens the editor on the value; what is typed and then dropped with Esc changes nothing.
  await cell(page, 'sheet-cost-phasing', 0, 5).select();
  await page.keyboard.press('F2');
  await expect.poll(editorOpen).toBe(true);
  await page.keyboard.type('9');
  await page.keyboard.press('Escape');
  await expect.poll(editorOpen).toBe(false);
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 500.000,00');
  await expect(page.getByTestId('strip-ew')).toHaveText('€ -106.120,80');
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();

  // An edit, then Ctrl+Z inside an open editor: the editor's own undo, not the model's.
  await typeInto(page, 'sheet-cost-phasing', 0, 5, '400.000');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 400.000,00');
  await cell(page, 'sheet-cost-phasing', 0, 6).select();
  await page.keyboard.press('F2');
  await expect.poll(editorOpen).toBe(true);
  await page.keyboard.press('Control+z');
  await expect.poll(editorOpen).toBe(true);
  await page.keyboard.press('Escape');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 400.000,00');
  // Outside the editor Ctrl+Z is the model's undo.
  await page.keyboard.press('Control+z');
  await expectCell(page, 'sheet-cost-phasing', 0, 5, '€ 500.000,00');

  // Ctrl+→ from a period goes to the last column of the row, Ctrl+← back to the first.
  await cell(page, 'sheet-cost-phasing', 0, 5).select();
  const selectedColumn = () =>
    page.evaluate(() => {
      const hot = (document.querySelector('[data-testid="sheet-cost-phasing"]') as unknown as { hot: { getSelectedLast(): number[] | undefined; countCols(): number } }).hot;
      return { col: hot.getSelectedLast()?.[1], last: hot.countCols() - 1 };
    });
  await page.keyboard.press('Control+ArrowRight');
  await expect.poll(async () => { const s = await selectedColumn(); return s.col === s.last; }).toBe(true);
  await page.keyboard.press('Control+ArrowLeft');
  await expect.poll(async () => (await selectedColumn()).col).toBe(0);
});

test('a reader sees the model read-only', async ({ page, request }) => {
  await openNewModel(page, request, 'd', READER);
  await expect(page.getByTestId('readonly-notice')).toHaveText('U heeft alleen leesrechten op dit model.');
  await expect(page.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  await expect(page.getByLabel('Startdatum berekening')).toHaveCount(0);
  await tab(page, 'Fasering').click();
  await expect(page.getByLabel('Startdatum berekening')).toBeDisabled();
});

test('someone else\'s edit session opens the workbench read-only with a notice; closing ends one\'s own session', async ({ page, request }) => {
  const modelId = await createModel(request, `Werkbank ${Date.now()} f`);
  const user = await token(request, USER);
  await call(request, user, 'POST', `/api/grexonline/model/${modelId}/session/`);
  await signIn(page, ADMIN);
  await ensureSignedIn(page, ADMIN);
  await openWorkbench(page, modelId);
  await expect(page.getByTestId('readonly-notice')).toContainText('Dit model is geopend door Gijs Gebruiker. U kunt het alleen bekijken.');
  await tab(page, 'Overig').click();
  await expect(page.getByLabel('Btw-percentage')).toBeDisabled();
  // The holder closes; the next opening takes the session and may edit.
  await request.fetch(`/api/grexonline/model/${modelId}/session/`, { method: 'DELETE', headers: { authorization: `Bearer ${user}` } });
  await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
  await openWorkbench(page, modelId);
  await tab(page, 'Overig').click();
  await expect(page.getByLabel('Btw-percentage')).toBeEnabled();
  const admin = await token(request);
  const m = await call<{ session: { user_name: string } | null }>(request, admin, 'GET', `/api/grexonline/model/${modelId}/`);
  expect(m.session?.user_name).toBe('Anna Beheerder');
  await page.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Projecten' })).toBeVisible();
  await expect.poll(async () => (await call<{ session: unknown }>(request, admin, 'GET', `/api/grexonline/model/${modelId}/`)).session).toBeNull();
});

test('a stale save gets the conflict question; a killed tab\'s work is offered back', async ({ page, request, context }) => {
  const modelId = await openNewModel(page, request, 'e');
  await tab(page, 'Overig').click();
  await page.getByLabel('Btw-percentage').fill('7');
  await page.getByLabel('Btw-percentage').press('Enter');
  // Someone saves in between.
  const tok = await token(request);
  const current = await call<{ data_version: number }>(request, tok, 'GET', `/api/grexonline/model/${modelId}/`);
  await call(request, tok, 'POST', `/api/grexonline/model/${modelId}/`, { ...example, data_version: current.data_version });
  await page.getByRole('button', { name: 'Opslaan' }).click();
  const conflict = page.getByRole('dialog', { name: 'Model is intussen gewijzigd' });
  await expect(conflict.getByRole('button', { name: 'Opnieuw laden' })).toBeVisible();
  await conflict.getByRole('button', { name: 'Verder bewerken' }).click();
  await expect(page.getByLabel('Btw-percentage')).toHaveValue('7');

  // The tab dies with the unsaved 7 %; a new tab offers it back.
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('grondslag.workbench.')))).toBe(true);
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await ensureSignedIn(again);
  await openWorkbench(again, modelId);
  const restore = again.getByRole('dialog', { name: 'Niet-opgeslagen wijzigingen gevonden' });
  await restore.getByRole('button', { name: 'Herstellen' }).click();
  await tab(again, 'Overig').click();
  await expect(again.getByLabel('Btw-percentage')).toHaveValue('7');
  await expect(again.getByRole('button', { name: 'Opslaan' })).toBeEnabled();
  // The conflict answer 'Opnieuw laden' takes the server's data.
  await again.getByRole('button', { name: 'Opslaan' }).click();
  await again.getByRole('dialog', { name: 'Model is intussen gewijzigd' }).getByRole('button', { name: 'Opnieuw laden' }).click();
  await expect(again.getByLabel('Btw-percentage')).toHaveValue('21');
  await expect(again.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
});

test("'Boekwaarde per <startdatum>' on Fasering: an amount moves the result, text is refused in Dutch, emptied it is 0 again (issue 37)", async ({ page, request }) => {
  await openNewModel(page, request, 'boekwaarde');
  await expect(page.getByTestId('strip-ew')).toHaveText('€ -106.120,80');
  await tab(page, 'Fasering').click();
  const field = page.getByLabel('Boekwaarde per 01-01-2024'); // the worked example starts on 1 January 2024
  await expect(field).toHaveValue('');
  await expect(page.getByText('Boekwaarde per 01-01-2024: Het saldo van de grondexploitatie op de startdatum volgens de boekhouding')).toBeVisible();
  await field.fill('500.000');
  await field.press('Enter');
  await expect(field).toHaveValue('500.000,00');
  // 500.000 more to recover, with BBV interest at 2 % over four years
  await expect(page.getByTestId('strip-ew')).toHaveText(formatMoney(-106_120.80 - 500_000 * 1.02 ** 4));
  await field.fill('veel');
  await field.press('Enter');
  await expect(page.getByText('Voer een getal in.')).toBeVisible();
  await field.fill('');
  await field.press('Enter');
  await expect(page.getByTestId('strip-ew')).toHaveText('€ -106.120,80');
});
