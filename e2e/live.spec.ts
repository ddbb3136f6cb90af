import { expect, test } from '@playwright/test';
import { logInDemo } from './catalogue-support.ts';
import {
  expectMovingPicture,
  leaveChat,
  newVisitor,
  overlay,
  ownShows,
  say,
  startChat,
  studioOnAir,
} from './live-support.ts';
import { shoot, text, WIDTHS } from './support.ts';

/**
 * Live shows end to end, through free chat sessions: a new user watches a demo performer's clip
 * with no camera of her own; a performer goes live from /studio with Chromium's fake camera, a
 * member and a guest watch her through the server, and see her pause and go offline.
 */
test.describe.configure({ mode: 'serial' });

const MEMBER_NICKNAME = 'DemoFan';

test('a new user watches an online demo performer live, with no camera of her own', async ({ browser }) => {
  const { context, page } = await newVisitor(browser);
  const [show] = (await ownShows(page, true)).filter((s) => s.flags.free);
  if (!show) throw new Error('no online show with free chat');
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await startChat(page, show, lang, 'chatsession.offer.free');
      await expectMovingPicture(page);
      const dialog = overlay(page, show);
      await expect(dialog.getByText(text(lang, 'live.on_air'), { exact: true })).toBeVisible();
      const bar = dialog.getByRole('region', { name: text(lang, 'chatsession.bar.label') });
      await expect(bar.getByText(text(lang, 'chatsession.bar.free'), { exact: true })).toBeVisible();
      await shoot(page, 'live-overlay', { fullPage: false });
      // Leaving asks first; staying keeps the picture, leaving ends the session and removes the hash.
      if (lang === 'de' && size === WIDTHS.desktop) {
        await page.getByRole('button', { name: text(lang, 'live.close') }).click();
        await page.getByRole('button', { name: text(lang, 'chatsession.leave.stay') }).click();
        await expect(overlay(page, show)).toBeVisible();
        await expectMovingPicture(page);
      }
      await leaveChat(page, lang);
      // A free chat asks for no rating: nothing is left open.
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  }
  await context.close();
});

test('a performer goes live from the studio; a member and a guest watch her pause and go offline', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const [show] = (await ownShows(page, false)).filter((s) => s.flags.free);
  if (!show) throw new Error('no offline show with free chat');
  const { context: studioContext, studio, cameraSdp } = await studioOnAir(browser, show);

  // A member watches in a free chat.
  await logInDemo(page);
  const offered = page.waitForResponse((r) => r.url().endsWith('/watch'));
  await startChat(page, show, 'en', 'chatsession.offer.free');
  const viewerSdp = ((await (await offered).json()) as { offer: { sdp: string } }).offer.sdp;
  await expectMovingPicture(page);

  // What the viewer's browser is told holds the server's address only, never one of the camera's.
  const hosts = (sdp: string) => new Set([...sdp.matchAll(/a=candidate:\S+ \d+ \w+ \d+ (\S+) /g)].map((m) => m[1]));
  expect(hosts(viewerSdp)).toEqual(new Set(['127.0.0.1']));
  for (const address of hosts(cameraSdp)) if (address !== '127.0.0.1') expect(viewerSdp).not.toContain(address);

  // A guest watches too, on a phone.
  const guest = await newVisitor(browser);
  await guest.page.setViewportSize(WIDTHS.phone);
  await startChat(guest.page, show, 'en', 'chatsession.offer.free');
  await expectMovingPicture(guest.page);

  // She sees both.
  await expect(
    studio.getByRole('heading', { name: text('en', 'studio.live.viewers_other', { count: 2 }) }),
  ).toBeVisible();
  await expect(studio.getByTestId('viewer-list')).toContainText(MEMBER_NICKNAME);
  // The guest chats under a temporary name of her own, which her chat tells her, and she sees.
  const writingAs = overlay(guest.page, show).getByText(/You chat as guest-\d{4}/);
  await expect(writingAs).toBeVisible();
  const guestName = /guest-\d{4}/.exec((await writingAs.textContent()) ?? '')?.[0] ?? 'no name';
  await expect(studio.getByTestId('viewer-list')).toContainText(guestName);

  // They chat: the member writes beside the video, she answers from her studio.
  // The show's chat keeps its recent lines: a retry of this journey on the same server sees the
  // lines of the first run, so each run's own are told apart by the time.
  const run = new Date().toISOString().slice(11, 19);
  await say(overlay(page, show), `Hello from the front row (${run})`);
  await expect(studio.getByText(`Hello from the front row (${run})`, { exact: true })).toBeVisible();
  await say(overlay(guest.page, show), `Hi from the back (${run})`);
  await expect(
    studio.getByRole('listitem').filter({ hasText: `Hi from the back (${run})` }),
    'her line carries her name',
  ).toContainText(guestName);
  await say(studio, `Welcome, DemoFan! (${run})`);
  for (const viewer of [page, guest.page])
    await expect(overlay(viewer, show).getByText(`Welcome, DemoFan! (${run})`, { exact: true })).toBeVisible();
  await shoot(studio, 'studio-live');
  await shoot(page, 'live-member', { fullPage: false });
  await shoot(guest.page, 'live-guest', { fullPage: false });

  // A reload of her studio (here into German, on a phone) resumes her broadcast, and her viewers'
  // pictures come back by themselves, their sessions still running.
  await studio.setViewportSize(WIDTHS.phone);
  await studio.goto('/studio?lang=de');
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.on_air'));
  await shoot(studio, 'studio-live');
  await expectMovingPicture(page);
  await expectMovingPicture(guest.page);
  // Her new publication replaced the one they watched: it is announced (show:bulkupdate
  // `restarted`), each viewer's page watches again at once, and she counts them again.
  await expect(
    studio.getByRole('heading', { name: text('de', 'studio.live.viewers_other', { count: 2 }) }),
  ).toBeVisible({ timeout: 25_000 });

  // She pauses: both see the pause; she resumes: the picture moves again.
  await studio.getByRole('button', { name: text('de', 'studio.live.pause') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.paused'));
  for (const viewer of [page, guest.page]) {
    await expect(overlay(viewer, show).getByText(text('en', 'chat.show_paused.title'), { exact: true })).toBeVisible();
  }
  await studio.getByRole('button', { name: text('de', 'studio.live.resume') }).click();
  await expectMovingPicture(page);

  // She goes offline: both sessions end, and the chat closes without asking.
  await studio.getByRole('button', { name: text('de', 'studio.live.go_offline') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.off_air'));
  // The member hears the end of her session at once; a guest's player says so at once, and
  // her overlay the reason with her next heartbeat.
  await expect(overlay(page, show).getByRole('alert')).toContainText(text('en', 'chat.show_offline.title'));
  await expect(overlay(guest.page, show)).toContainText(text('en', 'chat.show_not_available.title'));
  await overlay(page, show)
    .getByRole('button', { name: text('en', 'chatsession.ended.close') })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/#enter_chat/);
  await guest.context.close();
  await studioContext.close();
});
