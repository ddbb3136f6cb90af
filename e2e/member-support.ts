import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { mailLink, text, uniqueEmail } from './support.ts';

/** New members of the paid journeys (chats, voyeurs): an account of their own, and coins bought. */

const PASSWORD = 'Sunny-Meadow-4711';

/**
 * A new account made over the API the way the sign-up form makes it (the form is the account
 * journey's), activated by the mailed link in `page`'s browser, which is then logged in.
 */
export async function signUp(page: Page, request: APIRequestContext, { username }: { username?: string } = {}) {
  const email = uniqueEmail('chat');
  await request.get('/api/auth/csrf-cookie');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await request.post('/api/register', {
    data: { email, password: PASSWORD, terms_check: true, ...(username ? { username } : {}) },
    headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' },
  });
  expect(created.status()).toBe(201);
  await page.goto(await mailLink(request, email, '/users/activate'));
  await expect(page.getByText(text('en', 'users.activate.done'))).toBeVisible();
  return email;
}

/** On /billing: the package, the waiver, and a successful card payment in the sandbox's window. */
export async function buyCoins(page: Page, context: BrowserContext, pack: RegExp) {
  await expect(page).toHaveURL(/\/billing/);
  await page.getByRole('radio', { name: pack }).check();
  await page.getByRole('checkbox', { name: /I want the coins now/ }).check();
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay/ }).click();
  const psp = await popup;
  await psp.waitForURL(/\/sandbox\/pay\b/);
  await psp.getByLabel(text('en', 'payments.sandbox.fields.number')).fill('4242 4242 4242 4242');
  await psp.getByLabel(text('en', 'payments.sandbox.fields.expiry')).fill('12/39');
  await psp.getByLabel(text('en', 'payments.sandbox.fields.cvc')).fill('123');
  await psp.getByLabel(text('en', 'payments.sandbox.fields.holder')).fill('Chat Member');
  await psp.getByRole('button', { name: /^Pay/ }).click();
  const thanks = page.getByRole('dialog', { name: text('en', 'billing.success_dialog.title') });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: text('en', 'billing.dialog_close') }).click();
  // The page closes the payment window shortly after; leaving before would leave it open.
  await expect.poll(() => psp.isClosed()).toBe(true);
}
