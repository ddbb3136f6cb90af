import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_OPERATOR } from '../server/db/seed/demo-operator.ts';
import { reviewText } from '../server/features/admin/review-texts.ts';
import { adminText } from '../server/features/admin/texts.ts';
import { base32Decode, totpCode } from '../server/features/admin/totp.ts';
import { testClip } from '../server/features/uploads/testing.ts';
import { apiGet } from './catalogue-support.ts';
import { ownShows } from './live-support.ts';
import { shoot, text, WIDTHS } from './support.ts';

/**
 * A performer uploads a short video from her studio (the progress shown), a moderator (the demo
 * admin) approves it in the review queue, and it appears in the catalogue. Screenshots of the
 * studio's content page and the review queue at both widths in both languages.
 */

async function studio(browser: Browser, showName: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio/login?lang=en');
  const email = `${showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await page.getByLabel(text('en', 'studio.login.email')).fill(email);
  await page.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await page.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(page.getByText(showName).first()).toBeVisible();
  return page;
}

async function moderator(browser: Browser): Promise<Page> {
  const t = (key: Parameters<typeof adminText>[1]) => adminText('en', key);
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto('/admin/login?lang=en');
  await page.getByLabel(t('email')).fill(DEMO_OPERATOR.email);
  await page.getByLabel(t('password')).fill(DEMO_OPERATOR.password);
  const key = base32Decode(DEMO_OPERATOR.totpSecret);
  if (!key) throw new Error('demo operator key');
  await page.getByLabel(t('code')).fill(totpCode(key, Math.floor(Date.now() / 30_000)));
  await page.getByRole('button', { name: t('submit') }).click();
  await expect(page.getByRole('heading', { name: t('consoleTitle') })).toBeVisible();
  return page;
}

async function shootBoth(page: Page, name: string, path: string, ready: (lang: 'en' | 'de') => Promise<void>) {
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`${path}?lang=${lang}`);
      await ready(lang);
      await shoot(page, name);
    }
  }
}

test('a performer uploads a video, a moderator approves it, it appears in the catalogue', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const [show] = await ownShows(page, false);
  if (!show) throw new Error('no demo show');
  const title = `Beach walk ${Date.now()}`;

  const her = await studio(browser, show.showName);
  await her.goto('/studio/content?lang=en');
  const form = her.getByRole('form', { name: text('en', 'studio.content.video_heading') });
  await form.getByLabel(text('en', 'studio.content.video_file')).setInputFiles({
    name: 'beach.webm',
    mimeType: 'video/webm',
    buffer: await testClip(3),
  });
  await form.getByLabel(text('en', 'studio.content.title_en')).fill(title);
  await form.getByLabel(text('en', 'studio.content.title_de')).fill(`Strandspaziergang ${title.slice(11)}`);
  await form.getByLabel(text('en', 'studio.content.part_starts')).fill('0, 1');
  await form.getByLabel(text('en', 'studio.content.part_prices')).fill('0, 20');
  await her
    .getByRole('button', { name: text('en', 'studio.content.upload_submit') })
    .first()
    .click();
  const bar = her.getByRole('progressbar', { name: text('en', 'studio.content.progress', { name: 'beach.webm' }) });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(her.getByText(text('en', 'studio.content.submitted'))).toBeVisible();
  // Processed in the background; the page asks until it is done, then it waits for review.
  const item = her.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText(text('en', 'studio.content.status_pending'))).toBeVisible();
  await expect(item.getByRole('status')).toHaveCount(0, { timeout: 30_000 });

  const mod = await moderator(browser);
  await mod.goto('/admin/review?lang=en');
  const section = mod.getByRole('region', { name: new RegExp(title) });
  await expect(section.getByRole('img', { name: reviewText('en', 'poster') })).toBeVisible();
  await shootBoth(mod, 'review-queue', '/admin/review', async (lang) => {
    await expect(mod.getByRole('heading', { name: reviewText(lang, 'title') })).toBeVisible();
  });
  await mod.goto('/admin/review?lang=en');
  await mod
    .getByRole('region', { name: new RegExp(title) })
    .getByRole('button', { name: reviewText('en', 'approve') })
    .click();
  await expect(mod.getByText(reviewText('en', 'approved'))).toBeVisible();

  const found = await apiGet<{ data: { title: string }[] }>(
    page.request,
    `search/videos?showid=${show.universalId}&limit=36`,
  );
  expect(found.data.map((v) => v.title)).toContain(title);
  await her.goto('/studio/content?lang=en');
  await expect(
    her.getByRole('listitem').filter({ hasText: title }).getByText(text('en', 'studio.content.status_published')),
  ).toBeVisible();
  await shootBoth(her, 'studio-content', '/studio/content', async (lang) => {
    await expect(her.getByRole('heading', { name: text(lang, 'studio.content.video_heading') })).toBeVisible();
  });
});
