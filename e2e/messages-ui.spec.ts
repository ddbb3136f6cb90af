import { expect, test } from '@playwright/test';
import { apiGet, logInDemo, type Show, shootView } from './catalogue-support.ts';
import { text } from './support.ts';

/**
 * The member's messages: from a show's page to a first message, support, and the top bar's
 * menu; screenshots of each at both widths in both languages.
 */
test('the demo member writes to a show and to support; the messages pages and menu', async ({ page }) => {
  test.setTimeout(180_000);
  await logInDemo(page);
  const shows = await apiGet<{ data: Show[] }>(page.request, 'shows?limit=5');
  const show = shows.data[0] as Show;

  const pane = (lang: 'en' | 'de', name: string) =>
    page.getByRole('list', { name: text(lang, 'messages.pane.label', { name }) });
  const support = (lang: 'en' | 'de') => text(lang, 'messages.support.title');

  await page.goto(`/chat/${show.universalId}?lang=en`);
  await page.getByRole('link', { name: text('en', 'messages.write', { name: show.showName }) }).click();
  await expect(page).toHaveURL(/\/messages\?show=/);
  const input = page.getByRole('textbox', { name: text('en', 'messages.composer.input') });
  await input.fill('Hello from the journey');
  await page.getByRole('button', { name: text('en', 'messages.composer.send') }).click();
  await expect(page).toHaveURL(/\/messages\/\d+$/);
  await expect(pane('en', show.showName).getByText('Hello from the journey')).toBeVisible();
  await expect(input).toBeFocused();
  const conversationUrl = new URL(page.url()).pathname;

  await page.goto('/messages/support?lang=en');
  await page.getByRole('textbox', { name: text('en', 'messages.composer.input') }).fill('A question for support');
  await page.getByRole('button', { name: text('en', 'messages.composer.send') }).click();
  await expect(pane('en', support('en')).getByText('A question for support')).toBeVisible();

  for (const lang of ['en', 'de'] as const) {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/messages?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('list', { name: text(lang, 'messages.list.label') })).toBeVisible();
      await shootView(page, 'messages-list');
      await page.goto(`${conversationUrl}?lang=${lang}`);
      await expect(pane(lang, show.showName).getByText('Hello from the journey')).toBeVisible();
      await shootView(page, 'messages-conversation');
      await page.goto(`/messages/support?lang=${lang}`);
      await expect(pane(lang, support(lang)).getByText('A question for support')).toBeVisible();
      await shootView(page, 'messages-support');
      if (size.width >= 600) {
        await page.getByRole('button', { name: new RegExp(`^${text(lang, 'messages.menu.title')}`) }).click();
        await expect(page.getByRole('dialog', { name: text(lang, 'messages.menu.title') })).toBeVisible();
        await shootView(page, 'messages-menu');
        await page.keyboard.press('Escape');
      }
    }
  }
});
