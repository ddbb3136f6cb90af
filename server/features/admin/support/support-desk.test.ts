import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_BODY_MAX } from '#common/constants.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import type { OperatorRole } from '#server/db/schema/operators.ts';
import { sendToSupport } from '#server/features/messages/mutations.ts';
import { markStaffRead } from '#server/features/messages/read-states.ts';
import { createShow } from '#server/test/catalog.ts';
import { chatMember } from '#server/test/chat.ts';
import { awaitMail, insertUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import {
  deskMessages as deskMessagesOf,
  deskOperator,
  memberWritingToSupport,
  openThread,
  postReply,
} from '#server/test/support-desk.ts';
import { DESK_PAGE_SIZE } from './routes.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made = 0;
const operatorBrowser = (roles: OperatorRole[], lang?: string) => deskOperator(t, roles, lang);
const memberWriting = (body: string) => memberWritingToSupport(t, body);
const deskMessages = (id: number) => deskMessagesOf(t, id);

/** The list's row of a member: its unread count cell is the last. */
const rowOf = (html: string, email: string) => html.split('<tr').find((r) => r.includes(`>${email}</a>`)) ?? '';

describe('the support desk list', () => {
  it('shows support conversations only, unread first, then the newest, with member, last message, time and count', async () => {
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
    let page = (await client.raw('GET', '/admin/support')).body;
    const order = (html: string) =>
      [a, b, c].map((m) => ({ m, at: html.indexOf(`>${m.email}</a>`) })).sort((x, y) => x.at - y.at);
    expect(order(page).map((x) => x.m.id)).toEqual([c.id, b.id, a.id]);
    expect(page).not.toContain('To a show');
    expect(rowOf(page, c.email)).toMatch(
      /^ class="unread">.*Third question.*<time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d UTC<\/time><\/td><td>1<\/td><\/tr>/s,
    );
    expect(rowOf(page, a.email)).toContain('First &lt;b&gt;question&lt;/b&gt;');
    expect(rowOf(page, a.email)).toMatch(/<td>0<\/td><\/tr>/);
    expect(page).not.toContain('<b>question');

    // She writes again: unread and newest, at the top, with two unread.
    await a.client.post('/api/conversations/support', { body: 'Anyone there?' });
    await a.client.post('/api/conversations/support', { body: 'Hello?' });
    page = (await client.raw('GET', '/admin/support')).body;
    expect(order(page).map((x) => x.m.id)).toEqual([a.id, c.id, b.id]);
    expect(rowOf(page, a.email)).toMatch(/Hello\?.*<td>2<\/td><\/tr>/s);
  });

  it(`pages by ${DESK_PAGE_SIZE}, in the operator's language`, async () => {
    for (let i = 0; i < DESK_PAGE_SIZE + 1; i++) {
      const userId = await insertUser(t, `desk-page-${i}@example.com`);
      await sendToSupport(t.db, { userId, body: `Paged ${i}`, key: null });
    }
    const { client } = await operatorBrowser(['admin'], 'de');
    const first = (await client.raw('GET', '/admin/support')).body;
    expect(first).toContain('<html lang="de">');
    expect(first).toContain('<h1>Support-Postfach</h1>');
    expect(first.match(/<tr class="unread">/g)?.length).toBe(DESK_PAGE_SIZE);
    expect(first).toContain('href="/admin/support?page=2"');
    expect(first).toMatch(/Seite 1 von \d+/);
    const second = await client.raw('GET', '/admin/support?page=2');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('href="/admin/support?page=1"');
    // A page that is no number is the first.
    expect((await client.raw('GET', '/admin/support?page=x')).body).toContain('Seite 1 von');
  });
});

describe('who reaches the desk', () => {
  it('only operators with the role support or admin: a moderator gets a 403 page, nothing written', async () => {
    const m = await memberWriting('Help for the moderator?');
    const { client: mod } = await operatorBrowser(['moderator']);
    for (const url of ['/admin/support', `/admin/support/${m.id}`]) {
      const res = await mod.raw('GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1>No access</h1>');
    }
    const post = await postReply(mod, m.id, { token: 'x', key: 'k'.repeat(20), body: 'Moderator answer' });
    expect(post.statusCode).toBe(403);
    expect(await deskMessages(m.id)).toEqual([]);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, m.id));
    expect(row?.staffUnread).toBe(1);
    expect((await mod.raw('GET', '/admin')).body).not.toContain('href="/admin/support"');
    for (const roles of [['support'], ['admin'], ['moderator', 'support']] as OperatorRole[][]) {
      const { client } = await operatorBrowser(roles);
      expect((await client.raw('GET', '/admin')).body, roles.join()).toContain(
        '<a href="/admin/support">Support desk: answer members&#39; messages</a>',
      );
    }
  });

  it('sends visitors and members to the sign-in, and lets neither write', async () => {
    const m = await memberWriting('Can I answer myself?');
    for (const client of [t.client(), m.client]) {
      for (const url of ['/admin/support', `/admin/support/${m.id}`]) {
        const res = await client.raw('GET', url);
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe(`/admin/login?next=${encodeURIComponent(url)}`);
      }
      const post = await postReply(client, m.id, { body: 'Answered myself' }, client.xsrf());
      expect(post.statusCode).toBe(303);
      expect(post.headers.location).toMatch(/^\/admin\/login/);
    }
    expect(await deskMessages(m.id)).toEqual([]);
  });

  it('answers 404 for an unknown conversation, one with a show, or an id that is none', async () => {
    const { client } = await operatorBrowser(['support']);
    const [showConversation] = await t.db.select().from(conversations).where(eq(conversations.kind, 'show')).limit(1);
    for (const id of ['999999', String(showConversation?.id ?? 0), 'abc', '0', '99999999999']) {
      const res = await client.raw('GET', `/admin/support/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('There is no such support conversation.');
    }
  });
});

describe('a thread', () => {
  it('shows every message oldest first, member and desk apart with the operator, and opening it marks it read', async () => {
    const m = await memberWriting('My coins are gone');
    await m.client.post('/api/conversations/support', { body: 'Line one\nline two' });
    const { client, operator, name } = await operatorBrowser(['support']);
    const { res, form } = await openThread(client, m.id);
    const body = res.body;
    expect(body.indexOf('My coins are gone')).toBeLessThan(body.indexOf('Line one\nline two'));
    expect(body).toContain(`Member · ${m.email}`);
    expect(body).toContain(`maxlength="${MESSAGE_BODY_MAX}"`);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, m.id));
    expect(row?.staffUnread).toBe(0);
    const read = await t.db.select().from(messages).where(eq(messages.conversationId, m.id));
    expect(read.every((r) => r.readAt !== null)).toBe(true);

    const sent = await postReply(client, m.id, { ...form, body: 'We are on it.' });
    expect(sent.statusCode).toBe(303);
    const after = (await client.raw('GET', String(sent.headers.location))).body;
    expect(after).toContain('Your reply has been sent.');
    expect(after).toContain(`Support (${name.replace('<', '&lt;').replace('>', '&gt;')})`);
    expect(after).toContain('We are on it.');
    expect((await deskMessages(m.id))[0]?.operatorId).toBe(operator.id);
  });
});

describe('a reply', () => {
  it('reaches the member: from support in her messages, a notice, and a mail while she is away', async () => {
    const m = await memberWriting('Where is my invoice?');
    const { client } = await operatorBrowser(['admin']);
    const { form } = await openThread(client, m.id);
    const told = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const res = await postReply(client, m.id, { ...form, body: 'In your account,\r\nunder Purchases.' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/admin/support/${m.id}?sent=1`);
    expect(told).toHaveBeenCalledWith(m.userId, 'user:message', expect.objectContaining({ conversationid: m.id }));
    told.mockRestore();
    const list = (await m.client.get(`/api/conversations/${m.id}/messages`)).json();
    expect(list.data.at(-1)).toMatchObject({
      author: 'support',
      message: 'In your account,\nunder Purchases.',
      unread: true,
    });
    expect((await m.client.get('/api/conversations/count')).json().support).toBe(1);
    await awaitMail(t, m.email, 'Support answered your message');
  });

  it('answers once for a double submit of one form, even at once', async () => {
    const m = await memberWriting('Double trouble');
    const { client } = await operatorBrowser(['support']);
    const { form } = await openThread(client, m.id);
    const fields = { ...form, body: 'Only once, please.' };
    const answers = await Promise.all([postReply(client, m.id, fields), postReply(client, m.id, fields)]);
    expect(answers.map((r) => r.statusCode)).toEqual([303, 303]);
    expect((await postReply(client, m.id, fields)).statusCode).toBe(303);
    expect((await deskMessages(m.id)).map((r) => r.body)).toEqual(['Only once, please.']);
    // A new form is a new reply.
    const next = (await openThread(client, m.id)).form;
    expect(next.key).not.toBe(form.key);
    await postReply(client, m.id, { ...next, body: 'Only once, please.' });
    expect(await deskMessages(m.id)).toHaveLength(2);
  });

  it('refuses a missing, blank, oversized or control-character body, keeps the draft escaped, and sends nothing', async () => {
    const m = await memberWriting('Test my limits');
    const { client } = await operatorBrowser(['support']);
    const { form } = await openThread(client, m.id);
    const told = vi.spyOn(t.app.ctx.realtime, 'toUser');
    const long = `<i>${'x'.repeat(MESSAGE_BODY_MAX)}`;
    for (const [body, status, text] of [
      [undefined, 422, 'Please write a reply.'],
      ['  \r\n ', 422, 'Please write a reply.'],
      [long, 422, `The reply is too long: at most ${MESSAGE_BODY_MAX} characters.`],
      ['nul \u0000 byte', 422, 'The reply contains characters that cannot be sent.'],
    ] as const) {
      const res = await postReply(client, m.id, body === undefined ? form : { ...form, body });
      expect(res.statusCode, String(body).slice(0, 20)).toBe(status);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(text);
      expect(res.body).toContain('aria-invalid="true"');
      expect(res.body).not.toContain('<i>x');
      expect(res.body).not.toContain('\u0000');
    }
    const draft = (await postReply(client, m.id, { ...form, body: long })).body;
    expect(draft).toContain(`&lt;i&gt;${'x'.repeat(20)}`);
    // Far beyond any reply: refused before it is read.
    const huge = await postReply(client, m.id, { ...form, body: '€'.repeat(MESSAGE_BODY_MAX * 6) });
    expect(huge.statusCode).toBe(413);
    expect(told).not.toHaveBeenCalled();
    told.mockRestore();
    expect(await deskMessages(m.id)).toEqual([]);
  });

  it('is plain text: HTML in a reply reaches the member as written and the desk shows it escaped', async () => {
    const m = await memberWriting('<img src=x onerror=alert(1)>');
    const { client } = await operatorBrowser(['support']);
    const { res, form } = await openThread(client, m.id);
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(res.body).not.toContain('<img');
    const html = '<script>alert("desk")</script>';
    expect((await postReply(client, m.id, { ...form, body: html })).statusCode).toBe(303);
    const thread = (await client.raw('GET', `/admin/support/${m.id}`)).body;
    expect(thread).not.toMatch(/<script/i);
    expect(thread).toContain('&lt;script&gt;alert(&quot;desk&quot;)&lt;/script&gt;');
    const list = (await m.client.get(`/api/conversations/${m.id}/messages`)).json();
    expect(list.data.at(-1).message).toBe(html);
  });

  it("is refused without the session's form token, with another's, from another site, or without a key", async () => {
    const m = await memberWriting('Forged?');
    const { client } = await operatorBrowser(['support']);
    const { form } = await openThread(client, m.id);
    const { client: other } = await operatorBrowser(['support']);
    const otherForm = (await openThread(other, m.id)).form;
    const body = 'Forged <reply>';
    for (const [fields, headers] of [
      [{ key: form.key, body }, {}],
      [{ token: '', key: form.key, body }, {}],
      [{ token: otherForm.token, key: form.key, body }, {}],
      [{ ...form, body }, { origin: 'https://evil.example' }],
      [{ ...form, body }, { 'sec-fetch-site': 'cross-site' }],
      [{ token: form.token, body }, {}],
      [{ token: form.token, key: 'short', body }, {}],
    ] as const) {
      const res = await postReply(client, m.id, fields, headers);
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.body).toContain('The form has expired. Please try again.');
      expect(res.body).toContain('Forged &lt;reply&gt;</textarea>');
    }
    expect(await deskMessages(m.id)).toEqual([]);
    // The same form from this site goes through.
    const ok = await postReply(client, m.id, { ...form, body }, { origin: 'http://localhost:3000' });
    expect(ok.statusCode).toBe(303);
    expect(await deskMessages(m.id)).toHaveLength(1);
  });
});
