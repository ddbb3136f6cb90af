import { expect, type Page, test } from '@playwright/test';
import { coinBalance, confirmAge, field, shoot, text, WIDTHS } from './support.ts';

const DEMO = { email: 'demo@livecam.local', password: 'demo-member-2026' };
const langs = ['en', 'de'] as const;

/** The age splash and the analytics question, answered as a visitor does. */
async function enter(page: Page) {
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
}

async function logInDemo(page: Page) {
  await page.goto('/login');
  await enter(page);
  await field(page, 'en', 'login.username').fill(DEMO.email);
  await field(page, 'en', 'login.password').fill(DEMO.password);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

// Runs first: WELCOME50 is still free, so the sign-up form finds it valid.
test('a sign-up link with a voucher code fills it in and shows it valid', async ({ page }) => {
  await page.goto('/users/signup/coupon/WELCOME50');
  await enter(page);
  const voucher = field(page, 'en', 'users.signup2.form.registration_coupon');
  await expect(voucher).toHaveValue('WELCOME50');
  await expect(page.getByText(text('en', 'users.signup2.form.registration_coupon_valid'))).toBeVisible();
  // A code that does not exist is shown as invalid once typing pauses.
  await voucher.fill('NOT-A-CODE');
  await expect(page.getByText(text('en', 'users.signup2.form.registration_coupon_invalid'))).toBeVisible();
  await voucher.fill('welcome50');
  await expect(page.getByText(text('en', 'users.signup2.form.registration_coupon_valid'))).toBeVisible();
  for (const lang of langs) {
    for (const size of Object.values(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto(`/users/signup/coupon/WELCOME50?lang=${lang}`);
      await expect(page.getByText(text(lang, 'users.signup2.form.registration_coupon_valid'))).toBeVisible();
      await shoot(page, 'signup-voucher');
    }
  }
});

test('the demo member redeems WELCOME50: the balance rises by 50 live; a wrong code is refused', async ({
  page,
  context,
}) => {
  await logInDemo(page);
  // Other journeys may have moved the demo member's coins already: the change is what counts.
  const before = await coinBalance(page);
  // A second tab of the same member: its balance follows over the socket, without a reload.
  const other = await context.newPage();
  await other.goto('/');
  await expect.poll(() => coinBalance(other)).toBe(before);

  await page.goto('/users/profile/coupons');
  const list = page.getByRole('list', { name: text('en', 'coupons.list_label') });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(text('en', 'coupons.prize'), { exact: true })).toBeVisible();
  await expect(list.getByText(text('en', 'coupons.days_remaining_other', { count: 10 }))).toBeVisible();
  await expect(list.getByRole('link', { name: text('en', 'coupons.use_on_billing') })).toHaveAttribute(
    'href',
    '/billing/f/BONUS20',
  );

  const code = field(page, 'en', 'coupons.redeem.code');
  const submit = page.getByRole('button', { name: text('en', 'coupons.redeem.submit') });
  await code.fill('WRONG-CODE');
  await submit.click();
  await expect(page.getByText(text('en', 'billing.coupon.invalid'))).toBeVisible();
  expect(await coinBalance(page)).toBe(before);
  await shoot(page, 'coupons-invalid');

  await code.fill('WELCOME50');
  await submit.click();
  await expect(page.getByText(text('en', 'coupons.redeem.credited_other', { count: 50 }))).toBeVisible();
  await expect.poll(() => coinBalance(page)).toBe(before + 50);
  await expect.poll(() => coinBalance(other)).toBe(before + 50);

  // Used once, the code is refused the second time.
  await code.fill('WELCOME50');
  await submit.click();
  await expect(page.getByText(text('en', 'billing.coupon.invalid'))).toBeVisible();

  // The copy button confirms the copy.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: text('en', 'coupons.copy', { code: 'BONUS20' }) }).click();
  await expect(page.getByText(text('en', 'coupons.copied'))).toBeVisible();

  for (const lang of langs) {
    for (const size of Object.values(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto(`/users/profile/coupons?lang=${lang}`);
      await expect(page.getByRole('heading', { name: text(lang, 'coupons.title') })).toBeVisible();
      const items = page.getByRole('list', { name: text(lang, 'coupons.list_label') }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await shoot(page, 'coupons');
    }
  }
});
