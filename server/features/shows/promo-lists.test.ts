import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShowTile } from '#common/api/shows.ts';
import { promos, shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { expectRefused, insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { createShowList } from './list.ts';

let t: TestContext;
let payer: number;
const DAY = 86_400_000;
/** Category 9 holds only the shows of this file, so totals are exact. */
const CATEGORY = 9;
const names = (data: ShowTile[]) => data.map((s) => s.showName);

/** A paid (or, with price 0, free) chat session of `minutes` minutes, started `daysAgo` days ago. */
async function chat(show: TestShow, minutes: number, price: number, daysAgo = 1) {
  const startedAt = new Date(Date.now() - daysAgo * DAY);
  await t.db.insert(chatSessions).values({
    id: randomUUID(),
    userId: payer,
    showId: show.id,
    webSessionId: 'web',
    nickname: 'Chatter',
    kind: price > 0 ? 'private' : 'free',
    pricePerMinute: price,
    performerShare: 0,
    minuteSeconds: 60,
    node: 'test',
    startedAt,
    lastSeenAt: startedAt,
    endedAt: new Date(startedAt.getTime() + minutes * 60_000),
    billedMinutes: minutes,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  payer = await insertUser(t, 'payer@example.com');
});
afterAll(() => t.close());

describe('GET /api/shows?filter=', () => {
  it('free: only the shows online now that offer free chat, with their total', async () => {
    const on = await createShow(t.db, { showName: 'FreeOn', free: true, online: true, categories: [CATEGORY] });
    await createShow(t.db, { showName: 'FreeOff', free: true, online: false, categories: [CATEGORY] });
    await createShow(t.db, { showName: 'PaidOn', free: false, online: true, categories: [CATEGORY] });
    const res = await t.client().get(`/api/shows?filter=free&category=${CATEGORY}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().data)).toEqual(['FreeOn']);
    expect(res.json()).toMatchObject({ total: 1, last_page: 1, more: false });
    // Going offline takes her off the list.
    await t.db.update(shows).set({ online: false }).where(eq(shows.id, on.id));
    const after = (await t.client().get(`/api/shows?filter=free&category=${CATEGORY}`)).json();
    expect(after).toMatchObject({ data: [], total: 0 });
    // The unfiltered list still has all three.
    expect((await t.client().get(`/api/shows?category=${CATEGORY}`)).json().total).toBe(3);
  });

  it('promo: only the shows with a promo running now', async () => {
    const running = await createShow(t.db, { showName: 'Promoted' });
    const over = await createShow(t.db, { showName: 'WasPromoted' });
    const soon = await createShow(t.db, { showName: 'WillBePromoted' });
    const at = (ms: number) => new Date(Date.now() + ms);
    await t.db.insert(promos).values([
      { showId: running.id, titleEn: 'Now', titleDe: 'Jetzt', percent: 20, stopsAt: at(3_600_000) },
      { showId: over.id, titleEn: 'Over', titleDe: 'Vorbei', startsAt: at(-7200_000), stopsAt: at(-3_600_000) },
      { showId: soon.id, titleEn: 'Soon', titleDe: 'Bald', startsAt: at(3_600_000), stopsAt: at(7200_000) },
    ]);
    const body = (await t.client().get('/api/shows?filter=promo')).json();
    expect(names(body.data)).toEqual(['Promoted']);
    expect(body.total).toBe(1);
    expect(body.data[0].ribbon).toBe('promo');
  });

  it.each(['filter=cheap', 'filter=', 'filter=FREE', `filter=${'x'.repeat(500)}`])(
    'refuses %s with 422 on filter',
    async (q) => {
      const body = await expectRefused(t, () => t.client().get(`/api/shows?${q}`), 422, 'validation_failed');
      expect(Object.keys(body.errors ?? {})).toEqual(['filter']);
    },
  );
});

describe('GET /api/shows/ma', () => {
  it('answers the shows with the most paid chat this week, online first, at most `limit`', async () => {
    const top = await createShow(t.db, { showName: 'TopOffline', online: false });
    const second = await createShow(t.db, { showName: 'SecondOnline', online: true });
    const third = await createShow(t.db, { showName: 'ThirdOnline', online: true });
    const freeOnly = await createShow(t.db, { showName: 'FreeOnly', online: true });
    const lastMonth = await createShow(t.db, { showName: 'LastMonth', online: true });
    await chat(top, 100, 30); // 3000 coins
    await chat(second, 50, 30); // 1500
    await chat(second, 10, 10); // +100
    await chat(third, 20, 20); // 400
    await chat(freeOnly, 500, 0); // free chat does not count
    await chat(lastMonth, 900, 30, 8); // outside the week
    const res = await t.client('de').get('/api/shows/ma');
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().data)).toEqual(['SecondOnline', 'ThirdOnline', 'TopOffline']);
    expect(res.json().data[0]).toMatchObject({
      universalId: second.universalId,
      texts: { slogan: 'Spruch von SecondOnline' },
    });
    expect(names((await t.client().get('/api/shows/ma?limit=1')).json().data)).toEqual(['SecondOnline']);
    // A sign-in is not needed and nothing of the takings is told.
    expect(JSON.stringify(res.json())).not.toMatch(/coins|minutes/i);
  });

  it.each(['limit=0', 'limit=37', 'limit=-1', 'limit=abc', 'limit=1.5', `limit=${'9'.repeat(300)}`])(
    'refuses %s with 422 on limit',
    async (q) => {
      const body = await expectRefused(t, () => t.client().get(`/api/shows/ma?${q}`), 422, 'validation_failed');
      expect(Object.keys(body.errors ?? {})).toEqual(['limit']);
    },
  );

  it('reuses the ranking for rankingMs, reads online states again when presence changes', async () => {
    let clock = Date.now();
    const list = createShowList(t.db, { pageMs: 1000, countMs: 1000, rankingMs: 60_000, now: () => clock });
    const before = names(await list.mostActive(36, 'en'));
    const newcomer = await createShow(t.db, { showName: 'Newcomer', online: false });
    await chat(newcomer, 1000, 50); // would rank first
    // Within the minute the ranking is the cached one.
    clock += 30_000;
    expect(names(await list.mostActive(36, 'en'))).toEqual(before);
    // A presence change refreshes the tiles (online first) but keeps the ranking.
    const topShow = (await t.db.select().from(shows).where(eq(shows.showName, 'TopOffline')))[0];
    await t.db
      .update(shows)
      .set({ online: true })
      .where(eq(shows.id, topShow?.id ?? 0));
    expect(names(await list.mostActive(36, 'en'))).toEqual(before);
    list.invalidate();
    const online = names(await list.mostActive(36, 'en'));
    expect(online[0]).toBe('TopOffline');
    expect(online).not.toContain('Newcomer');
    // After the minute the newcomer's week counts.
    clock += 31_000;
    const later = names(await list.mostActive(36, 'en'));
    expect(later).toContain('Newcomer');
    // Offline, she comes after every online show.
    expect(later.at(-1)).toBe('Newcomer');
  });
});
