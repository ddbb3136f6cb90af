import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_BODY_MAX } from '#common/constants.ts';
import { awaitMail } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { newActionKey } from '#server/test/operators.ts';
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
afterEach(() => {
  vi.restoreAllMocks();
});

const memberWriting = (body: string) => memberWritingToSupport(t, body);
const deskMessages = (id: number) => deskMessagesOf(t, id);
const changedTopics = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter((c) => c[1] === 'console:changed').map((c) => c[0]);

describe('POST /api/admin/support/:id/reply', () => {
  it('reaches the member: from support in her messages, a notice, and a mail while she is away', async () => {
    const m = await memberWriting('Where is my invoice?');
    const { client } = await deskOperator(t, ['admin']);
    const told = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const res = await postReply(client, m.id, { body: 'In your account,\r\nunder Purchases.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.body).toBe('In your account,\nunder Purchases.');
    expect(told).toHaveBeenCalledWith(m.userId, 'user:message', expect.objectContaining({ conversationid: m.id }));
    const list = (await m.client.get(`/api/conversations/${m.id}/messages`)).json();
    expect(list.data.at(-1)).toMatchObject({
      author: 'support',
      message: 'In your account,\nunder Purchases.',
      unread: true,
    });
    expect((await m.client.get('/api/conversations/count')).json().support).toBe(1);
    await awaitMail(t, m.email, 'Support answered your message');
  });

  it('sends once for one action key, even twice at once; a new key is a new reply', async () => {
    const m = await memberWriting('Double trouble');
    const { client } = await deskOperator(t, ['support']);
    const key = newActionKey();
    const body = { body: 'Only once, please.' };
    const answers = await Promise.all([postReply(client, m.id, body, key), postReply(client, m.id, body, key)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().outcome).sort()).toEqual(['done', 'repeat']);
    const again = await postReply(client, m.id, body, key);
    expect(again.json()).toMatchObject({ outcome: 'repeat', message: { body: 'Only once, please.' } });
    expect(again.json().message.id).toBe(answers[0]?.json().message.id);
    expect((await deskMessages(m.id)).map((r) => r.body)).toEqual(['Only once, please.']);
    await postReply(client, m.id, body);
    expect(await deskMessages(m.id)).toHaveLength(2);
  });

  it('refuses a missing, blank, oversized or control-character body per field, and sends nothing', async () => {
    const m = await memberWriting('Test my limits');
    const { client } = await deskOperator(t, ['support']);
    const told = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const cases: [unknown, string][] = [
      [{}, 'errors.validations.required'],
      [{ body: '  \r\n ' }, 'errors.validations.required'],
      [{ body: `<i>${'x'.repeat(MESSAGE_BODY_MAX)}` }, 'errors.validations.too_long'],
      [{ body: 'nul \u0000 byte' }, 'errors.validations.control_characters'],
      [{ body: 42 }, 'errors.validations.type.text'],
    ];
    for (const [body, key] of cases) {
      const res = await postReply(client, m.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 30)).toBe(422);
      expect(res.json().errors.body).toEqual([key]);
    }
    // Far beyond any reply: refused before it is read.
    const huge = await postReply(client, m.id, { body: '€'.repeat(MESSAGE_BODY_MAX * 12) });
    expect(huge.statusCode).toBe(413);
    const malformed = await client.raw('POST', `/api/admin/support/${m.id}/reply`, {
      payload: '{"body":',
      headers: { 'content-type': 'application/json', 'idempotency-key': newActionKey(), ...client.xsrf() },
    });
    expect(malformed.statusCode).toBe(400);
    expect(told).not.toHaveBeenCalled();
    expect(await deskMessages(m.id)).toEqual([]);
  });

  it('is plain text: HTML in a reply reaches the member and the desk as written', async () => {
    const m = await memberWriting('<img src=x onerror=alert(1)>');
    const { client } = await deskOperator(t, ['support']);
    expect((await openThread(client, m.id)).messages[0]?.body).toBe('<img src=x onerror=alert(1)>');
    const html = '<script>alert("desk")</script>';
    expect((await postReply(client, m.id, { body: html })).statusCode).toBe(200);
    expect((await openThread(client, m.id)).messages.at(-1)?.body).toBe(html);
    const list = (await m.client.get(`/api/conversations/${m.id}/messages`)).json();
    expect(list.data.at(-1).message).toBe(html);
  });

  it('is refused without the CSRF header (419), or without a well-formed action key (400)', async () => {
    const m = await memberWriting('Forged?');
    const { client } = await deskOperator(t, ['support']);
    const url = `/api/admin/support/${m.id}/reply`;
    const payload = JSON.stringify({ body: 'Forged <reply>' });
    const json = { 'content-type': 'application/json' };
    const noCsrf = await client.raw('POST', url, { payload, headers: { ...json, 'idempotency-key': newActionKey() } });
    expect(noCsrf.statusCode).toBe(419);
    const wrongCsrf = await client.raw('POST', url, {
      payload,
      headers: { ...json, 'idempotency-key': newActionKey(), 'x-xsrf-token': 'forged' },
    });
    expect(wrongCsrf.statusCode).toBe(419);
    for (const key of [undefined, 'short', 'x'.repeat(65), 'bad key with spaces!']) {
      const headers: Record<string, string> = { ...json, ...client.xsrf(), ...(key ? { 'idempotency-key': key } : {}) };
      const res = await client.raw('POST', url, { payload, headers });
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', message: 'action_key' });
    }
    expect(await deskMessages(m.id)).toEqual([]);
    expect((await postReply(client, m.id, { body: 'Forged <reply>' })).statusCode).toBe(200);
    expect(await deskMessages(m.id)).toHaveLength(1);
  });
});

describe("the desk's screens hear of changes", () => {
  it('when a member writes to support, a reply is sent and an unread conversation is read; not for a repeat', async () => {
    const spy = vi.spyOn(t.app.ctx.realtime, 'toOperators');
    const m = await memberWriting('Is anyone reading this?');
    expect(spy).toHaveBeenCalledWith(['support'], 'console:changed', { topics: ['support'] });
    // A retry of her send under its key adds nothing and tells nobody.
    spy.mockClear();
    const key = 'member-send-key-0001';
    const headers = { 'idempotency-key': key };
    expect((await m.client.post('/api/conversations/support', { body: 'Once' }, headers)).statusCode).toBe(200);
    expect(changedTopics(spy)).toEqual([['support']]);
    expect((await m.client.post('/api/conversations/support', { body: 'Once' }, headers)).statusCode).toBe(200);
    expect(changedTopics(spy)).toEqual([['support']]);

    const { client } = await deskOperator(t, ['support']);
    spy.mockClear();
    await openThread(client, m.id);
    expect(changedTopics(spy)).toEqual([['support']]);
    await openThread(client, m.id);
    expect(changedTopics(spy)).toEqual([['support']]);
    spy.mockClear();
    const replyKey = newActionKey();
    await postReply(client, m.id, { body: 'Yes, we are.' }, replyKey);
    expect(changedTopics(spy)).toEqual([['support']]);
    await postReply(client, m.id, { body: 'Yes, we are.' }, replyKey);
    expect(changedTopics(spy)).toEqual([['support']]);
  });
});
