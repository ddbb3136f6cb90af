import { type Browser, expect, type Page, test } from '@playwright/test';
import { errorTexts } from '#app/console/errors.ts';
import { noticesTexts } from '#app/console/notices/texts.ts';
import { DEMO_MODERATOR } from '#server/db/seed/demo-operator.ts';
import { apiGet } from './catalogue-support.ts';
import { consoleSignIn } from './console-support.ts';
import { ownShows } from './live-support.ts';
import { confirmAge, field, mailLink, shoot, text, WIDTHS } from './support.ts';

/**
 * Notice and action (EU DSA): a visitor reports a seeded video through the legal pages' form; the
 * demo moderator decides it in the console's notices queue and removes it (and finds the members'
 * screen, another role's, refused); the video's page
 * says it does not exist any more; its performer reads the statement of reasons in her studio.
 * Screenshots of the queue, the notice (open and decided), the notifier's complaint page and the studio's page at both widths in both languages.
 */

type Lang = 'en' | 'de';
const SIZES = [WIDTHS.phone, WIDTHS.desktop];

async function studio(browser: Browser, showName: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto('/studio/login?lang=en');
  const email = `${showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await page.getByLabel(text('en', 'studio.login.email')).fill(email);
  await page.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await page.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(page.getByText(showName).first()).toBeVisible();
  return page;
}

async function shootBoth(page: Page, name: string, path: (lang: Lang) => string, ready: (lang: Lang) => string) {
  for (const lang of ['en', 'de'] as const) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(path(lang));
      await expect(page.getByRole('heading', { name: ready(lang) }).first()).toBeVisible();
      await shoot(page, name);
    }
  }
}

test('a notice about a video: sent by a visitor, removed by a moderator, explained to the performer', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A seeded video of a demo performer (one who can sign in to her studio).
  let found: { showName: string; universalId: string; id: number; title: string } | null = null;
  for (const show of await ownShows(page, false)) {
    const videos = await apiGet<{ data: Array<{ id: number; title: string }> }>(
      page.request,
      `search/videos?showid=${show.universalId}`,
    );
    const first = videos.data[0];
    if (first) {
      found = { showName: show.showName, universalId: show.universalId, id: first.id, title: first.title };
      break;
    }
  }
  if (!found) throw new Error('no demo show with a video');

  // The visitor sends the notice.
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/takedown?lang=en');
  await confirmAge(page);
  const base = new URL(page.url()).origin;
  await page.getByRole('combobox', { name: new RegExp(text('en', 'content.takedown.category')) }).click();
  await page.getByRole('option', { name: text('en', 'content.takedown.categories.copyright') }).click();
  await page
    .getByRole('textbox', { name: text('en', 'content.takedown.url', { n: 1 }) })
    .fill(`${base}/videos/clip/${found.id}`);
  await page
    .getByRole('textbox', { name: new RegExp(text('en', 'content.takedown.explanation').slice(0, 20)) })
    .fill('This clip is my film, published without a licence.');
  await page.getByRole('textbox', { name: new RegExp(text('en', 'content.takedown.name')) }).fill('Rights Holder');
  await page
    .getByRole('textbox', { name: new RegExp(text('en', 'content.takedown.email')) })
    .fill('rights@example.org');
  await page.getByRole('checkbox', { name: /good faith/ }).check();
  await page.getByRole('button', { name: text('en', 'content.takedown.submit') }).click();
  const sent = page.getByText(/reference number #\d+/);
  await expect(sent).toBeVisible();
  const noticeId = Number((await sent.textContent())?.match(/#(\d+)/)?.[1]);

  // The moderator removes the video.
  const t = noticesTexts.en;
  const admin = await consoleSignIn(browser, DEMO_MODERATOR, '/admin/notices');
  await expect(admin.getByRole('heading', { name: t.title })).toBeVisible();
  await admin
    .getByRole('link', { name: t.open(t.noticeTitle(noticeId)) })
    .first()
    .click();
  await expect(admin.getByRole('heading', { name: t.noticeTitle(noticeId) })).toBeVisible();
  await expect(admin.getByText(`${t.kind('video')}: ${found.title}`)).toBeVisible();
  await shootBoth(
    admin,
    'notices-queue',
    (lang) => `/admin/notices?lang=${lang}`,
    (lang) => noticesTexts[lang].title,
  );
  await shootBoth(
    admin,
    'notices-open',
    (lang) => `/admin/notices/${noticeId}?lang=${lang}`,
    (lang) => noticesTexts[lang].noticeTitle(noticeId),
  );
  await admin.setViewportSize(WIDTHS.desktop);
  await admin.goto(`/admin/notices/${noticeId}?lang=en`);
  await admin.getByRole('radio', { name: t.actionRemove }).check();
  await admin.getByRole('radio', { name: t.groundTerms }).check();
  await admin
    .getByRole('textbox', { name: t.reasoningLabel })
    .fill('The notifier showed that the film is theirs; no licence was given.');
  await admin.getByRole('checkbox', { name: t.automated }).check();
  await admin.getByRole('button', { name: t.decideSubmit }).click();
  await admin.getByRole('dialog', { name: t.confirmTitle }).getByRole('button', { name: t.confirm }).click();
  await expect(admin.getByText(t.decided)).toBeVisible();
  // The members' screen is support's and the administrators': opened by its address, it is refused.
  await admin.goto('/admin/members?q=rights');
  await expect(admin.getByText(errorTexts.en.forbidden)).toBeVisible();
  await shootBoth(
    admin,
    'notices-notice',
    (lang) => `/admin/notices/${noticeId}?lang=${lang}`,
    (lang) => noticesTexts[lang].noticeTitle(noticeId),
  );

  // The notifier's link to complain (no account needed).
  const complaint = await mailLink(page.request, 'rights@example.org', `/notices/${noticeId}/complaint`);
  await shootBoth(
    page,
    'notice-complaint',
    (lang) => `${complaint}&lang=${lang}`,
    (lang) => text(lang, 'content.notice_complaint.title', { id: noticeId }),
  );
  // She files it; the page thanks her in place of the form.
  await page.goto(`${complaint}&lang=en`);
  await field(page, 'en', 'content.notice_complaint.text').fill('The film is ours; the removal came too late.');
  await page.getByRole('button', { name: text('en', 'content.notice_complaint.send') }).click();
  await expect(page.getByRole('status')).toContainText(text('en', 'content.notice_complaint.sent_title'));

  // The video's page no longer shows it.
  await page.goto(`/videos/clip/${found.id}?lang=en`);
  await expect(page.getByText(text('en', 'media.clip.not_found'))).toBeVisible();

  // Her studio explains why.
  const her = await studio(browser, found.showName);
  await her.getByRole('tab', { name: text('en', 'studio.statements.tab') }).click();
  const card = her.getByRole('article', { name: new RegExp(`#${noticeId}`) });
  await expect(card.getByText(`${text('en', 'studio.statements.kind_video')}: ${found.title}`)).toBeVisible();
  await expect(card.getByText(text('en', 'studio.statements.ground_terms'))).toBeVisible();
  await shootBoth(
    her,
    'studio-statements',
    (lang) => `/studio/statements?lang=${lang}`,
    (lang) => text(lang, 'studio.statements.title'),
  );
});
