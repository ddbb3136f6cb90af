import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '#common/api/auth.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { coinLedger, wallets } from '#server/db/schema/coins.ts';
import { takedownNotices } from '#server/db/schema/content.ts';
import { favorites, purchases, ratings, showHistory } from '#server/db/schema/member-catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { refundRequests } from '#server/db/schema/refunds.ts';
import { nicknames, users } from '#server/db/schema/users.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
import { must, paidCardOrder, requestCopy } from '#server/test/data-copy.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';

const AT = new Date('2026-03-04T05:06:07.000Z');
const iso = AT.toISOString();

/** A member with one of everything, written straight into the tables at a known time. */
async function seed(t: TestContext, userId: number) {
  const { db } = t;
  const show = await createShow(db, { showName: 'Lena' });
  const video = await createVideo(db, show.id, { titleEn: 'Beach day', titleDe: 'Strandtag' });
  const gallery = await createGallery(db, show.id, { titleEn: 'Sunset', titleDe: 'Sonnenuntergang', images: 2 });
  const [nick] = await db.insert(nicknames).values({ userId, nickname: 'Moonfox', createdAt: AT }).returning();
  await db.update(users).set({ currentNicknameId: nick?.id, newsletter: true }).where(eq(users.id, userId));
  const order = await paidCardOrder(t, userId, 'export-card', AT);
  await db
    .insert(wallets)
    .values({ userId, balance: 75 })
    .onConflictDoUpdate({ target: wallets.userId, set: { balance: 75 } });
  await db.insert(coinLedger).values([
    {
      userId,
      delta: 100,
      balanceAfter: 100,
      reason: 'purchase',
      reference: `order:${must(order).id}`,
      idempotencyKey: `x-${userId}-1`,
      createdAt: AT,
    },
    {
      userId,
      delta: -25,
      balanceAfter: 75,
      reason: 'spend',
      reference: `gallery:${gallery.id}`,
      idempotencyKey: `x-${userId}-2`,
      createdAt: AT,
    },
  ]);
  await db
    .insert(purchases)
    .values({ userId, item: `gallery:${gallery.id}`, galleryId: gallery.id, coins: 25, createdAt: AT });
  await db.insert(ratings).values({ userId, item: `video:${video.id}`, rating: 80, updatedAt: AT });
  await db.insert(favorites).values({
    userId,
    showId: show.id,
    infoStart: '20:00',
    infoEnd: '23:00',
    infoTimeZone: 'Europe/Berlin',
    createdAt: AT,
  });
  await db.insert(showHistory).values({ userId, showId: show.id, visitedAt: AT });
  await db.insert(chatSessions).values({
    id: randomUUID(),
    showId: show.id,
    userId,
    webSessionId: 'w',
    nickname: 'Moonfox',
    kind: 'private',
    pricePerMinute: 30,
    performerShare: 15,
    minuteSeconds: 60,
    node: 'n',
    startedAt: AT,
    billedMinutes: 2,
    lastSeenAt: AT,
    endedAt: AT,
    endReason: 'stopped',
    rating: 90,
    ratingComment: 'lovely',
    ratedAt: AT,
  });
  const [conv] = await db
    .insert(conversations)
    .values({ userId, kind: 'show', showId: show.id, createdAt: AT })
    .returning();
  await db.insert(messages).values([
    { conversationId: must(conv).id, author: 'member', body: 'Hi Lena', coins: 5, createdAt: AT },
    {
      conversationId: must(conv).id,
      author: 'staff',
      body: 'A picture',
      attachmentImageId: must(gallery.images[1]).id,
      attachmentCoins: 10,
      createdAt: AT,
    },
  ]);
  await db.insert(takedownNotices).values({
    userId,
    name: 'Mia',
    email: 'exported@example.com',
    urls: ['https://example.com/x'],
    category: 'other',
    explanation: 'Not mine',
    goodFaith: true,
    locale: 'en',
    createdAt: AT,
  });
  // Support asked the provider for a refund of it (who asked is the operator's, not in her copy).
  const operator = await createTestOperator(t, { name: 'Rhea Refunder', roles: ['support'] });
  await db.insert(refundRequests).values({
    orderId: must(order).id,
    operatorId: operator.id,
    provider: 'sandbox',
    outcome: 'delivered',
    reason: 'Charged twice, she wrote',
    createdAt: AT,
    updatedAt: AT,
  });
  return { show, video, gallery, order: must(order) };
}

describe('the data copy holds what the member did', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes each area field by field, and nothing secret', async () => {
    const { client, user } = await registerAndVerify(t, 'exported@example.com', { username: 'mia_x' });
    const s = await seed(t, user.id);
    await client.raw('GET', '/api/auth/csrf-cookie', {
      headers: { cookie: `${client.cookieHeader()}; analytics_consent=yes` },
    });
    client.cookies.set('analytics_consent', 'yes');
    const { text, json, all } = await requestCopy(t, client, user.id);

    expect(text('README.txt')).toMatch(/profile\.json: your account/);
    expect(json('profile.json')).toMatchObject({
      member_number: user.id,
      email: 'exported@example.com',
      username: 'mia_x',
      email_confirmed: true,
      account_status: 'active',
      language: 'en',
      current_nickname: 'Moonfox',
      signs_in_with_password: true,
      signs_in_with_google: false,
      coin_balance: 75,
      settings: { newsletter: true },
    });
    expect(json('nicknames.json')).toEqual([{ nickname: 'Moonfox', current: true, created_at: iso }]);
    expect(json('sign-ins.json')[0]).toEqual(
      expect.objectContaining({ site: 'localhost', signed_in_at: expect.stringMatching(/Z$/) }),
    );
    expect(json('consents.json')).toMatchObject({
      terms_of_use: { version: TERMS_VERSION, accepted_with: 'sign_up' },
      cookie_choice: { analytics: 'yes' },
      newsletter: { subscribed: true },
      withdrawal_waivers: [{ order_id: s.order.id, accepted_at: iso, version: '2026-01' }],
    });
    expect(json('orders.json')).toEqual([
      expect.objectContaining({
        order_id: s.order.id,
        state: 'paid',
        payment_method: 'export-card',
        coins: 100,
        amount_cents: 1000,
        currency: 'EUR',
        paid_at: iso,
        refund_requests: [
          { outcome: 'delivered', reason: 'Charged twice, she wrote', requested_at: iso, updated_at: iso },
        ],
      }),
    ]);
    expect(
      json('coin-movements.json').map((m: { change: number; balance_after: number; reason: string; at: string }) => [
        m.change,
        m.balance_after,
        m.reason,
        m.at,
      ]),
    ).toEqual([
      [100, 100, 'purchase', iso],
      [-25, 75, 'spend', iso],
    ]);
    expect(json('purchases.json')).toEqual([
      {
        id: expect.any(Number),
        item: `gallery:${s.gallery.id}`,
        video: null,
        video_part: null,
        gallery: 'Sunset',
        coins: 25,
        paid_with_voucher: false,
        bought_at: iso,
      },
    ]);
    expect(json('ratings.json')).toEqual([{ item: `video:${s.video.id}`, rating_percent: 80, rated_at: iso }]);
    expect(json('favourites.json')).toEqual([
      {
        performer: 'Lena',
        notify_from: '20:00',
        notify_until: '23:00',
        notify_time_zone: 'Europe/Berlin',
        last_online_notice_at: null,
        added_at: iso,
      },
    ]);
    expect(json('history.json')).toEqual([{ performer: 'Lena', last_visit_at: iso }]);
    expect(json('chat-sessions.json')).toEqual([
      expect.objectContaining({
        performer: 'Lena',
        my_nickname: 'Moonfox',
        kind: 'private',
        coins_per_minute: 30,
        minutes_paid: 2,
        my_rating_percent: 90,
        my_rating_comment: 'lovely',
        started_at: iso,
      }),
    ]);
    const msgs = json('messages.json');
    expect(msgs.map((m: Record<string, unknown>) => [m.from, m.with, m.text, m.attachment, m.sent_at])).toEqual([
      ['me', 'Lena', 'Hi Lena', null, iso],
      ['Lena', 'Lena', 'A picture', 'Sunset #2', iso],
    ]);
    expect(json('notices.json')).toEqual([
      expect.objectContaining({ my_name: 'Mia', urls: ['https://example.com/x'], status: 'open', sent_at: iso }),
    ]);
    // Nothing secret: no password hash, no token, no keys of the ledger.
    expect(all()).not.toMatch(/argon2|password_hash|idempotency|token_hash|web_session/i);
    // Nor who of support acted: the operator's identity is hers, not the member's.
    expect(all()).not.toMatch(/Rhea Refunder|operator_id/);
  });
});
