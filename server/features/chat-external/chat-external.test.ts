import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#common/constants.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { verifyMedia } from '#server/features/purchases/tokens.ts';
import { hashToken } from '#server/features/session/tokens.ts';
import {
  issuePartnerTicket,
  PARTNER_PAGE_PATH,
  partnerPageKey,
  TICKET_TTL_SECONDS,
} from '#server/providers/partner-chat/sandbox.ts';
import { createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { expectRefused, registerAndVerify, sendBrokenJson, sendWithXsrf } from '#server/test/fixtures.ts';
import { describeWriteGuards } from '#server/test/guards.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

const ORIGIN = 'http://localhost:3000';
const ENDED = { show: ['errors.external_chat.ended'] };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestContext;
let bea: TestShow;
let native: TestShow;

beforeAll(async () => {
  t = await createTestApp();
  bea = await createShow(t.db, { showName: 'BeaPartner', contentproviderId: 2, online: true });
  await createVideo(t.db, bea.id);
  native = await createShow(t.db, { showName: 'AnnaNative', contentproviderId: 1, online: true });
});
afterAll(() => t.close());

/** A visitor whose page opened the frame of a show: the redirect and the session it opened. */
async function openFrame(client: TestClient, show = bea, lang = 'en') {
  await client.get('/api/session/init');
  const res = await client.get(`/api/chat/external/vxm?show=${show.universalId}&lang=${lang}`);
  expect(res.statusCode, res.body).toBe(302);
  const location = String(res.headers.location);
  const rows = await t.db.select().from(chatSessions).where(eq(chatSessions.showId, show.id));
  return { location, rows };
}

/** The open external sessions of this browser with Bea. */
async function sessionsOf(client: TestClient) {
  const webSessionId = hashToken(t.config.sessionSecret, client.cookies.get(SESSION_COOKIE) ?? '');
  const rows = await t.db.select().from(chatSessions).where(eq(chatSessions.webSessionId, webSessionId));
  return rows.filter((r) => r.showId === bea.id && r.endedAt === null);
}

const beacon = (client: TestClient, body: string, headers: Record<string, string> = { origin: ORIGIN }) =>
  client.raw('POST', '/api/chat/external/end', { payload: body, headers: { ...FORM, ...headers } });

describe('external chat: the frame', () => {
  it('opens a free session with the partner and sends the frame to its signed page', async () => {
    const guest = t.client();
    const { location, rows } = await openFrame(guest, bea, 'de');
    expect(location).toMatch(new RegExp(`^${PARTNER_PAGE_PATH}/[\\w-]+\\.[\\w-]+$`));
    const open = rows.filter((r) => r.endedAt === null);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: 'free', pricePerMinute: 0, userId: null, nickname: 'guest' });

    const page = await guest.get(location);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('Live-Chat mit BeaPartner');
    expect(page.body).toContain('Dieser Chat wird von unserem Partner betrieben.');
    // Her clip loops (the free part first), with her picture as the poster.
    expect(page.body).toMatch(
      /<video src="\/media\/clips\/[^"]+" poster="\/media\/previews\/\d+\/\d+_320x240\.jpg" autoplay muted loop playsinline/,
    );

    // A reloaded frame is the same chat.
    const again = await openFrame(guest, bea);
    expect(again.rows.filter((r) => r.endedAt === null).map((r) => r.id)).toEqual([open[0]?.id]);
    await guest.post('/api/chat/external/end', { show: bea.universalId });
  });

  it('names a member by the current nickname', async () => {
    const { client, user } = await registerAndVerify(t, 'external-member@example.com');
    expect((await client.post('/api/user/nickname/add', { nickname: 'BeaFan' })).statusCode).toBe(201);
    const { rows } = await openFrame(client);
    const mine = rows.find((r) => r.userId === user.id && r.endedAt === null);
    expect(mine?.nickname).toBe('BeaFan');
    await client.post('/api/chat/external/end', { show: bea.universalId });
  });

  it('refuses shows the partner does not run, unknown shows, bad queries and other sites', async () => {
    const guest = t.client();
    await guest.get('/api/session/init');
    const count = async () => (await t.db.select().from(chatSessions)).length;
    const before = await count();
    expect((await guest.get(`/api/chat/external/vxm?show=${native.universalId}`)).statusCode).toBe(404);
    expect((await guest.get('/api/chat/external/vxm?show=nobody')).statusCode).toBe(404);
    expect((await guest.get('/api/chat/external/vxm')).statusCode).toBe(422);
    expect((await guest.get(`/api/chat/external/vxm?show=${'9'.repeat(41)}`)).statusCode).toBe(422);
    expect((await guest.get('/api/chat/external/vxm?show=%00x')).statusCode).toBe(422);
    const foreign = await guest.get(`/api/chat/external/vxm?show=${bea.universalId}`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.statusCode).toBe(403);
    const sibling = await guest.get(`/api/chat/external/vxm?show=${bea.universalId}`, {
      'sec-fetch-site': 'same-site',
    });
    expect(sibling.statusCode).toBe(403);
    expect(await count()).toBe(before);
    // Our own frame, and the address typed in, are let through.
    for (const site of ['same-origin', 'none']) {
      const res = await guest.get(`/api/chat/external/vxm?show=${bea.universalId}`, { 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(302);
    }
    // An unknown language is English.
    const { location } = await openFrame(guest, bea, 'fr');
    expect((await guest.get(location)).body).toContain('Live chat with BeaPartner');
    await guest.post('/api/chat/external/end', { show: bea.universalId });
  });
});

describe('external chat: the partner page', () => {
  const key = () => partnerPageKey(t.config.sessionSecret);

  it('shows the expired page for a forged, damaged or old ticket, and for an ended session', async () => {
    const guest = t.client();
    const { location } = await openFrame(guest);
    const token = location.slice(PARTNER_PAGE_PATH.length + 1);
    const [payload, mac] = token.split('.');
    const sessionId = (await sessionsOf(guest))[0]?.id ?? '';
    const bad = [
      'nonsense',
      `${payload}.${mac?.slice(0, -2)}xx`,
      `${payload}x.${mac}`,
      `${payload}.${mac}.extra`,
      issuePartnerTicket('another key', { sessionId, universalId: bea.universalId, locale: 'en', clip: true }),
      issuePartnerTicket(
        key(),
        { sessionId, universalId: bea.universalId, locale: 'en', clip: true },
        Date.now() - (TICKET_TTL_SECONDS + 5) * 1000,
      ),
    ];
    for (const b of bad) {
      const res = await guest.get(`${PARTNER_PAGE_PATH}/${b}`);
      expect(res.statusCode, b).toBe(404);
      expect(res.body).toContain('This chat link has expired');
      expect(res.body).not.toContain('BeaPartner');
    }
    expect((await guest.get(location)).statusCode).toBe(200);
    await guest.post('/api/chat/external/end', { show: bea.universalId });
    const ended = await guest.get(location);
    expect(ended.statusCode).toBe(404);
    expect(ended.body).toContain('This chat link has expired');
  });

  it('loops her free clip first, else her first one, else shows her picture', async () => {
    const clipOf = async (show: TestShow) => {
      const guest = t.client();
      const { location } = await openFrame(guest, show);
      const page = (await guest.get(location)).body;
      await guest.post('/api/chat/external/end', { show: show.universalId });
      const token = /<video src="\/media\/clips\/([^"]+)"/.exec(page)?.[1];
      if (!token) return page.includes('<img src="/media/previews/') ? 'picture' : 'nothing';
      return verifyMedia(t.config.media.signingKey, token, 'clip', Math.floor(Date.now() / 1000))?.key;
    };
    const freeSecond = await createShow(t.db, { showName: 'FreeSecond', contentproviderId: 2 });
    const video = await createVideo(t.db, freeSecond.id, { parts: [{ price: 20 }, { price: 0, free: true }] });
    expect(await clipOf(freeSecond)).toBe(video.parts[1]?.storageKey);
    const paidOnly = await createShow(t.db, { showName: 'PaidOnly', contentproviderId: 2 });
    const paid = await createVideo(t.db, paidOnly.id, { parts: [{ price: 20 }] });
    expect(await clipOf(paidOnly)).toBe(paid.parts[0]?.storageKey);
    const noVideos = await createShow(t.db, { showName: 'NoVideos', contentproviderId: 2 });
    expect(await clipOf(noVideos)).toBe('picture');
  });

  it('shows her picture only where explicit media need a passed age check', async () => {
    const gated = await createTestApp({ env: { AGE_CHECK_GATES: 'media' } });
    try {
      const show = await createShow(gated.db, { showName: 'GatedBea', contentproviderId: 2, online: true });
      await createVideo(gated.db, show.id);
      const guest = gated.client();
      await guest.get('/api/session/init');
      const res = await guest.get(`/api/chat/external/vxm?show=${show.universalId}`);
      const page = await guest.get(String(res.headers.location));
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<video');
      expect(page.body).toMatch(/<img src="\/media\/previews\//);
    } finally {
      await gated.close();
    }
  });
});

describe('external chat: extend and end', () => {
  it('extends while open, answers 422 once ended, and ends with a JSON call', async () => {
    const guest = t.client();
    await openFrame(guest);
    const extend = () => guest.post('/api/chat/external/extend', { show: bea.universalId });
    expect((await extend()).json()).toEqual({ ok: true });
    const end = await guest.post('/api/chat/external/end', { show: bea.universalId });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ ok: true, ended: true });
    expect((await guest.post('/api/chat/external/end', { show: bea.universalId })).json()).toEqual({
      ok: true,
      ended: false,
    });
    const late = await extend();
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual(ENDED);
  });

  it('lets a session that missed its extends time out for good', async () => {
    const guest = t.client();
    const { rows } = await openFrame(guest);
    const [open] = rows.filter((r) => r.endedAt === null);
    if (!open) throw new Error('no open session');
    const longAgo = new Date(Date.now() - (t.config.chat.externalTimeoutSeconds + 1) * 1000);
    await t.db.update(chatSessions).set({ lastSeenAt: longAgo }).where(eq(chatSessions.id, open.id));
    const res = await guest.post('/api/chat/external/extend', { show: bea.universalId });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(ENDED);
    const [row] = await t.db.select().from(chatSessions).where(eq(chatSessions.id, open.id));
    expect(row?.endedAt).not.toBeNull();
    expect(row?.endReason).toBe('chat.ended_timeout');
  });

  it("ends with the chat module's sweep like any silent session, but not when this process settles its own", async () => {
    const guest = t.client();
    const { rows } = await openFrame(guest);
    const [open] = rows.filter((r) => r.endedAt === null);
    if (!open) throw new Error('no open session');
    // A restart settles the sessions whose media this process held: the partner holds these.
    await t.app.ctx.chat.settle();
    expect(await sessionsOf(guest)).toHaveLength(1);
    // Its page extends only while visible: a reader in another tab past our own chats' timeout keeps it.
    const hidden = new Date(Date.now() - (t.config.chat.heartbeatTimeoutSeconds + 5) * 1000);
    await t.db.update(chatSessions).set({ lastSeenAt: hidden }).where(eq(chatSessions.id, open.id));
    await t.app.ctx.chat.sweep();
    expect(await sessionsOf(guest)).toHaveLength(1);
    const longAgo = new Date(Date.now() - (t.config.chat.externalTimeoutSeconds + 1) * 1000);
    await t.db.update(chatSessions).set({ lastSeenAt: longAgo }).where(eq(chatSessions.id, open.id));
    await t.app.ctx.chat.sweep();
    expect(await sessionsOf(guest)).toHaveLength(0);
    expect((await guest.post('/api/chat/external/extend', { show: bea.universalId })).statusCode).toBe(422);
  });

  it("never touches another browser's session", async () => {
    const owner = t.client();
    await openFrame(owner);
    const other = t.client();
    await other.get('/api/session/init');
    await expectRefused(
      t,
      () => other.post('/api/chat/external/extend', { show: bea.universalId }),
      422,
      'validation_failed',
    );
    expect((await other.post('/api/chat/external/end', { show: bea.universalId })).json()).toEqual({
      ok: true,
      ended: false,
    });
    expect((await owner.post('/api/chat/external/extend', { show: bea.universalId })).statusCode).toBe(200);
    await owner.post('/api/chat/external/end', { show: bea.universalId });
  });

  it('refuses unknown shows and malformed bodies', async () => {
    const guest = t.client();
    await openFrame(guest);
    for (const path of ['/api/chat/external/extend', '/api/chat/external/end']) {
      expect((await guest.post(path, { show: 'nobody' })).statusCode).toBe(404);
      expect((await guest.post(path, { show: native.universalId })).statusCode).toBe(404);
      expect((await guest.post(path, {})).statusCode).toBe(422);
      // A universal id sent as a number is looked up as its digits; another type is refused.
      expect((await guest.post(path, { show: 42 })).statusCode).toBe(404);
      expect((await guest.post(path, { show: true })).statusCode).toBe(422);
      expect((await guest.post(path, { show: 'x'.repeat(41) })).statusCode).toBe(422);
      expect((await guest.post(path, { show: 'a\u0000b' })).statusCode).toBe(422);
      expect((await sendBrokenJson(guest, 'POST', path)).statusCode).toBe(400);
      const forged = await sendWithXsrf(guest, 'POST', path, { show: bea.universalId }, { 'x-xsrf-token': 'forged' });
      expect(forged.statusCode).toBe(419);
      expect((await sendWithXsrf(guest, 'POST', path, { show: bea.universalId }, {})).statusCode).toBe(419);
    }
    expect((await guest.post('/api/chat/external/end', { show: bea.universalId, beacon: 1 })).statusCode).toBe(422);
    expect((await sessionsOf(guest)).length).toBeGreaterThan(0);
    await guest.post('/api/chat/external/end', { show: bea.universalId });
  });
});

describe('external chat: the beacon', () => {
  it('ends the chat from a form with beacon=1 sent by our own page, without the CSRF header', async () => {
    const guest = t.client();
    await openFrame(guest);
    const res = await beacon(guest, `show=${bea.universalId}&beacon=1`, {
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, ended: true });
    expect((await guest.post('/api/chat/external/extend', { show: bea.universalId })).statusCode).toBe(422);
  });

  it('refuses a beacon from another site, without an origin, without beacon=1 or without the session', async () => {
    const guest = t.client();
    await openFrame(guest);
    const body = `show=${bea.universalId}&beacon=1`;
    const refusals = [
      () => beacon(guest, body, { origin: 'https://evil.example' }),
      () => beacon(guest, body, { origin: ORIGIN, 'sec-fetch-site': 'cross-site' }),
      () => beacon(guest, body, {}),
      () => beacon(guest, `show=${bea.universalId}`),
      () => beacon(guest, `show=${bea.universalId}&beacon=0`),
      () =>
        guest.raw('POST', '/api/chat/external/end', {
          payload: JSON.stringify({ show: bea.universalId, beacon: '1' }),
          headers: { 'content-type': 'application/json', origin: ORIGIN },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/chat/external/end',
          payload: body,
          headers: { ...FORM, origin: ORIGIN },
        }),
    ];
    for (const send of refusals) await expectRefused(t, send, 419, 'csrf_mismatch');
    expect(await sessionsOf(guest)).toHaveLength(1);
    // Bad values in a proper beacon are refused as any bad body.
    expect((await beacon(guest, `show=&beacon=1`)).statusCode).toBe(422);
    expect((await beacon(guest, `show=nobody&beacon=1`)).statusCode).toBe(404);
    expect((await beacon(guest, `show=${'x'.repeat(2000)}&beacon=1`)).statusCode).toBe(413);
    await guest.post('/api/chat/external/end', { show: bea.universalId });
  });
});

describeWriteGuards(
  () => ({ t, member: t.client() }),
  [
    { method: 'POST', url: '/api/chat/external/extend', body: { show: '212345' }, as: 'visitor' },
    { method: 'POST', url: '/api/chat/external/end', body: { show: '212345' }, as: 'visitor' },
  ],
);
