import { expect, type Locator, type Page, test } from '@playwright/test';
import { base32Decode, totpCode, totpStep } from '#server/features/auth/totp.ts';
import { confirmAge, field, mailLink, SCREENSHOTS, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Sunny-Meadow-4711';
type Lang = 'en' | 'de';
const DIR = 'e2e/screenshots';
const OVERLAYS = 'header.MuiAppBar-root, nav:has(> .MuiBottomNavigation-root) { visibility: hidden !important; }';

/**
 * Her authenticator app: the code of the key shown in the settings. A code is taken once (the
 * server keeps the last step used) and the server takes the steps either side of now, so the codes
 * are those of the step before now, now and the next: three codes at once, a fourth waits for the
 * clock. Never in a step's last two seconds, so the server checks a code in the step it was made for.
 */
function authenticator(key: string) {
  const secret = base32Decode(key);
  if (!secret) throw new Error('the key shown is no base32');
  let last = -1;
  return async () => {
    await expect
      .poll(
        () => {
          const seconds = Date.now() / 1000;
          return seconds % 30 < 28 && Math.max(last + 1, totpStep(Date.now()) - 1) <= totpStep(Date.now()) + 1;
        },
        { timeout: 40_000, intervals: [250] },
      )
      .toBe(true);
    last = Math.max(last + 1, totpStep(Date.now()) - 1);
    return totpCode(secret, last);
  };
}

/** A card or the page at phone and desktop width (for people to look at). */
async function shoot(page: Page, name: string, lang: Lang, target?: Locator) {
  if (!SCREENSHOTS) return;
  for (const [kind, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    if (target) {
      await target.scrollIntoViewIfNeeded();
      // The top bar and the phone's bottom bar stay fixed over the page: not over the card's picture.
      await target.screenshot({ path: `${DIR}/two-factor-${name}-${kind}-${lang}.png`, style: OVERLAYS });
    } else await page.screenshot({ path: `${DIR}/two-factor-${name}-${kind}-${lang}.png` });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

const card = (page: Page, lang: Lang) => page.getByRole('region', { name: text(lang, 'second_factor.settings.title') });
const codeField = (scope: Page | Locator, lang: Lang, key = 'second_factor.step.code_label') =>
  scope.getByRole('textbox', { name: new RegExp(`^${text(lang, key)}`) });
const signedOutLink = (page: Page, lang: Lang) => page.getByRole('link', { name: text(lang, 'navbar.login') });

async function signOut(page: Page, lang: Lang) {
  await page.goto('/logout');
  await expect(signedOutLink(page, lang).first()).toBeVisible();
}

/** The login page with her address and password: the second step is asked for. */
async function password(page: Page, lang: Lang, email: string) {
  await page.goto('/login');
  await field(page, lang, 'login.username').fill(email);
  await field(page, lang, 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text(lang, 'login.submit'), exact: true }).click();
  await expect(page.getByRole('heading', { name: text(lang, 'second_factor.step.title') })).toBeVisible();
  await expect(codeField(page, lang)).toBeFocused();
}

test('a member sets up an authenticator app, signs in with its code and with a recovery code, and turns it off', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);

  // A new member over the API, activated (and signed in) by the mailed link in this browser.
  const email = uniqueEmail('twofactor');
  await request.get('/api/auth/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await request.post('/api/register', {
    data: { email, password: PASSWORD, terms_check: true },
    headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  await page.goto(await mailLink(request, email, '/users/activate'));
  await expect(page.getByText(text('en', 'users.activate.done'))).toBeVisible();

  // Settings: her password, then the QR code and the key; the app's first code turns it on.
  await page.goto('/users/profile/settings');
  const section = card(page, 'en');
  await expect(section.getByText(text('en', 'second_factor.settings.off'))).toBeVisible();
  await section.getByLabel(text('en', 'second_factor.settings.password_label')).fill(PASSWORD);
  await section.getByRole('button', { name: text('en', 'second_factor.settings.start') }).click();
  await expect(section.getByRole('img', { name: text('en', 'second_factor.settings.qr_alt') })).toBeVisible();
  const key = ((await section.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await shoot(page, 'setup', 'en', section);
  const app = authenticator(key);
  await codeField(section, 'en').fill(await app());
  await section.getByRole('button', { name: text('en', 'second_factor.settings.confirm') }).click();

  // The recovery codes, shown once: she keeps them (here: the test does).
  const list = section.getByRole('list', { name: text('en', 'second_factor.settings.codes_list') });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  await shoot(page, 'codes', 'en', section);
  await section.getByRole('button', { name: text('en', 'second_factor.settings.saved') }).click();
  await expect(section.getByText(text('en', 'second_factor.settings.on'))).toBeVisible();
  await expect(list).toBeHidden();
  await shoot(page, 'settings-on', 'en', section);

  // Signed out, her password asks for the second step; the app's code signs her in.
  await signOut(page, 'en');
  await password(page, 'en', email);
  await shoot(page, 'step', 'en');
  await codeField(page, 'en').fill(await app());
  await page.getByRole('button', { name: text('en', 'second_factor.step.submit'), exact: true }).click();
  await expect(signedOutLink(page, 'en')).toHaveCount(0);

  // Signed out again: a recovery code instead of the app, and she is told how many are left.
  await signOut(page, 'en');
  await password(page, 'en', email);
  await page.getByRole('button', { name: text('en', 'second_factor.step.use_recovery') }).click();
  await codeField(page, 'en', 'second_factor.step.recovery_label').fill(codes[0] ?? '');
  await page.getByRole('button', { name: text('en', 'second_factor.step.submit'), exact: true }).click();
  await expect(page.getByText(text('en', 'second_factor.step.codes_left_other', { count: 9 }))).toBeVisible();
  await expect(signedOutLink(page, 'en')).toHaveCount(0);

  // German: the settings card, then the second step, in the member's other language.
  await page.goto('/users/profile/settings');
  await page.getByRole('combobox', { name: text('en', 'profile.settings.language') }).click();
  await page.getByRole('option', { name: text('en', 'profile.settings.languages.de') }).click();
  await expect(page.getByRole('heading', { name: text('de', 'profile.title') })).toBeVisible();
  await expect(
    card(page, 'de').getByText(text('de', 'second_factor.settings.codes_left_other', { count: 9 })),
  ).toBeVisible();
  await shoot(page, 'settings-on', 'de', card(page, 'de'));
  await signOut(page, 'de');
  await password(page, 'de', email);
  // A wrong code is told on its field; the right one signs her in.
  await codeField(page, 'de').fill('000000');
  await page.getByRole('button', { name: text('de', 'second_factor.step.submit'), exact: true }).click();
  await expect(page.getByText(text('de', 'errors.validations.second_factor_wrong'))).toBeVisible();
  await shoot(page, 'step', 'de');
  await codeField(page, 'de').fill(await app());
  await page.getByRole('button', { name: text('de', 'second_factor.step.submit'), exact: true }).click();
  await expect(signedOutLink(page, 'de')).toHaveCount(0);

  // Closing the account offers a code of the app in place of the password (not sent: she stays).
  await page.goto('/users/cancel');
  const closing = page.getByRole('form', { name: text('de', 'users.cancel.title') });
  await closing.getByRole('button', { name: text('de', 'users.cancel.use_code') }).click();
  await expect(closing.getByRole('textbox', { name: new RegExp(`^${text('de', 'users.cancel.code')}`) })).toBeVisible();
  await expect(closing.getByLabel(text('de', 'users.cancel.password'))).toHaveCount(0);
  await shoot(page, 'closing-with-code', 'de', closing);

  // Turning it off takes her password and a code (here a recovery code); then her password alone signs in.
  await page.goto('/users/profile/settings');
  const karte = card(page, 'de');
  await karte.getByRole('button', { name: text('de', 'second_factor.settings.turn_off') }).click();
  const dialog = page.getByRole('dialog', { name: text('de', 'second_factor.settings.off_title') });
  await dialog.getByLabel(text('de', 'second_factor.settings.password_label')).fill(PASSWORD);
  await codeField(dialog, 'de', 'second_factor.settings.off_code_label').fill(codes[1] ?? '');
  await dialog.getByRole('button', { name: text('de', 'second_factor.settings.off_submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(karte.getByText(text('de', 'second_factor.settings.off'))).toBeVisible();
  if (SCREENSHOTS) {
    // Its notice goes by itself; the set-up's pictures should not show it over the card.
    await expect(
      page.getByRole('alert').filter({ hasText: text('de', 'second_factor.settings.turned_off') }),
    ).toBeHidden({
      timeout: 15_000,
    });

    // The set-up step in German, for the screenshots (not confirmed: it stays off).
    await karte.getByLabel(text('de', 'second_factor.settings.password_label')).fill(PASSWORD);
    await karte.getByRole('button', { name: text('de', 'second_factor.settings.start') }).click();
    await expect(karte.getByRole('img', { name: text('de', 'second_factor.settings.qr_alt') })).toBeVisible();
    await shoot(page, 'setup', 'de', karte);
  }

  await signOut(page, 'de');
  await page.goto('/login');
  await field(page, 'de', 'login.username').fill(email);
  await field(page, 'de', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('de', 'login.submit'), exact: true }).click();
  await expect(signedOutLink(page, 'de')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: text('de', 'second_factor.step.title') })).toHaveCount(0);
});
