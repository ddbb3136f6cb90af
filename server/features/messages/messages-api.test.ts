import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createShow, type TestShow } from '#server/test/catalog.ts';
import {
  expectInvalid,
  expectRefused,
  registerUser,
  sendBrokenJson,
  sendOversized,
  sendWithXsrf,
} from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { replyToMember } from './replies.ts';
import { sendToShow, type Writer, writer } from './testing.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_TIP_AMOUNTS: '10,50', CHAT_PERFORMER_SHARE_PERCENT: '50' } });
});
afterAll(() => t.close());

const earningsOf = async (show: TestShow) => {
  const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, show.id));
  return row?.id ? balanceOf(t.db, row.id) : 0;
};
const reply = (conversationId: number, body = 'Thanks!') => replyToMember(t.app.ctx, { conversationId, body });

describe('writing to a show', () => {
  it('charges the price and the tip once, gives her share to the show, and lists the conversation', async () => {
    const show = await createShow(t.db, { messagePrice: 20 });
    const m = await writer(t, 100);
    const res = await sendToShow(m, show, { tip: 10 }, 'send-key-0001');
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(sent.coins).toBe(70);
    expect(sent.message).toMatchObject({ author: 'member', message: 'Hello you', coins: 20, tip: 10, unread: false });
    expect(sent.conversation).toMatchObject({ showid: show.universalId, memberpseudo: m.nickname, unread: 0 });
    // The retry of the same send answers the first one and charges nothing more.
    const again = await sendToShow(m, show, { tip: 10 }, 'send-key-0001');
    expect(again.json().data.message.messageid).toBe(sent.message.messageid);
    expect(await balanceOf(t.db, m.userId)).toBe(70);
    expect(await ledgerSum(t.db, m.userId)).toBe(70);
    expect(await earningsOf(show)).toBe(15);
    const rows = await t.db
      .select()
      .from(coinLedger)
      .where(like(coinLedger.idempotencyKey, `message:${sent.message.messageid}%`));
    expect(rows.map((r) => r.delta).sort()).toEqual([-30, 15]);

    const list = (await m.client.get('/api/conversations')).json();
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: sent.conversation.id, messagebody: 'Hello you' });
  });

  it('refuses a changed price, too few coins, a foreign nickname and a tip not offered, charging nothing', async () => {
    const show = await createShow(t.db, { messagePrice: 20 });
    const poor = await writer(t, 5);
    const other = await writer(t, 0);
    const refused = async (
      res: () => Promise<Parameters<typeof expectRefused>[1] extends () => infer R ? Awaited<R> : never>,
      status: number,
      error: string,
      key: string,
    ) => {
      const body = await expectRefused(t, res, status, error);
      expect(Object.keys(body.errors ?? {})[0]).toBe(key);
    };
    await refused(() => sendToShow(poor, show, { coins: 10 }), 409, 'conflict', 'messages.price_changed');
    await refused(() => sendToShow(poor, show), 402, 'no_coins', 'messages.no_coins');
    await expectInvalid(t, () => sendToShow(poor, show, { pseudoid: other.pseudoid }), {
      pseudoid: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => sendToShow(poor, show, { tip: 7, coins: 20 }), {
      tip: ['errors.validations.invalid'],
    });
    await expectInvalid(t, () => sendToShow(poor, show, { body: '   ' }), { body: ['errors.validations.required'] });
    await expectInvalid(t, () => sendToShow(poor, show, { body: 'x'.repeat(2001) }), {
      body: ['errors.validations.too_long'],
    });
    await expectRefused(t, () => sendToShow(poor, show, { showid: 'no-such-show', coins: 0 }), 404, 'not_found');
    await expectRefused(t, () => sendToShow(poor, show, {}, 'bad key!'), 422, 'validation_failed');
  });

  it('keeps members out of each other’s conversations and refuses visitors', async () => {
    const show = await createShow(t.db);
    const a = await writer(t, 0);
    const b = await writer(t, 0);
    const sent = (await sendToShow(a, show)).json().data;
    const id = sent.conversation.id;
    await expectRefused(t, () => b.client.get(`/api/conversations/${id}/messages`), 404, 'not_found');
    await expectRefused(
      t,
      () => b.client.get(`/api/conversations/message/${sent.message.messageid}`),
      404,
      'not_found',
    );
    await expectRefused(t, () => b.client.delete(`/api/conversations/${id}`), 404, 'not_found');
    await expectRefused(
      t,
      () => b.client.delete(`/api/conversations/message/${sent.message.messageid}`),
      404,
      'not_found',
    );
    expect((await a.client.get(`/api/conversations/conversation?id=${id}`)).json().data.id).toBe(id);
    expect((await b.client.get(`/api/conversations/conversation?id=${id}`)).json()).toEqual({ data: null });
    await expectRefused(
      t,
      () => a.client.get(`/api/conversations/conversation?id=${id}&support=1`),
      422,
      'validation_failed',
    );
    await expectRefused(t, () => a.client.get('/api/conversations/conversation'), 422, 'validation_failed');
    await b.client.post('/api/conversations/read', { ids: [id] });
    expect(
      (await t.db.select().from(messages).where(eq(messages.conversationId, id))).every(
        (r) => r.memberDeleted === false,
      ),
    ).toBe(true);
    const visitor = t.client();
    await expectRefused(t, () => visitor.get('/api/conversations'), 401, 'unauthenticated');
    await expectRefused(t, () => visitor.get('/api/conversations/count'), 401, 'unauthenticated');
    const unverified = (await registerUser(t, 'unverified-writer@example.com')).client;
    await expectRefused(
      t,
      () => unverified.post('/api/conversations/show', { body: 'x', showid: show.universalId, pseudoid: 1, coins: 0 }),
      403,
      'not_verified',
    );
  });
});

describe('reading, counting, blocking and deleting', () => {
  it('counts replies per show, reads one and all, marks unread again', async () => {
    const a = await createShow(t.db);
    const b = await createShow(t.db);
    const m = await writer(t, 0);
    const ca = (await sendToShow(m, a)).json().data.conversation.id;
    const cb = (await sendToShow(m, b)).json().data.conversation.id;
    await reply(ca);
    await reply(ca, 'And again');
    await reply(cb);
    expect((await m.client.get('/api/conversations/count')).json()).toEqual({
      all: 3,
      [a.universalId]: 2,
      [b.universalId]: 1,
    });
    const unread = (await m.client.get('/api/conversations?unread=1')).json();
    expect(unread.data.map((c: { id: number }) => c.id)).toEqual([cb, ca]);
    const page = (await m.client.get(`/api/conversations/${ca}/messages`)).json();
    expect(page.data.map((x: { author: string; unread: boolean }) => [x.author, x.unread])).toEqual([
      ['member', false],
      ['show', true],
      ['show', true],
    ]);
    await m.client.post('/api/conversations/read', { ids: [ca] });
    expect((await m.client.get('/api/conversations/count')).json()).toEqual({ all: 1, [b.universalId]: 1 });
    await m.client.post('/api/conversations/unread', { ids: [ca], unread: true });
    expect((await m.client.get('/api/conversations/count')).json().all).toBe(2);
    expect((await m.client.post('/api/conversations/read_all')).json()).toEqual({ remaining: 0 });
    expect((await m.client.get('/api/conversations/count')).json()).toEqual({ all: 0 });
    await expectInvalid(t, () => m.client.post('/api/conversations/read', { ids: [] }), {
      ids: ['errors.validations.required'],
    });
    await expectInvalid(t, () => m.client.post('/api/conversations/unread', { ids: [ca] }), {
      unread: ['errors.validations.required'],
    });
  });

  it('blocks a show (she cannot answer, he cannot write until unblocked) and deletes for the member only', async () => {
    const show = await createShow(t.db);
    const m = await writer(t, 0);
    const sent = (await sendToShow(m, show)).json().data;
    const blocked = (await m.client.post(`/api/conversations/block/${show.universalId}`)).json().data;
    expect(blocked.block).toEqual({ memberstatus: 1, blocked_by_show: false });
    await expect(reply(sent.conversation.id)).rejects.toMatchObject({ message: 'messages.blocked_member' });
    const res = await expectRefused(t, () => sendToShow(m, show), 409, 'conflict');
    expect(Object.keys(res.errors ?? {})).toEqual(['messages.unblock_first']);
    expect((await m.client.post(`/api/conversations/unblock/${show.universalId}`)).json().data.block.memberstatus).toBe(
      0,
    );
    await t.db.update(conversations).set({ staffBlocked: true }).where(eq(conversations.id, sent.conversation.id));
    const byShow = await expectRefused(t, () => sendToShow(m, show), 403, 'forbidden');
    expect(Object.keys(byShow.errors ?? {})).toEqual(['messages.blocked_by_show']);
    await t.db.update(conversations).set({ staffBlocked: false }).where(eq(conversations.id, sent.conversation.id));

    await reply(sent.conversation.id, 'Bye');
    const del = await m.client.delete(`/api/conversations/message/${sent.message.messageid}`);
    expect(del.statusCode).toBe(200);
    const left = (await m.client.get(`/api/conversations/${sent.conversation.id}/messages`)).json();
    expect(left.data.map((x: { message: string }) => x.message)).toEqual(['Bye']);
    expect((await m.client.delete(`/api/conversations/${sent.conversation.id}`)).statusCode).toBe(200);
    expect((await m.client.get('/api/conversations')).json().total).toBe(0);
    // Her side keeps every message.
    expect(await t.db.select().from(messages).where(eq(messages.conversationId, sent.conversation.id))).toHaveLength(2);
    // A new reply brings the conversation back with only what came after.
    await reply(sent.conversation.id, 'Still there?');
    const back = (await m.client.get(`/api/conversations/${sent.conversation.id}/messages`)).json();
    expect(back.data.map((x: { message: string }) => x.message)).toEqual(['Still there?']);
  });

  it('writes to support and finds the conversation', async () => {
    const m = await writer(t, 0);
    const res = await m.client.post('/api/conversations/support', { body: 'I need help' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.conversation).toMatchObject({ kind: 'support', masterreferenceid: 'support', showid: null });
    const found = (await m.client.get('/api/conversations/conversation?support=1')).json().data;
    expect(found.id).toBe(res.json().data.conversation.id);
    await expectInvalid(t, () => m.client.post('/api/conversations/support', {}), {
      body: ['errors.validations.required'],
    });
  });

  it('filters by show name (3+ characters) and nickname, orders by online, pages', async () => {
    const online = await createShow(t.db, { showName: 'Zelda Online', online: true });
    const offline = await createShow(t.db, { showName: 'Zora Offline', online: false });
    const m = await writer(t, 0);
    await sendToShow(m, online);
    await sendToShow(m, offline);
    const names = async (q: string) =>
      (await m.client.get(`/api/conversations?${q}`))
        .json()
        .data.map((c: { showprofile: { showname: string } }) => c.showprofile.showname);
    expect(await names('order_by=messagedate')).toEqual(['Zora Offline', 'Zelda Online']);
    expect(await names('order_by=online')).toEqual(['Zelda Online', 'Zora Offline']);
    expect(await names('showname=zel')).toEqual(['Zelda Online']);
    expect(await names('showname=ze')).toHaveLength(2);
    expect(await names(`nickname=${m.pseudoid}`)).toHaveLength(2);
    expect(await names('nickname=abc')).toHaveLength(2);
    expect(await names('limit=1&page=2')).toEqual(['Zelda Online']);
    await expectRefused(t, () => m.client.get('/api/conversations?order_by=name'), 422, 'validation_failed');
    await expectRefused(t, () => m.client.get('/api/conversations?limit=51'), 422, 'validation_failed');
  });
});

let guarded: Writer;
let guardedShow: TestShow;
beforeAll(async () => {
  guarded = await writer(t, 0);
  guardedShow = await createShow(t.db);
});
describeWriteGuards(
  () => ({ t, member: guarded.client }),
  [
    { method: 'POST', url: '/api/conversations/read', body: { ids: [1] }, as: 'member' },
    { method: 'POST', url: '/api/conversations/unread', body: { ids: [1], unread: true }, as: 'member' },
    { method: 'POST', url: '/api/conversations/read_all', body: {}, as: 'member' },
    { method: 'POST', url: '/api/conversations/support', body: { body: 'Help' }, as: 'member' },
    { method: 'DELETE', url: '/api/conversations/1', body: {}, as: 'member' },
    { method: 'DELETE', url: '/api/conversations/message/1', body: {}, as: 'member' },
  ],
);
describe('guards of the show calls', () => {
  it('the send and the block calls refuse visitors, broken JSON and missing CSRF tokens, changing nothing', async () => {
    const body = { body: 'Hi', showid: guardedShow.universalId, pseudoid: guarded.pseudoid, coins: 0 };
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(t, () => visitor.post('/api/conversations/show', body), 401, 'unauthenticated');
    await expectRefused(
      t,
      () => visitor.post(`/api/conversations/block/${guardedShow.universalId}`),
      401,
      'unauthenticated',
    );
    await expectRefused(t, () => sendBrokenJson(guarded.client, 'POST', '/api/conversations/show'), 400, 'bad_request');
    await expectRefused(
      t,
      () => sendOversized(guarded.client, 'POST', '/api/conversations/show', body),
      413,
      'payload_too_large',
    );
    await expectRefused(
      t,
      () => sendWithXsrf(guarded.client, 'POST', '/api/conversations/show', body, {}),
      419,
      'csrf_mismatch',
    );
    await expectRefused(
      t,
      () => sendWithXsrf(guarded.client, 'POST', `/api/conversations/block/${guardedShow.universalId}`, {}, {}),
      419,
      'csrf_mismatch',
    );
    await expectRefused(t, () => guarded.client.post('/api/conversations/block/no-such-show'), 404, 'not_found');
  });
});
