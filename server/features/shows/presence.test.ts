import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent, ServerEventArgs } from '#common/realtime.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import type { Realtime } from '#server/realtime/hub.ts';
import { createShow } from '#server/test/catalog.ts';
import { registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { closeAll, listenLocal, nextEvent, openSocket, record } from '#server/test/sockets.ts';
import { demoPresenceStep } from './demo-presence.ts';
import { createShowList } from './list.ts';
import { BULK_WINDOW_MS, createPresence } from './presence.ts';

let t: TestContext;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listenLocal(t.app);
});
afterEach(closeAll);
afterAll(() => t.close());

/** A Realtime that records broadcasts. */
function recorder() {
  const sent: Array<{ event: string; payload: unknown }> = [];
  const realtime: Realtime = {
    toUser: () => {},
    broadcast: <E extends ServerEvent>(event: E, ...args: ServerEventArgs<E>) => {
      sent.push({ event, payload: args[0] });
    },
    toShow: () => {},
    toOperators: () => {},
    isConnected: async () => false,
    sessionsEnded: () => {},
  };
  return { sent, realtime };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = (ids: number[]) =>
  t.db
    .select({ id: shows.id, online: shows.online, changedAt: shows.onlineChangedAt })
    .from(shows)
    .where(inArray(shows.id, ids))
    .orderBy(shows.id);

describe('createPresence', () => {
  it('writes only real changes and sends one merged batch per window', async () => {
    const { sent, realtime } = recorder();
    const presence = createPresence({ db: t.db, realtime: () => realtime, windowMs: 50 });
    const heard: unknown[] = [];
    presence.onChange((change) => {
      heard.push(change);
    });
    const [a, b, c] = [await createShow(t.db), await createShow(t.db), await createShow(t.db, { online: true })];
    const before = await rowsOf([a.id, b.id, c.id]);
    expect(await presence.setOnline([a.id, b.id, c.id, a.id], true)).toEqual(
      expect.arrayContaining([a.universalId, b.universalId]),
    );
    expect(await presence.setOnline([b.id], false)).toEqual([b.universalId]);
    expect(sent).toEqual([]);
    await sleep(120);
    expect(sent).toEqual([
      {
        event: 'show:bulkupdate',
        payload: { [a.universalId]: { online: true }, [b.universalId]: { online: false, phoneChatOn: false } },
      },
    ]);
    expect(heard).toHaveLength(2);
    const after = await rowsOf([a.id, b.id, c.id]);
    expect(after.map((r) => r.online)).toEqual([true, false, true]);
    expect(after[0]?.changedAt.getTime()).toBeGreaterThan(before[0]?.changedAt.getTime() ?? 0);
    // c was online already: untouched.
    expect(after[2]?.changedAt).toEqual(before[2]?.changedAt);
    presence.close();
  });

  it('answers setOnline once every listener has done its work', async () => {
    const { realtime } = recorder();
    const presence = createPresence({ db: t.db, realtime: () => realtime, windowMs: 20 });
    const show = await createShow(t.db, { online: true });
    let release = () => {};
    const done: string[] = [];
    presence.onChange(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      done.push('listener');
    });
    const answered = presence.setOnline([show.id], false).then(() => done.push('setOnline'));
    await sleep(30);
    expect(done).toEqual([]);
    release();
    await answered;
    expect(done).toEqual(['listener', 'setOnline']);
    presence.close();
  });

  it('sends nothing when nothing changed, and ignores unknown ids', async () => {
    const { sent, realtime } = recorder();
    const presence = createPresence({ db: t.db, realtime: () => realtime, windowMs: 20 });
    const show = await createShow(t.db, { online: true });
    expect(await presence.setOnline([show.id, 987_654_321], true)).toEqual([]);
    expect(await presence.setOnline([], false)).toEqual([]);
    await sleep(60);
    presence.flush();
    expect(sent).toEqual([]);
  });

  it('flush sends what is queued at once; close drops it and sends nothing more', async () => {
    const { sent, realtime } = recorder();
    const presence = createPresence({ db: t.db, realtime: () => realtime, windowMs: 20 });
    const show = await createShow(t.db);
    await presence.setOnline([show.id], true);
    presence.flush();
    expect(sent.map((s) => s.payload)).toEqual([{ [show.universalId]: { online: true } }]);
    presence.queue({ [show.universalId]: { online: false } });
    presence.close();
    // The row still changes (the studio's truth), but no event goes to closing sockets.
    expect(await presence.setOnline([show.id], false)).toEqual([show.universalId]);
    await sleep(60);
    presence.flush();
    expect(sent).toHaveLength(1);
  });
});

describe('show:bulkupdate to sockets', () => {
  it('reaches a visitor socket and a member socket once for two setOnline calls', async () => {
    const { client } = await registerAndVerify(t, 'presence-member@example.com');
    const [x, y] = [await createShow(t.db), await createShow(t.db, { online: true })];
    const [visitor, member] = await Promise.all([openSocket(baseUrl, null), openSocket(baseUrl, client)]);
    const seen = [record(visitor), record(member)];
    const got = Promise.all([nextEvent(visitor, 'show:bulkupdate'), nextEvent(member, 'show:bulkupdate')]);
    await t.app.ctx.presence.setOnline([x.id], true);
    await t.app.ctx.presence.setOnline([y.id], false);
    const expected = { [x.universalId]: { online: true }, [y.universalId]: { online: false, phoneChatOn: false } };
    expect(await got).toEqual([[expected], [expected]]);
    // Nothing changes now: no second event within another window.
    await t.app.ctx.presence.setOnline([x.id], true);
    await sleep(BULK_WINDOW_MS + 150);
    // A marker broadcast: everything sent before it has arrived once it does.
    const markers = Promise.all([nextEvent(visitor, 'show:bulkupdate'), nextEvent(member, 'show:bulkupdate')]);
    t.app.ctx.realtime.broadcast('show:bulkupdate', {});
    await markers;
    for (const events of seen) expect(events.map((e) => e.args)).toEqual([[expected], [{}]]);
  });

  it('a presence change shows in GET /api/shows at once', async () => {
    const show = await createShow(t.db, { categories: [1054] });
    const online = async () =>
      (await t.client().get('/api/shows?category=1054')).json().data.find((s: { id: number }) => s.id === show.id)
        ?.online;
    expect(await online()).toBe(false);
    await t.app.ctx.presence.setOnline([show.id], true);
    expect(await online()).toBe(true);
  });
});

describe('the list cache', () => {
  it('reuses pages until they expire or presence changes clear them', async () => {
    let now = Date.now();
    const list = createShowList(t.db, { pageMs: 1000, countMs: 5000, now: () => now });
    const q = { page: 1, limit: 36, category: 1052 };
    const first = await createShow(t.db, { categories: [1052] });
    expect((await list.page(q, 'en')).body.data.map((s) => s.id)).toEqual([first.id]);
    const second = await createShow(t.db, { categories: [1052], online: true });
    // Within the time: the same page.
    expect((await list.page(q, 'en')).body.data.map((s) => s.id)).toEqual([first.id]);
    // Another language shares the rows.
    expect((await list.page(q, 'de')).body.data.map((s) => s.id)).toEqual([first.id]);
    list.invalidate();
    const fresh = (await list.page(q, 'en')).body;
    expect(fresh.data.map((s) => s.id)).toEqual([second.id, first.id]);
    // The total is kept longer than pages (presence does not change it).
    expect(fresh.total).toBe(1);
    now += 6000;
    expect((await list.page(q, 'en')).body.total).toBe(2);
  });

  it('lets concurrent requests share one load, and languages share the rows', async () => {
    let selects = 0;
    const counted = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    await createShow(t.db, { categories: [1051] });
    const list = createShowList(counted, { pageMs: 60_000, countMs: 60_000 });
    const q = { page: 1, limit: 36, category: 1051 };
    const first = await Promise.all(Array.from({ length: 20 }, () => list.page(q, 'en')));
    expect(new Set(first).size).toBe(1);
    // Known categories, the page's ids and rows, the total, the running promos.
    expect(selects).toBeLessThanOrEqual(5);
    const loaded = selects;
    const german = await Promise.all(Array.from({ length: 20 }, () => list.page(q, 'de')));
    expect(german[0]?.body.data).toHaveLength(1);
    expect(selects).toBe(loaded);
  });

  it('treats a category unknown at first as all shows, until the known ids are read again', async () => {
    const list = createShowList(t.db, { pageMs: 0, countMs: 0 });
    const all = (await list.page({ page: 1, limit: 36, category: 4242 }, 'en')).body;
    const total = (await t.db.select({ id: shows.id }).from(shows)).length;
    expect(all.total).toBe(total);
  });
});

describe('the demo presence driver', () => {
  it('brings performers online while fewer than a quarter are, and offline while more are', async () => {
    const { sent, realtime } = recorder();
    const presence = createPresence({ db: t.db, realtime: () => realtime, windowMs: 60_000 });
    await t.db.update(shows).set({ online: false });
    const always = (v: number) => () => v;
    const up = await demoPresenceStep(t.db, presence, always(0));
    expect(up.on).toHaveLength(1);
    expect(up.off).toEqual([]);
    await t.db.update(shows).set({ online: true });
    // random 0.99: three changes, each with a 20% chance to go online: all three go offline.
    const down = await demoPresenceStep(t.db, presence, always(0.99));
    expect(down.on).toEqual([]);
    expect(down.off).toHaveLength(3);
    presence.flush();
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0]?.payload as object)).toEqual(expect.arrayContaining(down.off));

    // Only a show somebody chats with is online: the demo leaves it online.
    await t.db.update(shows).set({ online: false });
    const [busy] = await t.db
      .update(shows)
      .set({ online: true })
      .where(eq(shows.universalId, down.off[0] ?? ''))
      .returning();
    if (!busy) throw new Error('no show to keep busy');
    await t.db.insert(chatSessions).values({
      id: randomUUID(),
      showId: busy.id,
      webSessionId: 'web',
      nickname: 'guest',
      kind: 'free',
      pricePerMinute: 0,
      performerShare: 0,
      minuteSeconds: 60,
      node: 'test',
      startedAt: new Date(),
      lastSeenAt: new Date(),
    });
    expect((await demoPresenceStep(t.db, presence, always(0.99))).off).toEqual([]);
    presence.close();
  });
});
