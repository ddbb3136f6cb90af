import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signUp } from './member-support.ts';
import { confirmAge, mailLink, SCREENSHOTS, text, WIDTHS } from './support.ts';

/**
 * The card "Your data" in the settings at both widths and in both languages (git-ignored
 * folder, for people to look at); `query` is the page's query without the language.
 */
async function shootCard(page: Page, name: string, query = '') {
  if (!SCREENSHOTS) return;
  for (const lang of ['en', 'de'] as const) {
    for (const [width, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto(`/users/profile/settings?${query}${query ? '&' : ''}lang=${lang}#your-data`);
      const card = page.locator('#your-data');
      await expect(card.getByRole('button', { name: text(lang, 'data_export.request') })).toBeVisible();
      await page.screenshot({ path: `e2e/screenshots/data-export-${name}-${width}-${lang}.png`, fullPage: false });
    }
  }
  await page.goto('/users/profile/settings?lang=en#your-data');
}

test('a member asks for a copy of her data, gets the link by mail and downloads the ZIP once', async ({
  page,
  request,
}) => {
  // Twelve pictures of the card besides the journey itself: more than the usual minute.
  test.setTimeout(240_000);
  await page.goto('/?lang=en');
  await confirmAge(page);
  await page.getByRole('button', { name: text('en', 'consent.decline') }).click();
  const username = `Exporter.${Date.now() % 1_000_000}`;
  const email = await signUp(page, request, { username });

  await page.goto('/users/profile/settings#your-data');
  const card = page.locator('#your-data');
  await expect(card.getByText(text('en', 'data_export.intro'))).toBeVisible();
  await shootCard(page, 'before');

  // The build runs within a second of the request, too soon to see it prepared: the pictures of
  // that state get it from a stand-in answer (the real request follows below).
  const now = Date.now();
  await page.route('**/api/user/data-export', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            state: 'pending',
            requested_at: new Date(now).toISOString(),
            ready_at: null,
            expires_at: null,
            downloaded_at: null,
            next_at: new Date(now + 86_400_000).toISOString(),
            link: null,
          },
        })
      : route.continue(),
  );
  await shootCard(page, 'pending');
  await page.unroute('**/api/user/data-export');

  // The request: the job builds the copy and mails the link (the scheduler looks every second).
  await page.goto('/users/profile/settings#your-data');
  await card.getByRole('button', { name: text('en', 'data_export.request') }).click();
  const requested = card.getByRole('button', { name: text('en', 'data_export.request') });
  await expect(requested).toBeDisabled();
  const link = await mailLink(request, email, '/users/profile/settings?data_export=');
  // Once mailed, the card says so and the next copy may be asked for tomorrow.
  await page.reload();
  await expect(card.getByRole('status')).toContainText(
    text('en', 'data_export.ready', { at: '', until: '' }).slice(0, 20),
  );
  await expect(requested).toBeDisabled();

  // The mailed link opens the card with its download.
  const query = new URL(link, 'http://x').search.slice(1);
  await shootCard(page, 'mailed', query);
  await page.goto(link);
  const downloadButton = card.getByRole('link', { name: text('en', 'data_export.download') });
  await expect(downloadButton).toBeVisible();
  const download = page.waitForEvent('download');
  await downloadButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await file.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json']));
  expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain(email);
  const profile = JSON.parse(strFromU8(files['profile.json'] ?? new Uint8Array())) as Record<string, unknown>;
  expect(profile).toMatchObject({ email, username });

  // The link works once: opened again, the card says it was used.
  await expect
    .poll(async () =>
      (await page.request.get(link.replace('/users/profile/settings?', '/api/user/data-export/download?'))).status(),
    )
    .not.toBe(200);
  await page.goto(link);
  await expect(card.getByText(text('en', 'data_export.link_used'))).toBeVisible();
  await expect(card.getByRole('status')).toContainText(
    text('en', 'data_export.downloaded', { at: '' }).trim().slice(0, 20),
  );
});
