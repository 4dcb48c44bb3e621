import { expect, test, ADMIN, signIn } from './helpers.ts';
import { openConfiguration, rand } from './adminSteps.ts';
import { call, createModel, example, paste, token } from './workbenchSteps.ts';

// Issue 23, item 2: 'Parameters doorvoeren' shows per chosen model what changes (dates included, EW and
// NCW before → after) and asks first; then tells per model what happened, a refused model once with
// its reason, one toast, and the audit log names only the model that changed.

type Stored = { data_version: number; base_parameters: { phasing_calculation_start_date: string } };

test('global parameters: a preview per model, a confirmation, then the result per model with one toast', async ({ page, request }) => {
  const id = rand();
  const applied = `Aangepast ${id}`;
  const refused = `Geweigerd ${id}`;
  // The worked example runs 2024–2027; the refused model runs to 2028, with its phase 'Uitgifte' into 2028.
  const longer = structuredClone(example) as { base_parameters: Record<string, unknown> & { phasing_costs_revenues: { phase_name: string; phase_end_date: string }[] } };
  longer.base_parameters.phasing_calculation_end_date = '2028-12-31';
  longer.base_parameters.phasing_costs_revenues.find((p) => p.phase_name === 'Uitgifte')!.phase_end_date = '2028-06-30';
  const appliedId = await createModel(request, `Parameters ${id} A`, example, applied);
  const refusedId = await createModel(request, `Parameters ${id} B`, longer, refused);

  await signIn(page, ADMIN);
  await openConfiguration(page, 'Parameters');
  const date = async (menuItem: string, value: string) => {
    await page.getByRole('menuitem', { name: menuItem }).click();
    await page.getByRole('textbox', { name: menuItem }).fill(value);
  };
  await date('Startdatum berekening', '01-01-2023');
  await date('NCW-datum', '01-01-2024');
  await date('Prijspeildatum', '01-01-2024');
  await date('Einddatum berekening', '31-12-2027');
  await page.getByRole('menuitem', { name: 'Rentepercentage negatief saldo' }).click();
  await page.getByLabel('Rentepercentage negatief saldo Uitgangspunt').fill('3');
  await page.getByRole('button', { name: 'Volgende' }).click();
  for (const [project, model] of [[`Parameters ${id} A`, applied], [`Parameters ${id} B`, refused]]) {
    await page.getByRole('region', { name: 'Projecten kiezen' }).getByRole('button', { name: project }).click();
    await page.getByRole('region', { name: 'Rekenmodellen kiezen' }).getByLabel(`Rekenmodel ${model}`).check({ force: true });
  }
  await expect(page.getByText('2 rekenmodellen geselecteerd.')).toBeVisible();
  await page.getByRole('button', { name: 'Parameters doorvoeren' }).click();

  // The preview: nothing is written yet.
  const dialog = page.getByRole('dialog', { name: 'Parameters doorvoeren' });
  const a = dialog.getByRole('region', { name: `Rekenmodel ${applied}` });
  await expect(a.getByText('Wordt aangepast')).toBeVisible();
  const changes = a.getByRole('table', { name: `Wijzigingen ${applied}` });
  await expect(changes.getByRole('row', { name: 'Startdatum berekening 01-01-2024 01-01-2023' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Rentepercentage negatief saldo Uitgangspunt 2,00 % 3,00 %' })).toBeVisible();
  await expect(changes.getByRole('row', { name: 'Rentepercentage negatief saldo 2023 t/m 2027 2,00 % 3,00 %' })).toBeVisible();
  await expect(changes.getByRole('row')).toHaveCount(4); // the header and the three changes: the dates and rates it has are not listed
  const ew = a.getByRole('table', { name: `Resultaat ${applied}` }).getByRole('row', { name: /^Eindwaarde \(EW\)/ });
  await expect(ew.getByRole('cell').nth(1)).toHaveText('€ -106.120,80');
  await expect(ew.getByRole('cell').nth(2)).not.toHaveText('€ -106.120,80');
  await expect(ew.getByRole('cell').nth(2)).toHaveText(/^€ -\d{3}\.\d{3},\d{2}$/);
  const reason = "Fase 'Uitgifte' eindigt op 30-06-2028, na de einddatum van de berekening (31-12-2027). Pas de einddatum van de berekening of van de fase aan.";
  const b = dialog.getByRole('region', { name: `Rekenmodel ${refused}` });
  await expect(b.getByText('Wordt niet aangepast', { exact: true })).toBeVisible();
  await expect(b.getByText(reason)).toHaveCount(1);
  const tok = await token(request);
  const stored = (modelId: number) => call<Stored>(request, tok, 'GET', `/api/grexonline/model/${modelId}/`);
  expect((await stored(appliedId)).base_parameters.phasing_calculation_start_date).toBe('2024-01-01');

  // The apply: the result per model, one toast that says not all were applied, no success toast.
  await dialog.getByRole('button', { name: 'Doorvoeren' }).click();
  await expect(a.getByText('Doorgevoerd')).toBeVisible();
  await expect(b.getByText('Niet aangepast', { exact: true })).toBeVisible();
  await expect(b.getByText(reason)).toHaveCount(1);
  const toasts = page.locator('.gs-toasts');
  await expect(toasts.getByText('1 van de 2 rekenmodellen is niet aangepast; de reden staat bij het rekenmodel.')).toHaveCount(1);
  await expect(toasts.getByText('Parameters succesvol opgeslagen.')).toHaveCount(0);
  await expect(toasts.getByText('Selecteer minstens één rekenmodel')).toHaveCount(0);
  expect((await stored(appliedId)).base_parameters.phasing_calculation_start_date).toBe('2023-01-01');
  const untouched = await stored(refusedId);
  expect(untouched.base_parameters.phasing_calculation_start_date).toBe('2024-01-01');

  // The audit log names only the model that changed.
  const { log_rows: rows } = await call<{ log_rows: { description: string }[] }>(request, tok, 'GET', '/api/manager/log/');
  const ours = rows.map((r) => r.description).filter((d) => d.startsWith('Globale parameters') && d.includes(id));
  expect(ours).toEqual([expect.stringMatching(new RegExp(`^Globale parameters doorgevoerd: .*; in 1 rekenmodel\\(len\\): '${applied}' \\(versie `))]);
  await dialog.getByRole('button', { name: 'Sluiten', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});

// Issue 25, item 7: dates as everywhere (DD-MM-JJJJ, the workbench's parser and message) and the periods as a
// grid that takes a row of Dutch numbers pasted from Excel; what is pasted reaches the model.
test('global parameters: dates as DD-MM-JJJJ, a row pasted from Excel fills consecutive periods and is stored', async ({ page, request }) => {
  const id = rand();
  const modelName = `Geplakt ${id}`;
  const modelId = await createModel(request, `Parameters ${id} P`, example, modelName);
  await signIn(page, ADMIN);
  await openConfiguration(page, 'Parameters');
  const date = async (menuItem: string, shown: string, value: string) => {
    await page.getByRole('menuitem', { name: menuItem }).click();
    const field = page.getByRole('textbox', { name: menuItem });
    await expect(field).toHaveValue(shown);
    await field.fill(value);
  };
  await date('Startdatum berekening', '01-01-2020', '31-02-2024');
  const start = page.getByRole('region', { name: 'Startdatum berekening' });
  await expect(start.getByText('Ongeldige datum (dd-mm-jjjj)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Startdatum berekening' }).fill('1-1-2024');
  await expect(start.getByText('Ongeldige datum (dd-mm-jjjj)')).toHaveCount(0);
  await date('NCW-datum', '01-01-2025', '01-01-2024');
  await date('Prijspeildatum', '01-01-2025', '01-01-2024');
  await date('Einddatum berekening', '31-12-2030', '31-12-2027');

  await page.getByRole('menuitem', { name: 'Kostenstijging' }).click();
  const grid = page.getByRole('table', { name: 'Kostenstijging per periode' });
  await expect(grid.getByRole('columnheader', { name: '2024', exact: true })).toBeVisible(); // years as columns from the start date
  await grid.getByLabel('Kostenstijging periode 1', { exact: true }).focus();
  await paste(page, '2,5\t3\t3,25');
  await expect(grid.getByLabel('Kostenstijging periode 1', { exact: true })).toHaveValue('2,5');
  await expect(grid.getByLabel('Kostenstijging periode 2', { exact: true })).toHaveValue('3');
  await expect(grid.getByLabel('Kostenstijging periode 3', { exact: true })).toHaveValue('3,25');
  await expect(grid.getByLabel('Kostenstijging periode 4', { exact: true })).toHaveValue('2');
  await expect(grid.getByRole('cell', { name: '3,25 %', exact: true })).toBeVisible(); // read as percentages, as in the workbench

  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('region', { name: 'Projecten kiezen' }).getByRole('button', { name: `Parameters ${id} P` }).click();
  await page.getByRole('region', { name: 'Rekenmodellen kiezen' }).getByLabel(`Rekenmodel ${modelName}`).check({ force: true });
  await page.getByRole('button', { name: 'Parameters doorvoeren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Parameters doorvoeren' });
  const changes = dialog.getByRole('table', { name: `Wijzigingen ${modelName}` });
  await expect(changes.getByRole('row', { name: 'Kostenstijging 2024 2,00 % 2,50 %' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Doorvoeren' }).click();
  await expect(dialog.getByText('Doorgevoerd')).toBeVisible();

  // Stored in the model: read back from the server, as a reload of the model shows it.
  const tok = await token(request);
  const stored = await call<{ base_parameters: { parameter_sets: { set_name: string; set_values: { period_label: string; period_value: number }[] }[] } }>(
    request, tok, 'GET', `/api/grexonline/model/${modelId}/`);
  const values = stored.base_parameters.parameter_sets.find((s) => s.set_name === 'Kostenstijging')!.set_values;
  const at = (label: string) => values.find((v) => v.period_label === label)?.period_value;
  expect([at('2024'), at('2025'), at('2026')].map((v) => Math.round(v! * 100) / 100)).toEqual([2.5, 3, 3.25]); // the model's notation: 2 is 2 %
  expect(at('2027') ?? 2).toBe(2);
});
