import { expect, test } from '@playwright/test';
import { frameTexts, signInTexts } from '#app/console/texts.ts';
import { DEMO_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { base32Decode, totpCode } from '#server/features/auth/totp.ts';
import { nextStep } from './console-support.ts';
import { confirmAge, field, mailLink, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Quiet-Harbour-Lights-2026';

test('strangers cannot lock a member out: her new browser is slowed, and the mailed link lets her in', async ({
  page,
  request,
  playwright,
}) => {
  const email = uniqueEmail('unlock');
  await request.get('/api/auth/csrf-cookie');
  // The session (and with it the XSRF token) changes at registration: read it for every call.
  const post = async (url: string, data: Record<string, unknown>) => {
    const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    return request.post(url, { data, headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' } });
  };
  expect((await post('/api/register', { email, password: PASSWORD, terms_check: true })).status()).toBe(201);
  const activation = new URL(await mailLink(request, email, '/users/activate?token='), 'http://x');
  expect((await post('/api/register/validate', { token: activation.searchParams.get('token') })).status()).toBe(200);

  // Someone else, in a browser of his own, guesses her password a dozen times.
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await stranger.get('/api/auth/csrf-cookie');
  const strangerXsrf = (await stranger.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  for (let i = 0; i < 12; i++) {
    const guess = await stranger.post('/api/auth/login', {
      data: { username: email, password: `guess-${i}-x` },
      headers: { 'x-xsrf-token': strangerXsrf },
    });
    expect([401, 429]).toContain(guess.status());
  }
  await stranger.dispose();

  // She signs in from a browser the account does not know: refused for now, not locked.
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/login');
  await confirmAge(page);
  await field(page, 'en', 'login.username').fill(email);
  await field(page, 'en', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  const send = page.getByRole('button', { name: text('en', 'login.unlock.send') });
  await expect(send).toBeVisible();
  await shoot(page, 'login-slowed');
  await send.click();
  await expect(page.getByText(text('en', 'login.unlock.sent', { name: email }))).toBeVisible();

  // The mailed link makes this browser a known device; her password works at once.
  await page.goto(await mailLink(request, email, '/users/unlock?token='));
  await expect(page.getByText(text('en', 'users.unlock.done'))).toBeVisible();
  await shoot(page, 'unlock');
  await field(page, 'en', 'login.username').fill(email);
  await field(page, 'en', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const user = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
  expect(user.user.email).toBe(email);
});

test('an operator signs in with password and authenticator code on a phone, in German, and signs out', async ({
  page,
}) => {
  const t = signInTexts.de;
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/admin?lang=de');
  // Nobody is signed in: the console asks for a sign-in, and comes back afterwards.
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin/);
  await shoot(page, 'admin-login');
  await page.getByLabel(t.email).fill(DEMO_OPERATOR.email);
  await page.getByRole('textbox', { name: t.password, exact: true }).fill(DEMO_OPERATOR.password);
  const key = base32Decode(DEMO_OPERATOR.totpSecret);
  if (!key) throw new Error('demo key');
  await page.getByLabel(t.code).fill(totpCode(key, await nextStep(DEMO_OPERATOR.email)));
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('heading', { name: frameTexts.de.dashboard })).toBeVisible();
  await expect(page).toHaveTitle(/Übersicht · Konsole/);
  // On a phone the screens are behind the menu button.
  await page.getByRole('button', { name: frameTexts.de.menu }).click();
  await expect(page.getByRole('navigation', { name: frameTexts.de.screens })).toBeVisible();
  await shoot(page, 'admin-console');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: frameTexts.de.signOut }).click();
  await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
  await expect(page.getByText(t.signedOut)).toBeVisible();
  // Signed out, the console's API refuses her old browser.
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});
