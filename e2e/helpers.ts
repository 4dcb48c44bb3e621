import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Wachtwoord-2026!';
export const ADMIN = 'admin@grondslag.local';
export const USER = 'gebruiker@grondslag.local';
export const READER = 'lezer@grondslag.local';

/** English words a Dutch screen must not show (issue 15): checked as whole, capitalised words. */
export const ENGLISH_WORDS = ['Email', 'Item', 'Select', 'Close', 'Unknown'] as const;

/** An English word on a rendered screen: where it was read and on which screen. */
export interface EnglishWord { word: string; where: string; text: string; screen: string }

declare global {
  interface Window { __englishWords?: EnglishWord[] }
}

/**
 * Runs in every page and frame (an init script): watches what is rendered — visible text and the
 * title, aria-label and placeholder attributes — and keeps each English word found in
 * `window.__englishWords`, with the screen's breadcrumb (or dialog) as its place. Only what changed is
 * scanned, so a grid that re-renders costs little.
 */
function watchEnglishWords(words: readonly string[]) {
  const pattern = new RegExp(`\\b(${words.join('|')})\\b`);
  const ATTRIBUTES = ['title', 'aria-label', 'placeholder'];
  const found: EnglishWord[] = (window.__englishWords = []);
  const seen = new Set<string>();
  const screen = (el: Element) => {
    const dialog = el.closest('[role=dialog], [role=alertdialog], .bp6-popover, .bp6-toast');
    const crumbs = [...document.querySelectorAll('.gs-header .bp6-breadcrumbs li')].map((li) => li.textContent?.trim()).filter(Boolean).join(' › ');
    const where = crumbs || document.title || location.pathname;
    const inside = dialog?.getAttribute('aria-label') || dialog?.querySelector('h2, h3, h4')?.textContent?.trim() || (dialog ? dialog.className.split(' ')[0] : '');
    return inside ? `${where} › ${inside}` : where;
  };
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
  const record = (word: string, where: string, text: string, el: Element) => {
    const key = `${word}|${where}|${text}`;
    if (seen.has(key) || !visible(el)) return;
    seen.add(key);
    found.push({ word, where, text: text.trim().slice(0, 80), screen: screen(el) });
  };
  const scanElement = (el: Element) => {
    for (const a of ATTRIBUTES) {
      const v = el.getAttribute(a);
      const m = v && pattern.exec(v);
      if (m) record(m[1], a, v, el);
    }
  };
  const scanText = (t: Text) => {
    const m = pattern.exec(t.data);
    if (m && t.parentElement && !t.parentElement.closest('script, style')) record(m[1], 'tekst', t.data, t.parentElement);
  };
  const scan = (node: Node) => {
    if (!node.isConnected) return;
    if (node.nodeType === Node.TEXT_NODE) return scanText(node as Text);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const el = node as Element;
    scanElement(el);
    for (const child of el.querySelectorAll('[title], [aria-label], [placeholder]')) scanElement(child);
    if (!pattern.test(el.textContent ?? '')) return; // most changes hold none of the words: skip the walk
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) scanText(t as Text);
  };
  let pending = new Set<Node>();
  let timer = 0;
  const flush = () => {
    timer = 0;
    const nodes = pending;
    pending = new Set();
    for (const n of nodes) scan(n);
  };
  const queue = (n: Node) => {
    pending.add(n);
    if (!timer) timer = window.setTimeout(flush, 100);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(queue);
      else queue(r.target);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
  // Shown later without a change of its own (a class that unhides it): the last look at the end catches it.
  (window as unknown as { __scanEnglishWords: () => void }).__scanEnglishWords = () => {
    flush();
    if (document.body) scan(document.body);
  };
}

/** The English words every page and frame of the test showed. */
async function englishWordsShown(pages: Page[]): Promise<EnglishWord[]> {
  const all: EnglishWord[] = [];
  for (const page of pages) {
    for (const frame of page.frames()) {
      const words = await frame.evaluate(() => {
        (window as unknown as { __scanEnglishWords?: () => void }).__scanEnglishWords?.();
        return window.__englishWords ?? [];
      }).catch(() => [] as EnglishWord[]);
      all.push(...words);
    }
  }
  return all;
}

/**
 * Playwright's `test` with one automatic check: after each test, no English UI word (ENGLISH_WORDS)
 * was shown on any screen the test passed through. Every spec imports `test` from here.
 */
export const test = base.extend<{ dutchScreens: void }>({
  dutchScreens: [async ({ context }, use) => {
    await context.addInitScript(watchEnglishWords, ENGLISH_WORDS);
    await use();
    const found = await englishWordsShown(context.pages());
    const lines = [...new Set(found.map((f) => `'${f.word}' (${f.where}: "${f.text}") op scherm '${f.screen}'`))];
    expect(lines, 'Engelse woorden op een Nederlands scherm').toEqual([]);
  }, { auto: true }],
});

/** Signs in through the real login screen and accepts the terms when they are asked. */
export async function signIn(page: Page, email = ADMIN, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const terms = page.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
  const projects = page.getByRole('region', { name: 'Projecten' });
  await expect(terms.or(projects).first()).toBeVisible();
  if (await terms.isVisible()) {
    await terms.getByRole('button', { name: 'Accepteren' }).click();
    await expect(terms).toBeHidden();
  }
  await expect(projects).toBeVisible();
}

/**
 * A demo user signed in through the API, to prepare data quickly. The demo users start with the terms
 * not accepted, and the server holds them there (issue 33.2): they accept them, as in the window.
 */
export async function demoLogin(request: APIRequestContext, email = ADMIN): Promise<{ access: string; id: number }> {
  const res = await request.post('/api/manager/user/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const { access, user } = (await res.json()) as { access: string; user: { id: number; work_gate: string | null } };
  if (user.work_gate === 'terms_not_accepted') {
    const accepted = await request.put('/api/manager/user/me/', { data: { terms_conditions_accepted: true }, headers: { authorization: `Bearer ${access}` } });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
  return { access, id: user.id };
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeVisible();
}
