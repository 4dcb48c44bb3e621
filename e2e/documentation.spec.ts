import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, ADMIN, USER, signIn } from './helpers.ts';
import { expectToast, unique } from './projectSteps.ts';

// Documentatie (issue 13 item 6): the shipped manual opens as a PDF in a new tab, a video plays in the
// modal player with the id taken from its link, staff adds an entry, the product version at the bottom.

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

async function openDocumentation(page: Page) {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Documentatie' }).click();
  await expect(page.getByRole('region', { name: 'Handleidingen' })).toBeVisible();
}

test('a user opens the shipped manual as a PDF in a new tab and sees the version; no staff controls', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, USER);
  await openDocumentation(page);
  for (const list of ['Handleidingen', "Instructievideo's", 'Release notes']) await expect(page.getByRole('region', { name: list })).toBeVisible();
  await expect(page.getByText(`Grondslag versie ${version}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Documentatie toevoegen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /verwijderen$/ })).toHaveCount(0);

  const manual = page.getByRole('region', { name: 'Handleidingen' }).getByRole('link', { name: 'Handleiding Grondslag' });
  // The new tab's own request (a plain link with the list's cookie, no bearer token) answers the PDF.
  const answer = page.context().waitForEvent('response', (r) => /\/api\/manager\/documentation\/\d+\/$/.test(r.url()));
  const [tab] = await Promise.all([page.waitForEvent('popup'), manual.click()]);
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline;/);
  expect(res.frame().page()).toBe(tab);
  // (the tab's body is Chromium's PDF viewer; the same address with the context's cookies gives the file)
  const pdf = await page.context().request.get(res.url());
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await tab.close();

  const notes = page.getByRole('region', { name: 'Release notes' }).getByRole('link', { name: 'Release notes' });
  const notesAnswer = page.context().waitForEvent('response', (r) => /\/api\/manager\/documentation\/\d+\/$/.test(r.url()));
  await Promise.all([page.waitForEvent('popup'), notes.click()]);
  expect((await notesAnswer).headers()['content-type']).toBe('application/pdf');
});

test('staff adds a video (a bad link refused in Dutch), which plays in the modal with the id from its link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await openDocumentation(page);
  const name = unique('Een project aanmaken');
  await page.getByRole('button', { name: 'Documentatie toevoegen' }).click();
  const form = page.getByRole('dialog', { name: 'Documentatie toevoegen' });
  await form.getByLabel('Soort').selectOption('instructional_video');
  await form.getByLabel('Naam').fill(name);
  await form.getByLabel('Beschrijving').fill('In twee minuten een project met versie en rekenmodel');
  await form.getByLabel(/Link naar de video/).fill('https://example.com/video');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Voer een geldige link naar een YouTube- of Vimeo-video in', { exact: false })).toBeVisible();
  await form.getByLabel(/Link naar de video/).fill('https://youtu.be/dQw4w9WgXcQ?si=gedeeld');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form).toBeHidden();

  const videos = page.getByRole('region', { name: "Instructievideo's" });
  await expect(videos.getByText('In twee minuten een project met versie en rekenmodel')).toBeVisible();
  await expect(videos.getByRole('link', { name: 'https://youtu.be/dQw4w9WgXcQ?si=gedeeld' })).toBeVisible();
  await page.screenshot({ path: 'test-results/documentation-staff.png' });
  await videos.getByRole('link', { name }).click();
  const player = page.getByRole('dialog', { name });
  const frame = player.locator('iframe');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  // 854×480 at most (the dialog scales in, so its final size is awaited): on a 1280-wide window exactly that
  await expect.poll(async () => frame.boundingBox().then((b) => b && [Math.round(b.width), Math.round(b.height)])).toEqual([854, 480]);
  await page.screenshot({ path: 'test-results/documentation-video.png' });
  await page.keyboard.press('Escape');
  await expect(player).toBeHidden();

  // Edit it into a Vimeo video, then delete it.
  await videos.getByRole('button', { name: `${name} wijzigen` }).click();
  const edit = page.getByRole('dialog', { name: 'Documentatie wijzigen' });
  await edit.getByLabel(/Link naar de video/).fill('https://vimeo.com/76979871');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(edit).toBeHidden();
  await videos.getByRole('link', { name }).click();
  await expect(page.getByRole('dialog', { name }).locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  await page.keyboard.press('Escape');
  // A double click on the question's Verwijderen deletes once (issue 33): one DELETE, no error toast.
  const deletes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'DELETE') deletes.push(r.url()); });
  await videos.getByRole('button', { name: `${name} verwijderen` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Verwijderen' }).dblclick();
  await expectToast(page, `'${name}' verwijderd.`);
  await expect(videos.getByRole('link', { name })).toHaveCount(0);
  await expect(page.getByRole('alertdialog')).toBeHidden();
  expect(deletes).toHaveLength(1);
  await expect(page.locator('.gs-toasts .bp6-intent-danger')).toHaveCount(0);
});

test('staff uploads a manual: a file that is not a PDF is refused in Dutch, the PDF opens in a new tab', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await openDocumentation(page);
  const name = unique('Werkinstructie grondprijzen');
  await page.getByRole('button', { name: 'Documentatie toevoegen' }).click();
  const form = page.getByRole('dialog', { name: 'Documentatie toevoegen' });
  await form.getByLabel('Naam').fill(name);
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Selecteer een PDF-bestand.')).toBeVisible();
  await form.locator('#doc-file').setInputFiles({ name: 'werkinstructie.pdf', mimeType: 'application/pdf', buffer: Buffer.from('PK\x03\x04 geen pdf') });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Het bestand is geen PDF. Kies een PDF-bestand.')).toBeVisible();
  await page.screenshot({ path: 'test-results/documentation-form.png' });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  await form.locator('#doc-file').setInputFiles({ name: 'werkinstructie.pdf', mimeType: 'application/pdf', buffer: pdf });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form).toBeHidden();

  const link = page.getByRole('region', { name: 'Handleidingen' }).getByRole('link', { name });
  const answer = page.context().waitForEvent('response', (r) => /\/api\/manager\/documentation\/\d+\/$/.test(r.url()));
  await Promise.all([page.waitForEvent('popup'), link.click()]);
  const res = await answer;
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await (await page.context().request.get(res.url())).body()).equals(pdf)).toBe(true);
});
