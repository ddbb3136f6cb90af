import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSessions } from '#server/db/schema/chat.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { credit, debit } from '#server/features/coins/mutations.ts';
import { sendToSupport } from '#server/features/messages/mutations.ts';
import { storeNotice } from '#server/features/notices/mutations.ts';
import { createShow } from '#server/test/catalog.ts';
import { insertUser, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createTestOperator, signIn } from '#server/test/operators.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';
import { berlinDay, DASHBOARD_COUNTERS, type DashboardCounter } from './counters.ts';
import { dashboardFigures } from './data.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
const figuresAt = async (now: Date, roles: OperatorRole[] = ['admin']) =>
  Object.fromEntries((await dashboardFigures(t.db, roles, now)).map((f) => [f.key, f.value]));

let made = 0;
const key = () => `dashboard-${++made}-${randomUUID()}`;

describe('the Berlin day', () => {
  it('runs from Berlin midnight to Berlin midnight, 23 and 25 hours long on the switch days', () => {
    expect(berlinDay(new Date('2026-11-24T22:59:59Z'))).toEqual({
      start: new Date('2026-11-23T23:00:00Z'),
      end: new Date('2026-11-24T23:00:00Z'),
    });
    expect(berlinDay(new Date('2026-11-24T23:00:00Z')).start).toEqual(new Date('2026-11-24T23:00:00Z'));
    expect(berlinDay(new Date('2026-07-01T12:00:00Z'))).toEqual({
      start: new Date('2026-06-30T22:00:00Z'),
      end: new Date('2026-07-01T22:00:00Z'),
    });
    const spring = berlinDay(new Date('2026-03-29T12:00:00Z'));
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = berlinDay(new Date('2026-10-25T12:00:00Z'));
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });
});

describe('the dashboard figures', () => {
  it('count online shows, running chats, coins sold and spent today (not yesterday), unread support', async () => {
    const now = new Date();
    const before = await figuresAt(now);
    await createShow(t.db, { showName: 'Dash Online', online: true });
    await createShow(t.db, { showName: 'Dash Offline', online: false });
    const show = await createShow(t.db, { showName: 'Dash Chat', online: true });
    const session = (ended: boolean) => ({
      id: randomUUID(),
      showId: show.id,
      webSessionId: key(),
      nickname: 'Guest',
      kind: 'free' as const,
      pricePerMinute: 0,
      performerShare: 0,
      minuteSeconds: 60,
      node: 'test',
      startedAt: now,
      lastSeenAt: now,
      ...(ended ? { endedAt: now, endReason: 'stopped' } : {}),
    });
    await t.db.insert(chatSessions).values([session(false), session(false), session(true)]);
    const userId = await insertUser(t, `dash-${key()}@example.com`);
    const deps = t.app.ctx;
    await credit(deps, { userId, amount: 500, reason: 'purchase', idempotencyKey: key() });
    await credit(deps, { userId, amount: 40, reason: 'coupon', idempotencyKey: key() });
    await debit(deps, { userId, amount: 30, reason: 'spend', idempotencyKey: key() });
    await debit(deps, { userId, amount: 12, reason: 'chat', idempotencyKey: key() });
    await debit(deps, { userId, amount: 5, reason: 'tip', idempotencyKey: key() });
    await debit(deps, { userId, amount: 100, reason: 'refund', idempotencyKey: key() });
    await sendToSupport(t.db, { userId, body: 'Dashboard?', key: null });

    const after = await figuresAt(now);
    expect(after).toMatchObject({
      online: (before.online ?? 0) + 2,
      chats: (before.chats ?? 0) + 2,
      coinsSold: (before.coinsSold ?? 0) + 500,
      coinsSpent: (before.coinsSpent ?? 0) + 47,
      supportUnread: (before.supportUnread ?? 0) + 1,
    });
    // Tomorrow, today's coins are yesterday's: not counted; the live figures stay.
    const tomorrow = await figuresAt(new Date(now.getTime() + DAY));
    expect(tomorrow).toMatchObject({ coinsSold: 0, coinsSpent: 0, online: after.online, chats: after.chats });
    const yesterday = await figuresAt(new Date(now.getTime() - DAY));
    expect(yesterday).toMatchObject({ coinsSold: 0, coinsSpent: 0 });
  });

  it('shows each operator the figures of her capabilities only; an area adds a counter with one entry', async () => {
    expect(Object.keys(await figuresAt(new Date(), ['moderator']))).toEqual([
      'online',
      'chats',
      'coinsSold',
      'coinsSpent',
      'applications',
      'review',
      'notices',
      'complaints',
    ]);
    expect(Object.keys(await figuresAt(new Date(), ['support']))).toContain('supportUnread');
    const extra: DashboardCounter = {
      key: 'reviewOpen',
      label: { en: 'Review items open', de: 'Offene Prüfungen' },
      capability: 'review',
      href: '/admin/review',
      count: async () => 7,
    };
    const mod = await dashboardFigures(t.db, ['moderator'], new Date(), [...DASHBOARD_COUNTERS, extra]);
    expect(mod.at(-1)).toEqual({ key: 'reviewOpen', label: extra.label, value: 7, href: '/admin/review' });
    const sup = await dashboardFigures(t.db, ['support'], new Date(), [...DASHBOARD_COUNTERS, extra]);
    expect(sup.map((f) => f.key)).not.toContain('reviewOpen');
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers the figures of her roles, labelled in both languages, with the screens they lead to', async () => {
    const moderator = await createTestOperator(t, { roles: ['moderator'] });
    const client = t.client('de');
    await signIn(client, moderator);
    const res = await client.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const figures = res.json().figures as { key: string; label: { en: string; de: string }; href: string | null }[];
    expect(figures.find((f) => f.key === 'online')).toMatchObject({
      label: { en: 'Shows online now', de: 'Shows jetzt online' },
      href: null,
    });
    expect(figures.find((f) => f.key === 'review')?.href).toBe('/admin/review');
    expect(figures.map((f) => f.key)).not.toContain('supportUnread');
    const admin = await createTestOperator(t, { roles: ['admin'] });
    const adminClient = t.client();
    await signIn(adminClient, admin);
    const all = (await adminClient.get('/api/admin/dashboard')).json().figures as { key: string; href: string }[];
    expect(all.find((f) => f.key === 'supportUnread')?.href).toBe('/admin/support');
  });

  it('counts open notices for those who decide them, not for support', async () => {
    const before = await figuresAt(new Date(), ['moderator']);
    await storeNotice(t.app.ctx, {
      userId: null,
      name: null,
      email: null,
      urls: ['https://example.com/elsewhere'],
      category: 'other',
      explanation: 'A dashboard count.',
      locale: 'en',
    });
    const after = await figuresAt(new Date(), ['moderator']);
    expect(after.notices).toBe((before.notices ?? 0) + 1);
    expect(after.applications).toBeTypeOf('number');
    expect(after.complaints).toBeTypeOf('number');
    const support = await figuresAt(new Date(), ['support']);
    expect(support).not.toHaveProperty('notices');
    expect(support).not.toHaveProperty('applications');
  });

  it('refuses strangers and performers (401) and members (403)', async () => {
    const member = (await registerAndVerify(t, `dash-member-${Date.now()}@example.com`)).client;
    const { performer } = await createTestPerformer(t);
    expect((await t.client().get('/api/admin/dashboard')).statusCode).toBe(401);
    expect((await (await studioClient(t, performer.email)).get('/api/admin/dashboard')).statusCode).toBe(401);
    expect((await member.get('/api/admin/dashboard')).statusCode).toBe(403);
  });
});
