import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { inboxVersions } from '#server/db/schema/messages.ts';
import { createShow } from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { inboxCache, inboxVersionReader, SHARED_INBOX } from './inbox-cache.ts';
import { deleteMessageForMember, markRead } from './read-states.ts';
import { replyToMember } from './replies.ts';
import { sendToShow, writer } from './testing.ts';

describe('the answers a process keeps', () => {
  const json = (s: string) => ({ json: Buffer.from(s) });

  it('gives an answer back only at the version it was kept at, and not once it is too old', () => {
    const cache = inboxCache({ max: 10, maxAgeMs: 1000 });
    cache.set('1:list', '3.7', json('[1]'), 0);
    expect(cache.get('1:list', '3.7', 500)?.json.toString()).toBe('[1]');
    expect(cache.get('1:list', '4.7', 500)).toBeUndefined();
    cache.set('1:list', '4.7', json('[2]'), 0);
    expect(cache.get('1:list', '4.8', 500)).toBeUndefined();
    cache.set('1:list', '4.8', json('[3]'), 0);
    expect(cache.get('1:list', '4.8', 1001)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its number of answers, the oldest making room', () => {
    const cache = inboxCache({ max: 2, maxAgeMs: 1000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, '1.0', json(key), 0);
    expect(cache.get('a', '1.0', 0)).toBeUndefined();
    expect(cache.get('c', '1.0', 0)?.json.toString()).toBe('c');
    expect(cache.size).toBe(2);
  });
});

describe('reading inbox versions', () => {
  /** A database whose reads of inbox_versions wait until let go, each answering `rows`. */
  const heldDb = (rows: Array<{ user_id: number; version: string }>) => {
    const reads: Array<{ ids: number[]; release: () => void }> = [];
    const db = {
      execute: (query: { queryChunks: unknown[] }) =>
        new Promise((resolve) => {
          // The ids are the one parameter of the query: an array of numbers.
          const param = query.queryChunks
            .map((c) => (c as { value?: unknown }).value)
            .find((v): v is number[] => Array.isArray(v) && typeof v[0] === 'number');
          reads.push({ ids: param ?? [], release: () => resolve({ rows }) });
        }),
    } as unknown as Db;
    return { db, reads };
  };

  it('reads the counters of the requests that came while a read was under way in one query after it', async () => {
    const { db, reads } = heldDb([
      { user_id: SHARED_INBOX, version: '5' },
      { user_id: 1, version: '2' },
      { user_id: 3, version: '9' },
    ]);
    const versions = inboxVersionReader(db);
    const first = versions.of(1);
    // Arrived while the first read was under way: it may have been read before a write she saw.
    const second = versions.of(1);
    const third = versions.of(3);
    const fourth = versions.of(4);
    expect(reads.map((r) => r.ids)).toEqual([[SHARED_INBOX, 1]]);
    reads[0]?.release();
    expect(await first).toBe('2.5');
    expect(reads.map((r) => r.ids)).toEqual([
      [SHARED_INBOX, 1],
      [SHARED_INBOX, 1, 3, 4],
    ]);
    reads[1]?.release();
    expect(await Promise.all([second, third, fourth])).toEqual(['2.5', '9.5', '0.5']);
  });

  it('fails the requests of a read that fails, and reads again for the next', async () => {
    let calls = 0;
    const db = {
      execute: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return { rows: [] };
      },
    } as unknown as Db;
    const versions = inboxVersionReader(db);
    await expect(versions.of(1)).rejects.toThrow('connection lost');
    expect(await versions.of(1)).toBe('0.0');
  });
});

describe('a member’s inbox read through one process while another writes', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ sharing: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows at the next read what the other process wrote: replies, reads, deletions and the show going online', async () => {
    const show = await createShow(a.db, { messagePrice: 0, online: false });
    const m = await writer(a, 100);
    expect((await sendToShow(m, show)).statusCode).toBe(200);
    const list = async () => (await m.client.get('/api/conversations')).json();
    const before = await list();
    expect(before.data).toHaveLength(1);
    const c = before.data[0];
    expect(c).toMatchObject({ messagebody: 'Hello you', unread: 0, showprofile: { online: false } });
    const page = async () => (await m.client.get(`/api/conversations/${c.id}/messages`)).json();
    expect((await page()).total).toBe(1);
    // Read twice through process a: the second answer is the kept one.
    expect(await list()).toEqual(before);

    const reply = await replyToMember(b.app.ctx, { conversationId: c.id, body: 'Hi from the show' });
    expect((await list()).data[0]).toMatchObject({ messagebody: 'Hi from the show', unread: 1 });
    const afterReply = await page();
    expect(afterReply.total).toBe(2);
    expect(afterReply.data.at(-1)).toMatchObject({ message: 'Hi from the show', unread: true });

    await markRead(b.db, m.userId, [c.id]);
    expect((await list()).data[0].unread).toBe(0);
    expect((await page()).data.at(-1).unread).toBe(false);

    expect(await deleteMessageForMember(b.db, m.userId, reply.messageId)).toBe(true);
    expect((await page()).data.map((x: { message: string }) => x.message)).toEqual(['Hello you']);

    await b.db.update(shows).set({ online: true }).where(eq(shows.id, show.id));
    expect((await list()).data[0].showprofile.online).toBe(true);
  });

  it('sends a large kept answer compressed when the client accepts it, the same JSON', async () => {
    const show = await createShow(a.db, { messagePrice: 0 });
    const m = await writer(a, 100);
    for (const body of ['x'.repeat(900), 'y'.repeat(900)])
      expect((await sendToShow(m, show, { body })).statusCode).toBe(200);
    const c = (await m.client.get('/api/conversations')).json().data[0];
    const url = `/api/conversations/${c.id}/messages`;
    const plain = await m.client.request('GET', url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await m.client.request('GET', url, undefined, { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      const inflated = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(inflated.toString()).toBe(plain.body);
    }
  });

  it('counts the shared version up when a show’s listed fields change, and not when others do', async () => {
    const show = await createShow(a.db, { online: false });
    const shared = async () =>
      (await a.db.select().from(inboxVersions).where(eq(inboxVersions.userId, SHARED_INBOX)))[0]?.version ?? 0;
    const start = await shared();
    await a.db.update(shows).set({ onlineChangedAt: new Date() }).where(eq(shows.id, show.id));
    expect(await shared()).toBe(start);
    await a.db.update(shows).set({ showName: 'Renamed' }).where(eq(shows.id, show.id));
    expect(await shared()).toBe(start + 1);
  });
});
