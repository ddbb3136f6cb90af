import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { coinBalance as balance, confirmAge, field, shoot, text, WIDTHS } from './support.ts';

const DEMO = { email: 'demo@livecam.local', password: 'demo-member-2026' };
const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' };

async function login(page: Page) {
  await page.goto('/');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  await page.goto('/login');
  await field(page, 'en', 'login.username').fill(DEMO.email);
  await field(page, 'en', 'login.password').fill(DEMO.password);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Waiver, Pay, and the provider's page in the pop-up. */
async function startPayment(page: Page, context: BrowserContext): Promise<Page> {
  await page.getByRole('checkbox', { name: /I want the coins now/ }).check();
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay/ }).click();
  const psp = await popup;
  await psp.waitForURL(/\/sandbox\/pay\b/);
  return psp;
}

async function payByCard(psp: Page, number: string) {
  await psp.getByLabel(text('en', 'payments.sandbox.fields.number')).fill(number);
  await psp.getByLabel(text('en', 'payments.sandbox.fields.expiry')).fill('12/39');
  await psp.getByLabel(text('en', 'payments.sandbox.fields.cvc')).fill('123');
  await psp.getByLabel(text('en', 'payments.sandbox.fields.holder')).fill('Demo Member');
  await psp.getByRole('button', { name: /^Pay/ }).click();
}

test('the demo member buys 250 + 25 coins by card; the balance grows without a reload', async ({ page, context }) => {
  await login(page);
  await page.goto('/billing');
  await expect(page.getByRole('radio', { name: /^250 coins/ })).toBeChecked();
  const before = await balance(page);
  // The seeded demo member starts with 500 coins (a retry starts from what the first attempt left).
  if (test.info().retry === 0) expect(before).toBe(500);
  const psp = await startPayment(page, context);
  await payByCard(psp, CARDS.success);

  const dialog = page.getByRole('dialog', { name: text('en', 'billing.success_dialog.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/BS\d+/);
  await expect.poll(() => psp.isClosed(), { timeout: 5_000 }).toBe(true);
  await expect.poll(() => balance(page)).toBe(before + 275);
  await shoot(page, 'billing-thanks');
  await dialog.getByRole('button', { name: text('en', 'billing.dialog_close') }).click();
  await expect(dialog).toBeHidden();
});

test('a declined card ends in the error dialog with the process id and a contact link', async ({ page, context }) => {
  await login(page);
  await page.goto('/billing');
  await page.getByRole('radio', { name: /^100 coins/ }).check();
  const before = await balance(page);
  const psp = await startPayment(page, context);
  await payByCard(psp, CARDS.declined);

  const dialog = page.getByRole('dialog', { name: text('en', 'billing.error_dialog.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text('en', 'billing.errors.card_declined'));
  const id = (await dialog.textContent())?.match(/BS(\d+)/)?.[1];
  expect(id).toBeTruthy();
  await expect.poll(() => psp.isClosed()).toBe(true);
  await shoot(page, 'billing-error');
  await dialog.getByRole('link', { name: text('en', 'billing.contact_link') }).click();
  await expect(page).toHaveURL(/\/contact\?subject=/);
  await expect(field(page, 'en', 'content.contact.subject')).toHaveValue(`Payment Error (ProcessID BS${id})`);
  expect(await balance(page)).toBe(before);
});

test('cancelling on the provider page opens the cancel dialog', async ({ page, context }) => {
  await login(page);
  await page.goto('/billing');
  const before = await balance(page);
  const psp = await startPayment(page, context);
  await psp.getByRole('button', { name: text('en', 'payments.sandbox.cancel') }).click();

  const dialog = page.getByRole('dialog', { name: text('en', 'billing.cancel_dialog.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: text('en', 'billing.contact_link') })).toBeVisible();
  await expect.poll(() => psp.isClosed()).toBe(true);
  expect(await balance(page)).toBe(before);
});

test('the billing page at phone and desktop width, in English and German', async ({ page }) => {
  await login(page);
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`/billing?lang=${lang}`);
      await expect(page.getByRole('heading', { name: text(lang, 'billing.title'), level: 1 })).toBeVisible();
      await expect(page.getByRole('radio', { name: new RegExp(text(lang, 'billing.types.card')) })).toBeChecked();
      await shoot(page, 'billing');
    }
  }
  await page.goto('/billing?paymenttypename=voicecall&lang=en');
  await expect(page.getByRole('radio', { name: new RegExp(text('en', 'billing.types.voicecall')) })).toBeChecked();
  await shoot(page, 'billing-voicecall');
});

test('the member finds a paid order among her orders and opens its receipt', async ({ page, context }) => {
  await login(page);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/billing');
  await page.getByRole('radio', { name: /^100 coins/ }).check();
  const psp = await startPayment(page, context);
  await payByCard(psp, CARDS.success);
  const dialog = page.getByRole('dialog', { name: text('en', 'billing.success_dialog.title') });
  await expect(dialog).toBeVisible();
  const number = (await dialog.textContent())?.match(/BS\d+/)?.[0] ?? '';
  expect(number).toMatch(/^BS\d+$/);
  await dialog.getByRole('button', { name: text('en', 'billing.dialog_close') }).click();

  await page.getByRole('link', { name: text('en', 'orders.billing_link') }).click();
  await expect(page).toHaveURL(/\/users\/profile\/orders$/);
  const row = page.getByRole('row', { name: new RegExp(`\\b${number}\\b`) });
  await expect(row).toContainText(text('en', 'orders.state.paid'));
  await expect(row).toContainText('€10.00');
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`/users/profile/orders?lang=${lang}`);
      await expect(page.getByRole('heading', { name: text(lang, 'orders.title') })).toBeVisible();
      await expect(page.getByText(number, { exact: true })).toBeVisible();
      await shoot(page, 'orders');
    }
  }
  await page.goto('/users/profile/orders?lang=en');
  await page.getByRole('link', { name: text('en', 'orders.receipt_label', { number }) }).click();
  await expect(page).toHaveURL(/\/users\/profile\/orders\/\d+\/receipt$/);
  await expect(page.getByRole('heading', { name: text('en', 'orders.receipt.title', { number }) })).toBeVisible();
  await expect(page.getByText(text('en', 'orders.receipt.price_note', { price: '€10.00' }))).toBeVisible();
  await shoot(page, 'receipt');
});
