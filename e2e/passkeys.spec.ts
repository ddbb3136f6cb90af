import { expect, type Page, test } from '@playwright/test';
import { confirmAge, mailLink, SCREENSHOTS, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Sunny-Meadow-4711';
type Lang = 'en' | 'de';

/** The settings' passkeys card and the sign-in dialog's passkey button, at both widths (for people to look at). */
async function shootPasskeys(page: Page, origin: string, lang: Lang, signedIn: boolean) {
  if (!SCREENSHOTS) return;
  for (const [kind, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    if (signedIn) {
      await page.goto(`${origin}/users/profile/settings`);
      const card = page.getByRole('region', { name: text(lang, 'passkeys.title') });
      await expect(card.getByRole('list', { name: text(lang, 'passkeys.list_label') })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `e2e/screenshots/passkeys-settings-${kind}-${lang}.png` });
    } else {
      await page.goto(`${origin}/#sign-in`);
      const dialog = page.getByRole('dialog', { name: text(lang, 'users.signup2.title') });
      await dialog.getByRole('tab', { name: text(lang, 'users.signup2.tabs.login') }).click();
      await expect(dialog.getByRole('button', { name: text(lang, 'passkeys.sign_in') })).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/passkeys-sign-in-${kind}-${lang}.png` });
    }
  }
  await page.setViewportSize(WIDTHS.desktop);
}

test('a member adds a passkey, signs in with it instead of her password, and deletes it with her password', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Browsers refuse passkeys on a bare address: the site is opened by its loopback name.
  const origin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  expect(origin).toMatch(/^http:\/\/localhost:\d+$/);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

  // A new member over the API, activated (and signed in) by the mailed link in this browser.
  const email = uniqueEmail('passkey');
  await request.get('/api/auth/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await request.post('/api/register', {
    data: { email, password: PASSWORD, terms_check: true },
    headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' },
  });
  expect(created.status()).toBe(201);
  await page.goto(`${origin}/`);
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  await page.goto(`${origin}${await mailLink(request, email, '/users/activate')}`);
  await expect(page.getByText(text('en', 'users.activate.done'))).toBeVisible();

  // Settings: a passkey named "Laptop", made by the browser's (virtual) authenticator.
  await page.goto(`${origin}/users/profile/settings`);
  const card = page.getByRole('region', { name: text('en', 'passkeys.title') });
  await expect(card.getByText(text('en', 'passkeys.empty'))).toBeVisible();
  await card.getByLabel(text('en', 'passkeys.name_label')).fill('Laptop');
  await card.getByRole('button', { name: text('en', 'passkeys.add') }).click();
  const list = card.getByRole('list', { name: text('en', 'passkeys.list_label') });
  await expect(list.getByText('Laptop')).toBeVisible();
  await expect(list.getByText(text('en', 'passkeys.never_used'), { exact: false })).toBeVisible();
  // A discoverable credential for this site's name, held by the authenticator.
  expect(await credentials()).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);
  await shootPasskeys(page, origin, 'en', true);

  // Signed out: the login dialog's passkey button signs her in, no e-mail or password typed.
  await page.goto(`${origin}/logout`);
  await expect(page.getByRole('link', { name: text('en', 'navbar.login') }).first()).toBeVisible();
  await shootPasskeys(page, origin, 'en', false);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: text('en', 'passkeys.sign_in') }).click();
  await expect(page.getByRole('link', { name: text('en', 'navbar.login') })).toHaveCount(0);
  // The server counted the signature: the authenticator's counter went up, the list shows the use.
  expect((await credentials())[0]?.signCount).toBeGreaterThan(0);
  await page.goto(`${origin}/users/profile/settings`);
  await expect(list.getByText(text('en', 'passkeys.last_used', { date: '' }).trim(), { exact: false })).toBeVisible();

  // German: the same card and dialog in the member's other language.
  await page.getByRole('combobox', { name: text('en', 'profile.settings.language') }).click();
  await page.getByRole('option', { name: text('en', 'profile.settings.languages.de') }).click();
  await expect(page.getByRole('heading', { name: text('de', 'profile.title') })).toBeVisible();
  await shootPasskeys(page, origin, 'de', true);

  // Deleting asks for her password; a wrong one is refused and the passkey stays.
  await page.goto(`${origin}/users/profile/settings`);
  const karte = page.getByRole('region', { name: text('de', 'passkeys.title') });
  await karte.getByRole('button', { name: text('de', 'passkeys.delete_named', { name: 'Laptop' }) }).click();
  const confirm = page.getByRole('dialog', { name: text('de', 'passkeys.delete_title') });
  await confirm.getByLabel(text('de', 'passkeys.delete_password')).fill('not-her-password');
  await confirm.getByRole('button', { name: text('de', 'passkeys.delete') }).click();
  await expect(confirm.getByText(text('de', 'errors.validations.password_wrong'))).toBeVisible();
  await confirm.getByLabel(text('de', 'passkeys.delete_password')).fill(PASSWORD);
  await confirm.getByRole('button', { name: text('de', 'passkeys.delete') }).click();
  await expect(confirm).toBeHidden();
  await expect(karte.getByText(text('de', 'passkeys.empty'))).toBeVisible();

  // Signed out again, the authenticator's passkey no longer signs her in: the server forgot it.
  await page.goto(`${origin}/logout`);
  await shootPasskeys(page, origin, 'de', false);
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: text('de', 'passkeys.sign_in') }).click();
  await expect(page.getByText(text('de', 'passkeys.errors.refused'))).toBeVisible();
  await expect(page.getByRole('link', { name: text('de', 'navbar.login') }).first()).toBeVisible();
});
