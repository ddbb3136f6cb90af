import { expect, test } from '@playwright/test';
import { confirmAge, SCREENSHOTS, shoot, text, VARIANTS, WIDTHS } from './support.ts';

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await confirmAge(page);
  await expect(page.getByRole('heading', { name: text('en', 'error_page.not_found.title') })).toBeVisible();
  await page.getByRole('link', { name: text('en', 'error_page.home') }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('phones get the bottom navigation, desktops the side menu', async ({ page }) => {
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/');
  await confirmAge(page);
  const bottom = page.getByRole('navigation', { name: text('en', 'bottomnav.label') });
  await expect(bottom).toBeVisible();
  await expect(page.getByRole('navigation', { name: text('en', 'sidemenu.label') })).toBeHidden();

  await page.setViewportSize(WIDTHS.desktop);
  await expect(page.getByRole('navigation', { name: text('en', 'sidemenu.label') })).toBeVisible();
  await expect(bottom).toBeHidden();
});

test('the age splash leaves for a search engine on cancel', async ({ page }) => {
  await page.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, body: 'left' }));
  await page.goto('/');
  await page.getByRole('button', { name: text('en', 'splash.leave') }).click();
  await expect(page).toHaveURL(/google\.com/);
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('gets German on its first visit and switches to English from the top bar, categories too', async ({ page }) => {
    await page.setViewportSize(WIDTHS.desktop);
    // The server renders the first page in the browser's language, categories included.
    const first = await page.goto('/');
    expect(await first?.text()).toContain('<html lang="de"');
    await confirmAge(page, 'de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const bar = page.getByRole('navigation', { name: text('de', 'shows.bar.label') });
    await expect(bar).toContainText('Neu dabei');

    const languages = page.getByRole('banner').getByRole('group', { name: text('de', 'footer.language') });
    await languages.getByRole('button', { name: text('en', 'footer.languages.en') }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: text('en', 'shows.bar.label') })).toContainText('Newcomers');
    expect((await page.context().cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
  });

  test('on a phone switches from the side menu', async ({ page }) => {
    await page.setViewportSize(WIDTHS.phone);
    await page.goto('/');
    await confirmAge(page, 'de');
    await page.getByRole('button', { name: text('de', 'navbar.open_menu') }).click();
    const drawer = page.getByTestId('drawer-temporary');
    await drawer.getByRole('button', { name: text('en', 'footer.languages.en') }).click();
    await expect(drawer.getByRole('link', { name: text('en', 'sidemenu.contact') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('keyboard: the consent banner comes first, and the focus is visible on the search box and the menu', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/');
  await confirmAge(page);
  const decline = page.getByRole('button', { name: text('en', 'consent.decline') });
  const focused = (el: Element) => el === document.activeElement;
  const ring = (el: Element) => {
    const style = getComputedStyle(el);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  };
  let presses = 0;
  while (presses < 5 && !(await decline.evaluate(focused))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  expect(presses).toBeLessThanOrEqual(3);
  expect(await decline.evaluate(ring)).toBe('solid 2px');
  await page.keyboard.press('Enter');
  await expect(decline).toBeHidden();

  // From the logo, the next stop is the search box: the box around it shows the ring.
  await page.getByRole('link', { name: 'LiveCam' }).first().focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('searchbox')).toBeFocused();
  expect(await page.getByRole('search').evaluate(ring)).toBe('solid 2px');

  const menu = page.getByRole('navigation', { name: text('en', 'sidemenu.label') });
  await menu.getByRole('link').first().focus();
  await page.keyboard.press('Tab');
  const item = menu.getByRole('link').nth(1);
  await expect(item).toBeFocused();
  expect(await item.evaluate(ring)).toBe('solid 2px');
});

const PAGES = [
  '/',
  '/login',
  '/users/signup',
  '/users/reset',
  '/terms',
  '/faq',
  '/contact',
  '/takedown',
  '/imprint',
  '/freeshow',
  '/freevideo',
  '/special',
  '/xmas',
  '/game',
  '/token_login',
  '/404',
];

for (const { lang, device } of VARIANTS) {
  test(`every page renders on ${device} in ${lang} (screenshots for people to look at)`, async ({ page }) => {
    await page.setViewportSize(WIDTHS[device]);
    await page.goto(`/?lang=${lang}`);
    await confirmAge(page, lang);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // Still pictures only when nothing loads any more; the check itself needs no wait.
      if (SCREENSHOTS) await page.waitForLoadState('networkidle');
      await shoot(page, path === '/' ? 'home' : path.slice(1).replaceAll('/', '_'));
    }
  });
}
