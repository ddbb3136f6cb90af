import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '#server/db/schema/catalog.ts';
import {
  createGallery,
  createShow,
  createVideo,
  type TestGallery,
  type TestShow,
  type TestVideo,
} from '#server/test/catalog.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { DISALLOWED, presentRobots } from './robots.ts';
import { createSitemaps } from './sitemaps.ts';

// jsdom (the component tests' DOM) ships no types: the one constructor these tests use, its strict XML parser.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

const ORIGIN = 'https://cams.example';
const XHTML = 'http://www.w3.org/1999/xhtml';
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
/** W3C datetime to the second, as the sitemap writes it. */
const w3c = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

let t: TestContext;
let mira: TestShow;
let hostile: TestShow;
let withheld: TestShow;
let published: TestVideo;
let unpublished: TestVideo[];
let gallery: TestGallery;
let hiddenGalleries: TestGallery[];
let withheldVideo: TestVideo;
let withheldGallery: TestGallery;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: `${ORIGIN}/` } });
  mira = await createShow(t.db, { showName: 'Mira', createdAt: daysAgo(30), categories: [3] });
  published = await createVideo(t.db, mira.id, { createdAt: daysAgo(2) });
  // Newer than the published one, but never listed: the show's lastmod must not follow them.
  unpublished = [
    await createVideo(t.db, mira.id, { status: 'pending', createdAt: daysAgo(1) }),
    await createVideo(t.db, mira.id, { status: 'rejected', createdAt: daysAgo(1) }),
    await createVideo(t.db, mira.id, { status: 'removed', createdAt: daysAgo(1) }),
  ];
  gallery = await createGallery(t.db, mira.id, { createdAt: daysAgo(5) });
  hiddenGalleries = [
    await createGallery(t.db, mira.id, { status: 'pending' }),
    await createGallery(t.db, mira.id, { status: 'removed' }),
  ];
  hostile = await createShow(t.db, {
    showName: '<Evil & "Co">',
    universalId: `x&y<z>'"${Date.now()}`,
    slugName: `a&b<c>"d'/e?f#g ]]>`,
  });
  withheld = await createShow(t.db, { showName: 'Withheld', withheldAt: new Date() });
  withheldVideo = await createVideo(t.db, withheld.id);
  withheldGallery = await createGallery(t.db, withheld.id);
  await t.db.insert(categories).values({
    id: 4321,
    slug: 'tom&jerry<3>"',
    nameEn: 'Tom & Jerry',
    nameDe: 'Tom & Jerry',
    descriptionEn: 'Cats <and> mice',
    position: 999,
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The document, refused unless it is well-formed XML. */
function parseXml(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const locsOf = (doc: Document) => [...doc.getElementsByTagName('loc')].map((e) => e.textContent ?? '');

type Entry = { loc: string; lastmod: string | null; alternates: Record<string, string> };

/** Every <url> of every file the index names. */
async function allEntries(): Promise<Entry[]> {
  const index = parseXml((await get('/sitemap.xml')).body);
  const entries: Entry[] = [];
  for (const file of locsOf(index)) {
    const res = await get(new URL(file).pathname);
    expect(res.statusCode, file).toBe(200);
    for (const url of parseXml(res.body).getElementsByTagName('url')) {
      const links = [...url.getElementsByTagNameNS(XHTML, 'link')];
      entries.push({
        loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
        lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? null,
        alternates: Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
      });
    }
  }
  return entries;
}

const showLoc = (s: TestShow) =>
  `${ORIGIN}/chat/${encodeURIComponent(s.universalId)}/${encodeURIComponent(s.slugName)}`;
const videoLoc = (v: TestVideo) => `${ORIGIN}/videos/clip/${v.id}`;
const galleryLoc = (g: TestGallery, s: TestShow) =>
  `${ORIGIN}/galleries/pictures/${encodeURIComponent(s.universalId)}/${g.id}`;

describe('GET /robots.txt', () => {
  it('allows the catalogue, keeps crawlers out of private areas and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/users/',
      '/billing',
      '/messages',
      '/studio',
      '/admin',
      '/api/',
      '/dev/',
      '/sandbox/',
      '/logout',
      '/token_login',
      '/verify',
      '/avs',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // The public pages stay open: no rule is a prefix of a show, video, gallery, category or legal page.
    for (const open of [
      '/chat/1/x',
      '/videos/clip/1',
      '/galleries/pictures/1/2',
      '/shows/3/a/b',
      '/faq',
      '/',
      '/assets/a.js',
    ]) {
      expect(
        DISALLOWED.filter((rule) => open.startsWith(rule.path)),
        open,
      ).toEqual([]);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('');
  });
});

describe('GET /sitemap.xml', () => {
  it('is a sitemap index of absolute addresses from PUBLIC_URL, cacheable', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const doc = parseXml(res.body);
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locsOf(doc)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/shows-1.xml`,
      `${ORIGIN}/sitemaps/videos-1.xml`,
      `${ORIGIN}/sitemaps/galleries-1.xml`,
    ]);
  });

  it('lists the listed shows, published videos and galleries, categories, the FAQ and legal pages', async () => {
    const locs = (await allEntries()).map((e) => e.loc);
    expect(locs).toEqual(
      expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/faq`, `${ORIGIN}/imprint`, `${ORIGIN}/terms`]),
    );
    expect(locs).toEqual(
      expect.arrayContaining([
        showLoc(mira),
        showLoc(hostile),
        videoLoc(published),
        galleryLoc(gallery, mira),
        `${ORIGIN}/shows/3/top-rated/the-shows-members-rate-highest`,
      ]),
    );
    expect(locs.every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);
    // The hidden "all shows" category is the index's list.
    expect(locs.filter((loc) => loc.startsWith(`${ORIGIN}/shows/1/`))).toEqual([]);
  });

  it('leaves out pending, rejected and removed videos and galleries, and everything of a withheld show', async () => {
    const locs = (await allEntries()).map((e) => e.loc);
    for (const v of [...unpublished, withheldVideo]) expect(locs).not.toContain(videoLoc(v));
    for (const g of hiddenGalleries) expect(locs).not.toContain(galleryLoc(g, mira));
    expect(locs).not.toContain(galleryLoc(withheldGallery, withheld));
    expect(locs.filter((loc) => loc.includes(encodeURIComponent(withheld.universalId)))).toEqual([]);
  });

  it('gives every page its English, German and default address', async () => {
    const entries = await allEntries();
    expect(entries.length).toBeGreaterThan(20);
    for (const e of entries) {
      expect(e.alternates, e.loc).toEqual({ en: `${e.loc}?lang=en`, de: `${e.loc}?lang=de`, 'x-default': e.loc });
    }
  });

  it('dates videos and galleries by their publication and a show by its newest published content', async () => {
    const byLoc = new Map((await allEntries()).map((e) => [e.loc, e]));
    expect(byLoc.get(videoLoc(published))?.lastmod).toBe(w3c(published.createdAt));
    expect(byLoc.get(galleryLoc(gallery, mira))?.lastmod).toBe(w3c(gallery.createdAt));
    expect(byLoc.get(showLoc(mira))?.lastmod).toBe(w3c(published.createdAt));
    expect(byLoc.get(`${ORIGIN}/faq`)?.lastmod).toBeNull();
  });

  it('escapes hostile slugs and names: encoded in the path, escaped in the XML', async () => {
    const shows = await get('/sitemaps/shows-1.xml');
    expect(shows.body).not.toContain('<c>');
    expect(shows.body).not.toContain('<Evil');
    const entries = await allEntries();
    const evil = entries.find((e) => e.loc === showLoc(hostile));
    expect(evil?.alternates.de).toBe(`${showLoc(hostile)}?lang=de`);
    const category = entries.find((e) => e.loc.startsWith(`${ORIGIN}/shows/4321/`));
    expect(category?.loc).toBe(`${ORIGIN}/shows/4321/${encodeURIComponent('tom&jerry<3>"')}/cats-and-mice`);
    const pages = await get('/sitemaps/pages.xml');
    expect(pages.body).toContain('/shows/4321/tom%26jerry%3C3%3E%22/cats-and-mice');
  });

  it('answers HEAD, and compressed bodies to clients that take them', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemaps/shows-1.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.body).toBe('');
    const plain = await get('/sitemaps/shows-1.xml');
    const gzip = await get('/sitemaps/shows-1.xml', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('answers 404 for files it does not have', async () => {
    for (const url of [
      '/sitemaps/shows-2.xml',
      '/sitemaps/shows-0.xml',
      '/sitemaps/shows-01.xml',
      '/sitemaps/users-1.xml',
      '/sitemaps/pages.xml.gz',
      '/sitemaps/shows-99999999999.xml',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});

describe('paged files and the minute they are kept', () => {
  it('pages each kind so that every entry is in exactly one file, and has no file past the last', async () => {
    const sitemaps = createSitemaps(t.db, { origin: ORIGIN, ttlMs: 0, perFile: 2 });
    const index = locsOf(parseXml((await sitemaps.index()).xml)).map((loc) => loc.slice(`${ORIGIN}/sitemaps/`.length));
    // Listed shows: Mira and the hostile one (the withheld one is not counted).
    expect(index).toEqual(['pages.xml', 'shows-1.xml', 'videos-1.xml', 'galleries-1.xml']);
    const more = await Promise.all([createShow(t.db), createShow(t.db), createShow(t.db)]);
    const after = locsOf(parseXml((await sitemaps.index()).xml)).filter((loc) => loc.includes('/shows-'));
    expect(after).toEqual([
      `${ORIGIN}/sitemaps/shows-1.xml`,
      `${ORIGIN}/sitemaps/shows-2.xml`,
      `${ORIGIN}/sitemaps/shows-3.xml`,
    ]);
    const locs: string[] = [];
    for (const page of [1, 2, 3]) {
      const file = await sitemaps.file(`shows-${page}.xml`);
      locs.push(...locsOf(parseXml(file?.xml ?? '')));
    }
    expect(locs.sort()).toEqual([mira, hostile, ...more].map(showLoc).sort());
    expect(await sitemaps.file('shows-4.xml')).toBeNull();
  });

  it('builds a file once per minute, then reads the catalogue again', async () => {
    let clock = 0;
    const sitemaps = createSitemaps(t.db, { origin: ORIGIN, ttlMs: 60_000, now: () => clock });
    const first = await sitemaps.file('videos-1.xml');
    const fresh = await createVideo(t.db, mira.id);
    clock = 59_000;
    expect(await sitemaps.file('videos-1.xml')).toBe(first);
    clock = 60_001;
    const later = await sitemaps.file('videos-1.xml');
    expect(later?.xml).toContain(videoLoc(fresh));
    expect(first?.xml).not.toContain(videoLoc(fresh));
  });
});

describe('robots.txt of a staging system', () => {
  it('asks every crawler to stay away and names no sitemap', () => {
    expect(presentRobots(ORIGIN, true)).toBe('User-agent: *\nDisallow: /\n');
  });
});
