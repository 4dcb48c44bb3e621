import { expect, test, ADMIN, signIn, signOut } from './helpers.ts';
import { createUser, openConfiguration, submitLogin } from './adminSteps.ts';
import { VIEWER_ADDRESS_INTERNAL } from '../src/api/contract/messages.ts';

// Configuratie → Klantgebied, card Kaartviewer (issue 14 item 5): staff sees which viewer the client's
// map frames use and registers an external one. Only invalid input here: a registered external viewer
// would switch the frames of the map tests that run at the same time (the API tests register, replace
// and remove one: server/routes/oauth.test.ts).

test('staff sees the built-in viewer and is refused an invalid registration in Dutch; an administrator sees no card', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await openConfiguration(page, 'Klantgebied');
  const card = page.getByRole('region', { name: 'Kaartviewer' });
  await expect(card).toContainText('Ingebouwd');
  await expect(card).toContainText('De kaarten van deze klant tonen de ingebouwde kaartviewer.');
  await card.getByLabel('Naam').fill('Kaartviewer');
  await card.getByLabel('Basisadres van de kaartviewer').fill('http://kaart.example.nl/');
  await card.getByLabel('Redirect-URI').fill('https://kaart.example.nl/cb');
  await card.getByRole('button', { name: 'Externe kaartviewer instellen' }).click();
  await expect(card).toContainText('Voer als basisadres een geldig https-adres in (zonder gebruikersnaam of #).');
  await expect(card.getByLabel('Basisadres van de kaartviewer')).toHaveValue('http://kaart.example.nl/');
  // An internal address (the cloud's metadata service) is refused on the field (issue 22 item 5).
  await card.getByLabel('Basisadres van de kaartviewer').fill('https://169.254.169.254/');
  await card.getByRole('button', { name: 'Externe kaartviewer instellen' }).click();
  await expect(card).toContainText(VIEWER_ADDRESS_INTERNAL);
  await expect(card.getByLabel('Basisadres van de kaartviewer')).toHaveValue('https://169.254.169.254/');
  await expect(card).toContainText('Ingebouwd');
  await expect(card.getByTestId('client-secret')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('kaartviewer.png'), fullPage: true });
  await signOut(page);

  const admin = await createUser(request, { role: 'ADM', ready: true });
  await submitLogin(page, admin.email, admin.password);
  await openConfiguration(page, 'Klantgebied');
  await expect(page.getByRole('region', { name: 'Klantgebied', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kaartviewer' })).toHaveCount(0);
});
