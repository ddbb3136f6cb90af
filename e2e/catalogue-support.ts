import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { categoryBarContent, categoryPath } from '#common/domain/category-bar.ts';
import { confirmAge, field, SCREENSHOTS, text } from './support.ts';

export const DEMO = { email: 'demo@livecam.local', password: 'demo-member-2026' };

export type Category = { id: number; slug: string; name: string; description: string };
export type Show = { id: number; universalId: string; showName: string; online: boolean };
type Paged<T> = { data: T[]; total: number; last_page: number; current_page: number };
type VideoTile = { id: number; title: string; universalId: string };
type VideoPart = { part: number; price: number; free: boolean; unlocked: boolean };
type VideoDetail = VideoTile & { parts: VideoPart[] };
export type GalleryTile = { id: number; title: string; universalId: string; price: number; free: boolean };
type GalleryDetail = GalleryTile & { unlocked: boolean };

/** The age splash, the analytics question, then the login form as the demo member. */
export async function logInDemo(page: Page) {
  await page.goto('/login?lang=en');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  await field(page, 'en', 'login.username').fill(DEMO.email);
  await field(page, 'en', 'login.password').fill(DEMO.password);
  await page.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** GET /api/<path> as the page's browser (its cookies: the member's purchases count). */
export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/${path}`, { headers: { 'accept-language': 'en' } });
  expect(res.ok(), `GET /api/${path}`).toBe(true);
  return (await res.json()) as T;
}

/** The category bar's main-row categories (the spec's composition) with more than one page of shows. */
export async function pagedCategory(request: APIRequestContext): Promise<{ category: Category; path: string }> {
  const all = await apiGet<{ data: Category[]; search_categories: Category[] }>(request, 'categories');
  const bar = categoryBarContent(all.data, all.search_categories, false);
  for (const category of bar.main) {
    const list = await apiGet<Paged<Show>>(request, `shows?category=${category.id}`);
    if (list.last_page >= 2) return { category, path: categoryPath(category) };
  }
  throw new Error('no category of the bar has a second page');
}

/** On page 2 of the category: a show with a paid part the member has not bought yet. */
export async function lockedPart(request: APIRequestContext, categoryId: number) {
  const list = await apiGet<Paged<Show>>(request, `shows?category=${categoryId}&page=2`);
  for (const show of list.data) {
    const videos = await apiGet<Paged<VideoTile>>(request, `search/videos?showid=${show.universalId}`);
    for (const tile of videos.data) {
      const video = await apiGet<VideoDetail>(request, `videos/${tile.id}`);
      const part = video.parts.find((p) => !p.free && !p.unlocked && p.price > 0);
      if (part) return { show, video, part };
    }
  }
  throw new Error('no locked paid video part on page 2');
}

/** A paid gallery the member has not unlocked, of a show that also has other galleries. */
export async function lockedGallery(request: APIRequestContext, skip: readonly string[] = []) {
  const list = await apiGet<Paged<GalleryTile>>(request, 'search/galleries');
  for (const tile of list.data) {
    if (tile.free || skip.includes(tile.universalId)) continue;
    const gallery = await apiGet<GalleryDetail>(request, `galleries/${tile.universalId}/${tile.id}`);
    if (!gallery.unlocked) return gallery;
  }
  throw new Error('no locked gallery');
}

/** A seeded name with a typo: a doubled letter dropped (else one vowel changed). */
export function misspell(name: string): string {
  const doubled = name.match(/([a-z])\1/i);
  if (doubled?.index !== undefined) return name.slice(0, doubled.index) + name.slice(doubled.index + 1);
  const vowel = name.slice(1).search(/[aeiou]/) + 1;
  if (vowel < 1) throw new Error(`no typo for ${name}`);
  return `${name.slice(0, vowel)}${name[vowel] === 'a' ? 'e' : 'a'}${name.slice(vowel + 1)}`;
}

/** The top bar's favorites button; its accessible name carries the online count. */
export function favoritesButton(page: Page) {
  const prefix = text('en', 'navbar.favorites.label_other', { count: '§' }).split('§')[0] ?? '';
  return page.getByRole('button', { name: new RegExp(`^${prefix}\\d+`) });
}

export async function favoritesOnline(page: Page): Promise<number> {
  const name = (await favoritesButton(page).getAttribute('aria-label')) ?? '';
  return Number(name.replace(/\D/g, ''));
}

/** Waits until the <video> has data and its time moves on (it plays). */
export async function expectPlaying(page: Page) {
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  // Autoplay may be refused without a gesture: start it the way the controls would.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.2);
}

/** Every <img> in `scope` that is visible and loaded has real pixels (no broken pictures). */
export async function expectImagesLoaded(page: Page, selector = 'main img') {
  await expect
    .poll(() =>
      page.$$eval(selector, (imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => img.loading !== 'lazy' && img.getBoundingClientRect().top < window.innerHeight)
          .filter((img) => !img.complete || img.naturalWidth === 0)
          .map((img) => img.src),
      ),
    )
    .toEqual([]);
}

/**
 * Scrolls through the page (what loads on scrolling comes), back to the top, and waits until every
 * picture has arrived. Lazy pictures are asked for at once: on a busy machine the scroll can pass
 * one before the browser looked, and back at the top it would never load.
 */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await expect
    .poll(
      () =>
        page.$$eval('main img', (imgs) =>
          (imgs as HTMLImageElement[])
            .map((img) => {
              if (img.loading === 'lazy') img.loading = 'eager';
              return img;
            })
            .filter((img) => !img.complete || img.naturalWidth === 0)
            .map((img) => img.src),
        ),
      { timeout: 30_000 },
    )
    .toEqual([]);
}

/** Like shoot(), but only the viewport: dialogs and the fixed bars stay where the member sees them mid-journey. */
export async function shootView(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  const lang = (await page.evaluate(() => document.documentElement.lang)) || 'en';
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}-${lang}.png` });
}
