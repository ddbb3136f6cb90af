import { expect, type Page, test } from '@playwright/test';
import { logInDemo } from './catalogue-support.ts';
import {
  chooseOffer,
  expectMovingPicture,
  type LiveShow,
  leaveChat,
  newVisitor,
  offerButton,
  overlay,
  ownShows,
  say,
  showPage,
  startChat,
  studioOnAir,
  video,
} from './live-support.ts';
import { buyCoins, signUp } from './member-support.ts';
import { coinBalance, shoot, text, WIDTHS } from './support.ts';

/**
 * Chat sessions end to end (decision 020), with a chat minute of CHAT_MINUTE_SECONDS (see
 * playwright.config.ts): a new member buys coins, starts a private with a performer live from her
 * studio, chats, tips, watches her coins fall minute by minute until they run out, and rates the
 * chat; she buys again and starts another, which a second member watches as a voyeur. A guest in
 * the free chat before it is sent out when the private starts.
 */

const FIRST_COINS = 100;
const TIP = 10;
const DEMO_NICKNAME = 'DemoFan';

/**
 * A show of ours with free chat and a private at a price that 100 coins less the tip pay for
 * exactly three minutes: the fourth cannot be paid, and the warning comes with the third.
 */
async function privateShow(page: Page): Promise<LiveShow> {
  const shows = await ownShows(page, false);
  const fits = (s: LiveShow) =>
    s.flags.free && (s.flags.exclusive & 2) === 0 && Math.floor((FIRST_COINS - TIP) / s.pricePerMinute) === 3;
  const show = shows.find(fits);
  if (!show) throw new Error('no offline show with free chat and a private of 23 to 30 coins a minute');
  return show;
}

/**
 * Every number the page shows from now on in the elements matching `selector` (its `attribute`,
 * else its text), in order of change: read back with `figuresSeen(page, name)`.
 */
async function recordFigures(page: Page, name: string, selector: string, attribute?: string) {
  await page.evaluate(
    ({ name, selector, attribute }) => {
      const seen: number[] = [];
      const store = window as unknown as { figures?: Record<string, number[]> };
      store.figures = { ...store.figures, [name]: seen };
      const read = () => {
        const node = document.querySelector(selector);
        const shown = attribute ? node?.getAttribute(attribute) : node?.textContent;
        const value = shown ? Number(shown.replace(/\D/g, '')) : null;
        if (value !== null && seen.at(-1) !== value) seen.push(value);
      };
      read();
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    },
    { name, selector, attribute },
  );
}
const figuresSeen = (page: Page, name: string) =>
  page.evaluate((name) => (window as unknown as { figures: Record<string, number[]> }).figures[name] ?? [], name);

/** Her studio's card of the running private. */
const privateCard = (studio: Page) => studio.getByTestId('studio-private');

test('a member pays a private by the minute until her coins run out, tips, rates it, and is watched by a voyeur', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const show = await privateShow(page);
  const price = show.pricePerMinute;
  const share = Math.floor(price / 2);
  const nickname = `Fan${Math.floor(Math.random() * 1e6)}`;
  const { context: studioContext, studio } = await studioOnAir(browser, show);

  // A guest watches in the free chat; she sees "guest" among her viewers.
  const guest = await newVisitor(browser);
  await guest.page.setViewportSize(WIDTHS.phone);
  await startChat(guest.page, show, 'en', 'chatsession.offer.free');
  await expectMovingPicture(guest.page);
  await expect(studio.getByTestId('viewer-list')).toContainText('guest');

  // A new member without coins or nickname asks for a private: she chooses a nickname first,
  // is told she has too few coins, and follows the alert to the billing page.
  const member = await newVisitor(browser);
  const me = member.page;
  await signUp(me, request);
  await showPage(me, show, 'en');
  await offerButton(me, 'en', 'chatsession.offer.private', price).click();
  const naming = me.getByRole('dialog', { name: text('en', 'chat.no_nickname.title') });
  await naming.getByLabel(new RegExp(`^${text('en', 'nicknames.new')}`)).fill(nickname);
  await naming.getByRole('button', { name: text('en', 'nicknames.add'), exact: true }).click();
  const refused = me.getByRole('dialog', { name: text('en', 'chat.no_coins.title') });
  await expect(refused).toContainText(text('en', 'chat.no_coins.message', { name: show.showName }));
  await refused.getByRole('link', { name: text('en', 'chatsession.buy_coins') }).click();
  await buyCoins(me, member.context, /^100 coins/);
  await expect.poll(() => coinBalance(me)).toBe(FIRST_COINS);

  // Back on her page she starts the private: the first minute is paid at once.
  await showPage(me, show, 'en');
  const prefix = text('en', 'navbar.coins_other', { count: '§' }).split('§')[0] ?? '';
  await recordFigures(me, 'balance', `a[aria-label^="${prefix}"]`, 'aria-label');
  await recordFigures(me, 'spent', `section[aria-label="${text('en', 'chatsession.bar.label')}"] li:nth-child(2)`);
  await chooseOffer(me, show, 'en', 'chatsession.offer.private', price);
  await expectMovingPicture(me);
  await expect(privateCard(studio)).toContainText(text('en', 'studio.private.title_private', { nickname }));

  // They chat: she writes, the performer answers.
  await say(overlay(me, show), 'Just the two of us');
  await expect(studio.getByText('Just the two of us', { exact: true })).toBeVisible();
  await say(studio, `Hello ${nickname}`);
  await expect(overlay(me, show).getByText(`Hello ${nickname}`, { exact: true })).toBeVisible();

  // She tips: the chats on both sides announce it, and the tip adds to the performer's earnings.
  await overlay(me, show)
    .getByRole('button', { name: text('en', 'tip.button') })
    .click();
  const tipping = me.getByRole('dialog', { name: text('en', 'tip.title', { name: show.showName }) });
  await tipping.getByRole('button', { name: text('en', 'tip.amount_other', { count: TIP }) }).click();
  await expect(tipping.getByRole('status')).toHaveText(
    text('en', 'tip.thanks_other', { name: show.showName, count: TIP }),
  );
  await tipping.getByRole('button', { name: text('en', 'tip.close') }).click();
  const tipped = text('en', 'showchat.tipped', { coins: TIP });
  await expect(overlay(me, show).getByText(tipped, { exact: true })).toBeVisible();
  await expect(studio.getByText(tipped, { exact: true })).toBeVisible();
  // Her share of the minutes paid so far (one, or up to three on a busy machine) and half the tip.
  const earned = [1, 2, 3].map((minutes) => minutes * share + Math.floor(TIP / 2));
  const [coinsBefore, coinsAfter] = text('en', 'studio.private.coins_other', { count: '§' }).split('§');
  await expect(privateCard(studio)).toContainText(new RegExp(`${coinsBefore}(${earned.join('|')})${coinsAfter}`));
  for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
    await me.setViewportSize(size);
    await shoot(me, 'chat-private', { fullPage: false });
    await studio.setViewportSize(size);
    await shoot(studio, 'studio-private');
  }

  // Each minute costs her the price; a minute ahead of running out she is warned, with a top-up.
  const low = overlay(me, show)
    .getByRole('alert')
    .filter({ hasText: text('en', 'chatsession.low_coins.message') });
  await expect(low).toBeVisible({ timeout: 30_000 });
  await expect(low.getByRole('button', { name: text('en', 'chatsession.low_coins.top_up') })).toBeVisible();
  await expect(video(me)).toBeVisible();
  await expect.poll(() => coinBalance(me)).toBeLessThan(price);
  await shoot(me, 'chat-low-coins', { fullPage: false });

  // The next minute cannot be paid: the video stops, the reason shows with the way to buy coins.
  const ended = overlay(me, show).locator('[data-end-reason="chat.no_coins"]');
  await expect(ended).toContainText(text('en', 'chat.no_coins.title'), { timeout: 30_000 });
  await expect(video(me)).toHaveCount(0);
  await expect(ended.getByRole('link', { name: text('en', 'chatsession.buy_coins') })).toHaveAttribute(
    'href',
    '/billing',
  );
  await expect(privateCard(studio)).toHaveCount(0);
  // Her chat cost the price at its start and at each of the next two minutes; her balance fell
  // with each, and with the tip (a tip and a minute close together may show as one step).
  const spent = 3 * price;
  expect(await figuresSeen(me, 'spent')).toEqual([price, 2 * price, spent]);
  const seen = await figuresSeen(me, 'balance');
  expect(seen[0]).toBe(FIRST_COINS);
  expect(seen.at(-1)).toBe(FIRST_COINS - spent - TIP);
  for (const [i, b] of seen.slice(1).entries()) expect([price, TIP, price + TIP]).toContain((seen[i] ?? 0) - b);
  await shoot(me, 'chat-no-coins', { fullPage: false });

  // The guest's free chat had ended when the private started (a guest hears it with her next heartbeat).
  await expect(overlay(guest.page, show).locator('[data-end-reason="chat.ended_private"]')).toBeVisible({
    timeout: 20_000,
  });
  await guest.context.close();

  // Closing the chat asks for her rating of it, which is kept with the chat in her history.
  await ended.getByRole('button', { name: text('en', 'chatsession.ended.close') }).click();
  const rating = me.getByRole('dialog', { name: text('en', 'chatsession.rating.title', { name: show.showName }) });
  await rating
    .locator('label')
    .filter({ hasText: text('en', 'rating.stars_other', { count: 8, max: 10 }) })
    .click();
  await expect(rating.getByText(text('en', 'rating.value', { percent: 80 }))).toBeVisible();
  await rating.getByLabel(text('en', 'rating.comment')).fill('Lovely chat');
  await rating.getByRole('button', { name: text('en', 'rating.save') }).click();
  await expect(rating.getByRole('status')).toHaveText(text('en', 'rating.thanks'));
  await rating.getByRole('button', { name: text('en', 'rating.close') }).click();
  const history = (await (await me.request.get('/api/user/chathistory')).json()) as {
    list: Array<{ session_type: string; minutes: number; coins: number; rating: number | null }>;
  };
  expect(history.list[0]).toMatchObject({ session_type: 'private', minutes: 3, coins: spent, rating: 80 });

  // She buys again and starts another private, now in German.
  await me.goto('/billing?lang=en');
  // Enough for two minutes of steps at 6-second minutes, a reload included.
  await buyCoins(me, member.context, /^500 coins/);
  await startChat(me, show, 'de', 'chatsession.offer.private', price);
  await expectMovingPicture(me);

  // A reload brings her back into the same private (no second start, no second first minute).
  const running = () => me.evaluate(() => sessionStorage.getItem('livecam.chat.running'));
  const kept = await running();
  expect(kept).toContain(show.universalId);
  await me.reload();
  await expect(overlay(me, show)).toBeVisible();
  await expectMovingPicture(me);
  expect(await running()).toBe(kept);
  await expect(privateCard(studio)).toContainText(text('en', 'studio.private.title_private', { nickname }));

  // The demo member sees the show in private and watches it as a voyeur at the lower price; she
  // reads the private's chat but cannot write in it.
  await logInDemo(page);
  await showPage(page, show, 'en');
  await expect(page.getByText(text('en', 'chatsession.mode.private', { name: show.showName }))).toBeVisible();
  await expect(offerButton(page, 'en', 'chatsession.offer.private', price)).toHaveCount(0);
  const before = await coinBalance(page);
  const voyeurPrice = Math.max(1, Math.round(price / 2));
  await offerButton(page, 'en', 'chatsession.offer.voyeur', voyeurPrice).click();
  await expect(overlay(page, show)).toBeVisible();
  await expectMovingPicture(page);
  // Whole voyeur minutes, at least the first: a minute lasts 6 s here, so by the time the balance
  // is read the second may have begun (never a part of one).
  await expect
    .poll(async () => {
      const spent = before - (await coinBalance(page));
      return spent >= voyeurPrice && spent % voyeurPrice === 0;
    })
    .toBe(true);
  await expect(overlay(page, show).getByLabel(text('en', 'showchat.input'))).toBeDisabled();
  await expect(overlay(page, show)).toContainText(text('en', 'showchat.errors.in_private'));
  await say(overlay(me, show), 'Wir sind nicht allein', 'de');
  await expect(overlay(page, show).getByText('Wir sind nicht allein', { exact: true })).toBeVisible();
  await expect(privateCard(studio)).toContainText(text('en', 'studio.private.voyeurs'));
  await expect(privateCard(studio).locator('dd').last()).toHaveText('1');
  await expect(studio.getByTestId('viewer-list')).toContainText(DEMO_NICKNAME);

  // Her card and the member's chat in German, at both widths.
  await studio.goto('/studio?lang=de');
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.on_air'));
  await expect(privateCard(studio)).toContainText(text('de', 'studio.private.title_private', { nickname }));
  // Her viewers' players find her new stream by themselves, within seconds.
  await expect(
    studio.getByRole('heading', { name: text('de', 'studio.live.viewers_other', { count: 2 }) }),
  ).toBeVisible({ timeout: 20_000 });
  await expectMovingPicture(me);
  for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
    await me.setViewportSize(size);
    await shoot(me, 'chat-private', { fullPage: false });
    await studio.setViewportSize(size);
    await shoot(studio, 'studio-private');
  }

  // The voyeur closes her tab: her page says so as it goes (its session ends after the 15 s reload
  // grace, unbilled), and her seat is free within 30 s of her last sign of life at the latest.
  await page.close();
  await expect(privateCard(studio).locator('dd').last()).toHaveText('0', { timeout: 30_000 });

  // She leaves (asked first), and she may rate again.
  await leaveChat(me, 'de');
  const again = me.getByRole('dialog', { name: text('de', 'chatsession.rating.title', { name: show.showName }) });
  await again.getByRole('button', { name: text('de', 'rating.cancel') }).click();
  await expect(privateCard(studio)).toHaveCount(0);

  await studio.getByRole('button', { name: text('de', 'studio.live.go_offline') }).click();
  await expect(studio.getByTestId('on-air')).toHaveText(text('de', 'studio.live.off_air'));
  for (const context of [member.context, studioContext]) await context.close();
});
