import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '#server/db/schema/analytics.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestClient, type TestContext } from '#server/test/harness.ts';

const SECOND_SITE = { name: 'Cams DE', logo: '/logo.svg', webid: 2 };

let t: TestContext;
let member: TestClient;
let memberId: number;
let otherMember: TestClient;
beforeAll(async () => {
  // A second site beside PUBLIC_URL's host (localhost): the pixel counts for both.
  t = await createTestApp({ env: { SITES: JSON.stringify({ 'cams.example.de': SECOND_SITE }) } });
  const m = await registerAndVerify(t, 'pixel-member@example.com');
  member = m.client;
  memberId = (await member.get('/api/auth/user')).json().user.id;
  otherMember = (await registerAndVerify(t, 'pixel-other@example.com')).client;
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

/** A visitor with a session, and the pixel query the SPA would send for it (on `host`). */
async function visitorWithQuery(c: TestClient = t.client(), host = 'localhost') {
  const { session } = (await c.get('/api/session/init', { host })).json();
  const q: Record<string, string> = {
    webid: String(session.webid),
    session: session.session_id,
    websiteid: '19',
    noredirect: '1',
    host,
  };
  return { c, q };
}
const url = (q: Record<string, string>) => `/api/pixel?${new URLSearchParams(q)}`;

async function counted() {
  await t.app.ctx.pageViews.flush();
  return t.db.select().from(pageViews);
}

describe('GET /api/pixel', () => {
  it('answers a 1x1 GIF that is never cached, and counts views per day, site and host in batches', async () => {
    const { c, q } = await visitorWithQuery();
    const res = await c.get(url(q));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    // Counted in memory first: nothing written until the flush.
    expect(await t.db.select().from(pageViews)).toEqual([]);
    expect(t.app.ctx.pageViews.pending()).toBe(1);
    for (let i = 0; i < 2; i++) {
      const other = await visitorWithQuery();
      await other.c.get(url(other.q));
    }
    expect(await counted()).toEqual([
      { day: today(), websiteId: 19, webid: 1, host: 'localhost', views: 3, memberViews: 0 },
    ]);
    expect(t.app.ctx.pageViews.pending()).toBe(0);
    // The next batch adds to the row.
    const later = await visitorWithQuery();
    await later.c.get(url(later.q));
    expect((await counted())[0]?.views).toBe(4);
  });

  it('counts one view of a session per second: a burst answers every image but counts once', async () => {
    const before = (await counted())[0]?.views ?? 0;
    const { c, q } = await visitorWithQuery();
    for (let i = 0; i < 5; i++) {
      const res = await c.get(url(q));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect((await counted())[0]?.views).toBe(before + 1);
  });

  it('counts for every configured site on its own host and webid', async () => {
    const { c, q } = await visitorWithQuery(t.client(), 'cams.example.de');
    expect(q.webid).toBe('2');
    const res = await c.get(url(q), { host: 'cams.example.de' });
    expect(res.statusCode).toBe(200);
    const rows = await counted();
    expect(rows.find((r) => r.host === 'cams.example.de')).toEqual({
      day: today(),
      websiteId: 19,
      webid: 2,
      host: 'cams.example.de',
      views: 1,
      memberViews: 0,
    });
  });

  it('refuses a Host that is none of our sites (400), however well the query matches it', async () => {
    for (const host of ['evil.example', 'random-1.example', 'cams.example.de.evil.example']) {
      const { c, q } = await visitorWithQuery(t.client(), host);
      await expectRefused(t, () => c.get(url(q), { host }), 400, 'bad_request');
    }
    expect(t.app.ctx.pageViews.pending()).toBe(0);
    expect((await counted()).map((r) => r.host).sort()).toEqual(['cams.example.de', 'localhost']);
    // Said as what it is, not as one more bad parameter.
    const { c, q } = await visitorWithQuery(t.client(), 'evil.example');
    expect((await c.get(url(q), { host: 'evil.example' })).json().message).toBe('host_refused');
  });

  it('counts on the loopback names of a local site too: the address the server says it listens on', async () => {
    for (const host of ['127.0.0.1', '[::1]']) {
      const { c, q } = await visitorWithQuery(t.client(), `${host}:3000`);
      const res = await c.get(url({ ...q, host }), { host: `${host}:3000` });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
    const hosts = (await counted()).map((r) => r.host);
    expect(hosts).toContain('127.0.0.1');
    expect(hosts).toContain('[::1]');
  });

  it('counts a member view only for the signed-in member’s own mid; a foreign mid is ignored', async () => {
    const before = (await counted()).find((r) => r.host === 'localhost') ?? { views: 0, memberViews: 0 };
    const own = await visitorWithQuery(member);
    expect((await member.get(url({ ...own.q, mid: String(memberId) }))).statusCode).toBe(200);
    const other = await visitorWithQuery(otherMember);
    expect((await otherMember.get(url({ ...other.q, mid: String(memberId) }))).statusCode).toBe(200);
    const visitor = await visitorWithQuery();
    expect((await visitor.c.get(url({ ...visitor.q, mid: String(memberId) }))).statusCode).toBe(200);
    const row = (await counted()).find((r) => r.host === 'localhost');
    expect(row?.views).toBe(before.views + 3);
    expect(row?.memberViews).toBe(before.memberViews + 1);
  });

  it('keeps no session, member id or address: only the sums', async () => {
    const [row] = await counted();
    expect(Object.keys(row ?? {}).sort()).toEqual(['day', 'host', 'memberViews', 'views', 'webid', 'websiteId']);
  });

  it.each([
    ['no websiteid', { websiteid: undefined }],
    ['another website id', { websiteid: '20' }],
    ['noredirect other than 1', { noredirect: '0' }],
    ['no session', { session: undefined }],
    ['another session', { session: 'A'.repeat(24) }],
    ['a session that is no id', { session: '<script>' }],
    ['another host', { host: 'evil.example' }],
    ['a host that is no host name', { host: 'local host/x' }],
    ['an oversized host', { host: `${'a'.repeat(300)}.com` }],
    ['another webid', { webid: '2' }],
    ['a webid that is no number', { webid: 'one' }],
    ['a mid that is no number', { mid: '1e3' }],
    ['a negative mid', { mid: '-4' }],
  ])('refuses %s with 400 and counts nothing', async (_name, change) => {
    const { c, q } = await visitorWithQuery();
    const bad = Object.fromEntries(
      Object.entries({ ...q, ...change }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    await expectRefused(t, () => c.get(url(bad)), 400, 'bad_request');
    expect(t.app.ctx.pageViews.pending()).toBe(0);
  });

  it('refuses a request without a session cookie (400), even with a well-formed query', async () => {
    const { q } = await visitorWithQuery();
    const stranger = t.client();
    await expectRefused(t, () => stranger.get(url(q)), 400, 'bad_request');
    expect(t.app.ctx.pageViews.pending()).toBe(0);
  });

  it('writes what is counted when the server closes', async () => {
    const own = await createTestApp();
    try {
      const { c, q } = await visitorWithQuery(own.client());
      await c.get(url(q));
      await own.app.close();
      // close() ran: the database of this app is gone, so check the counter instead.
      expect(own.app.ctx.pageViews.pending()).toBe(0);
    } finally {
      await own.close().catch(() => {});
    }
  });
});
