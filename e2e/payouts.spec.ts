import { expect, test } from '@playwright/test';
import type { StudioPayouts } from '#common/api/payouts.ts';
import { type LiveShow, newVisitor, ownShows, studioOnAir } from './live-support.ts';
import { signUp } from './member-support.ts';
import { shoot, text, WIDTHS } from './support.ts';

/**
 * The studio's pages beside her live show. Her payouts: a demo performer signs in, opens the Payouts tab and sees her (still
 * empty) statements and this month so far from the real API; then the page is shown with a year
 * of statements (the API answer replaced) for screenshots at both widths in both languages.
 * The console's payouts are covered by server/features/admin/payouts/*.test.ts (API) and app/console/payouts/PayoutsPage.test.tsx.
 * What she earns by referral codes: she issues a code on air, a visitor redeems it at the index
 * and signs up, and her Codes page counts the sign-up (decision 062).
 * Her phone-chat card: a performer whose show offers phone chat sees her extension, and offline
 * she is told why "takes calls" does not switch on (the real line's telephone form is covered by
 * app/features/studio/studio-phone-chat.test.tsx; the journeys run the sandbox line).
 */

/** A show of the list with its phone chat (the list answers it for every show). */
type LiveShowWithPhone = LiveShow & { phoneChat?: boolean; phoneExtension?: string | null };

const kinds = (chat: number, tip = 0, message = 0, picture = 0) => ({ chat, tip, message, picture, other: 0 });
const SAMPLE: StudioPayouts = {
  statements: [
    {
      id: 3,
      period: '2026-10',
      byKind: kinds(380, 40),
      earned: 420,
      carriedIn: 0,
      coins: 420,
      centsPerCoin: '5',
      amountCents: 2100,
      state: 'carried',
      paidOn: null,
    },
    {
      id: 2,
      period: '2026-09',
      byKind: kinds(9200, 650, 120, 30),
      earned: 10000,
      carriedIn: 0,
      coins: 10000,
      centsPerCoin: '5',
      amountCents: 50000,
      state: 'due',
      paidOn: null,
    },
    {
      id: 1,
      period: '2026-08',
      byKind: kinds(14000, 1000),
      earned: 15000,
      carriedIn: 300,
      coins: 15300,
      centsPerCoin: '5',
      amountCents: 76500,
      state: 'paid',
      paidOn: '2026-09-05',
    },
  ],
  current: { period: '2026-11', byKind: kinds(1240, 100, 60), earned: 1400, amountCents: 7000 },
  waiting: { uncounted: 0, carried: 420 },
  centsPerCoin: '5',
  minimumCents: 5000,
};

test('a performer sees her payouts', async ({ page }) => {
  const [show] = await ownShows(page, false);
  if (!show) throw new Error('no demo show');
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio/login?lang=en');
  const email = `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await page.getByLabel(text('en', 'studio.login.email')).fill(email);
  await page.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await page.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  await page.getByRole('tab', { name: text('en', 'studio.payouts.tab') }).click();
  await expect(page).toHaveURL(/\/studio\/payouts$/);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'studio.payouts.title') })).toBeVisible();
  await expect(page.getByText(text('en', 'studio.payouts.empty'))).toBeVisible();

  await page.route('**/api/studio/payouts', (route) => route.fulfill({ json: SAMPLE }));
  for (const lang of ['en', 'de'] as const) {
    for (const [name, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto(`/studio/payouts?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'studio.payouts.title') })).toBeVisible();
      await expect(
        page.getByText(text(lang, 'studio.payouts.state_paid'), { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await shoot(page, `payouts-studio-${name}`);
    }
  }
});

test('a performer’s referral code brings a sign-up', async ({ browser, page }) => {
  // The last of our offline shows: the chat journeys take the first ones.
  const show = (await ownShows(page, false)).at(-1);
  if (!show) throw new Error('no demo show');
  // On air in one tab of her studio (a code opens only a running stream), her codes in another.
  const { context: studioContext } = await studioOnAir(browser, show);
  const studio = await studioContext.newPage();
  await studio.setViewportSize(WIDTHS.desktop);
  await studio.goto('/studio/codes?lang=en');
  await expect(studio.getByRole('tab', { name: text('en', 'studio.referrals.tab'), selected: true })).toBeVisible();
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await studio.getByRole('textbox', { name: text('en', 'studio.referrals.field') }).fill(code);
  await studio.getByRole('button', { name: text('en', 'studio.referrals.issue') }).click();
  await expect(studio.getByRole('status')).toHaveText(text('en', 'studio.referrals.issued', { code }));
  const card = studio.getByRole('listitem', { name: code });
  await expect(card).toContainText(`${text('en', 'studio.referrals.col_signups')}0`);

  // A visitor enters it under "Have a code?" on the index: her stream opens, free.
  const { context, page: visitor } = await newVisitor(browser);
  await visitor.getByRole('button', { name: text('en', 'referral.toggle') }).click();
  const dialog = visitor.getByRole('dialog', { name: text('en', 'referral.title') });
  await dialog.getByLabel(text('en', 'referral.field')).fill(code.toLowerCase());
  await dialog.getByRole('button', { name: text('en', 'referral.submit') }).click();
  await expect(visitor).toHaveURL(new RegExp(`/chat/${show.universalId}`));
  // She signs up in the same browser: the sign-up is the code's.
  await signUp(visitor, visitor.request);

  await studio.reload();
  await expect(card).toContainText(`${text('en', 'studio.referrals.col_uses')}1`);
  await expect(card).toContainText(`${text('en', 'studio.referrals.col_signups')}1`);
  for (const lang of ['en', 'de'] as const) {
    for (const [name, size] of Object.entries(WIDTHS)) {
      await studio.setViewportSize(size);
      await studio.goto(`/studio/codes?lang=${lang}`);
      await expect(studio.getByRole('listitem', { name: code })).toBeVisible();
      await shoot(studio, `referrals-studio-${name}`);
    }
  }
  await context.close();
  await studioContext.close();
});

test('a performer with phone chat sees her extension in the studio, and offline cannot take calls', async ({
  page,
}) => {
  const shows: LiveShowWithPhone[] = await ownShows(page, false);
  const show = shows.find((s) => s.phoneChat && s.phoneExtension);
  if (!show) throw new Error('no demo show with phone chat');
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto('/studio/login?lang=en');
  const email = `${show.showName.toLowerCase().replace(/[^a-z0-9]+/g, '')}@performers.livecam.local`;
  await page.getByLabel(text('en', 'studio.login.email')).fill(email);
  await page.getByLabel(text('en', 'studio.login.password'), { exact: false }).first().fill('demo-performer-2026');
  await page.getByRole('button', { name: text('en', 'studio.login.submit') }).click();
  const card = page.getByRole('region', { name: text('en', 'studio.phone.title') });
  await expect(card).toContainText(text('en', 'studio.phone.extension', { extension: show.phoneExtension ?? '' }));
  await card.getByRole('switch', { name: text('en', 'studio.phone.taking') }).click();
  await expect(card.getByText(text('en', 'errors.phone_chat.offline'))).toBeVisible();

  for (const lang of ['en', 'de'] as const) {
    for (const [name, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await page.goto(`/studio?lang=${lang}`);
      const titled = page.getByRole('region', { name: text(lang, 'studio.phone.title') });
      await expect(titled.getByRole('switch', { name: text(lang, 'studio.phone.taking') })).toBeVisible();
      await titled.scrollIntoViewIfNeeded();
      await shoot(page, `studio-phone-chat-${name}`, { fullPage: false });
    }
  }
});
