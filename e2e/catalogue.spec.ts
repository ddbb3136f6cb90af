import { expect, type Page, test } from '@playwright/test';
import {
  apiGet,
  expectImagesLoaded,
  expectPlaying,
  favoritesButton,
  favoritesOnline,
  type GalleryTile,
  lockedGallery,
  lockedPart,
  logInDemo,
  misspell,
  pagedCategory,
  type Show,
  settle,
  shootView,
} from './catalogue-support.ts';
import { coinBalance, shoot, text, VARIANTS, WIDTHS } from './support.ts';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (s: string) => new RegExp(`^${escapeRe(s)}`);

/** The show page's tab whose label starts like the catalog's text (it ends with a count). */
const tab = (page: Page, key: string) =>
  page.getByRole('tab', { name: startsWith(text('en', key, { count: '§' }).split('§')[0] ?? '') });

for (const [layout, size] of Object.entries(WIDTHS)) {
  test(`${layout}: a category, page 2, a show, buy a video part, it plays and is in the archive`, async ({ page }) => {
    await page.setViewportSize(size);
    await logInDemo(page);
    const { category, path } = await pagedCategory(page.request);
    const { show, video, part } = await lockedPart(page.request, category.id);

    // The category bar on the index leads to the category's list.
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: text('en', 'shows.bar.label') });
    await bar.getByRole('link', { name: category.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRe(path)}$`));
    await expect(bar.getByRole('link', { name: category.name, exact: true })).toHaveAttribute('aria-current', 'page');

    // Page 2 through the page links below the list.
    const pages = page.getByRole('navigation', { name: text('en', 'pagination.label') });
    await pages.getByRole('link', { name: text('en', 'pagination.page', { page: 2 }) }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    const tile = page.getByRole('article', { name: show.showName });
    await expect(tile).toBeVisible();
    await tile.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/chat/${show.universalId}\\b`));
    await expect(page.getByRole('heading', { name: show.showName }).first()).toBeVisible();

    // Her videos, the video, the locked part.
    await tab(page, 'shows.page.tab_videos').click();
    await page.getByRole('article', { name: video.title }).first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: video.title }).first()).toBeVisible();
    await page
      .getByRole('list', { name: text('en', 'media.clip.parts') })
      .getByRole('link', {
        name: new RegExp(`(^|\\s)${escapeRe(text('en', 'media.clip.part', { part: part.part }))}\\s`),
      })
      .click();
    const before = await coinBalance(page);
    expect(before).toBeGreaterThanOrEqual(part.price);
    await page.getByRole('button', { name: text('en', 'media.buy.unlock_other', { count: part.price }) }).click();
    const dialog = page.getByRole('dialog', { name: text('en', 'media.buy.title') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: text('en', 'media.buy.with_coins_other', { count: part.price }) }).click();
    await expect(dialog).toBeHidden();

    // The balance in the top bar drops at once, and the part plays.
    await expect.poll(() => coinBalance(page)).toBe(before - part.price);
    await expectPlaying(page);
    await page.locator('video').scrollIntoViewIfNeeded();
    await shootView(page, 'catalogue-clip-bought');

    // The archive lists it.
    await page.goto('/users/archive');
    await expect(page.getByRole('heading', { name: text('en', 'media.archive.title') }).first()).toBeVisible();
    await expect(page.getByRole('article', { name: video.title }).first()).toBeVisible();
    await page.goto('/users/archive/videos');
    await expect(page.getByRole('article', { name: video.title }).first()).toBeVisible();
    expect(await coinBalance(page)).toBe(before - part.price);
  });
}

test('phone: a paid gallery is blurred and locked; unlocked, its full pictures open in the lightbox', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS.phone);
  await logInDemo(page);
  const gallery = await lockedGallery(page.request);
  const show = await apiGet<Show & { slugName: string }>(page.request, `shows/${gallery.universalId}`);

  await page.goto(`/chat/${show.universalId}/${show.slugName}`);
  await tab(page, 'shows.page.tab_galleries').click();
  await page.getByRole('article', { name: gallery.title }).first().getByRole('link').click();

  const pictures = page.getByRole('list', { name: text('en', 'media.gallery.pictures_label') });
  const locked = pictures.getByRole('img', {
    name: startsWith(text('en', 'media.gallery.locked_alt', { index: 1 }).split('1')[0] ?? ''),
  });
  await expect(locked.first()).toBeVisible();
  await expect(pictures.getByRole('button')).toHaveCount(0);
  const thumbs = await pictures.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(thumbs.length).toBeGreaterThan(0);
  for (const src of thumbs) expect(src).toMatch(/_b\.jpg$/);
  await shootView(page, 'catalogue-journey-gallery-locked');

  const before = await coinBalance(page);
  await page.getByRole('button', { name: text('en', 'media.buy.unlock_other', { count: gallery.price }) }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'media.buy.title') });
  await dialog
    .getByRole('button', { name: text('en', 'media.buy.with_coins_other', { count: gallery.price }) })
    .click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => coinBalance(page)).toBe(before - gallery.price);

  // Unblurred thumbnails that open the full picture (a signed URL) in the lightbox.
  const open = pictures.getByRole('button', {
    name: text('en', 'media.gallery.open_picture', { index: 1 }),
    exact: true,
  });
  await expect(open).toBeVisible();
  const clear = await pictures.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  for (const src of clear) expect(src).not.toMatch(/_b\.jpg$/);
  await expectImagesLoaded(page);
  await shootView(page, 'catalogue-journey-gallery-unlocked');
  await open.click();
  const box = page.getByRole('dialog', { name: text('en', 'media.lightbox.label', { title: gallery.title }) });
  await expect(box).toBeVisible();
  const full = box.getByRole('img');
  await expect(full).toBeVisible();
  await expect
    .poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(320);
  expect(await full.getAttribute('src')).not.toMatch(/_b\.jpg|320x240/);
  await expect(box).toContainText(text('en', 'media.lightbox.position', { index: 1, count: thumbs.length }));
  await box.getByRole('button', { name: text('en', 'media.lightbox.next') }).click();
  await expect(box).toContainText(text('en', 'media.lightbox.position', { index: 2, count: thumbs.length }));
  await shootView(page, 'catalogue-lightbox');
  await box.getByRole('button', { name: text('en', 'media.lightbox.close') }).click();
  await expect(box).toBeHidden();
});

test('phone: the quick search finds a performer despite a typo', async ({ page }) => {
  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/');
  await page.getByRole('button', { name: text('en', 'splash.confirm') }).click();
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  const shows = await apiGet<{ data: Show[] }>(page.request, 'shows');
  const target = shows.data.find((s) => /([a-z])\1/i.test(s.showName)) ?? shows.data[0];
  if (!target) throw new Error('no shows');
  const typo = misspell(target.showName);
  expect(typo).not.toBe(target.showName);

  await page.getByRole('button', { name: text('en', 'navbar.search.open') }).click();
  const input = page.getByRole('searchbox', { name: text('en', 'navbar.search.label') });
  await input.fill(typo);
  const panel = page.locator('#quick-search-panel');
  const hit = panel.getByRole('link', { name: startsWith(target.showName) });
  await expect(hit).toBeVisible();
  await shootView(page, 'catalogue-quick-search');
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/chat/${target.universalId}\\b`));
  await expect(page.getByRole('heading', { name: target.showName }).first()).toBeVisible();
});

test('desktop: a favorite going online moves the favorites badge live', async ({ page, context }) => {
  await page.setViewportSize(WIDTHS.desktop);
  await logInDemo(page);
  const favorites = await apiGet<{ data: Array<{ universalId?: string; show?: { universalId: string } }> }>(
    page.request,
    'user/favorites',
  );
  const taken = new Set(favorites.data.map((f) => f.universalId ?? f.show?.universalId));
  const list = await apiGet<{ last_page: number }>(page.request, 'shows');
  const last = await apiGet<{ data: Array<Show & { slugName: string }> }>(page.request, `shows?page=${list.last_page}`);
  const she = last.data.find((s) => !s.online && !taken.has(s.universalId));
  if (!she) throw new Error('no offline performer to favorite');

  await page.goto(`/chat/${she.universalId}/${she.slugName}`);
  await expect(page.getByText(text('en', 'shows.page.offline_now', { name: she.showName })).first()).toBeVisible();
  const before = await favoritesOnline(page);
  const heart = page.getByRole('button', { name: text('en', 'favorites.toggle.add', { name: she.showName }) });
  await heart.click();
  const remove = page.getByRole('button', { name: text('en', 'favorites.toggle.remove', { name: she.showName }) });
  await expect(remove).toHaveAttribute('aria-pressed', 'true');
  // She is offline: the count of online favorites stays.
  await page.waitForTimeout(500);
  expect(await favoritesOnline(page)).toBe(before);

  // The studio console in another tab sets her online.
  const studio = await context.newPage();
  await studio.goto(`/sandbox/studio?q=${encodeURIComponent(she.showName)}`);
  await studio.getByRole('button', { name: `Set ${she.showName} online` }).click();
  await expect(studio.getByRole('status')).toContainText(she.showName);
  await studio.close();

  // Without a reload: the badge counts her, the show page says she is online.
  await expect.poll(() => favoritesOnline(page)).toBe(before + 1);
  await expect(page.getByText(text('en', 'shows.page.online_now', { name: she.showName })).first()).toBeVisible();
  await favoritesButton(page).click();
  await expect(page.getByRole('menu').getByText(she.showName).first()).toBeVisible();
  await shootView(page, 'catalogue-favorites-menu');
  await page.keyboard.press('Escape');
});

test('catalogue screens render with their pictures, in English and German (screenshots for people to look at)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logInDemo(page);
  const { path } = await pagedCategory(page.request);
  const shows = await apiGet<{ data: Array<Show & { slugName: string }> }>(page.request, 'shows');
  const show = shows.data[0];
  if (!show) throw new Error('no shows');
  const videos = await apiGet<{ data: Array<{ id: number }> }>(
    page.request,
    `search/videos?showid=${show.universalId}`,
  );
  const clip = videos.data[0];
  const locked = await lockedGallery(page.request);
  const bought = await apiGet<{ data: { galleries: GalleryTile[] } }>(page.request, 'archive/latest');
  const free = await apiGet<{ data: GalleryTile[] }>(page.request, `search/galleries?showid=${show.universalId}`);
  const open = bought.data.galleries[0] ?? free.data.find((g) => g.free);
  const term = show.showName.slice(0, 5);

  const screens: Array<[string, string]> = [
    ['catalogue-index', '/'],
    ['catalogue-category', path],
    ['catalogue-show', `/chat/${show.universalId}/${show.slugName}`],
    ...(clip ? ([['catalogue-clip', `/videos/clip/${clip.id}`]] as Array<[string, string]>) : []),
    ['catalogue-gallery-locked', `/galleries/pictures/${locked.universalId}/${locked.id}`],
    ...(open
      ? ([['catalogue-gallery-unlocked', `/galleries/pictures/${open.universalId}/${open.id}`]] as Array<
          [string, string]
        >)
      : []),
    ['catalogue-search', `/search?search=${encodeURIComponent(term)}`],
    ['catalogue-favorites', '/users/profile/favorites'],
    ['catalogue-archive', '/users/archive'],
  ];
  for (const { lang, device } of VARIANTS) {
    await page.setViewportSize(WIDTHS[device]);
    for (const [name, url] of screens) {
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      await settle(page);
      await shoot(page, name);
    }
  }
});
