import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_ATTACHMENT_COINS_MAX } from '#common/constants.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { coinLedger } from '#server/db/schema/coins.ts';
import { conversations } from '#server/db/schema/messages.ts';
import { closeAccount, eraseAccount } from '#server/features/account-closing/mutations.ts';
import { balanceOf, ledgerSum } from '#server/features/coins/data.ts';
import { createGallery, type TestGallery, type TestShow } from '#server/test/catalog.ts';
import { chatMember } from '#server/test/chat.ts';
import { expectInvalid, expectRefused } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import { createTestPerformer, studioClient } from '#server/test/performers.ts';

let t: TestContext;
let studio: TestClient;
let show: TestShow;
let rival: TestClient;
let rivalShow: TestShow;
let album: TestGallery;
let foreignAlbum: TestGallery;
beforeAll(async () => {
  t = await createTestApp({ env: { CHAT_PERFORMER_SHARE_PERCENT: '50' } });
  const a = await createTestPerformer(t, { email: 'inbox-a@example.com' });
  const b = await createTestPerformer(t, { email: 'inbox-b@example.com' });
  show = a.show;
  rivalShow = b.show;
  studio = await studioClient(t, a.performer.email);
  rival = await studioClient(t, b.performer.email);
  album = await createGallery(t.db, show.id, { titleEn: 'Beach days', titleDe: 'Strandtage', images: 2 });
  foreignAlbum = await createGallery(t.db, rivalShow.id, { images: 1 });
});
afterAll(() => t.close());

type Member = { client: TestClient; userId: number; pseudoid: number; nickname: string };
let n = 0;
async function member(coins = 0): Promise<Member> {
  n++;
  const nickname = `Fan${n}`;
  const { client, userId } = await chatMember(t, `inbox-fan${n}@example.com`, nickname, coins);
  const me = (await client.get('/api/auth/user')).json();
  return { client, userId, pseudoid: me.user.nicknames.data[0].id, nickname };
}
/** The member writes to a show (free); answers the conversation id. */
async function write(m: Member, to: TestShow, body = 'Hi there'): Promise<number> {
  const res = await m.client.post('/api/conversations/show', {
    body,
    showid: to.universalId,
    pseudoid: m.pseudoid,
    coins: 0,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.conversation.id;
}
const reply = (id: number, body: object, key?: string, client = studio) =>
  client.post(`/api/studio/conversations/${id}/reply`, body, key ? { 'idempotency-key': key } : {});
const list = async () => (await studio.get('/api/studio/conversations')).json();
const pictureId = (g: TestGallery, i = 0) => g.images[i]?.id ?? 0;
const earnings = async (s: TestShow) => {
  const [row] = await t.db.select({ id: shows.earningsUserId }).from(shows).where(eq(shows.id, s.id));
  return row?.id ? balanceOf(t.db, row.id) : 0;
};

describe('the studio inbox', () => {
  it('lists her show’s conversations, unread first then newest, and counts what she has not read', async () => {
    const first = await member();
    const second = await member();
    const third = await member();
    const c1 = await write(first, show, 'First');
    const c2 = await write(second, show, 'Second');
    const c3 = await write(third, show, 'Third');
    await write(first, rivalShow, 'Not for her');
    expect((await studio.post(`/api/studio/conversations/${c3}/read`, {})).statusCode).toBe(200);
    await write(first, show, 'First again');
    const page = await list();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 3, more: false });
    expect(page.data.map((c: { id: number }) => c.id)).toEqual([c1, c2, c3]);
    expect(page.data[0]).toEqual({
      id: c1,
      nickname: first.nickname,
      lastMessage: { body: 'First again', time: expect.any(Number), fromMember: true },
      closedAccount: false,
      unread: 2,
      blockedByMember: false,
      blockedByShow: false,
    });
    expect(page.data[2]).toMatchObject({ unread: 0, nickname: third.nickname });
    expect((await studio.get('/api/studio/conversations/count')).json()).toEqual({ unread: 3 });
    expect((await rival.get('/api/studio/conversations')).json().total).toBe(1);
    expect((await studio.get('/api/studio/conversations?page=2')).json()).toMatchObject({ data: [], total: 3 });
    for (const bad of ['0', 'x', '100001']) {
      await expectRefused(t, () => studio.get(`/api/studio/conversations?page=${bad}`), 422, 'validation_failed');
    }
  });

  it('names a member who closed her account a closed account, in the grace period and after the erasure', async () => {
    const m = await member();
    const id = await write(m, show, 'Before I leave');
    expect(await closeAccount(t.app.ctx, m.userId, null)).not.toBe(false);
    const closing = (await list()).data.find((c: { id: number }) => c.id === id);
    expect(closing).toMatchObject({ nickname: null, closedAccount: true });
    expect(await eraseAccount(t.app.ctx, m.userId, new Date(Date.now() + 15 * 86_400_000))).not.toBe(false);
    const erased = (await list()).data.find((c: { id: number }) => c.id === id);
    expect(erased).toMatchObject({ nickname: null, closedAccount: true, lastMessage: { body: 'Before I leave' } });
    const thread = (await studio.get(`/api/studio/conversations/${id}/messages`)).json();
    expect(thread.data.map((x: { body: string }) => x.body)).toEqual(['Before I leave']);
  });

  it('shows every message, also what the member deleted, and marks them read', async () => {
    const m = await member();
    const id = await write(m, show, 'Delete me');
    await write(m, show, 'Keep me');
    const mine = (await m.client.get(`/api/conversations/${id}/messages`)).json().data;
    expect((await m.client.delete(`/api/conversations/message/${mine[0].messageid}`)).statusCode).toBe(200);
    const page = (await studio.get(`/api/studio/conversations/${id}/messages`)).json();
    expect(page).toMatchObject({ current_page: 1, total: 2, more: false });
    expect(
      page.data.map((x: { body: string; deletedByMember: boolean; read: boolean }) => [
        x.body,
        x.deletedByMember,
        x.read,
      ]),
    ).toEqual([
      ['Delete me', true, false],
      ['Keep me', false, false],
    ]);
    await studio.post(`/api/studio/conversations/${id}/read`, {});
    const read = (await studio.get(`/api/studio/conversations/${id}/messages`)).json();
    expect(read.data.every((x: { read: boolean }) => x.read)).toBe(true);
    const row = (await list()).data.find((c: { id: number }) => c.id === id);
    expect(row.unread).toBe(0);
  });

  it('keeps another show’s conversations out of reach (404, nothing changed) and refuses members', async () => {
    const m = await member();
    const id = await write(m, show);
    for (const send of [
      () => rival.get(`/api/studio/conversations/${id}/messages`),
      () => rival.post(`/api/studio/conversations/${id}/read`, {}),
      () => reply(id, { body: 'Hello from elsewhere' }, undefined, rival),
      () => rival.post(`/api/studio/conversations/${id}/block`, {}),
      () => rival.post(`/api/studio/conversations/${id}/unblock`, {}),
      () => studio.get('/api/studio/conversations/999999/messages'),
    ]) {
      const body = await expectRefused(t, send, 404, 'not_found');
      expect(JSON.stringify(body)).not.toContain(m.nickname);
    }
    for (const url of ['/api/studio/conversations', '/api/studio/conversations/count', '/api/studio/pictures']) {
      await expectRefused(t, () => m.client.get(url), 401, 'unauthenticated');
    }
    await expectRefused(t, () => studio.get('/api/studio/conversations/abc/messages'), 422, 'validation_failed');
  });
});

describe('answering from the studio', () => {
  it('replies once per key; the member hears it and reads it', async () => {
    const m = await member();
    const id = await write(m, show);
    const res = await reply(id, { body: 'Thank you, darling' }, 'reply-key-0001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      author: 'show',
      body: 'Thank you, darling',
      read: false,
      attachment: null,
    });
    const again = await reply(id, { body: 'Thank you, darling' }, 'reply-key-0001');
    expect(again.json().data.id).toBe(res.json().data.id);
    const seen = (await m.client.get(`/api/conversations/${id}/messages`)).json().data;
    expect(seen.map((x: { author: string; message: string }) => [x.author, x.message])).toEqual([
      ['member', 'Hi there'],
      ['show', 'Thank you, darling'],
    ]);
    expect((await m.client.get('/api/conversations/count')).json().all).toBe(1);
    expect((await list()).data.find((c: { id: number }) => c.id === id).lastMessage.fromMember).toBe(false);
  });

  it('refuses bad input with 422 and sends nothing', async () => {
    const m = await member();
    const id = await write(m, show);
    const image = pictureId(album);
    const range = ['errors.validations.whole_number_range'];
    await expectInvalid(t, () => reply(id, {}), { body: ['errors.validations.required'] });
    await expectInvalid(t, () => reply(id, { body: '  ' }), { body: ['errors.validations.required'] });
    await expectInvalid(t, () => reply(id, { body: 'x'.repeat(2001) }), { body: ['errors.validations.too_long'] });
    await expectInvalid(t, () => reply(id, { body: 'Hi', extra: 1 }), { _: ['errors.validations.invalid'] });
    for (const coins of [-1, MESSAGE_ATTACHMENT_COINS_MAX + 1, 2.5, '5']) {
      await expectInvalid(t, () => reply(id, { body: 'Hi', attachment: { imageId: image, coins } }), {
        'attachment.coins': range,
      });
    }
    await expectInvalid(t, () => reply(id, { body: 'Hi', attachment: { coins: 5 } }), {
      'attachment.imageId': ['errors.validations.required'],
    });
    // A picture of another show's gallery, or none at all.
    for (const imageId of [pictureId(foreignAlbum), 99_999_999]) {
      await expectInvalid(t, () => reply(id, { body: 'Hi', attachment: { imageId, coins: 5 } }), {
        'attachment.imageId': ['errors.validations.invalid'],
      });
    }
    await expectRefused(t, () => reply(id, { body: 'Hi' }, 'bad key!'), 422, 'validation_failed');
  });

  it('blocks and unblocks the member; a member who blocked her cannot be answered', async () => {
    const m = await member();
    const id = await write(m, show);
    const blocked = (await studio.post(`/api/studio/conversations/${id}/block`, {})).json().data;
    expect(blocked).toMatchObject({ id, blockedByShow: true, blockedByMember: false });
    const res = await expectRefused(
      t,
      () =>
        m.client.post('/api/conversations/show', {
          body: 'x',
          showid: show.universalId,
          pseudoid: m.pseudoid,
          coins: 0,
        }),
      403,
      'forbidden',
    );
    expect(Object.keys(res.errors ?? {})).toEqual(['messages.blocked_by_show']);
    expect((await studio.post(`/api/studio/conversations/${id}/unblock`, {})).json().data.blockedByShow).toBe(false);
    await write(m, show, 'Back again');

    await m.client.post(`/api/conversations/block/${show.universalId}`, {});
    expect((await list()).data.find((c: { id: number }) => c.id === id).blockedByMember).toBe(true);
    const refused = await expectRefused(t, () => reply(id, { body: 'Are you there?' }), 409, 'conflict');
    expect(Object.keys(refused.errors ?? {})).toEqual(['messages.blocked_member']);
  });

  it('lists her pictures to attach, with her own signed thumbnails, and no other show’s', async () => {
    const page = (await studio.get('/api/studio/pictures')).json();
    expect(page).toMatchObject({ total: 2, current_page: 1, more: false });
    expect(page.data.map((p: { imageId: number }) => p.imageId)).toEqual(album.images.map((i) => i.id));
    expect(page.data[0].gallery).toBe('Beach days');
    expect(page.data[0].thumb).toMatch(/^\/media\/pictures\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const de = (await studio.get('/api/studio/pictures', { 'accept-language': 'de' })).json();
    expect(de.data[0].gallery).toBe('Strandtage');
    expect((await rival.get('/api/studio/pictures')).json().data.map((p: { imageId: number }) => p.imageId)).toEqual([
      pictureId(foreignAlbum),
    ]);
    await expectRefused(t, () => studio.get('/api/studio/pictures?page=0'), 422, 'validation_failed');
  });
});

describe('a picture attached and unlocked', () => {
  const unlock = (m: Member, messageId: number) => m.client.post(`/api/conversations/message/${messageId}/unlock`, {});
  const pictureLedger = (m: Member, imageId: number) =>
    t.db
      .select({ delta: coinLedger.delta, reason: coinLedger.reason })
      .from(coinLedger)
      .where(like(coinLedger.idempotencyKey, `purchase:${m.userId}:picture:${imageId}%`));

  it('costs the member its coins once, gives her share to the show, and lands in the archive', async () => {
    const m = await member(100);
    const poor = await member(10);
    const id = await write(m, show);
    const poorId = await write(poor, show);
    const image = pictureId(album, 1);
    const sent = (await reply(id, { body: 'Just for you', attachment: { imageId: image, coins: 40 } })).json().data;
    expect(sent.attachment).toMatchObject({ imageId: image, coins: 40, unlocked: false });
    const locked = (await m.client.get(`/api/conversations/${id}/messages`)).json().data.at(-1);
    expect(locked.attachment).toMatchObject({ coins: 40, unlocked: false, url: expect.stringMatching(/_b\.jpg$/) });

    // Too few coins: refused, nothing bought, nothing moved.
    const poorSent = (await reply(poorId, { body: 'For you', attachment: { imageId: image, coins: 40 } })).json().data;
    const before = await earnings(show);
    const refused = await expectRefused(t, () => unlock(poor, poorSent.id), 402, 'no_coins');
    expect(Object.keys(refused.errors ?? {})).toEqual(['messages.no_coins']);
    expect(await balanceOf(t.db, poor.userId)).toBe(10);
    expect(await pictureLedger(poor, image)).toEqual([]);
    expect((await poor.client.get('/api/archive/pictures?page=1')).json().total).toBe(0);

    const res = await unlock(m, sent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.coins).toBe(60);
    expect(res.json().data.message.attachment).toMatchObject({
      unlocked: true,
      url: expect.stringMatching(/^\/media\/pictures\//),
    });
    // A retry answers the same and charges nothing.
    const again = await unlock(m, sent.id);
    expect(again.json().data).toMatchObject({ coins: 60, message: { attachment: { unlocked: true } } });
    expect(await balanceOf(t.db, m.userId)).toBe(60);
    expect(await ledgerSum(t.db, m.userId)).toBe(60);
    expect(await earnings(show)).toBe(before + 20);
    expect((await pictureLedger(m, image)).map((r) => [r.delta, r.reason]).sort()).toEqual([
      [-40, 'picture'],
      [20, 'earning'],
    ]);

    // She sees it unlocked; the member's archive holds the picture, never its gallery.
    const hers = (await studio.get(`/api/studio/conversations/${id}/messages`)).json().data.at(-1);
    expect(hers.attachment).toMatchObject({ imageId: image, unlocked: true });
    const archive = (await m.client.get('/api/archive/pictures?page=1')).json();
    expect(archive).toMatchObject({ total: 1, data: [{ id: image, universalId: show.universalId }] });
    expect(archive.data[0].url).toMatch(/^\/media\/pictures\//);
    expect((await m.client.get('/api/archive/galleries?page=1')).json().total).toBe(0);
    const gallery = (await m.client.get(`/api/galleries/${show.universalId}/${album.id}`)).json();
    expect(gallery.unlocked).toBe(false);
  });

  it('refuses a free picture, a message without one, a member’s own message and another member’s', async () => {
    const m = await member(100);
    const other = await member(100);
    const id = await write(m, show);
    const free = (await reply(id, { body: 'Free', attachment: { imageId: pictureId(album), coins: 0 } })).json().data;
    const plain = (await reply(id, { body: 'Plain' })).json().data;
    const paid = (await reply(id, { body: 'Paid', attachment: { imageId: pictureId(album), coins: 5 } })).json().data;
    const own = (await m.client.get(`/api/conversations/${id}/messages`)).json().data[0].messageid;
    const freeSeen = (await m.client.get(`/api/conversations/${id}/messages`)).json().data[1];
    expect(freeSeen.attachment).toMatchObject({ coins: 0, unlocked: true });
    for (const messageId of [free.id, plain.id, own]) {
      const body = await expectRefused(t, () => unlock(m, messageId), 409, 'conflict');
      expect(Object.keys(body.errors ?? {})).toEqual(['messages.attachment_locked']);
    }
    await expectRefused(t, () => unlock(other, paid.id), 404, 'not_found');
    await expectRefused(t, () => unlock(m, 99_999_999), 404, 'not_found');
    const visitor = t.client();
    await visitor.get('/api/auth/csrf-cookie');
    await expectRefused(
      t,
      () => visitor.post(`/api/conversations/message/${paid.id}/unlock`, {}),
      401,
      'unauthenticated',
    );
    expect(await balanceOf(t.db, other.userId)).toBe(100);
    const [c] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(c?.memberUnread).toBe(3);
  });
});

let guardMember: TestClient;
beforeAll(async () => {
  guardMember = (await member()).client;
});

describeWriteGuards(
  () => ({ t, member: guardMember, performer: studio }),
  [
    { method: 'POST', url: '/api/studio/conversations/1/read', body: {}, as: 'performer' },
    { method: 'POST', url: '/api/studio/conversations/1/reply', body: { body: 'Hello' }, as: 'performer' },
    { method: 'POST', url: '/api/studio/conversations/1/block', body: {}, as: 'performer' },
    { method: 'POST', url: '/api/studio/conversations/1/unblock', body: {}, as: 'performer' },
    { method: 'POST', url: '/api/conversations/message/1/unlock', body: {}, as: 'member' },
  ],
);
