import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { demoLogin } from './helpers.ts';
import { openXlsx, readSheetCells } from '../src/formulas/xlsxPackage.ts';

/** A name nobody else uses in this run (tests run in parallel on one database). */
export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

export const column = (page: Page, name: 'Projecten' | 'Versies' | 'Rekenmodellen') => page.getByRole('region', { name, exact: true });
export const row = (page: Page, col: 'Projecten' | 'Versies' | 'Rekenmodellen', name: string) =>
  column(page, col).getByRole('listitem', { name, exact: true });

/** Opens a row's sub-menu and clicks one of its items. */
export async function subMenu(page: Page, col: 'Projecten' | 'Versies' | 'Rekenmodellen', name: string, item: string) {
  await row(page, col, name).getByRole('button', { name: 'Submenu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.gs-toasts').getByText(text, { exact: true }).first()).toBeVisible();
}

/** New project through the form; the reader gets VWR from the subregion prefill. Ends on Projects with it selected. */
export async function createProject(page: Page, name: string, opts: { number?: string; type?: string; subregion?: string } = {}) {
  await column(page, 'Projecten').getByRole('button', { name: 'Project toevoegen' }).click();
  const form = page.getByRole('region', { name: 'Nieuw project' });
  await form.getByLabel('Projectnaam').fill(name);
  if (opts.number) await form.getByLabel('Projectnummer').fill(opts.number);
  await form.getByLabel('Projecttype').selectOption({ label: opts.type ?? 'Woningbouw' });
  await form.getByLabel('Deelgebied').selectOption({ label: opts.subregion ?? 'Centrum' });
  await expect(form.getByLabel('Rechten Lotte Lezer')).toHaveValue('VWR');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(row(page, 'Projecten', name)).toHaveAttribute('aria-current', 'true');
}

export async function createVersion(page: Page, name: string, phase = 'Initiatief') {
  await column(page, 'Versies').getByRole('button', { name: 'Versie toevoegen' }).click();
  const form = page.getByRole('region', { name: 'Nieuwe versie' });
  await form.getByLabel('Versienaam').fill(name);
  await form.getByLabel('Fase').selectOption({ label: phase });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(row(page, 'Versies', name)).toHaveAttribute('aria-current', 'true');
}

/** As the staff admin: an online model (no type); otherwise a spreadsheet model of the first template. */
export async function createModel(page: Page, name: string, platform: 'Online' | 'Spreadsheet' = 'Online') {
  await column(page, 'Rekenmodellen').getByRole('button', { name: 'Rekenmodel toevoegen' }).click();
  const form = page.getByRole('region', { name: 'Nieuw rekenmodel' });
  await form.getByLabel('Naam rekenmodel').fill(name);
  const platformSelect = form.getByLabel('Platform');
  if (await platformSelect.count()) await platformSelect.selectOption({ label: platform });
  if (platform === 'Spreadsheet') await form.getByLabel('Type rekenmodel').selectOption({ label: 'Grondexploitatie standaard' });
  else await expect(form.getByLabel('Type rekenmodel')).toHaveCount(0);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expectToast(page, 'Opslaan gelukt!');
  await expect(row(page, 'Rekenmodellen', name)).toBeVisible();
}

/** A bearer token for direct API calls (to prepare data quickly). */
export async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  return (await demoLogin(request, email)).access;
}

/**
 * Direct API calls as `email` under /api/manager/ (to prepare data quickly): GET and POST that fail the
 * test on a non-2xx answer, and the bearer header for other calls.
 */
export async function managerApi(request: APIRequestContext, email: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  const get = async <T>(path: string) => {
    const res = await request.get(`/api/manager/${path}`, { headers });
    expect(res.ok(), path).toBeTruthy();
    return (await res.json()) as T;
  };
  const post = async <T>(path: string, data: unknown) => {
    const res = await request.post(`/api/manager/${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  return { headers, get, post };
}

/** The named cells of a downloaded workbook (a name's first cell), by name. */
export async function namedValues(download: Download, names: string[]): Promise<Record<string, unknown>> {
  const pkg = await openXlsx(new Uint8Array(await readFile((await download.path())!)));
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const range = pkg.names.get(name.toLowerCase());
    expect(range, `defined name ${name}`).toBeDefined();
    out[name] = (await readSheetCells(pkg, range!.sheet)).get(`${range!.r1}:${range!.c1}`)?.value;
  }
  return out;
}
