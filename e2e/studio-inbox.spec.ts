import { expect, test } from '@playwright/test';
import { DEMO } from './catalogue-support.ts';
import { ownShows } from './live-support.ts';
import { shoot, text, WIDTHS } from './support.ts';

/**
 * The studio inbox (playwright.config.ts): the demo member writes to an offline demo show; her
 * performer signs in to her studio, finds the conversation at the top with its unread badge, and
 * answers with a picture of her galleries at a price. Screenshots at both widths in both languages.
 */
test('a performer answers a member from her studio inbox with a paid picture', async ({ page, browser }) => {
  const [show] = await ownShows(page, false);
  if (!show) throw new Error('no offline demo show');

  // The demo member writes to the show (over the API: the member's pages are not this journey).
  const { request } = page;
  await request.get('/api/auth/csrf-cookie');
  const xsrf = async () => (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await request.post('/api/auth/login', {
    data: { username: DEMO.email, password: DEMO.password },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(login.status()).toBe(200);
  const me = (await (await request.get('/api/auth/user')).json()) as {
    user: { nicknames: { data: Array<{ id: number }> } };
  };
  const pseudoid = me.user.nicknames.data[0]?.id;
  const sent = await request.post('/api/conversations/show', {
    data: {
      body: 'Hi! Will you be online tonight? I loved your last show.',
      showid: show.universalId,
      pseudoid,
      coins: 0,
    },
    headers: { 'x-xsrf-token': await xsrf() },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const context = await browser.newContext({ locale: 'en-US' });
  const studio = await context.newPage();
  await studio.setViewportSize(WIDTHS.desktop);
  await studio.goto('/studio/login?lang=en');
  const email = `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await studio.getByLabel(text('en', 'studio.login.email')).fill(email);
  await studio.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await studio.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await expect(studio.getByText(show.showName)).toBeVisible();

  // The tab to her messages carries the unread count.
  const tab = studio.getByRole('tab', { name: text('en', 'studio.inbox.tab_unread_one', { count: 1 }) });
  await expect(tab).toBeVisible();
  await tab.click();
  await expect(studio).toHaveURL(/\/studio\/messages$/);
  const list = studio.getByRole('navigation', { name: text('en', 'studio.inbox.conversations') });
  await list.getByRole('button').first().click();
  const log = studio.getByRole('log');
  await expect(log.getByText('Will you be online tonight?')).toBeVisible();

  await studio
    .getByRole('textbox', { name: text('en', 'studio.inbox.reply_label') })
    .fill('Yes, from nine! Here is a little preview just for you.');
  await studio.getByRole('button', { name: text('en', 'studio.inbox.attach') }).click();
  const dialog = studio.getByRole('dialog', { name: text('en', 'studio.inbox.pick_title') });
  await dialog.getByRole('listitem').first().getByRole('button').click();
  await expect(dialog).toBeHidden();
  await studio.getByRole('textbox', { name: text('en', 'studio.inbox.price_label') }).fill('15');
  await studio.getByRole('button', { name: text('en', 'studio.inbox.send') }).click();
  await expect(log.getByText(text('en', 'studio.inbox.picture_locked_other', { count: 15 }))).toBeVisible();
  await expect(log.getByRole('img').first()).toHaveJSProperty('complete', true);

  for (const lang of ['en', 'de'] as const) {
    await studio.setViewportSize(WIDTHS.desktop);
    const url = studio.url().replace(/[?&]lang=\w+/, '');
    await studio.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
    await expect(studio.getByRole('log')).toBeVisible();
    await shoot(studio, 'studio-inbox');
    await studio.setViewportSize(WIDTHS.phone);
    await shoot(studio, 'studio-inbox-thread');
    await studio.getByRole('button', { name: text(lang, 'studio.inbox.back') }).click();
    await expect(studio.getByRole('navigation', { name: text(lang, 'studio.inbox.conversations') })).toBeVisible();
    await shoot(studio, 'studio-inbox-list');
    await studio
      .getByRole('navigation', { name: text(lang, 'studio.inbox.conversations') })
      .getByRole('button')
      .first()
      .click();
  }
  await context.close();
});
