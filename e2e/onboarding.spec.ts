import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { performerTexts } from '#app/console/performers/texts.ts';
import { reviewTexts } from '#app/console/review/texts.ts';
import { testClip } from '#server/features/uploads/testing.ts';
import { apiGet } from './catalogue-support.ts';
import { consoleSignIn } from './console-support.ts';
import { mailLink, shoot, text, uniqueEmail, WIDTHS } from './support.ts';

/**
 * Performer onboarding end to end: a new performer signs up in the studio, confirms her address,
 * uploads her ID and a selfie, is refused by the sandbox ID check once and passes a new one; the
 * demo administrator, who sees both attempts, approves her
 * with the 2257 record in the console; she then has her normal studio, uploads her first video (the
 * progress shown), the administrator approves it in the review queue and it is in the catalogue.
 * Screenshots of the sign-up, the application, the studio's content page and the console pages at
 * both widths in both languages.
 */

type Lang = 'en' | 'de';
const langs: Lang[] = ['en', 'de'];
const sizes = [WIDTHS.phone, WIDTHS.desktop];

const photo = (color: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function everyView(page: Page, path: string, name: string, ready: (lang: Lang) => Promise<void>) {
  for (const lang of langs) {
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await ready(lang);
      await shoot(page, name);
    }
  }
}

test('a new performer signs up, passes the ID check at the second attempt, is approved; her first video is reviewed and listed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('performer');
  const showName = `Nova Lights ${Date.now() % 100000}`;

  await everyView(page, '/studio/signup', 'studio-signup', async (lang) => {
    await expect(page.getByRole('heading', { name: text(lang, 'studio.signup.title') })).toBeVisible();
    await expect(page.getByTestId('categories-group')).toBeVisible();
  });

  // Sign-up.
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio/signup?lang=en');
  await page.getByLabel(text('en', 'studio.signup.email'), { exact: false }).fill(email);
  await page.getByLabel(text('en', 'studio.signup.password'), { exact: false }).first().fill('Stage-Lights-2026');
  await page.getByLabel(text('en', 'studio.signup.showName'), { exact: false }).fill(showName);
  await page.getByRole('checkbox', { name: text('en', 'studio.signup.languageNames.en') }).check();
  await page.getByTestId('categories-group').getByRole('checkbox').first().check();
  await page.getByRole('checkbox', { name: text('en', 'studio.signup.terms') }).check();
  await page.getByRole('button', { name: text('en', 'studio.signup.submit') }).click();
  await expect(page.getByRole('heading', { name: text('en', 'studio.onboarding.title') })).toBeVisible();

  // She confirms her address with the mailed link.
  await page.goto(await mailLink(page.request, email, '/studio/onboarding?confirm='));
  await expect(
    page.getByRole('heading', { name: new RegExp(text('en', 'studio.onboarding.step_email_done')) }),
  ).toBeVisible();

  // Her ID and a selfie.
  await page
    .getByTestId('file-id_front')
    .setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 90, g: 120, b: 200 }) });
  await expect(page.getByTestId('document-id_front')).toContainText(text('en', 'studio.onboarding.uploaded'));
  await page
    .getByTestId('file-selfie')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 220, g: 170, b: 140 }) });
  await expect(page.getByTestId('document-selfie')).toContainText(text('en', 'studio.onboarding.uploaded'));

  // The sandbox ID provider refuses the first check: she reads why and starts a new one.
  await page.getByRole('button', { name: text('en', 'studio.onboarding.startCheck') }).click();
  // The studio's own page has a heading of that name too: the provider's page is the one at its address.
  await page.waitForURL(/\/sandbox\/idcheck\//);
  await expect(page.getByRole('heading', { name: text('en', 'idcheck.sandbox.title') })).toBeVisible();
  await shoot(page, 'idcheck-sandbox');
  await page.getByRole('radio', { name: text('en', 'idcheck.sandbox.outcomes.rejected'), exact: true }).check();
  await page.getByLabel(text('en', 'idcheck.sandbox.reason')).selectOption('face_not_visible');
  await page.getByRole('button', { name: text('en', 'idcheck.sandbox.submit') }).click();
  const refusal = (lang: Lang) =>
    text(lang, 'studio.onboarding.check_failed', { reason: text(lang, 'studio.onboarding.reasons.face_not_visible') });
  await expect(page.getByTestId('check-state')).toHaveText(refusal('en'));
  await everyView(page, '/studio/onboarding', 'studio-onboarding-retry', async (lang) => {
    await expect(page.getByTestId('check-state')).toHaveText(refusal(lang));
    await expect(page.getByTestId('check-retry')).toHaveText(
      text(lang, 'studio.onboarding.retryHint_other', { count: 2 }),
    );
  });
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio/onboarding?lang=en');
  await page.getByRole('button', { name: text('en', 'studio.onboarding.retryCheck') }).click();
  await page.waitForURL(/\/sandbox\/idcheck\//);
  await page.getByRole('radio', { name: text('en', 'idcheck.sandbox.outcomes.approved'), exact: true }).check();
  await page.getByRole('button', { name: text('en', 'idcheck.sandbox.submit') }).click();
  await expect(page.getByTestId('check-state')).toHaveText(text('en', 'studio.onboarding.check_passed'));
  // Still pending: no studio yet.
  await page.goto('/studio?lang=en');
  await expect(page).toHaveURL(/\/studio\/onboarding/);
  await everyView(page, '/studio/onboarding', 'studio-onboarding', async (lang) => {
    await expect(page.getByTestId('check-state')).toHaveText(text(lang, 'studio.onboarding.check_passed'));
  });

  // The demo administrator approves her with the 2257 record.
  const admin = await consoleSignIn(browser);
  const o = performerTexts.en;
  for (const lang of langs) {
    for (const size of sizes) {
      await admin.setViewportSize(size);
      await admin.goto(`/admin/performers?lang=${lang}`);
      await expect(admin.getByRole('heading', { name: performerTexts[lang].queueTitle })).toBeVisible();
      await expect(admin.getByRole('link', { name: showName })).toBeVisible();
      await shoot(admin, 'console-applications');
    }
  }
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.goto('/admin/performers?lang=en');
  await admin.getByRole('link', { name: showName }).click();
  await expect(admin.getByRole('heading', { name: o.appTitle(showName) })).toBeVisible();
  await expect(admin.getByRole('img', { name: o.doc_selfie })).toBeVisible();
  await expect(admin.getByText(o.attemptsUsed(2, 3))).toBeVisible();
  await admin.getByRole('button', { name: o.approve }).click();
  const approve = admin.getByRole('dialog', { name: o.approveTitle });
  await approve.getByLabel(o.legalName).fill('Nora Example');
  await approve.getByLabel(o.dateOfBirth).fill('1996-07-21');
  await approve.getByLabel(o.idType).selectOption('passport');
  await approve.getByLabel(o.idNumber).fill('C01X00T47');
  await shoot(admin, 'console-approve-form');
  await approve.getByRole('button', { name: o.approve }).click();
  await expect(approve.getByText(o.approveConfirm(showName))).toBeVisible();
  await approve.getByRole('button', { name: o.approve }).click();
  await expect(admin.getByText(o.approved)).toBeVisible();
  await expect(admin.getByText(o.decidedAlready)).toBeVisible();
  for (const lang of langs) {
    for (const size of sizes) {
      await admin.setViewportSize(size);
      await admin.goto(`${new URL(admin.url()).pathname}?lang=${lang}`);
      await expect(admin.getByRole('heading', { name: performerTexts[lang].appTitle(showName) })).toBeVisible();
      await shoot(admin, 'console-application');
    }
  }
  // The demo administrator may read the 2257 record on the same page.
  await expect(admin.getByRole('heading', { name: performerTexts.de.records })).toBeVisible();
  await expect(admin.getByText('C01X00T47')).toBeVisible();
  await shoot(admin, 'console-records');

  // She now has her normal studio.
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio?lang=en');
  await expect(page.getByText(showName).first()).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'studio.live.go_live') })).toBeVisible();
  await shoot(page, 'studio-approved');

  // Her first video: uploaded with its progress shown, processed, waiting for review.
  const title = `Beach walk ${Date.now()}`;
  await page.goto('/studio/content?lang=en');
  const form = page.getByRole('form', { name: text('en', 'studio.content.video_heading') });
  await form.getByLabel(text('en', 'studio.content.video_file')).setInputFiles({
    name: 'beach.webm',
    mimeType: 'video/webm',
    buffer: await testClip(3),
  });
  await form.getByLabel(text('en', 'studio.content.title_en')).fill(title);
  const titleDe = `Strandspaziergang ${title.slice(11)}`;
  await form.getByLabel(text('en', 'studio.content.title_de')).fill(titleDe);
  await form.getByLabel(text('en', 'studio.content.part_starts')).fill('0, 1');
  await form.getByLabel(text('en', 'studio.content.part_prices')).fill('0, 20');
  await page
    .getByRole('button', { name: text('en', 'studio.content.upload_submit') })
    .first()
    .click();
  const bar = page.getByRole('progressbar', { name: text('en', 'studio.content.progress', { name: 'beach.webm' }) });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText(text('en', 'studio.content.submitted'))).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText(text('en', 'studio.content.status_pending'))).toBeVisible();
  await expect(item.getByRole('status')).toHaveCount(0, { timeout: 30_000 });

  // The moderator approves it in the review queue; it appears in the catalogue under her show.
  const r = (lang: Lang) => reviewTexts[lang];
  await everyView(admin, '/admin/review', 'review-queue', async (lang) => {
    await expect(admin.getByRole('heading', { name: r(lang).title })).toBeVisible();
    // The queue names the upload in the console's language.
    await expect(admin.getByRole('link', { name: r(lang).openItem(lang === 'de' ? titleDe : title) })).toBeVisible();
  });
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.goto('/admin/review?lang=en');
  await admin.getByRole('link', { name: r('en').openItem(title) }).click();
  await expect(admin.getByRole('heading', { name: `${r('en').kind_new_video}: ${title}` })).toBeVisible();
  await expect(admin.getByRole('img', { name: r('en').poster })).toBeVisible();
  await shoot(admin, 'review-item');
  await admin.getByRole('button', { name: r('en').approve }).click();
  await expect(admin.getByText(r('en').approved)).toBeVisible();
  const me = await apiGet<{ show: { universalId: string } }>(page.request, 'studio/me');
  const found = await apiGet<{ data: { title: string }[] }>(
    page.request,
    `search/videos?showid=${me.show.universalId}&limit=36`,
  );
  expect(found.data.map((v) => v.title)).toContain(title);
  await page.goto('/studio/content?lang=en');
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText(text('en', 'studio.content.status_published')),
  ).toBeVisible();
  await everyView(page, '/studio/content', 'studio-content', async (lang) => {
    await expect(page.getByRole('heading', { name: text(lang, 'studio.content.video_heading') })).toBeVisible();
  });
});
