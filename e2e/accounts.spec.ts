import type { Page } from '@playwright/test';
import { expect, test, signIn, signOut, ADMIN } from './helpers.ts';
import { INVITE_NO_MAIL_SERVER, INVITE_NOT_SENT_NEW_USER } from '../src/api/contract/messages.ts';
import { adminLogin, api, createUser, expectToast, login, invitationLinkFor, invitationLinksTo, projectsRegion, rand, submitLogin, totp } from './adminSteps.ts';

// Issue 25 items 1–3 in the browser: the invitation mail's link, recovery codes, MFA for the super-admin.

/** Opens a mail's link on the test server (the mail names PUBLIC_URL, the tests may reach it by another host name). */
const openLink = (page: Page, link: string) => {
  const url = new URL(link);
  return page.goto(`${url.pathname}${url.hash}`);
};

test('without a mail server the administrator gets the invitation link; the invited user follows it, chooses a password and is signed in; a new invitation ends the old link', async ({ page, browser, request }) => {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Gebruikers' }).click();
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  const data = page.getByRole('region', { name: 'Gegevens' });
  const r = rand();
  const email = `uitnodiging-${r}@voorbeeld.nl`;
  await data.getByLabel('Voornaam').fill('Ilse');
  await data.getByLabel('Achternaam').fill(`Uitgenodigd ${r}`);
  await data.getByLabel('E-mailadres').fill(email);
  // An invitation is the default: no password to invent.
  await expect(data.getByLabel('Met een uitnodiging per e-mail (de gebruiker kiest zelf een wachtwoord)')).toBeChecked();
  await expect(data.getByLabel(/^Tijdelijk wachtwoord/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  // The e2e server has no mail server (issue 35.9): the screen says so and shows the link, with a copy button.
  await expectToast(page, `Gebruiker Ilse Uitgenodigd ${r} is aangemaakt. Er is geen mailserver ingesteld: geef de uitnodigingslink zelf door.`);
  const shown = page.getByRole('region', { name: 'Uitnodigingslink' });
  await expect(shown).toContainText(`Er is geen mailserver ingesteld. Geef deze link zelf door aan ${email}; hij werkt één keer.`);
  await expect(shown.getByRole('button', { name: 'Kopieer link' })).toBeVisible();
  const first = await shown.getByRole('textbox', { name: 'Uitnodigingslink' }).inputValue();
  expect(first).toBe(await invitationLinkFor(email));

  // 'Opnieuw uitnodigen' hands a fresh link; the first one no longer works.
  await page.getByRole('button', { name: 'Naar de gebruiker' }).click();
  await page.getByRole('button', { name: 'Opnieuw uitnodigen' }).click();
  await expectToast(page, INVITE_NO_MAIL_SERVER);
  const second = await shown.getByRole('textbox', { name: 'Uitnodigingslink' }).inputValue();
  expect(second).toMatch(/\/uitnodiging#/);
  expect(second).not.toBe(first);
  // The same links as the development mailer wrote to the server log.
  expect(invitationLinksTo(email)).toEqual([first, second]);

  const invited = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await openLink(invited, first);
  await expect(invited.getByText('Deze uitnodiging is ongeldig of verlopen. Vraag uw beheerder om een nieuwe uitnodiging.')).toBeVisible();

  await openLink(invited, second);
  const form = invited.getByRole('form', { name: 'Wachtwoord kiezen' });
  await expect(form).toContainText(`Kies een wachtwoord voor uw account ${email}.`);
  await expect(invited).toHaveURL(/\/$/); // the token left the address bar
  const password = `Zelf-Gekozen-${r}-8!`;
  await form.getByLabel(/^Wachtwoord/).fill(password);
  await form.getByLabel(/^Herhaal wachtwoord/).fill(password);
  await form.getByRole('button', { name: 'Wachtwoord instellen en inloggen' }).click();
  // Signed in: the terms first (as for any new user), no temporary-password step.
  const terms = invited.getByRole('dialog', { name: 'Gebruiksvoorwaarden' });
  await terms.getByRole('button', { name: 'Accepteren' }).click();
  await expect(projectsRegion(invited)).toBeVisible();
  await expect(invited.getByText('U bent ingelogd met een tijdelijk wachtwoord')).toHaveCount(0);

  // The link works once; the chosen password signs in.
  await openLink(invited, second);
  await expect(invited.getByText('Deze uitnodiging is ongeldig of verlopen. Vraag uw beheerder om een nieuwe uitnodiging.')).toBeVisible();
  // (this browser is still signed in; the chosen password is checked through the API)
  await login(request, email, password);
});

test('an invitation that cannot be sent: the user is created, the choices are granted, and the user opens with the message and Opnieuw uitnodigen', async ({ page, request }) => {
  // The e2e server's mail cannot fail, so the answer of a mail server that is down is played: the user it
  // names exists (made through the API), and the screen's follow-up calls go to the real server.
  const user = await createUser(request);
  const { access } = await adminLogin(request);
  const wire = await api<Record<string, unknown>>(request, access, 'GET', `/user/${user.id}/`);
  await page.route('**/api/manager/user/new', (route) => route.fulfill({
    status: 502, contentType: 'application/json', body: JSON.stringify({ message: INVITE_NOT_SENT_NEW_USER, errors: [], user: wire }),
  }));
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Gebruikers' }).click();
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  const data = page.getByRole('region', { name: 'Gegevens' });
  await data.getByLabel('Voornaam').fill(user.firstName);
  await data.getByLabel('Achternaam').fill(user.lastName);
  await data.getByLabel('E-mailadres').fill(user.email);
  const subregion = page.getByRole('region', { name: 'Deelgebieden' }).getByRole('checkbox').first();
  await subregion.check({ force: true }); // Blueprint's indicator covers the input
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await expectToast(page, INVITE_NOT_SENT_NEW_USER);
  await expect(page).toHaveURL(new RegExp(`/gebruikers/${user.id}$`));
  await expect(page.getByRole('button', { name: 'Opnieuw uitnodigen' })).toBeVisible();
  const granted = await api<{ access: boolean }[]>(request, access, 'GET', `/user/${user.id}/subregion/`);
  expect(granted.filter((r) => r.access)).toHaveLength(1);
});

test('setting up MFA shows ten recovery codes once; one signs in instead of the app code, and only once', async ({ page, request }) => {
  const user = await createUser(request, { ready: true });
  await submitLogin(page, user.email, user.password);
  await expect(projectsRegion(page)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Gebruiker', exact: true }).click();
  await page.getByRole('region', { name: 'Multi-Factor Authenticatie' }).getByRole('button', { name: 'Instellen' }).click();
  const setup = page.getByRole('region', { name: 'Multi-Factor Authenticatie instellen' });
  const key = (await setup.getByLabel('Sleutel voor handmatige invoer').textContent())!.trim();
  await setup.getByLabel('Code', { exact: true }).fill(await totp(key));
  const list = setup.getByRole('list', { name: 'Lijst herstelcodes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const code = (await list.getByRole('listitem').first().textContent())!.trim();
  expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await setup.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(projectsRegion(page)).toBeVisible();
  await signOut(page);

  const signInWithRecovery = async () => {
    await submitLogin(page, user.email, user.password);
    await page.getByRole('button', { name: 'Telefoon kwijt? Herstelcode gebruiken' }).click();
    await page.getByRole('textbox', { name: 'Herstelcode' }).fill(code);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  };
  await signInWithRecovery();
  await expect(projectsRegion(page)).toBeVisible();
  await signOut(page);
  await signInWithRecovery();
  await expectToast(page, 'Ongeldige code!');
});

test('the super-admin has the MFA settings: Instellen shows the QR code and key', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Gebruiker', exact: true }).click();
  await expect(page.getByText('Als super-beheerder kunt u uw profiel hier niet wijzigen.')).toBeVisible();
  const mfa = page.getByRole('region', { name: 'Multi-Factor Authenticatie' });
  await expect(mfa.getByLabel('MFA-status')).toHaveText('Uitgeschakeld');
  await mfa.getByRole('button', { name: 'Instellen' }).click();
  const setup = page.getByRole('region', { name: 'Multi-Factor Authenticatie instellen' });
  await expect(setup.getByLabel('Sleutel voor handmatige invoer')).toHaveText(/^[A-Z2-7]{16,}$/);
  // The demo super-admin is shared by every test file: the setup is not completed here (the API test
  // server/routes/accounts.test.ts completes it for staff and signs in with a code).
  await setup.getByRole('button', { name: 'Annuleren' }).click();
  await expect(mfa.getByLabel('MFA-status')).toHaveText('Uitgeschakeld');
});

test('a re-invited user with MFA on chooses a password and is then asked the MFA code, as at sign-in (issue 33.4)', async ({ browser, request, baseURL }) => {
  const user = await createUser(request, { ready: true });
  const own = await login(request, user.email, user.password);
  const { base32 } = await api<{ base32: string }>(request, own.access, 'POST', '/user/mfa/setup/');
  await api(request, own.access, 'POST', '/user/mfa/verify/', { user_email: user.email, mfa_code: await totp(base32) });
  const { access } = await adminLogin(request);
  await api(request, access, 'POST', `/user/${user.id}/invite/`);

  const invited = await (await browser.newContext({ baseURL })).newPage();
  await openLink(invited, await invitationLinkFor(user.email));
  const form = invited.getByRole('form', { name: 'Wachtwoord kiezen' });
  const password = `Opnieuw-Gekozen-${rand()}-8!`;
  await form.getByLabel(/^Wachtwoord/).fill(password);
  await form.getByLabel(/^Herhaal wachtwoord/).fill(password);
  await form.getByRole('button', { name: 'Wachtwoord instellen en inloggen' }).click();
  // Not signed in by the link alone: the MFA step first.
  const code = invited.getByRole('textbox', { name: 'MFA-code' });
  await expect(code).toBeVisible();
  await expect(projectsRegion(invited)).toHaveCount(0);
  await code.fill(await totp(base32, 1)); // the next time step: the one of the setup is used up
  await expect(projectsRegion(invited)).toBeVisible();
});
