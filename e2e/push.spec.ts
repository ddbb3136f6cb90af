import { expect, type Page, test } from '@playwright/test';
import { favoriteOnlinePush, showPath } from '#server/features/push/notices.ts';
import { logInDemo } from './catalogue-support.ts';
import { ownShows } from './live-support.ts';
import { shoot, text, WIDTHS } from './support.ts';

/**
 * Web Push (decision 067) in the production build: the service worker is registered, the demo
 * member turns notifications on from her favourites page (the permission granted to the
 * context). Headless Chromium reaches no push service, so subscribe() fails and the opt-in says
 * so; the service worker's part is then proven with the exact payload the server sends for a
 * favourite coming online, delivered through the DevTools protocol: the notice it shows and the
 * show's address a tap opens. The push service's part (VAPID, RFC 8291) is the stand-in's
 * (server/test/push-service.ts). Screenshots of the opt-in and the settings' section.
 */

type Shown = { title: string; body: string; tag: string; url: unknown };
const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map(
      (n): Shown => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: unknown } | null)?.url }),
    );
  });

test('a favourite online: opt-in on the favourites page, the service worker shows the notice', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  await logInDemo(page);

  // The production build registers /sw.js and the worker takes over.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}/`);

  await page.goto('/users/profile/favorites?lang=en');
  const optIn = page.getByTestId('push-optin');
  const toggle = optIn.getByLabel(text('en', 'push.optin.switch'));
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  const subscribed = optIn.getByText(text('en', 'push.optin.on'));
  const failed = optIn.getByRole('alert').filter({ hasText: text('en', 'push.optin.failed') });
  await expect(subscribed.or(failed)).toBeVisible({ timeout: 30_000 });
  const devices = (await (await page.request.get('/api/push/subscriptions')).json()) as { data: unknown[] };
  if (await failed.isVisible()) {
    // No push service answered the browser: the switch stays off and the server keeps no device.
    await expect(toggle).not.toBeChecked();
    expect(devices.data).toHaveLength(0);
  } else {
    await expect(toggle).toBeChecked();
    expect(devices.data).toHaveLength(1);
  }

  // What the server pushes when this show comes online in her window (features/push/notices.ts).
  const [show] = await ownShows(page, false);
  if (!show) throw new Error('no show of our own');
  const payload = favoriteOnlinePush(show, 'LiveCam')('en');
  expect(payload.url).toBe(showPath(show));

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() => notifications(page))
    .toEqual([
      {
        title: text('en', 'push.favorite_online.title', { name: show.showName }),
        body: text('en', 'push.favorite_online.body', { name: show.showName, site: 'LiveCam' }),
        tag: `favorite-${show.universalId}`,
        url: showPath(show),
      },
    ]);
  // A tap opens what the notice carries: the show's page.
  await page.goto(payload.url);
  await expect(page).toHaveURL(new RegExp(`${showPath(show).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await cdp.detach();

  for (const lang of ['en', 'de'] as const) {
    for (const size of [WIDTHS.phone, WIDTHS.desktop]) {
      await page.setViewportSize(size);
      await page.goto(`/users/profile/favorites?lang=${lang}`);
      await expect(page.getByText(text(lang, 'push.optin.switch'))).toBeVisible();
      await shoot(page, 'push-favorites');
      await page.goto(`/users/profile/settings?lang=${lang}`);
      const section = page.getByRole('region', { name: text(lang, 'push.optin.title') });
      await expect(section.getByRole('heading', { name: text(lang, 'push.devices.title') })).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await shoot(page, 'push-settings', { fullPage: false });
    }
  }
});
