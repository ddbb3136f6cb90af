import { expect, type Page, test } from '@playwright/test';
import { expectImagesLoaded, settle } from './catalogue-support.ts';
import { shoot, WIDTHS } from './support.ts';

/** What the browser chose for the tiles' pictures: the rendition's file, how it loads, its size. */
const tilePictures = (page: Page) =>
  page.$$eval('main picture img', (imgs) =>
    (imgs as HTMLImageElement[]).map((img) => ({
      chosen: img.currentSrc,
      loading: img.loading,
      priority: img.getAttribute('fetchpriority'),
      width: img.naturalWidth,
    })),
  );

for (const [layout, size] of Object.entries(WIDTHS)) {
  test(`${layout}: the index and the videos page show WebP tiles, the first row first`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const path of ['/', '/videos']) {
      await page.goto(path);
      await expect(page.locator('main picture img').first()).toBeVisible();
      await expectImagesLoaded(page);
      const pictures = await tilePictures(page);
      expect(pictures[0]).toMatchObject({ loading: 'eager', priority: 'high' });
      // A phone (or a wide screen) picks the rendition its tiles need, never the JPEG.
      for (const p of pictures.filter((p) => p.chosen)) expect(p.chosen, path).toMatch(/\.(180|360)w\.webp$/);
      expect(pictures.some((p) => p.loading === 'lazy')).toBe(true);
      await settle(page);
      await shoot(page, `images${path === '/' ? '-index' : path.replaceAll('/', '-')}`);
    }
  });
}
