import { expect, type Page, test } from '@playwright/test';
import { apiGet, type Show } from './catalogue-support.ts';
import { confirmAge, shoot, text, WIDTHS } from './support.ts';

/** Console errors and warnings of a page (a hydration mismatch is reported there), and its uncaught errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the index and a show page show their content, styled, in the chosen language', async ({ page, request }) => {
    const shows = await apiGet<{ data: Show[] }>(request, 'shows?limit=3');
    const [first] = shows.data;
    if (!first) throw new Error('the demo catalogue is empty');
    for (const [layout, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto('/?lang=de');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByRole('heading', { name: 'Alle Shows' })).toBeVisible();
      await expect(page.getByText(first.showName).first()).toBeVisible();
      // Styled from the first byte: the top bar has its layout's colour before any script.
      const bar = await page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).position);
      expect(bar).toBe('fixed');
      await shoot(page, `ssr-nojs-index-${layout}-de`);
      await page.goto(`/chat/${first.universalId}?lang=en`);
      await expect(page.getByRole('heading', { name: first.showName, level: 1 })).toBeVisible();
      await shoot(page, `ssr-nojs-show-${layout}-en`);
    }
  });
});

test('with JavaScript the pages hydrate without a console error, then behave as before', async ({ page, request }) => {
  const problems = watchConsole(page);
  const shows = await apiGet<{ data: Show[] }>(request, 'shows?limit=3');
  const [first] = shows.data;
  if (!first) throw new Error('the demo catalogue is empty');
  for (const path of ['/', `/chat/${first.universalId}`, '/videos', '/galleries', '/faq']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    // The visitor's session comes after hydration: the 18+ splash then asks (a person still confirms).
    if (path === '/') await confirmAge(page);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
  // The 404 page hydrates too; the browser reports the document's own 404 status, nothing else.
  expect((await page.goto('/no-such-page'))?.status()).toBe(404);
  await page.waitForLoadState('networkidle');
  expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
  problems.length = 0;
  // Hydrated: a link navigates in the page (no reload), the header's search works.
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  await page.getByRole('link', { name: first.showName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${first.universalId}`));
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  // A phone's browser: the server lays the page out for a phone from its client hint and user agent.
  test.use({
    viewport: WIDTHS.phone,
    hasTouch: true,
    extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  });

  test('a slowed phone in German: a tap while the page hydrates is kept, and each tap acts the first time', async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const shows = await apiGet<{ data: Show[] }>(request, 'shows?limit=3');
    const [first] = shows.data;
    if (!first) throw new Error('the demo catalogue is empty');
    // A mid-range phone: the CPU four times slower, as Lighthouse's mobile run assumes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The visitor's session comes late (a slow network): the page is shown, not yet taken over.
    let release = () => {};
    const sessionHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/session/init', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++;
    });

    await page.goto('/?lang=de', { waitUntil: 'commit' });
    const tile = page.getByRole('link', { name: first.showName }).first();
    await expect(tile).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-hydrating', '');
    // One tap on a performer, before the page is the visitor's: held, not lost and not acted on yet.
    await tile.tap();
    await expect(page).toHaveURL(/\/\?lang=de$/);
    release();
    await expect(page).toHaveURL(new RegExp(`/chat/${first.universalId}\\b`));
    expect(documents).toBe(1); // the page changed in place, as a hydrated link does
    await page.unroute('**/api/session/init');

    // The 18+ splash (in front of the show page now), the consent banner and the search each answer one tap.
    await confirmAge(page, 'de');
    await expect(page.getByRole('heading', { name: first.showName, level: 1 })).toBeVisible();
    const decline = page.getByRole('button', { name: text('de', 'consent.decline') });
    await decline.click();
    await expect(decline).toBeHidden();
    await page.getByRole('button', { name: text('de', 'navbar.search.open') }).click();
    const input = page.getByRole('searchbox', { name: text('de', 'navbar.search.label') });
    await expect(input).toBeFocused();
    const [, second] = shows.data;
    if (!second) throw new Error('the demo catalogue has one show');
    await input.fill(second.showName);
    const hit = page.locator('#quick-search-panel').getByRole('link', { name: new RegExp(`^${second.showName}`) });
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/chat/${second.universalId}\\b`));
    await expect(page.getByRole('heading', { name: second.showName, level: 1 })).toBeVisible();
    await shoot(page, 'ssr-phone-slowed-show');
    expect(documents).toBe(1);
    expect(problems).toEqual([]);
  });
});
