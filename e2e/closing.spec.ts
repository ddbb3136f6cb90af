import { expect, test } from '@playwright/test';
import { ACCOUNT_GRACE_DAYS } from '#common/constants.ts';
import { signUp } from './member-support.ts';
import { confirmAge, shoot, text, WIDTHS } from './support.ts';

const PASSWORD = 'Sunny-Meadow-4711';

/**
 * A freshly registered member closes her account from the settings, on a phone, in German
 * (decision 069): she is signed out and the goodbye page names the date until which signing in
 * reopens it. Never the demo member: her account must stay open for the other journeys.
 */
test('a new member closes her account on a phone in German and sees until when she can come back', async ({
  page,
  request,
}) => {
  // Eight screenshots and a sign-up: longer than one page's journey.
  test.setTimeout(300_000);
  await page.setViewportSize(WIDTHS.phone);
  await signUp(page, request);
  await page.goto('/users/cancel?lang=en');
  await confirmAge(page);
  // The cookie question answered, so it covers nothing on the screenshots.
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();

  // The closing page, as she reads it first, at both sizes and in both languages.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(size);
      await page.goto(`/users/cancel?lang=${lang}`);
      await expect(page.getByRole('heading', { name: text(lang, 'users.cancel.title') })).toBeVisible();
      await shoot(page, 'closing');
    }
  }

  // From the settings, in German, on the phone.
  await page.goto('/users/profile/settings?lang=de');
  await page.getByRole('link', { name: text('de', 'profile.cancel.link') }).click();
  await expect(page).toHaveURL(/\/users\/cancel$/);
  // The address changes before the closing page replaces the settings, whose e-mail form has a
  // field of the same label ("Ihr Passwort"): only the closing form, once it is on screen, is hers.
  const form = page.getByRole('form', { name: text('de', 'users.cancel.title') });
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { name: text('de', 'users.cancel.title') })).toBeVisible();
  const password = form.getByLabel(new RegExp(`^${text('de', 'users.cancel.password')}`));
  await password.fill(PASSWORD);
  await form.getByRole('checkbox', { name: text('de', 'users.cancel.confirm') }).check();
  await expect(password).toHaveValue(PASSWORD);
  await form.getByRole('button', { name: text('de', 'users.cancel.submit'), exact: true }).click();

  await expect(page).toHaveURL(/\/users\/cancel_success\?until=/);
  // Signed out, she is a visitor again, whose browser still knows her 18+ answer: no splash.
  const splash = page.getByRole('button', { name: text('de', 'splash.confirm') });
  await expect(page.getByRole('heading', { name: text('de', 'users.cancel_success.title') })).toBeVisible();
  const until = new Date(new URL(page.url()).searchParams.get('until') ?? '');
  const days = (until.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(ACCOUNT_GRACE_DAYS - 1);
  expect(days).toBeLessThanOrEqual(ACCOUNT_GRACE_DAYS);
  const date = new Intl.DateTimeFormat('de', { dateStyle: 'long' }).format(until);
  await expect(page.getByText(text('de', 'users.cancel_success.grace', { date }))).toBeVisible();
  await shoot(page, 'goodbye');

  // Signed out: the browser's session is gone, the settings ask her to log in.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await (await page.request.get('/api/session/init')).json()).session).toMatchObject({
    splash18_confirmed: true,
  });
  await page.goto('/users/profile/settings?lang=de');
  await expect(page.getByRole('heading', { name: text('de', 'profile.members_only.title') })).toBeVisible();
  await expect(splash).toHaveCount(0);

  // The goodbye page at the other size and language.
  const goodbye = new URL(page.url());
  goodbye.pathname = '/users/cancel_success';
  goodbye.search = `?until=${encodeURIComponent(until.toISOString())}`;
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(size);
      await page.goto(`${goodbye.pathname}${goodbye.search}&lang=${lang}`);
      await expect(page.getByRole('heading', { name: text(lang, 'users.cancel_success.title') })).toBeVisible();
      await shoot(page, 'goodbye');
    }
  }
  await expect(splash).toHaveCount(0);
});
