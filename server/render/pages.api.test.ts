import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as renderer from '#app/entry-server.tsx';
import { shows } from '#server/db/schema/catalog.ts';
import { createGallery, createShow, createVideo, type TestShow } from '#server/test/catalog.ts';
import { registerAndVerify, registerUser } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="x" />' +
  '<title>LiveCam</title><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The hydration state a page carries, parsed. */
const stateOf = (html: string) => {
  const m = /<script id="ssr-state" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no hydration state');
  return JSON.parse(m[1]) as { locale: string; queries: { queries: { queryKey: unknown[] }[] } };
};

describe('server-rendered public pages', () => {
  let t: TestContext;
  let show: TestShow;
  let videoId: number;
  let galleryId: number;

  beforeAll(async () => {
    t = await createTestApp({ pages: { renderer, template: TEMPLATE } });
    show = await createShow(t.db, { showName: 'Amalia', pricePerMinute: 45, sloganEn: 'Sunny & <bold>' });
    await createShow(t.db, { showName: 'Bettina' });
    videoId = (
      await createVideo(t.db, show.id, {
        titleEn: 'Beach walk',
        titleDe: 'Strandspaziergang',
        parts: [{ price: 0, free: true }, { price: 70 }],
      })
    ).id;
    galleryId = (await createGallery(t.db, show.id, { titleEn: 'Summer set', titleDe: 'Sommerserie' })).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

  it('renders the index with the first page of shows, their prices, the head and the styles', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<html lang="en" class="layout-redhot" data-locale="en"');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Amalia');
    expect(root).toContain('Bettina');
    expect(root).toContain('45 coins/min');
    expect(html).toMatch(/<title>[^<]+ · LiveCam<\/title>/);
    expect(html).toContain('<meta name="description" content="LiveCam: live cam shows');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/?lang=en" />');
    expect(html).toContain('hreflang="de" href="http://localhost:3000/?lang=de"');
    expect(html).toContain('hreflang="x-default" href="http://localhost:3000/"');
    // Emotion's styles are in the head, in the form the browser's Emotion adopts.
    expect(html).toMatch(/<style data-emotion="css [^"]+">\.css-/);
    expect(html).toContain('data-emotion="css-global');
    // One inline script, the one that holds a tap until the application has taken the page over,
    // and the CSP allows it by its hash: no other inline script would run.
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    expect(html.match(/<script(?![^>]*(type="application\/json"|type="module"))/g)).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] ?? '')
      .digest('base64');
    const scriptSrc = String(res.headers['content-security-policy']).match(/script-src ([^;]+)/)?.[1] ?? '';
    expect(scriptSrc.split(' ')).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    const state = stateOf(html);
    expect(state.locale).toBe('en');
    expect(state.queries.queries.map((q) => q.queryKey[0])).toEqual(expect.arrayContaining(['session', 'shows']));
  });

  it('follows the language: the lang query, then the cookie, then Accept-Language', async () => {
    const byQuery = await get('/videos?lang=de');
    expect(byQuery.body).toContain('<html lang="de"');
    expect(byQuery.body).toContain('Strandspaziergang');
    expect(byQuery.body).toContain('<link rel="canonical" href="http://localhost:3000/videos?lang=de" />');
    const byCookie = await get('/videos', { cookie: 'locale=de' });
    expect(byCookie.body).toContain('<html lang="de"');
    const byHeader = await get('/videos', { 'accept-language': 'de-AT,de;q=0.9' });
    expect(byHeader.body).toContain('<html lang="de"');
    expect((await get('/videos')).body).toContain('Beach walk');
  });

  it('follows the layout (l or its cookie), the header switch and the device', async () => {
    expect((await get('/?l=pink-pussy')).body).toContain('class="layout-pink-pussy" data-locale="en"');
    expect((await get('/', { cookie: 'layout=greenhorn' })).body).toContain('data-layout="greenhorn"');
    expect((await get('/?l=nonsense')).body).toContain('data-layout="redhot"');
    expect((await get('/?h=off')).body).toContain('data-header="off"');
    const phone = await get('/', { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148' });
    expect(phone.body).toContain('data-device="phone"');
    // The phone layout has the bottom navigation; the desktop one the permanent side menu.
    expect(phone.body).toContain('MuiBottomNavigation-root');
    expect((await get('/')).body).not.toContain('MuiBottomNavigation-root');
  });

  it('renders a show page with its name, texts, prices and link preview', async () => {
    const res = await get(`/chat/${show.universalId}/${show.slugName}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Amalia');
    expect(res.body).toMatch(/<title>[^<]*Amalia[^<]*<\/title>/);
    // The slogan is escaped in the markup and in the description.
    expect(res.body).toContain('Sunny &amp; &lt;bold&gt;');
    expect(res.body).not.toContain('<bold>');
    expect(res.body).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/media\/previews\/\d+\/\d+_320x240\.jpg" \/>/,
    );
  });

  it('renders clip and gallery pages locked, and the lists, search, categories, FAQ and legal pages', async () => {
    const clip = await get(`/videos/clip/${videoId}`);
    expect(clip.statusCode).toBe(200);
    expect(clip.body).toMatch(/<title>[^<]*Beach walk/);
    expect(clip.body).toContain('70');
    const gallery = await get(`/galleries/pictures/${show.universalId}/${galleryId}`);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.body).toContain('Summer set');
    expect((await get('/galleries')).body).toContain('Summer set');
    expect((await get('/search/shows?q=Amalia')).body).toContain('Amalia');
    expect((await get('/shows/categories')).statusCode).toBe(200);
    const faq = await get('/faq');
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toMatch(/<title>[^<]*FAQ|<title>[^<]*questions/i);
    const terms = await get('/terms?lang=de');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<html lang="de"');
  });

  it('keeps its addresses on the site and ignores parameters that do not select content', async () => {
    const odd = await get('/x/..//evil.example/a');
    for (const m of odd.body.matchAll(/(?:href|content)="(https?:[^"]+)"/g)) {
      expect(m[1]?.startsWith('http://localhost:3000/'), m[1]).toBe(true);
    }
    const tracked = await get('/faq?utm_source=mail&x=1');
    expect(tracked.body).toContain('<link rel="canonical" href="http://localhost:3000/faq?lang=en" />');
    expect(tracked.body).toBe((await get('/faq')).body);
  });

  it('answers 404 with the not-found page for unknown paths and unknown content', async () => {
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"><');
    expect((await get('/chat/999999999/nobody')).statusCode).toBe(404);
    expect((await get('/videos/clip/999999999')).statusCode).toBe(404);
  });

  it("redirects with real redirects: the router's aliases and the route rules of the visitor's session", async () => {
    const short = await get(`/-/${show.universalId}`);
    expect(short.statusCode).toBe(302);
    expect(short.headers.location).toBe(`/chat/${show.universalId}`);
    const alias = await get('/~shows/categories');
    expect(alias.statusCode).toBe(302);
    expect(alias.headers.location).toBe('/shows/categories');
    // An unverified member is sent to /verify (spec part 1, route rules); the FAQ stays open to her.
    const { client } = await registerUser(t, 'unverified@example.com');
    const cookie = client.cookieHeader();
    const guarded = await get('/videos', { cookie });
    expect(guarded.statusCode).toBe(302);
    expect(guarded.headers.location).toBe('/verify');
    expect((await get('/faq', { cookie })).statusCode).toBe(200);
  });

  it("never puts a member's data in a page: rendered for a member, fetched by a visitor", async () => {
    const { client } = await registerAndVerify(t, 'member-ssr@example.com', { username: 'SecretNick' });
    const asMember = await get('/galleries', { cookie: client.cookieHeader() });
    expect(asMember.statusCode).toBe(200);
    const asVisitor = await get('/galleries');
    for (const html of [asMember.body, asVisitor.body]) {
      expect(html).not.toContain('SecretNick');
      expect(html).not.toContain('member-ssr@example.com');
      expect(html).not.toMatch(/"user":\{/);
    }
    // The same cached page for both: nothing of the session decides it.
    expect(asMember.body).toBe(asVisitor.body);
  });

  it('sends compressed copies, and reuses a page for a few seconds', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/faq' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const br = await get('/faq', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
    expect((await get('/')).body).toContain('Amalia');
    await t.db.update(shows).set({ showName: 'Amalia Renamed' }).where(eq(shows.id, show.id));
    // Within the cache time the index is the same page (no render per request).
    expect((await get('/')).body).not.toContain('Amalia Renamed');
  });

  it("leaves members' pages and the studio to the browser (the plain application, no state)", async () => {
    const profile = await get('/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('ssr-state');
    expect(profile.body).toContain('<div id="root"></div>');
    expect((await get('/studio')).body).not.toContain('ssr-state');
  });
});

describe('a page that fails to render', () => {
  let t: TestContext;
  beforeAll(async () => {
    const failing = {
      ...renderer,
      renderPage: async () => {
        throw new Error('render failed');
      },
    };
    t = await createTestApp({ pages: { renderer: failing, template: TEMPLATE } });
  });
  afterAll(() => t.close());

  it('is sent as the application, which draws it in the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/videos' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('ssr-state');
  });
});
