import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmAge, field, mailLink, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

const PASSWORD = 'Sunny-Meadow-4711';
type Lang = 'en' | 'de';

/** A German mobile number nobody used in this run. */
const mobileNumber = () => `0151 ${String(10_000_000 + Math.floor(Math.random() * 80_000_000))}`;
const e164 = (typed: string) => `+49${typed.replace(/\s/g, '').slice(1)}`;

/** Signs up on the form and follows the activation link: the browser is then logged in. */
async function newMember(page: Page, request: APIRequestContext) {
  const email = uniqueEmail('freecoins');
  await page.goto('/users/signup');
  await confirmAge(page);
  // The analytics question is answered first, so it does not cover the pages in the screenshots.
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  // Signing up while the incentive runs brings the welcome gift after activation.
  await expect(page.getByRole('button', { name: /welcome offer/ })).toBeVisible();
  await field(page, 'en', 'users.signup2.form.email').fill(email);
  await field(page, 'en', 'users.signup2.form.password_optional').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text('en', 'users.signup2.form.submit') }).click();
  await expect(page).toHaveURL(/\/users\/signup_success$/);
  await page.goto(await mailLink(request, email, '/users/activate'));
  await expect(page.getByText(text('en', 'users.activate.done'))).toBeVisible();
  const welcome = page.getByRole('dialog', { name: text('en', 'welcome.title') });
  await welcome.getByRole('button', { name: text('en', 'welcome.close') }).click();
  await expect(welcome).toBeHidden();
}

/** The code of the newest text message to a number, read from the sandbox outbox. */
async function smsCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/sms.json')).json()) as Array<{ to: string; text: string }>;
      code = messages.find((m) => m.to === to)?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/** Screenshots of the current step at both widths, ending at `end`. */
async function shootBoth(page: Page, name: string, end: keyof typeof WIDTHS) {
  for (const width of end === 'desktop' ? (['phone', 'desktop'] as const) : (['desktop', 'phone'] as const)) {
    await page.setViewportSize(WIDTHS[width]);
    await shoot(page, name);
  }
}

async function journey(page: Page, request: APIRequestContext, lang: Lang, width: keyof typeof WIDTHS) {
  await page.setViewportSize(WIDTHS[width]);
  await newMember(page, request);
  await page.goto(`/?lang=${lang}`);
  if (width === 'phone') await page.getByRole('button', { name: text(lang, 'navbar.open_menu') }).click();
  const menu = page.getByRole('navigation', { name: text(lang, 'sidemenu.label') });
  await menu.getByRole('link', { name: text(lang, 'sidemenu.free_coins') }).click();
  await expect(page).toHaveURL(/\/users\/free_coins$/);
  await expect(page.getByRole('heading', { name: text(lang, 'free_coins.title') })).toBeVisible();

  const phone = page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'free_coins.phone.label')}`) });
  await phone.fill('030 1234567');
  await page.getByRole('button', { name: text(lang, 'free_coins.phone.submit') }).click();
  await expect(page.getByText(text(lang, 'errors.validations.phone_not_mobile'))).toBeVisible();
  await shootBoth(page, 'free-coins-phone', width);

  const typed = mobileNumber();
  await phone.fill(typed);
  await page.getByRole('button', { name: text(lang, 'free_coins.phone.submit') }).click();
  const code = page.getByRole('textbox', { name: new RegExp(`^${text(lang, 'free_coins.code.label')}`) });
  await expect(code).toBeVisible();
  const right = await smsCode(request, e164(typed));
  await code.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text(lang, 'free_coins.code.submit') }).click();
  await expect(page.getByText(text(lang, 'free_coins.errors.code_wrong'))).toBeVisible();
  await shootBoth(page, 'free-coins-code', width);

  await code.fill(right);
  await page.getByRole('button', { name: text(lang, 'free_coins.code.submit') }).click();
  await expect(page.getByText(text(lang, 'free_coins.done.text_other', { count: 20 }))).toBeVisible();
  // The top bar shows the new balance at once.
  await expect(page.getByLabel(text(lang, 'navbar.coins_other', { count: 20 }))).toBeVisible();
  await shootBoth(page, 'free-coins-done', width);

  // The menu item is gone: the session says no free coins are available any more.
  await page.setViewportSize(WIDTHS.desktop);
  await expect(menu.getByRole('link', { name: text(lang, 'sidemenu.home') })).toBeVisible();
  await expect(menu.getByRole('link', { name: text(lang, 'sidemenu.free_coins') })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(text(lang, 'free_coins.received'))).toBeVisible();
}

test('a new member confirms a mobile number by SMS and receives free coins once (desktop, English)', async ({
  page,
  request,
}) => {
  await journey(page, request, 'en', 'desktop');
});

test('the same on a phone, in German', async ({ page, request }) => {
  await journey(page, request, 'de', 'phone');
});
