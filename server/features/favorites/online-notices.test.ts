import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { users } from '#server/db/schema/users.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { noticeFavoritesOnline } from './online-notices.ts';

let t: TestContext;
let n = 0;
/** 20:30 on a winter evening in Berlin, 12:00 at noon, and 20:30 the day after. */
const EVENING = new Date('2026-11-24T19:30:00Z');
const NOON = new Date('2026-11-24T11:00:00Z');
const NEXT_EVENING = new Date('2026-11-25T19:30:00Z');
const BERLIN = 'Europe/Berlin';

type Fan = { client: TestClient; userId: number; email: string };
async function fan(show: TestShow, window: [string, string] | null, locale: 'en' | 'de' = 'en'): Promise<Fan> {
  const email = `favorite-fan-${++n}@example.com`;
  const { client, user } = await registerAndVerify(t, email);
  expect((await client.post(`/api/favorites/${show.universalId}`)).statusCode).toBe(200);
  if (window) {
    const body = { info_start: `${window[0]}:00+01:00`, info_end: `${window[1]}:00+01:00`, time_zone: BERLIN };
    expect((await client.put(`/api/favorites/${show.universalId}`, body)).statusCode).toBe(200);
  }
  if (locale !== 'en') await t.db.update(users).set({ locale }).where(eq(users.id, user.id));
  return { client, userId: user.id, email };
}
/** The "online" mails to her, oldest first. */
const mailsTo = async (email: string) =>
  (await t.mails()).filter((m) => m.toAddress === email && m.template === 'favorite_online').reverse();
/** The `user:favorite_online` events sent, by member. */
const eventsTo = (spy: ReturnType<typeof spyEvents>, userId: number) =>
  spy.mock.calls.filter(([id, event]) => id === userId && event === 'user:favorite_online').map((c) => c[2]);
const spyEvents = () => vi.spyOn(t.app.ctx.realtime, 'toUser');
const away = () => vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(false);
const online = (show: TestShow, at: Date) => noticeFavoritesOnline(t.app.ctx, [show.universalId], at);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a favorite comes online', () => {
  it('inside the window: the event with her show, and one mail a day to a member who is away', async () => {
    const show = await createShow(t.db, { showName: 'Evening Eva', online: true });
    const f = await fan(show, ['20:00', '23:00']);
    const events = spyEvents();
    away();
    expect(await online(show, EVENING)).toEqual({ notified: 1, mailed: 1, pushed: 0 });
    expect(eventsTo(events, f.userId)).toEqual([
      { show: { universalId: show.universalId, showName: 'Evening Eva', slugName: show.slugName } },
    ]);
    const mails = await mailsTo(f.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Evening Eva is online now');
    expect(mails[0]?.textBody).toContain(`/chat/${show.universalId}/${show.slugName}`);
    // Back ten minutes later (a dropped connection, say): no news.
    expect(await online(show, new Date(EVENING.getTime() + 10 * 60_000))).toEqual({
      notified: 0,
      mailed: 0,
      pushed: 0,
    });
    expect(eventsTo(events, f.userId)).toHaveLength(1);
    // Online again the same evening: the event again, no second mail.
    expect(await online(show, new Date(EVENING.getTime() + 60 * 60_000))).toEqual({
      notified: 1,
      mailed: 0,
      pushed: 0,
    });
    expect(eventsTo(events, f.userId)).toHaveLength(2);
    expect(await mailsTo(f.email)).toHaveLength(1);
    // The next evening: a mail again.
    expect(await online(show, NEXT_EVENING)).toEqual({ notified: 1, mailed: 1, pushed: 0 });
    expect(await mailsTo(f.email)).toHaveLength(2);
  });

  it('outside the window: nothing; daily: all day; off: never', async () => {
    const show = await createShow(t.db, { online: true });
    const evening = await fan(show, ['20:00', '23:00']);
    const daily = await fan(show, ['00:00', '00:00']);
    const off = await fan(show, null);
    const late = await fan(show, ['22:00', '02:00']);
    const events = spyEvents();
    away();
    expect(await online(show, NOON)).toEqual({ notified: 1, mailed: 1, pushed: 0 });
    expect(eventsTo(events, daily.userId)).toHaveLength(1);
    for (const other of [evening, off, late]) {
      expect(eventsTo(events, other.userId)).toEqual([]);
      expect(await mailsTo(other.email)).toEqual([]);
    }
    // 00:30 in Berlin: the span across midnight and daily.
    await online(show, new Date('2026-11-24T23:30:00Z'));
    expect(eventsTo(events, late.userId)).toHaveLength(1);
    expect(eventsTo(events, evening.userId)).toEqual([]);
  });

  it('a member with a socket open gets the event and no mail', async () => {
    const show = await createShow(t.db, { online: true });
    const f = await fan(show, ['00:00', '00:00']);
    const events = spyEvents();
    const here = vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(true);
    expect(await online(show, EVENING)).toEqual({ notified: 1, mailed: 0, pushed: 0 });
    expect(here).toHaveBeenCalledWith(f.userId);
    expect(eventsTo(events, f.userId)).toHaveLength(1);
    expect(await mailsTo(f.email)).toEqual([]);
  });

  it('a member who turned the mails off gets the event and no mail; German mail in German', async () => {
    const show = await createShow(t.db, { showName: 'Nachteule Nina', online: true });
    const quiet = await fan(show, ['00:00', '00:00']);
    const german = await fan(show, ['20:00', '23:00'], 'de');
    const off = await quiet.client.put('/api/user/update', { favorite_mail: false });
    expect(off.json().user.favorite_mail).toBe(false);
    const events = spyEvents();
    away();
    expect(await online(show, EVENING)).toEqual({ notified: 2, mailed: 1, pushed: 0 });
    expect(eventsTo(events, quiet.userId)).toHaveLength(1);
    expect(await mailsTo(quiet.email)).toEqual([]);
    expect((await mailsTo(german.email)).map((m) => m.subject)).toEqual(['Nachteule Nina ist jetzt online']);
  });

  it('a member whose address is unconfirmed gets the event on her own sockets, and no mail', async () => {
    const show = await createShow(t.db, { showName: 'Careful Cara', online: true });
    const email = `favorite-fan-${++n}@example.com`;
    const { client, user } = await registerUser(t, email);
    expect(user.is_verified).toBe(false);
    expect((await client.post(`/api/favorites/${show.universalId}`)).statusCode).toBe(200);
    const daily = { info_start: '00:00:00+01:00', info_end: '00:00:00+01:00', time_zone: BERLIN };
    expect((await client.put(`/api/favorites/${show.universalId}`, daily)).statusCode).toBe(200);
    const events = spyEvents();
    away();
    expect(await online(show, EVENING)).toEqual({ notified: 1, mailed: 0, pushed: 0 });
    expect(eventsTo(events, user.id)).toHaveLength(1);
    expect(await mailsTo(email)).toEqual([]);
    // Her day is not used up: confirmed later the same evening, she gets the mail.
    await t.db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    expect(await online(show, new Date(EVENING.getTime() + 60 * 60_000))).toEqual({
      notified: 1,
      mailed: 1,
      pushed: 0,
    });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('a show that went off again meanwhile, and a blocked member, are no news', async () => {
    const show = await createShow(t.db, { online: false });
    const f = await fan(show, ['00:00', '00:00']);
    const events = spyEvents();
    expect(await online(show, EVENING)).toEqual({ notified: 0, mailed: 0, pushed: 0 });
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, f.userId));
    await t.db.update(shows).set({ online: true }).where(eq(shows.id, show.id));
    expect(await online(show, EVENING)).toEqual({ notified: 0, mailed: 0, pushed: 0 });
    expect(eventsTo(events, f.userId)).toEqual([]);
  });

  it('reads the fans in batches and reaches every one', async () => {
    const show = await createShow(t.db, { online: true });
    const fans = [];
    for (let i = 0; i < 7; i++) fans.push(await fan(show, ['00:00', '00:00']));
    const events = spyEvents();
    vi.spyOn(t.app.ctx.realtime, 'isConnected').mockResolvedValue(true);
    expect(await noticeFavoritesOnline(t.app.ctx, [show.universalId], EVENING, 3)).toEqual({
      notified: 7,
      mailed: 0,
      pushed: 0,
    });
    for (const f of fans) expect(eventsTo(events, f.userId)).toHaveLength(1);
  });

  it('going online through presence tells the fans after the change, in the background', async () => {
    const show = await createShow(t.db, { online: false });
    const f = await fan(show, ['20:00', '23:00']);
    const events = spyEvents();
    away();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVENING);
    expect(await t.app.ctx.presence.setOnline([show.id], true)).toEqual([show.universalId]);
    await t.app.ctx.background.settled();
    expect(eventsTo(events, f.userId)).toHaveLength(1);
    expect(await mailsTo(f.email)).toHaveLength(1);
    // Going offline, or a second "online" that changes nothing, tells nobody.
    await t.app.ctx.presence.setOnline([show.id], true);
    await t.app.ctx.presence.setOnline([show.id], false);
    await t.app.ctx.background.settled();
    expect(eventsTo(events, f.userId)).toHaveLength(1);
  });
});
