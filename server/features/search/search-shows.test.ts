import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchShowsResponse } from '#common/api/search.ts';
import { expectInvalid, expectRefused } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { METACHARACTERS, type SearchCatalog, seedSearchCatalog } from './testing.ts';

let t: TestContext;
let c: SearchCatalog;

beforeAll(async () => {
  t = await createTestApp();
  c = await seedSearchCatalog(t.db);
});
afterAll(() => t.close());

const searchShows = async (query: string, lang = 'en'): Promise<SearchShowsResponse> => {
  const res = await t.client(lang).get(`/api/search/shows?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (r: SearchShowsResponse) => r.data.map((s) => s.showName);

describe('GET /api/search/shows', () => {
  it('without criteria lists every show, online first, as a paged result of tiles', async () => {
    const r = await searchShows('');
    expect(names(r).slice(0, 2).sort()).toEqual(['Annabella', 'Jasmin']);
    expect(r).toMatchObject({ current_page: 1, last_page: 1, total: 5, more: false });
    expect(r.data[0]).toMatchObject({ online: true, distance: null, previews: expect.any(Array) });
  });

  it('searches names (typos, parts) and texts in both languages, umlauts either way', async () => {
    expect(names(await searchShows('search=anabela'))[0]).toBe('Annabella');
    expect(names(await searchShows('search=anni'))).toContain('Annika');
    expect(names(await searchShows('search=yoga'))).toEqual(['Jasmin']);
    expect(names(await searchShows('search=Morgen', 'de'))).toEqual(['Jasmin']);
    expect(names(await searchShows(`search=${encodeURIComponent('Mädchen')}`))).toEqual(['Annabella']);
    expect(names(await searchShows('search=madchen'))).toEqual(['Annabella']);
    expect(names(await searchShows('search=tanzen')).sort()).toEqual(['Annabella', 'Lena']);
  });

  it('orders by distance with lat and lon, nearest first, distance in km to one decimal', async () => {
    // Near Munich: Lena there, then Berlin, then Hamburg; the show without a position last.
    const r = await searchShows('lat=48.14&lon=11.58');
    expect(names(r)).toEqual(['Lena', 'Annika', 'Annabella', 'Jasmin', "Kim O'Brien"]);
    const [lena, annika, annabella, jasmin, kim] = r.data;
    expect(lena?.distance).toBeLessThan(1);
    expect(annabella?.distance).toBeGreaterThan(495);
    expect(annabella?.distance).toBeLessThan(510);
    expect(jasmin?.distance).toBeGreaterThan(annabella?.distance ?? 0);
    expect(annika?.distance).toBeLessThan(annabella?.distance ?? 0);
    expect(kim?.distance).toBeNull();
    for (const tile of r.data.slice(0, 4)) expect(Number.isInteger((tile.distance ?? 0) * 10)).toBe(true);
    // Near Hamburg, with a text: the text filters, the distance orders.
    expect(names(await searchShows('lat=53.5&lon=10&search=ann'))).toEqual(['Annika', 'Annabella']);
    expect(names(await searchShows('lat=53.5&lon=10'))[0]).toBe('Jasmin');
  });

  it('filters by all given tags', async () => {
    expect(names(await searchShows('tags=blonde')).sort()).toEqual(['Annabella', 'Lena']);
    expect(names(await searchShows('tags=blonde,dance'))).toEqual(['Annabella']);
    expect(names(await searchShows('tags=BLONDE,%20dance,blonde'))).toEqual(['Annabella']);
    expect((await searchShows('tags=blonde,brunette')).data).toEqual([]);
    expect((await searchShows('tags=no-such-tag')).total).toBe(0);
  });

  it('filters by a category; category 1 (all shows) filters nothing', async () => {
    expect(names(await searchShows('cat=1013')).sort()).toEqual(['Annabella', 'Annika', 'Jasmin']);
    expect(names(await searchShows('cat=8&search=lena'))).toEqual(['Lena']);
    expect((await searchShows('cat=1024')).total).toBe(0);
    expect((await searchShows('cat=1')).total).toBe(5);
  });

  it('refuses an unknown category with 422 "Invalid category"', async () => {
    for (const cat of ['999', '0', '1000000']) {
      await expectInvalid(t, () => t.client().get(`/api/search/shows?cat=${cat}`), {
        cat: ['errors.validations.invalid_category'],
      });
    }
  });

  it('filters online, free and new shows', async () => {
    expect(names(await searchShows('filter=online'))).toEqual(['Annabella', 'Jasmin']);
    expect(names(await searchShows('filter=free'))).toEqual(['Jasmin']);
    expect(names(await searchShows('filter=new')).sort()).toEqual(['Annabella', 'Annika', 'Jasmin', 'Lena']);
    expect(names(await searchShows('filter=online&search=anna'))).toEqual(['Annabella']);
  });

  it('pages: limit, more, last_page; a page past the last is empty with the right last_page', async () => {
    const first = await searchShows('limit=2');
    expect(first).toMatchObject({ current_page: 1, last_page: 3, total: 5, more: true });
    const third = await searchShows('limit=2&page=3');
    expect(third).toMatchObject({ current_page: 3, last_page: 3, total: 5, more: false });
    expect(third.data).toHaveLength(1);
    const all = [...first.data, ...(await searchShows('limit=2&page=2')).data, ...third.data].map((s) => s.id);
    expect(new Set(all).size).toBe(5);
    expect(await searchShows('limit=2&page=9')).toEqual({
      current_page: 9,
      last_page: 3,
      total: 5,
      data: [],
      more: false,
    });
    expect(await searchShows('search=nobody-like-this')).toEqual({
      current_page: 1,
      last_page: 1,
      total: 0,
      data: [],
      more: false,
    });
  });

  it('survives metacharacters in the search without an error or a match', async () => {
    for (const input of METACHARACTERS) {
      expect({ input, total: (await searchShows(`search=${encodeURIComponent(input)}`)).total }).toEqual({
        input,
        total: 0,
      });
    }
  });

  it('refuses bad input with 422 per field', async () => {
    const get = (query: string) => () => t.client().get(`/api/search/shows?${query}`);
    await expectInvalid(t, get(`search=${'x'.repeat(10_000)}`), { search: ['errors.validations.too_long'] });
    await expectInvalid(t, get('lat=48.1'), { lat: ['errors.validations.position'] });
    await expectInvalid(t, get('lon=11.5'), { lat: ['errors.validations.position'] });
    await expectInvalid(t, get(`tags=${encodeURIComponent("blonde,'; drop table shows; --")}`), {
      'tags.1': ['errors.validations.tag'],
    });
    for (const bad of ['lat=91&lon=0', 'lat=0&lon=181', 'lat=abc&lon=1', 'page=0', 'page=-3', 'limit=37', 'limit=0']) {
      await expectRefused(t, get(bad), 422, 'validation_failed');
    }
    await expectRefused(t, get('filter=cheap'), 422, 'validation_failed');
    await expectRefused(t, get(`tags=${'a,'.repeat(11)}a`), 422, 'validation_failed');
    await expectRefused(t, get(`tags=${'a'.repeat(500)}`), 422, 'validation_failed');
    expect(c.shows.annabella.id).toBeGreaterThan(0);
  });
});
