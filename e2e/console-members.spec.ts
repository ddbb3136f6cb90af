import { expect, type Page, test } from '@playwright/test';
import { screenLabel } from '#server/features/admin/screens.ts';
import { membersText } from '#server/features/members-console/texts.ts';
import { consoleSignIn } from './console-support.ts';
import { confirmAge, field, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Lantern-Quiet-Harbour-51';

async function logIn(page: Page, email: string) {
  await field(page, 'en', 'login.username').fill(email);
  await field(page, 'en', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('en', 'login.submit') }).click();
}

test('the console finds a new member, blocks her, and she can no longer log in', async ({ page, browser, request }) => {
  const m = (key: Parameters<typeof membersText>[1], vars?: Record<string, string>) => membersText('en', key, vars);
  // A fresh member (the shared demo member stays as she is), signed in on her browser.
  const email = uniqueEmail('blockme');
  await request.get('/api/auth/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await request.post('/api/register', {
    data: { email, password: PASSWORD, terms_check: true, form_ms: 20_000 },
    headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/login');
  await confirmAge(page);
  await logIn(page, email);
  // Signed in (an unconfirmed address is sent on to /verify).
  await expect(page).toHaveURL(/\/verify$/);

  // The administrator finds her by the start of her address and opens her page.
  const admin = await consoleSignIn(browser);
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.getByRole('link', { name: screenLabel('/admin/members') }).click();
  await admin.getByLabel(m('searchLabel')).fill(email.slice(0, 14));
  await admin.getByRole('button', { name: m('searchSubmit') }).click();
  await admin.getByRole('link', { name: email }).click();
  await expect(admin.locator('dl.facts')).toContainText(email);
  const memberUrl = new URL(admin.url()).pathname;

  // A goodwill credit through the ledger: her balance follows.
  await admin.getByLabel(m('amountLabel'), { exact: true }).fill('50');
  await admin.locator('#correction-reason').fill('Goodwill for a dropped stream');
  await admin.getByRole('button', { name: m('correctionSubmit') }).click();
  await expect(admin.getByRole('status')).toHaveText(m('corrected', { coins: '50' }));
  expect((await page.evaluate(async () => (await fetch('/api/auth/user')).json())).user.coins).toBe(50);

  // Screens at both widths, in both languages.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await admin.setViewportSize(size);
      await admin.goto(`/admin/members?q=${encodeURIComponent(email)}&lang=${lang}`);
      await expect(admin.getByRole('link', { name: email })).toBeVisible();
      await shoot(admin, 'console-members-search');
      await admin.goto(`${memberUrl}?lang=${lang}`);
      await expect(admin.locator('dl.facts')).toContainText(email);
      await shoot(admin, 'console-member');
    }
  }

  // Blocked with a reason: her sessions end (the browser's and the one registration opened).
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.goto(`${memberUrl}?lang=en`);
  await admin.locator('#block-reason').fill('Abusive messages to performers');
  await admin.getByRole('button', { name: m('blockSubmit') }).click();
  await expect(admin.getByRole('status')).toHaveText(m('blocked', { count: '2' }));
  await expect(admin.getByRole('button', { name: m('unblockSubmit') })).toBeVisible();
  await shoot(admin, 'console-member-blocked');
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);

  // She tries again (her ended session took the age confirmation with it) and is told her account is blocked.
  await page.goto('/login');
  await confirmAge(page);
  await logIn(page, email);
  await expect(page.getByText(text('en', 'errors.user_blocked'))).toBeVisible();
  await shoot(page, 'login-blocked');
});
