import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiGet, type Show } from './catalogue-support.ts';
import { confirmAge, shoot, text, WIDTHS } from './support.ts';

/**
 * Live shows end to end: a new user watches a demo performer's clip with no camera of her own; a
 * performer goes live from /studio with Chromium's fake camera, a member and a guest watch her
 * through the server, and see her pause and go offline.
 */
test.describe.configure({ mode: 'serial' });

type LiveShow = Show & { slugName: string; flags: { free: boolean } };
const DEMO_PERFORMER_PASSWORD = 'demo-performer-2026';
const MEMBER = { email: 'demo@livecam.local', password: 'demo-member-2026', nickname: 'DemoFan' };

async function freeShow(page: Page, online: boolean): Promise<LiveShow> {
  for (let n = 1; n <= 10; n++) {
    const list = await apiGet<{ data: LiveShow[] }>(page.request, `shows?page=${n}&limit=36`);
    const found = list.data.find((s) => s.online === online && s.flags.free && /^[A-Za-z ]+$/.test(s.showName));
    if (found) return found;
  }
  throw new Error(`no free show that is ${online ? 'online' : 'offline'}`);
}

const video = (page: Page) => page.getByTestId('live-video');

/** The live video plays: a picture of real size whose time moves on. */
async function expectMovingPicture(page: Page) {
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const start = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(start + 0.5);
}

async function openOverlay(page: Page, show: LiveShow, lang: 'en' | 'de' = 'en') {
  await page.goto(`/chat/${show.universalId}/${show.slugName}?lang=${lang}`);
  const watch = page.getByRole('button', { name: text(lang, 'live.watch_free') });
  await watch.click();
  await expect(page).toHaveURL(/#enter_chat$/);
  await expect(page.getByRole('dialog', { name: show.showName })).toBeVisible();
}

async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/?lang=en');
  await confirmAge(page);
  return { context, page };
}

test('a new user watches an online demo performer live, with no camera of her own', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  const show = await freeShow(page, true);
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await openOverlay(page, show, lang);
      await expectMovingPicture(page);
      await expect(page.getByText(text(lang, 'live.on_air'), { exact: true })).toBeVisible();
      await shoot(page, 'live-overlay');
    }
  }
  // Closing removes the hash and the overlay.
  await page.getByRole('button', { name: text('de', 'live.close') }).click();
  await expect(page).not.toHaveURL(/#enter_chat/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('a performer goes live from the studio; a member and a guest watch her pause and go offline', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const show = await freeShow(page, false);
  const email = `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;

  // Her studio, with Chromium's fake camera.
  const studioContext = await browser.newContext({ locale: 'en-US' });
  const studio = await studioContext.newPage();
  await studio.setViewportSize(WIDTHS.desktop);
  await studio.goto('/studio/login?lang=en');
  await studio.getByLabel(text('en', 'studio.login.email')).fill(email);
  await studio.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill(DEMO_PERFORMER_PASSWORD);
  await studio.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(studio.getByText(show.showName)).toBeVisible();
  await expect(studio.getByTestId('on-air')).toHaveText(text('en', 'studio.live.off_air'));
  const published = studio.waitForRequest((r) => r.url().endsWith('/api/studio/live') && r.method() === 'POST');
  await studio.getByRole('button', { name: text('en', 'studio.live.go_live') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('en', 'studio.live.on_air'));
  const cameraSdp = ((await published).postDataJSON() as { offer: { sdp: string } }).offer.sdp;

  // A member watches.
  await page.goto('/login?lang=en');
  await confirmAge(page);
  await page.getByLabel(new RegExp(`^${text('en', 'login.username')}`)).fill(MEMBER.email);
  await page.getByLabel(new RegExp(`^${text('en', 'login.password')}`)).fill(MEMBER.password);
  await page.getByRole('button', { name: text('en', 'login.submit') }).click();
  await expect(page).toHaveURL(/\/$/);
  const offered = page.waitForResponse((r) => r.url().endsWith('/watch'));
  await openOverlay(page, show);
  const viewerSdp = ((await (await offered).json()) as { offer: { sdp: string } }).offer.sdp;
  await expectMovingPicture(page);

  // What the viewer's browser is told holds the server's address only, never one of the camera's.
  const hosts = (sdp: string) => new Set([...sdp.matchAll(/a=candidate:\S+ \d+ \w+ \d+ (\S+) /g)].map((m) => m[1]));
  expect(hosts(viewerSdp)).toEqual(new Set(['127.0.0.1']));
  for (const address of hosts(cameraSdp)) if (address !== '127.0.0.1') expect(viewerSdp).not.toContain(address);

  // A guest watches too.
  const guest = await newVisitor(browser);
  await guest.page.setViewportSize(WIDTHS.phone);
  await openOverlay(guest.page, show);
  await expectMovingPicture(guest.page);

  // She sees both.
  await expect(
    studio.getByRole('heading', { name: text('en', 'studio.live.viewers_other', { count: 2 }) }),
  ).toBeVisible();
  await expect(studio.getByTestId('viewer-list')).toContainText(MEMBER.nickname);
  await expect(studio.getByTestId('viewer-list')).toContainText('guest');

  // They chat: the member writes beside the video, she answers from her studio.
  await page.getByRole('dialog').getByLabel(text('en', 'showchat.input')).fill('Hello from the front row');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('en', 'showchat.send') })
    .click();
  await expect(studio.getByText('Hello from the front row', { exact: true })).toBeVisible();
  await studio.getByLabel(text('en', 'showchat.input')).fill('Welcome, DemoFan!');
  await studio.getByRole('button', { name: text('en', 'showchat.send') }).click();
  for (const viewer of [page, guest.page])
    await expect(viewer.getByText('Welcome, DemoFan!', { exact: true })).toBeVisible();
  await shoot(studio, 'studio-live');
  await shoot(page, 'live-member');
  await shoot(guest.page, 'live-guest');

  // A reload of her studio (here into German, on a phone) resumes her broadcast, and her viewers'
  // pictures come back by themselves.
  await studio.setViewportSize(WIDTHS.phone);
  await studio.goto('/studio?lang=de');
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.on_air'));
  await shoot(studio, 'studio-live');
  await expectMovingPicture(page);
  await expectMovingPicture(guest.page);

  // She pauses: both see the pause; she resumes: the picture moves again.
  await studio.getByRole('button', { name: text('de', 'studio.live.pause') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.paused'));
  for (const viewer of [page, guest.page]) {
    await expect(
      viewer.getByRole('dialog').getByText(text('en', 'chat.show_paused.title'), { exact: true }),
    ).toBeVisible();
  }
  await studio.getByRole('button', { name: text('de', 'studio.live.resume') }).click();
  await expectMovingPicture(page);

  // She goes offline: both see it.
  await studio.getByRole('button', { name: text('de', 'studio.live.go_offline') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.off_air'));
  for (const viewer of [page, guest.page]) {
    await expect(
      viewer.getByRole('dialog').getByText(text('en', 'chat.show_not_available.title'), { exact: true }),
    ).toBeVisible();
  }
  await guest.context.close();
  await studioContext.close();
});
