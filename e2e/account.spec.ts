import { expect, test } from '@playwright/test';
import { confirmAge, field, mailLink, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Sunny-Meadow-4711';

test('a visitor signs up, activates, logs in, picks a nickname, switches language and theme, and logs out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('journey');
  await page.goto('/');
  await confirmAge(page);
  // The sign-up incentive runs once the consent is answered: its gift button is the sign.
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  await expect(page.getByRole('button', { name: /welcome offer/ })).toBeVisible();

  await page.goto('/users/signup');
  await field(page, 'en', 'users.signup2.form.email').fill(email);
  await field(page, 'en', 'users.signup2.form.password_optional').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text('en', 'users.signup2.form.submit') }).click();
  await expect(page).toHaveURL(/\/users\/signup_success$/);
  await expect(page.getByRole('heading', { name: text('en', 'users.signup_success.title') })).toBeVisible();

  // The activation link from the outbox activates the account (and logs in on this browser).
  await page.goto(await mailLink(request, email, '/users/activate'));
  await expect(page.getByText(text('en', 'users.activate.done'))).toBeVisible();
  // Signed up within the incentive's window: the welcome dialog brings the gift, once.
  const welcome = page.getByRole('dialog', { name: text('en', 'welcome.title') });
  await expect(welcome.getByRole('link', { name: text('en', 'welcome.watch') })).toBeVisible();
  await shoot(page, 'welcome');
  await welcome.getByRole('button', { name: text('en', 'welcome.close') }).click();
  await expect(welcome).toBeHidden();

  // Log out and back in with the password.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await field(page, 'en', 'login.username').fill(email);
  await field(page, 'en', 'login.password').fill(PASSWORD);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  // Add a nickname, then a second one, and make the second current.
  await page.goto('/users/profile/settings');
  const nickname = field(page, 'en', 'nicknames.new');
  await nickname.fill('Moonwalker');
  await page.getByRole('button', { name: text('en', 'nicknames.add'), exact: true }).click();
  await expect(page.getByText('Moonwalker').first()).toBeVisible();
  await nickname.fill('Stargazer');
  await page.getByRole('button', { name: text('en', 'nicknames.add'), exact: true }).click();
  await page.getByRole('button', { name: text('en', 'nicknames.activate_named', { nickname: 'Stargazer' }) }).click();
  await expect(
    page.getByRole('button', { name: text('en', 'nicknames.menu_label', { nickname: 'Stargazer' }) }),
  ).toBeVisible();
  await shoot(page, 'settings');

  // Language: German everywhere, remembered in a cookie.
  await page.getByRole('combobox', { name: text('en', 'profile.settings.language') }).click();
  await page.getByRole('option', { name: text('en', 'profile.settings.languages.de') }).click();
  await expect(page.getByRole('heading', { name: text('de', 'profile.title') })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('de');

  // Layout: the class on the root element and the cookie change.
  await page.getByRole('combobox', { name: text('de', 'profile.settings.theme') }).click();
  await page.getByRole('option', { name: text('de', 'profile.settings.themes.greenhorn') }).click();
  await expect(page.locator('html')).toHaveClass(/layout-greenhorn/);
  expect((await page.context().cookies()).find((c) => c.name === 'layout')?.value).toBe('greenhorn');
  await shoot(page, 'settings-greenhorn');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: text('de', 'navbar.login') }).first()).toBeVisible();
});

test('a member who forgot the password resets it from the mail and is logged in', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  // An account made over the API the way the sign-up form makes it.
  const csrf = await request.get('/api/auth/csrf-cookie');
  expect(csrf.status()).toBe(204);
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await request.post('/api/register', {
    data: { email, password: PASSWORD, terms_check: true },
    headers: { 'x-xsrf-token': xsrf, 'accept-language': 'en' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/users/reset');
  await confirmAge(page);
  await field(page, 'en', 'reset.email').fill(email);
  await page.getByRole('button', { name: text('en', 'reset.request.submit') }).click();
  await expect(page.getByRole('heading', { name: text('en', 'reset.sent.title') })).toBeVisible();

  const link = await mailLink(request, email, '/users/reset?token=');
  const choose = async (password: string) => {
    await field(page, 'en', 'reset.new.password').fill(password);
    await field(page, 'en', 'reset.new.password_confirm').fill(password);
    await page.getByRole('button', { name: text('en', 'reset.new.submit') }).click();
  };
  await page.goto(link);
  await choose('Brand-New-Lantern-88');
  // The confirmation shows, then the member is taken home, logged in.
  await expect(page.getByText(text('en', 'reset.done'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const signedInAs = async () => (await page.evaluate(async () => (await fetch('/api/auth/user')).json())).user?.email;
  expect(await signedInAs()).toBe(email);

  // The same link again says it was used, and the member stays logged in.
  await page.goto(link);
  await choose('Another-Lantern-99');
  await expect(page.getByText(text('en', 'errors.link_expired'))).toBeVisible();
  await expect(page.getByText(text('en', 'link_expired.reset_signed_in'))).toBeVisible();
  await expect(page).toHaveURL(/\/users\/reset\?token=/);
  expect(await signedInAs()).toBe(email);
});

test('a visitor signs up without a password, and the activation mail leads her to a sign-in link', async ({
  page,
  request,
}) => {
  // The form: the password marked optional, with the hint how she signs in instead.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`/users/signup?lang=${lang}`);
      if (lang === 'en' && size === WIDTHS.phone) await confirmAge(page);
      await expect(page.getByText(text(lang, 'users.signup2.form.password_hint'))).toBeVisible();
      await shoot(page, 'signup-without-password');
    }
  }
  const email = uniqueEmail('nopass');
  await page.goto('/users/signup?lang=en');
  await field(page, 'en', 'users.signup2.form.email').fill(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text('en', 'users.signup2.form.submit') }).click();
  await expect(page).toHaveURL(/\/users\/signup_success$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);

  // The activation link asks for a password, or offers the sign-in link the mail told her about.
  await page.goto(await mailLink(request, email, '/users/activate'));
  await expect(page.getByText(text('en', 'users.activate.password_text'))).toBeVisible();
  await page.getByRole('link', { name: text('en', 'users.activate.password_link') }).click();
  await expect(page).toHaveURL(/\/token_login$/);
  await field(page, 'en', 'token_login.email').fill(email);
  await page.getByRole('button', { name: text('en', 'token_login.request.submit') }).click();
  await expect(page.getByRole('heading', { name: text('en', 'token_login.sent.title') })).toBeVisible();

  const link = await mailLink(request, email, '/token_login?token=');
  await page.goto(link);
  // Opening the link signs nobody in: the visitor confirms first.
  await expect(page.getByText(text('en', 'token_login.confirm.text'))).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
  await page.getByRole('button', { name: text('en', 'token_login.confirm.submit') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: text('en', 'navbar.login') })).toHaveCount(0);
  // The link proved her address: the account is active, still without a password.
  const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
  expect(me.user).toMatchObject({ email, is_verified: true, has_password: false });
});
