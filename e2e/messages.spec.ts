import { type Browser, expect, type Page, test } from '@playwright/test';
import { errorTexts } from '#app/console/errors.ts';
import { CONSOLE_SCREENS } from '#app/console/screens.ts';
import { supportTexts } from '#app/console/support/texts.ts';
import { DEMO_SUPPORT_OPERATOR } from '#server/db/seed/demo-operator.ts';
import { apiGet, logInDemo, shootView } from './catalogue-support.ts';
import { consoleSignIn } from './console-support.ts';
import { type LiveShow, ownShows } from './live-support.ts';
import { coinBalance, shoot, text, WIDTHS } from './support.ts';

/**
 * Messages on both ends (playwright.config.ts keeps demo performers from answering by
 * themselves): the demo member writes to a show at its price with a tip; her performer, in her
 * studio, sees it unread and answers with a paid picture; the member gets the pop-up and the
 * count, unlocks the picture, reads all, blocks and unblocks. Then support: the member asks, the
 * support desk answers, the member reads the answer. Screenshots of each end at both widths in
 * both languages.
 */

type Lang = 'en' | 'de';

async function studioOf(browser: Browser, show: LiveShow): Promise<Page> {
  const studio = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await studio.setViewportSize(WIDTHS.desktop);
  await studio.goto('/studio/login?lang=en');
  const email = `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await studio.getByLabel(text('en', 'studio.login.email')).fill(email);
  await studio.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await studio.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(studio.getByText(show.showName).first()).toBeVisible();
  return studio;
}

const menuButton = (page: Page, lang: Lang, count: number) =>
  page.getByRole('button', { name: text(lang, `messages.menu.label_${count === 1 ? 'one' : 'other'}`, { count }) });
const pane = (page: Page, lang: Lang, name: string) =>
  page.getByRole('list', { name: text(lang, 'messages.pane.label', { name }) });

test('a paid message with a tip, a paid picture back from the studio, the pop-up, read all, block; support answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDTHS.desktop);
  await logInDemo(page);
  // A show the demo member has not written to yet (she has seeded conversations with a few).
  const mine = await apiGet<{ data: Array<{ showid: string | null }> }>(page.request, 'conversations?limit=50');
  const written = new Set(mine.data.map((c) => c.showid));
  const show = (await ownShows(page, false)).find((s) => !written.has(s.universalId));
  if (!show) throw new Error('no offline demo show without a conversation');

  // Her studio: a price per message.
  const studio = await studioOf(browser, show);
  await studio.getByLabel(text('en', 'studio.settings.messagePrice')).fill('5');
  await studio.getByRole('button', { name: text('en', 'studio.settings.messagePriceSave') }).click();
  await expect(studio.getByText(text('en', 'studio.settings.messagePriceSaved'))).toBeVisible();

  // On her phone, the member writes from the show's page at that price, with a tip: the
  // conversation opens over the page (#open-conversation), new, and closing it keeps the page.
  const before = await coinBalance(page);
  const unreadBefore = (await apiGet<{ all: number }>(page.request, 'conversations/count')).all;
  await page.setViewportSize(WIDTHS.phone);
  await page.goto(`/chat/${show.universalId}?lang=en`);
  // The page first moves to its address with her name; a hash added before that would be replaced.
  await expect(page).toHaveURL(new RegExp(`/chat/${show.universalId}/[^/?]+\\?lang=en$`));
  await page.getByRole('link', { name: text('en', 'messages.write', { name: show.showName }) }).click();
  await expect(page).toHaveURL(/#open-conversation$/);
  const dialog = page.getByRole('dialog', { name: text('en', 'messages.dialog.label') });
  await expect(dialog.getByText(text('en', 'messages.composer.price_other', { count: 5 }))).toBeVisible();
  await dialog
    .getByRole('textbox', { name: text('en', 'messages.composer.input') })
    .fill('Hi! Will you be online tonight?');
  await dialog.getByRole('combobox', { name: text('en', 'messages.composer.tip') }).click();
  await page.getByRole('option', { name: text('en', 'messages.composer.tip_amount_other', { count: 10 }) }).click();
  await dialog.getByRole('button', { name: text('en', 'messages.composer.send') }).click();
  await expect(pane(page, 'en', show.showName).getByText('Hi! Will you be online tonight?')).toBeVisible();
  await dialog.getByRole('button', { name: text('en', 'messages.dialog.close') }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/#/);
  await expect(page).toHaveURL(new RegExp(`/chat/${show.universalId}`));
  await expect.poll(() => coinBalance(page)).toBe(before - 15);
  await page.setViewportSize(WIDTHS.desktop);
  const made = await apiGet<{ data: Array<{ id: number; showid: string | null }> }>(
    page.request,
    'conversations?limit=50',
  );
  const conversationPath = `/messages/${made.data.find((c) => c.showid === show.universalId)?.id}`;

  // Elsewhere on the site, with her socket connected, she waits for an answer.
  // The frame listener is on the socket from its first moment, so an early "connected" is not missed.
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/api/socket')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('40')) resolve();
      });
    });
  });
  await page.goto('/?lang=en');
  await connected;
  await expect(menuButton(page, 'en', unreadBefore)).toBeVisible();

  // She sees it unread in her inbox and answers with a picture for 15 coins.
  const tab = studio.getByRole('tab', { name: text('en', 'studio.inbox.tab_unread_one', { count: 1 }) });
  await tab.click();
  await expect(studio).toHaveURL(/\/studio\/messages$/);
  await studio
    .getByRole('navigation', { name: text('en', 'studio.inbox.conversations') })
    .getByRole('button')
    .first()
    .click();
  const log = studio.getByRole('log');
  await expect(log.getByText('Will you be online tonight?')).toBeVisible();
  await expect(log.getByText(text('en', 'studio.inbox.tip_other', { count: 10 }))).toBeVisible();
  await studio
    .getByRole('textbox', { name: text('en', 'studio.inbox.reply_label') })
    .fill('Yes, from nine! A preview for you.');
  await studio.getByRole('button', { name: text('en', 'studio.inbox.attach') }).click();
  const picker = studio.getByRole('dialog', { name: text('en', 'studio.inbox.pick_title') });
  await picker.getByRole('listitem').first().getByRole('button').click();
  await expect(picker).toBeHidden();
  await studio.getByRole('textbox', { name: text('en', 'studio.inbox.price_label') }).fill('15');
  await studio.getByRole('button', { name: text('en', 'studio.inbox.send') }).click();
  await expect(log.getByText(text('en', 'studio.inbox.picture_locked_other', { count: 15 }))).toBeVisible();

  // The member gets the pop-up and the count.
  const popup = page.getByRole('dialog', { name: text('en', 'messages.popup.title') });
  await expect(popup).toBeVisible();
  await expect(menuButton(page, 'en', unreadBefore + 1)).toBeVisible();
  await expect(popup.getByText(show.showName)).toBeVisible();
  await shoot(page, 'messages-popup', { fullPage: false });
  await popup.getByText(show.showName).click();
  await expect(page).toHaveURL(new RegExp(`${conversationPath}$`));

  // The picture unlocks for its price; the conversation was read by opening it.
  const conversation = pane(page, 'en', show.showName);
  await conversation
    .getByRole('button', { name: text('en', 'messages.attachment.unlock_other', { count: 15 }) })
    .click();
  await expect(conversation.getByRole('img', { name: text('en', 'messages.attachment.alt') })).toBeVisible();
  await expect.poll(() => coinBalance(page)).toBe(before - 30);
  await expect(menuButton(page, 'en', unreadBefore)).toBeVisible();

  // Read all, until the count stays.
  await page.getByRole('button', { name: text('en', 'messages.page.read_all') }).click();
  await expect(menuButton(page, 'en', 0)).toBeVisible();

  // Block, and unblock.
  await page.getByRole('button', { name: text('en', 'messages.pane.block') }).click();
  await expect(page.getByRole('button', { name: text('en', 'messages.pane.unblock') })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: text('en', 'messages.pane.unblock') }).click();
  await expect(page.getByRole('button', { name: text('en', 'messages.pane.block') })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Support: she asks, the desk answers, she reads the answer.
  await page.goto('/messages/support?lang=en');
  const supportName = text('en', 'messages.support.title');
  await page.getByRole('textbox', { name: text('en', 'messages.composer.input') }).fill('How do I buy a video?');
  await page.getByRole('button', { name: text('en', 'messages.composer.send') }).click();
  await expect(pane(page, 'en', supportName).getByText('How do I buy a video?')).toBeVisible();
  const desk = await consoleSignIn(browser, DEMO_SUPPORT_OPERATOR);
  const d = supportTexts.en;
  const deskLabel = CONSOLE_SCREENS.find((s) => s.path === '/admin/support')?.label.en ?? '';
  await desk.getByRole('link', { name: deskLabel }).click();
  await desk.getByRole('link', { name: 'demo@livecam.local' }).click();
  await expect(desk.getByText('How do I buy a video?')).toBeVisible();
  await desk.getByLabel(d.replyLabel).fill('Open the video and press buy: coins or a voucher.');
  await desk.getByRole('button', { name: d.replySubmit }).click();
  await expect(desk.getByText(d.replySent)).toBeVisible();
  await expect(desk.getByText('Open the video and press buy: coins or a voucher.')).toBeVisible();
  await shoot(desk, 'support-desk-thread');
  await expect(pane(page, 'en', supportName).getByText('Open the video and press buy')).toBeVisible();
  // Support has no part in the review queue: its address, opened directly, is refused in words.
  await expect(
    desk.getByRole('link', { name: CONSOLE_SCREENS.find((s) => s.path === '/admin/review')?.label.en ?? '' }),
  ).toHaveCount(0);
  await desk.goto('/admin/review');
  await expect(desk.getByText(errorTexts.en.forbidden)).toBeVisible();

  // Both ends at both widths, in both languages.
  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.desktop, WIDTHS.phone]) {
      await page.setViewportSize(size);
      await page.goto(`/messages?lang=${lang}`);
      await expect(page.getByRole('list', { name: text(lang, 'messages.list.label') })).toBeVisible();
      await shootView(page, 'messages-list');
      await page.goto(`${conversationPath}?lang=${lang}`);
      await expect(pane(page, lang, show.showName).getByText('Yes, from nine!')).toBeVisible();
      await shootView(page, 'messages-conversation');
      await page.goto(`/messages/support?lang=${lang}`);
      await expect(
        pane(page, lang, text(lang, 'messages.support.title')).getByText('How do I buy a video?'),
      ).toBeVisible();
      await shootView(page, 'messages-support');
      // Her conversation over her page, the hash arriving with the address.
      await page.goto(`/chat/${show.universalId}?lang=${lang}#open-conversation`);
      await expect(pane(page, lang, show.showName).getByText('Yes, from nine!')).toBeVisible();
      await shootView(page, 'messages-open-conversation');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: text(lang, 'messages.dialog.label') })).toBeHidden();
      // The messages menu: from the top bar, or on phones from the bottom navigation.
      if (size.width >= 600) await menuButton(page, lang, 0).click();
      else
        await page
          .getByRole('navigation', { name: text(lang, 'bottomnav.label') })
          .getByRole('button', { name: new RegExp(text(lang, 'bottomnav.messages')) })
          .click();
      const menu = page.getByRole('dialog', { name: text(lang, 'messages.menu.title') });
      await expect(menu.getByText(text(lang, 'messages.menu.latest'))).toBeVisible();
      await shootView(page, 'messages-menu');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await studio.setViewportSize(size);
      await studio.goto(`/studio/messages?lang=${lang}`);
      await expect(studio.getByRole('navigation', { name: text(lang, 'studio.inbox.conversations') })).toBeVisible();
      await shoot(studio, 'studio-inbox');
    }
  }
});
