import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, demoLogin } from './helpers.ts';

// Helpers of the access-and-administration tests. The demo users are shared by every test file:
// these tests change only users they create themselves.

export const rand = () => Math.random().toString(36).slice(2, 8);
const API = '/api/manager';

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.gs-toasts').getByText(text, { exact: true }).first()).toBeVisible();
}

/** Bearer token (and user id) of a sign-in through the API. */
export async function login(request: APIRequestContext, email: string, password: string): Promise<{ access: string; id: number }> {
  const res = await request.post(`${API}/user/login/`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { access: string; user: { id: number } };
  return { access: body.access, id: body.user.id };
}
export const adminLogin = (request: APIRequestContext) => demoLogin(request, ADMIN);

export async function api<T = unknown>(request: APIRequestContext, token: string, method: string, path: string, data?: unknown): Promise<T> {
  const res = await request.fetch(path.startsWith('/api/') ? path : `${API}${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A user of our own, created by the demo admin through the API. `ready`: the terms are accepted and
 * the temporary password is replaced, so the user signs in straight to Projects.
 */
export async function createUser(request: APIRequestContext, opts: { role?: string; mfaForced?: boolean; ready?: boolean } = {}): Promise<TestUser> {
  const { access } = await adminLogin(request);
  const r = rand();
  const user = { email: `e2e-${r}@voorbeeld.nl`, password: `Tijdelijk-${r}-9!`, firstName: 'Test', lastName: `Gebruiker ${r}` };
  const created = await api<{ id: number }>(request, access, 'POST', '/user/new', {
    first_name: user.firstName, last_name: user.lastName, email: user.email, password: user.password, role: opts.role ?? 'USR',
  });
  if (opts.mfaForced) await api(request, access, 'PUT', `/user/${created.id}/`, { mfa_forced: true });
  if (opts.ready) {
    const own = await login(request, user.email, user.password);
    await api(request, own.access, 'PUT', '/user/me/', { terms_conditions_accepted: true });
    const password = `Definitief-${r}-7#`;
    await api(request, own.access, 'POST', '/user/me/reset-password/', { current_password: user.password, new_password: password });
    user.password = password;
  }
  return { id: created.id, ...user };
}

/** A TOTP code of the secret, `stepsAhead` periods of 30 s from now (the server takes ±1 step and no code twice). */
export const totp = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead, period: 30 });

/** What `pattern`'s first group finds in the last mail to `email`, from the mails the e2e server writes to E2E_MAIL_FILE. */
export async function fromLastMail(email: string, pattern: RegExp, what: string): Promise<string> {
  const file = process.env.E2E_MAIL_FILE;
  if (!file) throw new Error('E2E_MAIL_FILE is niet gezet (start de tests met scripts/e2e.ts)');
  let found = '';
  await expect.poll(() => {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return '';
    }
    const mails = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; text: string });
    const mine = mails.filter((m) => m.to === email).pop();
    found = mine ? (pattern.exec(mine.text)?.[1] ?? '') : '';
    return found;
  }, { message: `${what} aan ${email}` }).not.toBe('');
  return found;
}

/** The reset code of the last reset mail to `email`. */
export const resetCodeFor = (email: string) => fromLastMail(email, /code in:\s*\n\s*(\S+)/, 'reset-mail');

/** Every invitation link mailed to `email` so far, oldest first (issue 25.1). */
export function invitationLinksTo(email: string): string[] {
  let text = '';
  try {
    text = readFileSync(process.env.E2E_MAIL_FILE ?? '', 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === email).map((m) => /(https?:\/\/\S+\/uitnodiging#\S+)/.exec(m.text)?.[1] ?? '').filter(Boolean);
}

/** The link of the last invitation mail to `email` (issue 25.1). */
export const invitationLinkFor = (email: string) => fromLastMail(email, /(https?:\/\/\S+\/uitnodiging#\S+)/, 'uitnodiging');

/** Fills the e-mail/password screen and presses Inloggen. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

export const projectsRegion = (page: Page) => page.getByRole('region', { name: 'Projecten', exact: true });

/** Opens Configuratie's submenu by a click, until `item` shows in it. */
export async function showConfigurationMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Configuratie' }).click();
  await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
}

export async function openConfiguration(page: Page, item: string) {
  await showConfigurationMenu(page, item);
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
