import { type Browser, expect, type Page, test } from '@playwright/test';
import { auditTexts } from '#app/console/audit/texts.ts';
import { contentTexts } from '#app/console/content/texts.ts';
import { errorTexts } from '#app/console/errors.ts';
import { operatorsTexts } from '#app/console/operators/texts.ts';
import { CONSOLE_SCREENS } from '#app/console/screens.ts';
import { frameTexts } from '#app/console/texts.ts';
import { DEMO_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { type ConsoleAccount, consoleSignIn } from './console-support.ts';
import { confirmAge, shoot, uniqueEmail, WIDTHS } from './support.ts';

/**
 * The console's own administration: the demo admin signs in and sees the dashboard, adds a
 * moderator (the dialog shows her password and authenticator key once), the moderator signs in
 * elsewhere with a code of that key and sees only her screens; the admin gives her the support
 * role on her page, she sees the support desk at once, and the admin finds both changes in the
 * audit log. Screenshots of the dashboard, the operators screen, an operator's page and the audit
 * log at both widths in both languages.
 */

const o = operatorsTexts.en;
const f = frameTexts.en;

/** A screen's name in the console's menu. */
function screenLabel(path: string): string {
  const found = CONSOLE_SCREENS.find((s) => s.path === path);
  if (!found) throw new Error(`no console screen ${path}`);
  return found.label.en;
}

async function signInAs(browser: Browser, account: ConsoleAccount): Promise<Page> {
  const page = await consoleSignIn(browser, account);
  await page.setViewportSize(WIDTHS.desktop);
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: f.screens });

test('the admin adds a moderator who signs in with her own key and sees her screens; both changes are in the audit log', async ({
  browser,
}) => {
  const admin = await signInAs(browser, DEMO_OPERATOR);
  await expect(admin.getByRole('heading', { name: f.dashboard })).toBeVisible();
  await expect(admin.locator('[data-figure="online"]')).toHaveText(/^[\d.,]+$/);

  // A new moderator: her sign-in details are shown once, in the dialog that added her.
  await menu(admin)
    .getByRole('link', { name: screenLabel('/admin/operators') })
    .click();
  await expect(admin.getByRole('heading', { name: o.title })).toBeVisible();
  await admin.getByRole('button', { name: o.add }).click();
  const form = admin.getByRole('dialog', { name: o.addTitle });
  const email = uniqueEmail('moderator');
  await form.getByLabel(o.email).fill(email);
  await form.getByLabel(new RegExp(`^${o.name}`)).fill('Mona Moderator');
  await form.getByRole('checkbox', { name: /^Moderator/ }).check();
  await form.getByRole('button', { name: o.addSubmit }).click();
  const shown = admin.getByRole('dialog', { name: o.addedTitle('Mona Moderator') });
  await expect(shown.getByRole('alert')).toContainText(o.onceWarning);
  const password = (await shown.locator('[data-secret="password"]').textContent()) ?? '';
  const secret = (await shown.locator('[data-secret="totp-key"]').textContent()) ?? '';
  await expect(shown.locator('[data-secret="totp-uri"]')).toContainText('otpauth://totp/');
  await shoot(admin, 'console-operator-added', { fullPage: false });
  await shown.getByRole('button', { name: o.handedOver }).click();
  await expect(shown).toBeHidden();

  // She signs in elsewhere and sees the screens of her role only.
  const mona = await signInAs(browser, { email, password, totpSecret: secret });
  await expect(menu(mona).getByRole('link', { name: screenLabel('/admin/review') })).toBeVisible();
  await expect(menu(mona).getByRole('link', { name: screenLabel('/admin/operators') })).toHaveCount(0);
  await expect(menu(mona).getByRole('link', { name: screenLabel('/admin/support') })).toHaveCount(0);
  // Another role's screen, opened by its address, is refused in words.
  await mona.goto('/admin/members?q=someone');
  await expect(mona.getByText(errorTexts.en.forbidden)).toBeVisible();
  await mona.goto('/admin');

  // The admin opens her page from the list and adds the support role; her next page shows the desk.
  await admin.getByRole('grid', { name: o.table }).getByRole('link', { name: 'Mona Moderator' }).click();
  await expect(admin.getByRole('heading', { name: o.detailTitle('Mona Moderator') })).toBeVisible();
  await admin.getByRole('checkbox', { name: /^Support/ }).check();
  await admin.getByRole('button', { name: o.rolesSubmit }).click();
  await expect(admin.getByText(o.rolesSaved)).toBeVisible();
  const monaPage = new URL(admin.url()).pathname;
  await mona.reload();
  await expect(menu(mona).getByRole('link', { name: screenLabel('/admin/support') })).toBeVisible();

  // Both changes in the audit log: her page links to the entries about her.
  await admin.getByRole('link', { name: o.auditAbout }).click();
  await expect(admin.getByRole('heading', { name: auditTexts.en.title })).toBeVisible();
  const entries = admin.getByRole('grid', { name: auditTexts.en.table }).getByRole('row');
  await expect(entries.filter({ hasText: 'operator.roles' })).toContainText('moderator → moderator, support');
  await expect(entries.filter({ hasText: 'operator.create' })).toContainText(email);

  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await admin.setViewportSize(size);
      for (const [path, name] of [
        ['/admin', 'console-dashboard'],
        ['/admin/operators', 'console-operators'],
        ['/admin/audit', 'console-audit'],
        [monaPage, 'console-operator'],
      ] as const) {
        await admin.goto(`${path}?lang=${lang}`);
        await expect(admin.locator('html')).toHaveAttribute('lang', lang);
        await expect(admin.locator('main h1')).toBeVisible();
        await expect(admin.getByRole('progressbar')).toHaveCount(0);
        await shoot(admin, name);
      }
    }
  }
});

test("the admin changes a content page's text in the console, and a visitor sees it at once", async ({ browser }) => {
  const c = contentTexts.en;
  const admin = await signInAs(browser, DEMO_OPERATOR);
  await menu(admin)
    .getByRole('link', { name: screenLabel('/admin/content') })
    .click();
  await admin
    .getByRole('table', { name: c.title })
    .getByRole('link', { name: c.edit('Refund Policy (English)') })
    .click();
  const box = admin.getByRole('textbox', { name: c.textLabel });
  await expect(box).toHaveValue(/^# Refund Policy/);
  const released = await box.inputValue();
  await box.fill('# Refunds, as of today\n\nWrite to us within <b>14 days</b>.\n\n## How\n\nBy the contact form.');
  await admin.getByRole('button', { name: c.save }).click();
  await expect(admin.getByText(c.saved)).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.setViewportSize(WIDTHS.phone);
  await visitor.goto('/?lang=en');
  await confirmAge(visitor);
  // Rendered by the server afresh (the save dropped the cached page) and drawn by the browser alike.
  await visitor.goto('/refund');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Refunds, as of today' })).toBeVisible();
  await expect(visitor.getByText('Write to us within <b>14 days</b>.')).toBeVisible();
  await shoot(visitor, 'content-edited-refund');

  // The performer guide's questions open one by one.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await visitor.setViewportSize(size);
      await visitor.goto(`/camgirl_werden?lang=${lang}`);
      // Hydrated first: the question's button acts from then on.
      await visitor.waitForLoadState('networkidle');
      const first = visitor
        .getByRole('region', { name: lang === 'en' ? 'Questions from performers' : 'Fragen von Darstellerinnen' })
        .getByRole('button')
        .first();
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await shoot(visitor, 'camgirl-guide');
    }
  }

  // The released text back, as the other journeys expect it.
  await admin.getByRole('button', { name: c.restore }).click();
  await expect(box).toHaveValue(released);
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await admin.setViewportSize(size);
      for (const [path, name] of [
        ['/admin/content', 'console-content'],
        ['/admin/content/faq/de', 'console-content-edit'],
      ] as const) {
        await admin.goto(`${path}?lang=${lang}`);
        await expect(admin.locator('html')).toHaveAttribute('lang', lang);
        await expect(admin.locator('main h1')).toBeVisible();
        await expect(admin.getByRole('progressbar')).toHaveCount(0);
        await shoot(admin, name);
      }
    }
  }
});
