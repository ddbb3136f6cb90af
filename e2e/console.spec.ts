import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { auditText } from '#server/features/admin/audit/texts.ts';
import { operatorsText } from '#server/features/admin/operators/texts.ts';
import { screenLabel } from '#server/features/admin/screens.ts';
import { adminText } from '#server/features/admin/texts.ts';
import { type ConsoleAccount, consoleSignIn } from './console-support.ts';
import { shoot, uniqueEmail, WIDTHS } from './support.ts';

/**
 * The console's own administration: the demo admin signs in and sees the dashboard, adds a
 * moderator (the page shows her password and authenticator key once), the moderator signs in
 * elsewhere with a code of that key and sees only her screens; the admin gives her the support
 * role, she sees the support desk at once, and the admin finds both changes in the audit log.
 * Screenshots of the dashboard, the operators screen and the audit log at both widths in both languages.
 */

const a = (key: Parameters<typeof adminText>[1]) => adminText('en', key);
const o = (key: Parameters<typeof operatorsText>[1], vars: Record<string, string> = {}) =>
  operatorsText('en', key, vars);

async function signInAs(browser: Browser, account: ConsoleAccount): Promise<Page> {
  const page = await consoleSignIn(browser, account);
  await page.setViewportSize(WIDTHS.desktop);
  return page;
}

test('the admin adds a moderator who signs in with her own key and sees her screens; both changes are in the audit log', async ({
  browser,
}) => {
  const admin = await signInAs(browser, DEMO_OPERATOR);
  await expect(admin.getByRole('heading', { name: a('figuresTitle') })).toBeVisible();
  await expect(admin.locator('[data-figure="online"] .n')).toHaveText(/^\d+$/);

  // A new moderator: her sign-in details are shown once.
  await admin.getByRole('link', { name: screenLabel('/admin/operators') }).click();
  await expect(admin.getByRole('heading', { name: o('title') })).toBeVisible();
  const email = uniqueEmail('moderator');
  await admin.getByLabel(o('email')).fill(email);
  await admin.getByLabel(o('name'), { exact: true }).fill('Mona Moderator');
  await admin.getByRole('checkbox', { name: /Moderator/ }).check();
  await admin.getByRole('button', { name: o('createSubmit') }).click();
  await expect(admin.getByRole('heading', { name: o('createdTitle', { name: 'Mona Moderator' }) })).toBeVisible();
  const password = (await admin.locator('#password').textContent()) ?? '';
  const secret = (await admin.locator('#totp-key').textContent()) ?? '';
  await expect(admin.locator('#totp-uri')).toContainText('otpauth://totp/');

  // She signs in elsewhere and sees the screens of her role only.
  const mona = await signInAs(browser, { email, password, totpSecret: secret });
  await expect(mona.getByRole('link', { name: screenLabel('/admin/review') })).toBeVisible();
  await expect(mona.getByRole('link', { name: screenLabel('/admin/operators') })).toHaveCount(0);
  await expect(mona.getByRole('link', { name: screenLabel('/admin/support') })).toHaveCount(0);

  // The admin adds the support role; her next page shows the desk.
  await admin.getByRole('link', { name: o('backToOperator', { name: 'Mona Moderator' }) }).click();
  await admin.getByRole('checkbox', { name: /Support/ }).check();
  await admin.getByRole('button', { name: o('rolesSubmit') }).click();
  await expect(admin.getByText(o('done_roles'))).toBeVisible();
  const monaPage = new URL(admin.url()).pathname;
  await mona.reload();
  await expect(mona.getByRole('link', { name: screenLabel('/admin/support') })).toBeVisible();

  // Both changes in the audit log.
  await admin.goto('/admin/audit?type=operator');
  await expect(admin.getByRole('heading', { name: auditText('en', 'title') })).toBeVisible();
  const entries = admin.locator('tbody tr');
  await expect(entries.filter({ hasText: 'operator.roles' }).first()).toContainText('moderator, support');
  await expect(entries.filter({ hasText: 'operator.create' }).first()).toContainText(email);

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
        await shoot(admin, name);
      }
    }
  }
});
