import { expect, type Page, test } from '@playwright/test';
import { membersTexts } from '#app/console/members/texts.ts';
import { CONSOLE_SCREENS } from '#app/console/screens.ts';
import { consoleSignIn } from './console-support.ts';
import { confirmAge, field, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Lantern-Quiet-Harbour-51';

async function logIn(page: Page, email: string) {
  await field(page, 'en', 'login.username').fill(email);
  await field(page, 'en', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
}

/** The account facts of the member's page (a list of terms and values). */
const facts = (page: Page, lang: 'en' | 'de' = 'en') => page.getByRole('region', { name: membersTexts[lang].account });

test('the console finds a new member, blocks her, and she can no longer log in', async ({ page, browser, request }) => {
  const m = membersTexts.en;
  const menuLabel = CONSOLE_SCREENS.find((s) => s.path === '/admin/members')?.label.en ?? 'Members';
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
  await admin.getByRole('navigation').getByRole('link', { name: menuLabel }).click();
  await admin.getByRole('searchbox', { name: m.searchLabel }).fill(email.slice(0, 14));
  await admin.getByRole('button', { name: m.searchSubmit }).click();
  await expect(admin).toHaveURL(/\/admin\/members\?q=/);
  await admin.getByRole('link', { name: email }).click();
  await expect(facts(admin)).toContainText(email);
  const memberUrl = new URL(admin.url()).pathname;

  // The back button returns to the results of the same search.
  await admin.goBack();
  await expect(admin.getByRole('link', { name: email })).toBeVisible();
  await admin.goForward();
  await expect(facts(admin)).toContainText(email);

  // A goodwill credit through the ledger, confirmed in its dialog: her balance follows.
  await admin.getByRole('button', { name: m.correctionButton }).click();
  const correction = admin.getByRole('dialog', { name: m.correctionTitle });
  await correction.getByRole('textbox', { name: m.amountLabel }).fill('50');
  await correction.getByRole('textbox', { name: m.reasonLabel }).fill('Goodwill for a dropped stream');
  await correction.getByRole('button', { name: m.correctionSubmit }).click();
  await expect(admin.getByRole('status').filter({ hasText: m.corrected('50') })).toBeVisible();
  await expect(correction).toBeHidden();
  await expect(facts(admin)).toContainText(m.coins('50'));
  expect((await page.evaluate(async () => (await fetch('/api/auth/user')).json())).user.coins).toBe(50);

  // Screens at both widths, in both languages.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await admin.setViewportSize(size);
      await admin.goto(`/admin/members?q=${encodeURIComponent(email)}&lang=${lang}`);
      await expect(admin.getByRole('link', { name: email })).toBeVisible();
      await shoot(admin, 'console-members-search');
      await admin.goto(`${memberUrl}?lang=${lang}`);
      await expect(facts(admin, lang)).toContainText(email);
      await shoot(admin, 'console-member');
    }
  }

  // Blocked with a reason, after the confirmation: her sessions end (the browser's and the one registration opened).
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.goto(`${memberUrl}?lang=en`);
  await admin.getByRole('button', { name: m.blockButton }).click();
  const block = admin.getByRole('dialog', { name: m.blockTitle });
  await block.getByRole('textbox', { name: m.reasonLabel }).fill('Abusive messages to performers');
  await block.getByRole('button', { name: m.blockSubmit }).click();
  await expect(admin.getByRole('status').filter({ hasText: m.blocked(2) })).toBeVisible();
  await expect(admin.getByRole('button', { name: m.unblockButton })).toBeVisible();
  await shoot(admin, 'console-member-blocked');
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);

  // She tries again (her ended session took the age confirmation with it) and is told her account is blocked.
  await page.goto('/login');
  await confirmAge(page);
  await logIn(page, email);
  await expect(page.getByText(text('en', 'errors.user_blocked'))).toBeVisible();
  await shoot(page, 'login-blocked');
});
