import { expect, type Page, test } from '@playwright/test';
import { confirmAge, field, shoot, text, VARIANTS, WIDTHS } from './support.ts';

type Lang = 'en' | 'de';

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

/** Fills the sandbox company's form and submits it. */
async function fillSandbox(page: Page, lang: Lang, documentNumber: string, birthDate = yearsAgo(30)) {
  await expect(page).toHaveURL(/\/sandbox\/avs\//);
  await expect(page.getByRole('heading', { name: text(lang, 'avs.sandbox.title') })).toBeVisible();
  await page.getByLabel(text(lang, 'avs.sandbox.fields.document'), { exact: true }).selectOption('passport');
  await page.getByLabel(text(lang, 'avs.sandbox.fields.birth_date'), { exact: true }).fill(birthDate);
  await page.getByLabel(text(lang, 'avs.sandbox.fields.document_number'), { exact: true }).fill(documentNumber);
  await page.getByLabel(text(lang, 'avs.sandbox.fields.expiry_date'), { exact: true }).fill(yearsAgo(-4));
}

test('a visitor passes the age check on the way to the voice call, then logs in', async ({ page }) => {
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();

  const menu = page.getByRole('navigation', { name: text('en', 'sidemenu.label') });
  await menu.getByRole('link', { name: text('en', 'sidemenu.voicecall') }).click();
  await expect(page).toHaveURL(/\/avs\?kjm=1&target=voicecall$/);
  await expect(page.getByRole('heading', { name: text('en', 'avs.title') })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: text('en', 'avs.kjm') })).toBeVisible();

  await page.getByRole('button', { name: text('en', 'avs.start') }).click();
  await fillSandbox(page, 'en', 'P1234567');
  await page.getByRole('button', { name: text('en', 'avs.sandbox.submit') }).click();

  await expect(page).toHaveURL(/\/avs\?kjm=1&target=voicecall&check=\d+$/);
  await expect(page.getByText(text('en', 'avs.passed'))).toBeVisible();
  await shoot(page, 'avs-passed');
  await expect(page).toHaveURL(/\/billing\?paymenttypename=voicecall$/);

  // The billing page asks a visitor to log in; the check this browser passed becomes the member's.
  await page
    .getByRole('main')
    .getByRole('link', { name: text('en', 'profile.members_only.login') })
    .click();
  await field(page, 'en', 'login.username').fill('demo@livecam.local');
  await field(page, 'en', 'login.password').fill('demo-member-2026');
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(
    page.getByRole('banner').getByRole('link', { name: text('en', 'profile.members_only.login') }),
  ).toBeHidden();
  await page.goto('/billing?paymenttypename=voicecall');
  await expect(menu.getByRole('link', { name: text('en', 'sidemenu.voicecall') })).toHaveAttribute(
    'href',
    '/billing?paymenttypename=voicecall',
  );
  const state = await (await page.request.get('/api/session/init')).json();
  expect(state.session.agechecked).toBe(true);
  await page.goto('/avs');
  await expect(page.getByText(text('en', 'avs.verified'))).toBeVisible();
});

for (const { lang, device: size } of VARIANTS) {
  const viewport = WIDTHS[size];
  test(`a failing check shows the reason (${lang}, ${size})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await confirmAge(page);
    await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
    await page.goto(`/avs?kjm=1&target=voicecall&lang=${lang}`);
    await expect(page.getByRole('heading', { name: text(lang, 'avs.title') })).toBeVisible();
    await shoot(page, 'avs');

    await page.getByRole('button', { name: text(lang, 'avs.start') }).click();
    await fillSandbox(page, lang, 'P1234567', yearsAgo(16));
    await shoot(page, 'avs-sandbox');
    await page.getByRole('button', { name: text(lang, 'avs.sandbox.submit') }).click();

    await expect(page).toHaveURL(/\/avs\?kjm=1&target=voicecall&check=\d+$/);
    const alert = page.getByRole('alert').filter({ hasText: text(lang, 'avs.failed') });
    await expect(alert).toContainText(text(lang, 'avs.failures.underage'));
    await expect(page.getByRole('button', { name: text(lang, 'avs.retry') })).toBeVisible();
    await shoot(page, 'avs-failed');

    // A wrong form on the company's page is shown again with its errors.
    await page.getByRole('button', { name: text(lang, 'avs.retry') }).click();
    await expect(page).toHaveURL(/\/sandbox\/avs\//);
    await page.getByRole('button', { name: text(lang, 'avs.sandbox.submit') }).click();
    await expect(page.getByText(text(lang, 'avs.sandbox.errors.required')).first()).toBeVisible();
    await fillSandbox(page, lang, 'FAIL-0001');
    await page.getByRole('button', { name: text(lang, 'avs.sandbox.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: text(lang, 'avs.failed') })).toContainText(
      text(lang, 'avs.failures.document_unreadable'),
    );
  });
}
