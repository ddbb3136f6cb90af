import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShowTile } from '#common/api/shows.ts';
import { promos, showCategories, shows } from '#server/db/schema/catalog.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';
import { createGallery, createShow, type TestShow } from '#server/test/catalog.ts';
import { expectRefused, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { showTilesByIds } from './data.ts';
import { acceptedEncoding } from './list.ts';

let t: TestContext;
const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

/** Category 11 (dance) holds exactly these five, in the list order c, b, d, e, a. */
const LIST_CATEGORY = 11;
let a: TestShow;
let b: TestShow;
let c: TestShow;
let d: TestShow;
let e: TestShow;

async function addPromo(showId: number, over: Partial<typeof promos.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(promos)
    .values({ showId, titleEn: 'Half price', titleDe: 'Halber Preis', percent: 50, stopsAt: inSeconds(3600), ...over })
    .returning();
  if (!row) throw new Error('promo insert returned nothing');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const old = { createdAt: ago(30), categories: [LIST_CATEGORY] };
  a = await createShow(t.db, { ...old, showName: 'Alma', online: false, position: 0 });
  b = await createShow(t.db, { ...old, showName: 'Bea', online: true, position: 0 });
  c = await createShow(t.db, { ...old, showName: 'Cleo', online: true, position: 5 });
  d = await createShow(t.db, { ...old, showName: 'Dana', online: false, position: 5 });
  e = await createShow(t.db, { ...old, showName: 'Eve', online: false, position: 5 });
});
afterAll(() => t.close());

const names = (data: ShowTile[]) => data.map((s) => s.showName);

describe('GET /api/shows', () => {
  it('lists online shows first, then by position (higher first), then by id, as tiles', async () => {
    const res = await t.client().get(`/api/shows?category=${LIST_CATEGORY}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((s: ShowTile) => s.id)).toEqual([c.id, b.id, d.id, e.id, a.id]);
    expect(body).toMatchObject({ current_page: 1, last_page: 1, total: 5, more: false });
    expect(res.headers['cache-control']).toBe('no-store');
    const tile = body.data.find((s: ShowTile) => s.universalId === c.universalId);
    expect(tile).toEqual({
      id: c.id,
      universalId: c.universalId,
      slugName: 'cleo',
      showName: 'Cleo',
      online: true,
      previews: [c.mainImageId, (c.mainImageId ?? 0) + 1],
      contentproviderId: 1,
      texts: { slogan: 'Slogan of Cleo', description: 'About Cleo' },
      flags: { free: false, exclusive: 0 },
      pricePerMinute: 30,
      priceFactorExclusive: 150,
      age: 25,
      languages: ['de', 'en'],
      location: { city: 'Berlin', country: 'DE' },
      distance: null,
      rating: 0,
      ratingCount: 0,
      features: { sound: true, phoneChat: false },
      phoneChat: false,
      phoneExtension: null,
      phoneChatOn: false,
      phoneChatConnecting: false,
      phoneChatBusy: false,
      ribbon: null,
    });
  });

  it('speaks the request language', async () => {
    const body = (await t.client('de').get(`/api/shows?category=${LIST_CATEGORY}&limit=1`)).json();
    expect(body.data[0].texts).toEqual({ slogan: 'Spruch von Cleo', description: 'Über Cleo' });
  });

  it('pages with limit, last_page and more; page_from..page answers those pages together', async () => {
    const list = (q: string) =>
      t
        .client()
        .get(`/api/shows?category=${LIST_CATEGORY}&${q}`)
        .then((r) => r.json());
    const p2 = await list('limit=2&page=2');
    expect(names(p2.data)).toEqual(['Dana', 'Eve']);
    expect(p2).toMatchObject({ current_page: 2, last_page: 3, total: 5, more: true });
    const p3 = await list('limit=2&page=3');
    expect(names(p3.data)).toEqual(['Alma']);
    expect(p3.more).toBe(false);
    const together = await list('limit=2&page_from=1&page=3');
    expect(names(together.data)).toEqual(['Cleo', 'Bea', 'Dana', 'Eve', 'Alma']);
    expect(together).toMatchObject({ current_page: 3, last_page: 3, more: false });
    // A page_from after the page is the page alone.
    expect(names((await list('limit=2&page_from=3&page=2')).data)).toEqual(['Dana', 'Eve']);
    // Past the end: no rows, still a valid answer.
    expect(await list('limit=2&page=9')).toMatchObject({ data: [], current_page: 9, last_page: 3, more: false });
  });

  it('rebuilds at most 10 pages at once', async () => {
    // Pages 3-12 of one show each: the first two are beyond the ten.
    const body = (await t.client().get(`/api/shows?category=${LIST_CATEGORY}&limit=1&page_from=1&page=12`)).json();
    expect(names(body.data)).toEqual(['Dana', 'Eve', 'Alma']);
    const within = (await t.client().get(`/api/shows?category=${LIST_CATEGORY}&limit=1&page_from=1&page=5`)).json();
    expect(names(within.data)).toEqual(['Cleo', 'Bea', 'Dana', 'Eve', 'Alma']);
    const capped = (await t.client().get(`/api/shows?category=${LIST_CATEGORY}&limit=1&page_from=1&page=11`)).json();
    // Pages 2-11: Bea .. Alma, page 1 (Cleo) is beyond the ten.
    expect(names(capped.data)).toEqual(['Bea', 'Dana', 'Eve', 'Alma']);
  });

  it('lists every show without a category, for an unknown one and for the hidden category 1', async () => {
    const all = (await t.client().get('/api/shows?limit=36')).json();
    const total = (await t.db.select().from(shows)).length;
    expect(all.total).toBe(total);
    expect(all.data).toHaveLength(Math.min(total, 36));
    const order = all.data.map((s: ShowTile) => s.online);
    expect(order).toEqual([...order].sort((x, y) => Number(y) - Number(x)));
    for (const q of ['category=999', 'category=1', 'category=0']) {
      const other = (await t.client().get(`/api/shows?limit=36&${q}`)).json();
      expect(other.total, q).toBe(total);
      expect(names(other.data), q).toEqual(names(all.data));
    }
  });

  it('sends the page compressed to browsers that accept it, the same JSON as plain', async () => {
    const url = '/api/shows?limit=5';
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, inflate] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'en', 'accept-encoding': `deflate, ${encoding}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(inflate(res.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('answers the teaser (page 1, limit 5)', async () => {
    const body = (await t.client().get('/api/shows?page=1&limit=5')).json();
    expect(body.data.length).toBeLessThanOrEqual(5);
    expect(body.current_page).toBe(1);
  });

  it('gives a running promo the promo ribbon and lists every running promo; new shows get the new ribbon', async () => {
    const promoted = await createShow(t.db, { createdAt: ago(30), categories: [12] });
    const fresh = await createShow(t.db, { categories: [12] });
    const stale = await createShow(t.db, { createdAt: ago(15), categories: [12] });
    const promo = await addPromo(promoted.id);
    const elsewhere = await addPromo((await createShow(t.db, { categories: [10] })).id);
    await addPromo(stale.id, { stopsAt: ago(1), startsAt: ago(2) });
    await addPromo(stale.id, { startsAt: inSeconds(600), stopsAt: inSeconds(1200) });
    const body = (await t.client('de').get('/api/shows?category=12')).json();
    const ribbon = (s: TestShow) => body.data.find((x: ShowTile) => x.id === s.id)?.ribbon;
    expect([ribbon(promoted), ribbon(fresh), ribbon(stale)]).toEqual(['promo', 'new', null]);
    // Every running promo (also of shows on other lists), the one that stops first first.
    expect(body.promos).toEqual([
      {
        id: promo.id,
        universalId: promoted.universalId,
        title: 'Halber Preis',
        percent: 50,
        stop: Math.floor(promo.stopsAt.getTime() / 1000),
      },
      expect.objectContaining({ id: elsewhere.id, universalId: expect.any(String), title: 'Halber Preis' }),
    ]);
    const promosRes = await t.client().get('/api/shows/promos');
    expect(promosRes.statusCode).toBe(200);
    expect(promosRes.json().data).toContainEqual(expect.objectContaining({ id: promo.id, title: 'Half price' }));
    const ids = promosRes.json().data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([promo.id, elsewhere.id]));
    expect(ids).toHaveLength(2);
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=10001', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    [`page=${'9'.repeat(400)}`, 'page'],
    ['limit=0', 'limit'],
    ['limit=37', 'limit'],
    ['limit=-5', 'limit'],
    ['limit=x', 'limit'],
    ['page_from=0', 'page_from'],
    ['page_from=a', 'page_from'],
    ['category=-1', 'category'],
    ['category=1%27%20OR%201=1', 'category'],
    ['category=9999999999', 'category'],
  ])('refuses %s with 422 on %s', async (q, field) => {
    const body = await expectRefused(t, () => t.client().get(`/api/shows?${q}`), 422, 'validation_failed');
    expect(Object.keys(body.errors ?? {})).toEqual([field]);
  });
});

describe('GET /api/shows/:id', () => {
  it('answers the show page: tile, favorite, categories, tags, promo, counts, the free gallery and the message price', async () => {
    const show = await createShow(t.db, {
      categories: [3, 1013],
      tags: ['dance-x', 'alpha-x'],
      exclusive: 1,
      messagePrice: 15,
    });
    for (const ccid of [show.id * 1000 + 1, show.id * 1000 + 2]) {
      await t.db.execute(
        sql`insert into videos (ccid, show_id, title_en, title_de) values (${ccid}, ${show.id}, 'Clip', 'Clip')`,
      );
    }
    await createGallery(t.db, show.id);
    const free = await createGallery(t.db, show.id, { free: true, price: 0 });
    const promo = await addPromo(show.id);
    const { client, user } = await registerAndVerify(t, 'detail@example.com');
    const visitorView = (await t.client().get(`/api/shows/${show.universalId}`)).json();
    expect(visitorView).toMatchObject({
      id: show.id,
      universalId: show.universalId,
      isFavorite: false,
      categories: [3, 1013],
      tags: [
        { slug: 'alpha-x', name: 'alpha-x' },
        { slug: 'dance-x', name: 'dance-x' },
      ],
      promo: { id: promo.id, universalId: show.universalId, title: 'Half price', percent: 50 },
      videoCount: 2,
      galleryCount: 2,
      freeGalleryId: free.id,
      messagePrice: 15,
      flags: { free: false, exclusive: 1 },
      ribbon: 'promo',
    });
    expect((await client.get(`/api/shows/${show.universalId}`)).json().isFavorite).toBe(false);
    await t.db.insert(favorites).values({ userId: user.id, showId: show.id });
    expect((await client.get(`/api/shows/${show.universalId}`)).json().isFavorite).toBe(true);
    expect((await t.client().get(`/api/shows/${show.universalId}`)).json().isFavorite).toBe(false);
  });

  it('answers a show without extras with empty lists and nulls', async () => {
    const show = await createShow(t.db, { images: 0 });
    const body = (await t.client().get(`/api/shows/${show.universalId}`)).json();
    expect(body).toMatchObject({
      previews: [],
      categories: [],
      tags: [],
      promo: null,
      videoCount: 0,
      galleryCount: 0,
      freeGalleryId: null,
      messagePrice: 0,
      ribbon: 'new',
    });
  });

  it.each(['424242424', "1'%20OR%20'1'='1", '1;drop%20table%20shows', '%25', '..%2F..%2Fetc'])(
    'answers 404 for the unknown id %s',
    async (id) => {
      await expectRefused(t, () => t.client().get(`/api/shows/${id}`), 404, 'not_found');
    },
  );

  it('refuses an id over 40 characters with 422', async () => {
    await expectRefused(t, () => t.client().get(`/api/shows/${'1'.repeat(41)}`), 422, 'validation_failed');
  });
});

describe('GET /api/categories and /api/tags', () => {
  it('answers the bar categories in order (with 1) and the search categories, cacheable for 5 minutes', async () => {
    const res = await t.client('de').get('/api/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { data, search_categories } = res.json();
    expect(data.map((x: { id: number }) => x.id)).toEqual([1, 20, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data[1]).toEqual({
      id: 20,
      slug: 'specials',
      name: 'Aktionen',
      description: 'Shows mit einem laufenden Angebot.',
    });
    expect(search_categories.map((x: { id: number }) => x.id)).toEqual([1001, 1013, 1024, 1051, 1052, 1054, 1062]);
    const en = (await t.client('en').get('/api/categories')).json();
    expect(en.data[1].name).toBe('Specials');
  });

  it('answers the tags by slug, cacheable for 5 minutes', async () => {
    await createShow(t.db, { tags: ['zz-last', 'aa-first'] });
    const res = await t.client().get('/api/tags');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const slugs = res.json().data.map((x: { slug: string }) => x.slug);
    expect(slugs).toEqual([...slugs].sort());
    expect(slugs).toEqual(expect.arrayContaining(['aa-first', 'zz-last']));
  });
});

describe('showTilesByIds', () => {
  it('keeps the order of the ids and skips missing ones', async () => {
    const tiles = await showTilesByIds(t.db, [e.id, 99_999_999, a.id, c.id, a.id], 'de', true);
    expect(tiles.map((s) => s.showName)).toEqual(['Eve', 'Alma', 'Cleo']);
    expect(tiles[0]?.texts.slogan).toBe('Spruch von Eve');
    expect(await showTilesByIds(t.db, [], 'en', true)).toEqual([]);
  });

  it('puts the main image first', async () => {
    const show = await createShow(t.db, { images: 3 });
    const [, second] = [show.mainImageId, (show.mainImageId ?? 0) + 1];
    await t.db.update(shows).set({ mainImageId: second }).where(eq(shows.id, show.id));
    const [tile] = await showTilesByIds(t.db, [show.id], 'en', true);
    expect(tile?.previews).toEqual([second, show.mainImageId, (show.mainImageId ?? 0) + 2]);
  });

  it('a category filter reads the show_categories rows', async () => {
    const show = await createShow(t.db, {});
    await t.db.insert(showCategories).values({ showId: show.id, categoryId: 1062 });
    const body = (await t.client().get('/api/shows?category=1062')).json();
    expect(body.data.map((s: ShowTile) => s.id)).toContain(show.id);
  });
});

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
  });
});
