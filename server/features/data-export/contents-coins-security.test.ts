import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentTypes, phoneCalls, products, unmatchedCharges } from '#server/db/schema/billing.ts';
import { smsVerifications, welcomeGifts } from '#server/db/schema/coupons.ts';
import { passkeys } from '#server/db/schema/passkeys.ts';
import { pushSubscriptions } from '#server/db/schema/push.ts';
import { referralCodes, referralSignups } from '#server/db/schema/referrals.ts';
import { memberRecoveryCodes, memberSecondFactor } from '#server/db/schema/second-factor.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { createShow, createVideo } from '#server/test/catalog.ts';
import { must, paidCardOrder, requestCopy } from '#server/test/data-copy.ts';
import { insertUser, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator } from '#server/test/operators.ts';

const AT = new Date('2026-03-04T05:06:07.000Z');
const iso = AT.toISOString();
const LATER = new Date('2026-03-05T06:07:08.000Z');

/** What must never leave the server, seeded into her rows so the archive can be searched for it. */
const SECRETS = {
  phoneHash: 'PHONEHASH-s3cret',
  codeHash: 'CODEHASH-s3cret',
  pin: '918273',
  providerCallId: 'PROVIDERCALL-s3cret',
  txnId: 'TXN-s3cret',
  eventId: 'EVENT-s3cret',
  totp: 'TOTPSEALED-s3cret',
  recoveryHash: 'RECOVERYHASH-s3cret',
  credentialId: 'CREDENTIAL-s3cret',
  publicKey: 'PUBLICKEY-s3cret',
  endpoint: 'https://push.example/ENDPOINT-s3cret',
  p256dh: 'P256DH-s3cret',
  pushAuth: 'PUSHAUTH-s3cret',
};

/** Her rows in each table of these areas; `mark` tells the second member's rows apart. */
async function seed(t: TestContext, userId: number, mark: 'hers' | 'other') {
  const { db } = t;
  const mine = mark === 'hers';
  const show = await createShow(db, { showName: mine ? 'Lena' : 'Otherina' });
  const video = await createVideo(db, show.id, { titleEn: 'Beach day', titleDe: 'Strandtag' });
  const orderId = (await paidCardOrder(t, userId, `card-${mark}`, AT)).id;
  const [phone] = await db
    .insert(paymentTypes)
    .values({ name: `voicecall-${mark}`, kind: 'phone' })
    .returning();
  const [phoneProduct] = await db
    .insert(products)
    .values({ paymentTypeId: must(phone).id, coins: 10, priceCents: 199, currency: 'EUR' })
    .returning();
  await db.insert(smsVerifications).values({
    userId,
    phoneHash: `${SECRETS.phoneHash}-${mark}`,
    phoneHint: mine ? '123' : '999',
    codeHash: `${SECRETS.codeHash}-${mark}`,
    attempts: 1,
    expiresAt: LATER,
    verifiedAt: LATER,
    createdAt: AT,
    gatewayMessageId: `gw-${mark}`,
    deliveryStatus: 'delivered',
  });
  const call = {
    userId,
    paymentTypeId: must(phone).id,
    productId: must(phoneProduct).id,
    provider: 'sandbox',
    number: mine ? '+4990012345' : '+4990099999',
    pricePerMinuteCents: 199,
    coinsPerMinute: 10,
    maxMinutes: 30,
    createdAt: AT,
    expiresAt: LATER,
  };
  await db.insert(phoneCalls).values([
    {
      ...call,
      providerCallId: `${SECRETS.providerCallId}-${mark}`,
      state: 'ended',
      minutesBilled: 3,
      coinsCredited: 30,
      connectedAt: AT,
      endedAt: LATER,
    },
    // Still awaited: its PIN is live, and must not be in the copy.
    { ...call, pin: mine ? SECRETS.pin : '192837' },
  ]);
  await db.insert(referralCodes).values({ code: mine ? 'LENA-FRIENDS' : 'OTHER-CODE', showId: show.id });
  await db.insert(referralSignups).values({
    code: mine ? 'LENA-FRIENDS' : 'OTHER-CODE',
    userId,
    signedUpAt: AT,
    firstOrderId: orderId,
    firstPurchaseCoins: 100,
    firstPurchaseAt: LATER,
  });
  await db.insert(welcomeGifts).values({
    userId,
    videoId: video.id,
    voucherPercent: mine ? 20 : 77,
    promisedAt: AT,
    grantedAt: LATER,
  });
  // One kept by her id, one only by her order.
  await db.insert(unmatchedCharges).values([
    {
      orderId,
      userId,
      provider: 'sandbox',
      txnId: `${SECRETS.txnId}-${mark}-1`,
      eventId: `${SECRETS.eventId}-${mark}-1`,
      amountCents: mine ? 1000 : 4242,
      currency: 'EUR',
      reason: 'duplicate_charge',
      createdAt: AT,
    },
    {
      orderId,
      provider: 'sandbox',
      txnId: `${SECRETS.txnId}-${mark}-2`,
      eventId: `${SECRETS.eventId}-${mark}-2`,
      amountCents: mine ? 500 : 4343,
      currency: 'EUR',
      reason: 'charge_after_end',
      createdAt: AT,
      resolvedAt: LATER,
      resolution: 'refunded',
    },
  ]);
  await db
    .insert(memberSecondFactor)
    .values({ userId, totpSecret: `${SECRETS.totp}-${mark}`, confirmedAt: AT, lastStep: 1, createdAt: AT });
  await db.insert(memberRecoveryCodes).values([
    { userId, codeHash: `${SECRETS.recoveryHash}-${mark}-1` },
    { userId, codeHash: `${SECRETS.recoveryHash}-${mark}-2` },
    { userId, codeHash: `${SECRETS.recoveryHash}-${mark}-3`, usedAt: LATER },
  ]);
  await db.insert(passkeys).values({
    userId,
    credentialId: `${SECRETS.credentialId}-${mark}`,
    publicKey: `${SECRETS.publicKey}-${mark}`,
    transports: ['internal'],
    rpId: 'localhost',
    name: mine ? 'My laptop' : 'Other key',
    createdAt: AT,
    lastUsedAt: LATER,
  });
  await db.insert(pushSubscriptions).values({
    userId,
    endpoint: `${SECRETS.endpoint}-${mark}`,
    p256dh: `${SECRETS.p256dh}-${mark}`,
    auth: `${SECRETS.pushAuth}-${mark}`,
    locale: 'de',
    label: mine ? 'Firefox on Linux' : 'Other phone',
    createdAt: AT,
  });
  return { show, video, orderId };
}

describe('the data copy holds her phone, referral, gift, kept payments, sign-in security and account events', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes each new area field by field, nothing of another member, nothing secret', async () => {
    const { client, user } = await registerAndVerify(t, 'areas@example.com', { username: 'mia_areas' });
    const hers = await seed(t, user.id, 'hers');
    const otherId = await insertUser(t, 'other-areas@example.com');
    const other = await seed(t, otherId, 'other');
    const operator = await createTestOperator(t, { name: 'Olga Opsworth', roles: ['support'] });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'member.block',
      subjectType: 'user',
      subjectId: user.id,
      before: { status: 'active' },
      after: { status: 'blocked', sessionsEnded: 0 },
      reason: 'Paid with a card not hers',
    });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'member.unblock',
      subjectType: 'user',
      subjectId: user.id,
      reason: 'Card owner confirmed',
    });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'order.refund_request',
      subjectType: 'order',
      subjectId: hers.orderId,
      after: { provider: 'sandbox', userId: user.id, request: 1 },
      reason: 'Charged twice',
    });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'member.block',
      subjectType: 'user',
      subjectId: otherId,
      reason: 'Another member entirely',
    });
    await recordAudit(t.db, {
      operatorId: operator.id,
      action: 'order.refund_request',
      subjectType: 'order',
      subjectId: other.orderId,
      reason: 'Another order entirely',
    });

    const { text, json, all } = await requestCopy(t, client, user.id);

    expect(text('README.txt')).toMatch(/phone-calls\.json: your calls to pay by phone/);
    expect(json('phone-verifications.json')).toEqual([
      {
        number_ends_with: '123',
        code_sent_at: iso,
        code_valid_until: LATER.toISOString(),
        delivery: 'delivered',
        tries: 1,
        verified_at: LATER.toISOString(),
      },
    ]);
    const call = {
      payment_method: 'voicecall-hers',
      number_called: '+4990012345',
      price_per_minute_cents: 199,
      currency: 'EUR',
      coins_per_minute: 10,
      most_minutes: 30,
      asked_at: iso,
      dial_by: LATER.toISOString(),
    };
    expect(json('phone-calls.json')).toEqual([
      {
        ...call,
        state: 'ended',
        minutes_billed: 3,
        coins_credited: 30,
        connected_at: iso,
        ended_at: LATER.toISOString(),
      },
      { ...call, state: 'awaited', minutes_billed: 0, coins_credited: 0, connected_at: null, ended_at: null },
    ]);
    expect(json('referral.json')).toEqual({
      signed_up_with_referral_code: true,
      code: 'LENA-FRIENDS',
      performer: 'Lena',
      code_issued_by: 'performer',
      signed_up_at: iso,
      first_paid_order: { order_id: hers.orderId, coins: 100, paid_at: LATER.toISOString() },
    });
    expect(json('welcome-gifts.json')).toEqual([
      {
        video: 'Beach day',
        bonus_voucher_percent: 20,
        state: 'given',
        promised_at: iso,
        given_at: LATER.toISOString(),
        welcome_closed_at: null,
      },
    ]);
    expect(json('payments-unmatched.json')).toEqual([
      {
        order_id: hers.orderId,
        payment_provider: 'sandbox',
        amount_cents: 1000,
        currency: 'EUR',
        why_kept: 'duplicate_charge',
        charged_at: iso,
        settled_at: null,
        settlement: null,
      },
      {
        order_id: hers.orderId,
        payment_provider: 'sandbox',
        amount_cents: 500,
        currency: 'EUR',
        why_kept: 'charge_after_end',
        charged_at: iso,
        settled_at: LATER.toISOString(),
        settlement: 'refunded',
      },
    ]);
    expect(json('sign-in-security.json')).toEqual({
      second_factor: {
        authenticator_app: true,
        on_since: iso,
        recovery_codes_left: 2,
        recovery_codes_used_at: [LATER.toISOString()],
      },
      passkeys: [{ name: 'My laptop', site: 'localhost', created_at: iso, last_used_at: LATER.toISOString() }],
    });
    expect(json('push-devices.json')).toEqual([
      { device: 'Firefox on Linux', language: 'de', subscribed_at: iso, last_notice_at: null },
    ]);
    const events = json('account-events.json') as Record<string, unknown>[];
    expect(events.map(({ at: _at, ...e }) => e)).toEqual([
      {
        action: 'member.block',
        what: 'Support blocked your account.',
        order_id: null,
        by: 'support',
        reason: 'Paid with a card not hers',
      },
      {
        action: 'member.unblock',
        what: 'Support unblocked your account.',
        order_id: null,
        by: 'support',
        reason: 'Card owner confirmed',
      },
      {
        action: 'order.refund_request',
        what: 'Support asked the payment provider to refund this order.',
        order_id: hers.orderId,
        by: 'support',
        reason: 'Charged twice',
      },
      // Her own request of this copy; its `ready` is written after the archive.
      {
        action: 'data_export.request',
        what: 'You asked for a copy of your data.',
        order_id: null,
        by: 'me',
        reason: null,
      },
    ]);
    for (const e of events) expect(e.at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    const archive = all();
    // Nothing of the other member's rows (the lists above hold hers alone, field by field).
    for (const theirs of ['+4990099999', 'OTHER-CODE', 'Otherina', 'Other key', 'Other phone'])
      expect(archive).not.toContain(theirs);
    expect(archive).not.toMatch(/Another (member|order) entirely/);
    // Nothing secret, no operator's identity.
    for (const secret of Object.values(SECRETS)) expect(archive).not.toContain(secret);
    expect(archive).not.toMatch(/s3cret|Olga|Opsworth/);
    expect(archive).not.toContain(operator.email);
    expect(archive).not.toMatch(/"(pin|code_hash|phone_hash|public_key|credential_id|endpoint|p256dh|totp_secret)"/);
  });

  it('has an empty referral and no gifts, calls or events for a member without them', async () => {
    const { client, user } = await registerAndVerify(t, 'plain@example.com');
    const { json } = await requestCopy(t, client, user.id);
    expect(json('referral.json')).toEqual({ signed_up_with_referral_code: false });
    for (const file of ['phone-verifications.json', 'phone-calls.json', 'welcome-gifts.json', 'push-devices.json'])
      expect(json(file)).toEqual([]);
    expect(json('payments-unmatched.json')).toEqual([]);
    expect(json('sign-in-security.json')).toEqual({
      second_factor: { authenticator_app: false, on_since: null, recovery_codes_left: 0, recovery_codes_used_at: [] },
      passkeys: [],
    });
    expect(json('account-events.json')).toEqual([
      {
        action: 'data_export.request',
        what: 'You asked for a copy of your data.',
        order_id: null,
        by: 'me',
        reason: null,
        at: expect.any(String),
      },
    ]);
  });
});
