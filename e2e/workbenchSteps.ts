// Steps of the calculation tool's e2e specs: models made through the API (project → version → online
// model → the worked example posted to /api/grexonline/model/{id}/), the workbench opened the way the Projects
// screen opens it, and the grids read and typed into through Handsontable's own API.
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, READER, USER, demoLogin, signIn } from './helpers.ts';

export const example = JSON.parse(readFileSync(new URL('../src/formulas/examples/worked-example.model.json', import.meta.url), 'utf8')) as Record<string, unknown>;

export async function token(api: APIRequestContext, email = ADMIN): Promise<string> {
  return (await demoLogin(api, email)).access;
}

export async function call<T>(api: APIRequestContext, tok: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await api.fetch(url, { method, data, headers: { authorization: `Bearer ${tok}` } });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A project (ADM/USR/VWR for the demo users), a version and an online model holding `data` (the worked example; null: a new model's own data). */
export async function createModel(api: APIRequestContext, name: string, data: Record<string, unknown> | null = example, modelName = 'Online',
  versionName = 'Versie 1'): Promise<number> {
  const tok = await token(api);
  const users = await call<{ id: number; email: string }[]>(api, tok, 'GET', '/api/manager/user/');
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  const [sub] = await call<{ id: number }[]>(api, tok, 'GET', '/api/manager/subregion/');
  const [type] = await call<{ id: number }[]>(api, tok, 'GET', '/api/manager/type-project/');
  const project = await call<{ id: number }>(api, tok, 'POST', '/api/manager/project/', {
    name, subregion: sub!.id, type_project: type!.id,
    roles: [{ id: id(ADMIN), role: 'ADM' }, { id: id(USER), role: 'USR' }, { id: id(READER), role: 'VWR' }],
  });
  return addModel(api, project.id, versionName, modelName, data);
}

/** A new version of the project with an online model holding `data` (null: a new model's own data). */
export async function addModel(api: APIRequestContext, projectId: number, versionName: string, modelName: string,
  data: Record<string, unknown> | null): Promise<number> {
  const tok = await token(api);
  const version = await call<{ id: number }>(api, tok, 'POST', '/api/manager/version-model/', { name: versionName, project: projectId });
  const model = await call<{ id: number }>(api, tok, 'POST', '/api/manager/model/', { name: modelName, version: version.id, model_platform: 'online' });
  if (data) {
    const loaded = await call<{ data_version: number }>(api, tok, 'GET', `/api/grexonline/model/${model.id}/`);
    await call(api, tok, 'POST', `/api/grexonline/model/${model.id}/`, { ...data, data_version: loaded.data_version });
  }
  return model.id;
}

/** Opens the workbench at its address without reloading the app (as back/forward would). */
export async function openWorkbench(page: Page, modelId: number) {
  // Right after accepting the terms the screen guard may still refuse once: try again.
  await expect(async () => {
    await page.evaluate((id) => {
      history.pushState(null, '', `/rekenmodellen/${id}/uitgangspunten`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, modelId);
    await expect(page.getByTestId('workbench')).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('strip-ew')).toBeVisible({ timeout: 20_000 });
}

export type HotEl = HTMLElement & { hot: { selectCell(r: number, c: number): void; getCell(r: number, c: number, topmost?: boolean): HTMLElement | null; scrollViewportTo(o: { row: number; col: number }): void } };

/** The text a grid cell shows (through Handsontable's API: fixed columns live in an overlay). */
export function cell(page: Page, sheet: string, row: number, col: number) {
  return {
    text: () => page.evaluate(({ sheet, row, col }) => {
      const el = document.querySelector(`[data-testid="${sheet}"]`) as HotEl | null;
      if (!el?.hot) return null;
      el.hot.scrollViewportTo({ row, col });
      // topmost: a frozen column's cell from its overlay (the master's copy is not drawn while the grid is
      // scrolled); the master's where the overlay has none drawn (seen right after a row was inserted).
      return (el.hot.getCell(row, col, true) ?? el.hot.getCell(row, col))?.textContent ?? null;
    }, { sheet, row, col }),
    // Right after a tab switch the grid may not be there yet: wait until it is, then select.
    select: () => expect.poll(() => page.evaluate(({ sheet, row, col }) => {
      const el = document.querySelector(`[data-testid="${sheet}"]`) as HotEl | null;
      if (!el?.hot) return false;
      el.hot.selectCell(row, col);
      return true;
    }, { sheet, row, col }), { timeout: 20_000 }).toBe(true),
  };
}
export const expectCell = (page: Page, sheet: string, row: number, col: number, text: string) =>
  expect.poll(() => cell(page, sheet, row, col).text(), { timeout: 20_000 }).toBe(text);

export async function typeInto(page: Page, sheet: string, row: number, col: number, text: string) {
  await expect(page.getByTestId(sheet)).toBeVisible();
  await cell(page, sheet, row, col).select();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Signed in already (refresh cookie) or through the login screen. */
export async function ensureSignedIn(page: Page, email = ADMIN) {
  await page.goto('/');
  const projects = page.getByRole('region', { name: 'Projecten' });
  const login = page.getByRole('button', { name: 'Inloggen' });
  await expect(projects.or(login).first()).toBeVisible({ timeout: 20_000 });
  if (await login.isVisible()) await signIn(page, email);
}

/** A new model with the worked example, opened in the workbench by `email` signed in through the login screen. */
export async function openNewModel(page: Page, api: APIRequestContext, suffix: string, email = ADMIN, data: Record<string, unknown> | null = example): Promise<number> {
  const modelId = await createModel(api, `Werkbank ${Date.now()} ${suffix}`, data);
  await signIn(page, email);
  await ensureSignedIn(page, email);
  await openWorkbench(page, modelId);
  return modelId;
}

export const menu = (page: Page, name: string) => page.locator('.gs-wb-menu').getByRole('menuitem', { name, exact: true });
export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).first();

export async function paste(page: Page, tsv: string) {
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    const target = document.activeElement ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, tsv);
}

type Hot = {
  selectCell(r: number, c: number, r2?: number, c2?: number): void;
  getCell(r: number, c: number, topmost?: boolean): HTMLElement | null;
  scrollViewportTo(o: { row: number; col: number }): void;
  countRows(): number;
};

/** A grid (data-testid sheet-…) through Handsontable's API: fixed columns live in an overlay. */
export function grid(page: Page, sheet: string) {
  const run = <T, A>(fn: (hot: Hot, arg: A) => T, arg: A) =>
    page.evaluate(({ sheet, fn, arg }) => {
      const hot = (document.querySelector(`[data-testid="${sheet}"]`) as unknown as { hot?: Hot } | null)?.hot;
      if (!hot) return null as T; // the grid's chunk is still loading
      return new Function('hot', 'arg', `return (${fn})(hot, arg)`)(hot, arg) as T;
    }, { sheet, fn: fn.toString(), arg });
  const text = (row: number, col: number) => run((hot, [r, c]) => {
    hot.scrollViewportTo({ row: r, col: c });
    // As cell(): a frozen column's cell from its overlay while the grid is scrolled (Fasering opens at its periods).
    return (hot.getCell(r, c, true) ?? hot.getCell(r, c))?.textContent ?? null;
  }, [row, col]);
  return {
    text,
    expect: (row: number, col: number, value: string) => expect.poll(() => text(row, col)).toBe(value),
    rows: () => run((hot) => hot.countRows(), null),
    select: async (row: number, col: number, toRow = row, toCol = col) => {
      await expect(page.getByTestId(sheet)).toBeVisible();
      await expect.poll(() => run((hot) => !!hot, null)).toBe(true);
      await run((hot, [a, b, c, d]) => hot.selectCell(a, b, c, d), [row, col, toRow, toCol]);
    },
    /** A cell of the scrolling part of the grid (not the frozen first column). */
    // Columns are rendered virtually (the first rendered td is not column 0 once scrolled): find the
    // cell by its aria-colindex (1-based, after the row header).
    td: (row: number, col: number) => page.getByTestId(sheet).locator('.ht_master tbody tr').nth(row).locator(`td[aria-colindex="${col + 2}"]`),
  };
}

export const contextItem = (page: Page, name: string) => page.locator('.htContextMenu td').filter({ hasText: new RegExp(`^${name}$`) });
export const toast = (page: Page, text: string | RegExp) => page.locator('.gs-toasts').getByText(text);
