import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupportList } from '#common/api/admin-support.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { sendToSupport } from '#server/features/messages/mutations.ts';
import { markStaffRead } from '#server/features/messages/read-states.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatMember } from '#server/test/chat.ts';
import { insertUser, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';
import {
  deskMessages as deskMessagesOf,
  deskOperator,
  memberWritingToSupport,
  openThread,
  postReply,
} from '#server/test/support-desk.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
const operatorBrowser = (roles: OperatorRole[]) => deskOperator(t, roles);
const memberWriting = (body: string) => memberWritingToSupport(t, body);
const deskMessages = (id: number) => deskMessagesOf(t, id);
const list = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/admin/support${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SupportList;
};
const staffUnread = async (id: number) =>
  (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0]?.staffUnread;

describe('GET /api/admin/support (the desk list)', () => {
  it('lists support conversations only, unread first, then the newest, with member, last message, time and count', async () => {
    const { client } = await operatorBrowser(['support']);
    const a = await memberWriting('First <b>question</b>');
    const b = await memberWriting('Second question');
    const c = await memberWriting('Third question');
    const show = await createShow(t.db, { showName: 'Desk Not Listed' });
    const fan = await chatMember(t, `desk-fan-${++made}@example.com`, `DeskFan${made}`, 0);
    const me = (await fan.client.get('/api/auth/user')).json();
    const toShow = { body: 'To a show', showid: show.universalId, pseudoid: me.user.nicknames.data[0].id, coins: 0 };
    expect((await fan.client.post('/api/conversations/show', toShow)).statusCode).toBe(200);

    await markStaffRead(t.db, a.id);
    const ours = (l: SupportList) => l.conversations.filter((x) => [a.id, b.id, c.id].includes(x.id));
    let page = await list(client, '?pageSize=100');
    expect(ours(page).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(page.conversations.some((x) => x.lastBody === 'To a show')).toBe(false);
    expect(ours(page)[0]).toEqual({
      id: c.id,
      email: c.email,
      name: null,
      lastBody: 'Third question',
      lastFromDesk: false,
      lastMessageAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      unread: 1,
    });
    // Plain text: the screen shows it as written, never as markup.
    expect(ours(page)[2]).toMatchObject({ lastBody: 'First <b>question</b>', unread: 0 });
    expect(page.unread).toBeGreaterThanOrEqual(2);

    // She writes again: unread and newest, at the top, with two unread.
    await a.client.post('/api/conversations/support', { body: 'Anyone there?' });
    await a.client.post('/api/conversations/support', { body: 'Hello?' });
    page = await list(client, '?pageSize=100');
    expect(ours(page).map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    expect(ours(page)[0]).toMatchObject({ lastBody: 'Hello?', unread: 2 });
    // Only the unread ones, if asked.
    await markStaffRead(t.db, b.id);
    const unread = await list(client, '?unread=true&pageSize=100');
    expect(unread.conversations.every((x) => x.unread > 0)).toBe(true);
    expect(unread.conversations.map((x) => x.id)).not.toContain(b.id);
    expect(unread.total).toBe(unread.unread);
  });

  it('pages by the size asked, and refuses a page or size that is no number or out of range', async () => {
    for (let i = 0; i < 30; i++) {
      const userId = await insertUser(t, `desk-page-${i}@example.com`);
      await sendToSupport(t.db, { userId, body: `Paged ${i}`, key: null });
    }
    const { client } = await operatorBrowser(['admin']);
    const first = await list(client, '?pageSize=25');
    expect(first.conversations).toHaveLength(25);
    expect(first.total).toBeGreaterThanOrEqual(30);
    const second = await list(client, '?page=2&pageSize=25');
    expect(second.conversations.length).toBeGreaterThanOrEqual(5);
    const seen = new Set(first.conversations.map((x) => x.id));
    expect(second.conversations.some((x) => seen.has(x.id))).toBe(false);
    expect((await list(client)).conversations).toHaveLength(25);
    for (const query of [
      '?page=x',
      '?page=0',
      '?pageSize=101',
      '?pageSize=-1',
      '?unread=maybe',
      `?page=${'9'.repeat(300)}`,
    ]) {
      const res = await client.get(`/api/admin/support${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error, query).toBe('validation_failed');
    }
  });
});

describe('who reaches the desk', () => {
  it('only operators with the role support or admin: a moderator gets 403, nothing read or written', async () => {
    const m = await memberWriting('Help for the moderator?');
    const { client: mod } = await operatorBrowser(['moderator']);
    const told = vi.spyOn(t.app.ctx.realtime, 'toUser');
    for (const url of ['/api/admin/support', `/api/admin/support/${m.id}`]) {
      const res = await mod.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    expect((await postReply(mod, m.id, { body: 'Moderator answer' })).statusCode).toBe(403);
    expect(told).not.toHaveBeenCalled();
    told.mockRestore();
    expect(await deskMessages(m.id)).toEqual([]);
    expect(await staffUnread(m.id)).toBe(1);
    // Her menu has no support desk; the roles that open it do.
    expect((await mod.get('/api/admin/session')).json().capabilities).not.toContain('support');
    for (const roles of [['support'], ['admin'], ['moderator', 'support']] as OperatorRole[][]) {
      const { client } = await operatorBrowser(roles);
      expect((await client.get('/api/admin/session')).json().capabilities, roles.join()).toContain('support');
      expect((await client.get('/api/admin/support')).statusCode, roles.join()).toBe(200);
    }
  });

  it('answers visitors 401 and members 403, and lets neither read nor write', async () => {
    const m = await memberWriting('Can I answer myself?');
    const cases: [TestClient, number][] = [
      [t.client(), 401],
      [m.client, 403],
      [(await registerAndVerify(t, `desk-other-${++made}@example.com`)).client, 403],
    ];
    for (const [client, status] of cases) {
      for (const url of ['/api/admin/support', `/api/admin/support/${m.id}`]) {
        expect((await client.get(url)).statusCode, url).toBe(status);
      }
      expect((await postReply(client, m.id, { body: 'Answered myself' })).statusCode).toBe(status);
    }
    expect(await deskMessages(m.id)).toEqual([]);
    expect(await staffUnread(m.id)).toBe(1);
  });

  it('answers 404 for an unknown conversation or one with a show, and 422 for an id that is none', async () => {
    const { client } = await operatorBrowser(['support']);
    const [showConversation] = await t.db.select().from(conversations).where(eq(conversations.kind, 'show')).limit(1);
    for (const id of ['999999', String(showConversation?.id ?? 999998)]) {
      const res = await client.get(`/api/admin/support/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect((await postReply(client, Number(id), { body: 'Anyone?' })).statusCode, id).toBe(404);
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await client.get(`/api/admin/support/${id}`)).statusCode, id).toBe(422);
    }
  });
});

describe('GET /api/admin/support/:id (a conversation)', () => {
  it('gives every message oldest first, member and desk apart with the operator, and reading marks it read', async () => {
    const m = await memberWriting('My coins are gone');
    await m.client.post('/api/conversations/support', { body: 'Line one\nline two' });
    const { client, operator, name } = await operatorBrowser(['support']);
    const thread = await openThread(client, m.id);
    expect(thread.conversation).toMatchObject({ id: m.id, email: m.email, unread: 0 });
    expect(thread.messages.map((x) => [x.author, x.body])).toEqual([
      ['member', 'My coins are gone'],
      ['member', 'Line one\nline two'],
    ]);
    expect(thread.total).toBe(2);
    expect(await staffUnread(m.id)).toBe(0);
    const read = await t.db.select().from(messages).where(eq(messages.conversationId, m.id));
    expect(read.every((r) => r.readAt !== null)).toBe(true);

    const sent = await postReply(client, m.id, { body: 'We are on it.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      outcome: 'done',
      message: { author: 'staff', body: 'We are on it.', operatorName: name },
    });
    const after = await openThread(client, m.id);
    expect(after.messages.at(-1)).toMatchObject({ author: 'staff', body: 'We are on it.', operatorName: name });
    expect((await deskMessages(m.id))[0]?.operatorId).toBe(operator.id);
    expect((await list(client, '?pageSize=100')).conversations.find((x) => x.id === m.id)).toMatchObject({
      lastFromDesk: true,
      lastBody: 'We are on it.',
    });
  });
});
