import { expect, test, signIn } from './helpers.ts';
import { expectToast, openConfiguration, rand } from './adminSteps.ts';

// Issue 25 items 4 and 5: Configuratie opens by click and keyboard; a reference list keeps an edit on Tab or blur.

const configuration = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('menuitem', { name: 'Configuratie' });

test('Configuratie opens by a click, and by Enter, Space or ArrowDown on the focused menu button', async ({ page }) => {
  await signIn(page);
  const submenu = page.getByRole('menu', { name: 'Configuratie' });
  await configuration(page).click();
  await expect(submenu.getByRole('menuitem', { name: 'Deelgebieden' })).toBeVisible();
  await submenu.getByRole('menuitem', { name: 'Deelgebieden' }).click();
  await expect(page.getByRole('region', { name: 'Deelgebieden' })).toBeVisible();
  await expect(submenu).toHaveCount(0);

  for (const key of ['Enter', ' ', 'ArrowDown']) {
    await page.mouse.move(900, 700); // the pointer away from the menu: only the key can open it
    await configuration(page).focus();
    await expect(submenu).toHaveCount(0);
    await page.keyboard.press(key === ' ' ? 'Space' : key);
    await expect(submenu.getByRole('menuitem', { name: 'Klantgebied' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toHaveCount(0);
  }
  // Keyboard all the way: open, walk to Projecttypen, Enter.
  await configuration(page).focus();
  await page.keyboard.press('Enter');
  await expect(submenu.getByRole('menuitem', { name: 'Klantgebied' })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
  await expect(submenu.getByRole('menuitem', { name: 'Projecttypen' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Projecttypen' })).toBeVisible();
});

test('a reference list saves an edit on Tab and on a click elsewhere, refuses a bad or taken name there, and Esc cancels', async ({ page }) => {
  await signIn(page);
  await openConfiguration(page, 'Deelgebieden');
  const list = page.getByRole('region', { name: 'Deelgebieden' });
  const [a, b] = [`Deelgebied ${rand()}`, `Deelgebied ${rand()}`];
  for (const name of [a, b]) {
    await list.getByLabel('Nieuw deelgebied').fill(name);
    await list.getByRole('button', { name: 'Deelgebied toevoegen' }).click();
    await expectToast(page, 'Deelgebied succesvol toegevoegd.');
    await expect(list.getByLabel(`Naam ${name}`)).toBeVisible();
  }

  // Tab saves once, as Enter does.
  await list.getByLabel(`Naam ${a}`).fill(`${a} Tab`);
  await page.keyboard.press('Tab');
  await expectToast(page, 'Deelgebied succesvol aangepast.');
  await expect(list.getByLabel(`Naam ${a} Tab`)).toHaveValue(`${a} Tab`);

  // A click elsewhere saves too.
  await list.getByLabel(`Naam ${a} Tab`).fill(`${a} Klik`);
  await list.getByRole('heading', { name: 'Deelgebieden' }).click();
  await expectToast(page, 'Deelgebied succesvol aangepast.');
  await expect(list.getByLabel(`Naam ${a} Klik`)).toBeVisible();

  // Validation on Tab: a forbidden character is refused and the edit stays on screen.
  await list.getByLabel(`Naam ${a} Klik`).fill('Noord <1>');
  await page.keyboard.press('Tab');
  await expectToast(page, 'De naam mag de tekens < > : " / ? * | niet bevatten.');
  await expect(list.getByLabel(`Naam ${a} Klik`)).toHaveValue('Noord <1>');

  // Esc cancels the edit: the stored name is back, nothing saved.
  await list.getByLabel(`Naam ${a} Klik`).focus();
  await page.keyboard.press('Escape');
  await expect(list.getByLabel(`Naam ${a} Klik`)).toHaveValue(`${a} Klik`);

  // A taken name (409) on blur: the message, the field marked, the edit kept.
  await list.getByLabel(`Naam ${a} Klik`).fill(b);
  await list.getByRole('heading', { name: 'Deelgebieden' }).click();
  await expectToast(page, 'Er bestaat al een deelgebied met deze naam.');
  await expect(list.getByLabel(`Naam ${a} Klik`)).toHaveValue(b);
  await expect(list.getByLabel(`Naam ${a} Klik`)).toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(list.getByLabel(`Naam ${a} Klik`)).toHaveValue(`${a} Klik`);
  await expect(list.getByLabel(`Naam ${b}`)).toHaveValue(b);
});
