import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleriesResponse, VideosResponse } from '#common/api/media.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';
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

async function getOk<T>(url: string, lang = 'en'): Promise<T> {
  const res = await t.client(lang).get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const videoTitles = async (query: string, lang = 'en') =>
  (await getOk<VideosResponse>(`/api/search/videos?${query}`, lang)).data.map((v) => v.title);
const galleryTitles = async (query: string) =>
  (await getOk<GalleriesResponse>(`/api/search/galleries?${query}`)).data.map((g) => g.title);

describe('GET /api/search/videos', () => {
  it('lists every video, newest first, as a paged result of tiles in the request language', async () => {
    const r = await getOk<VideosResponse>('/api/search/videos');
    expect(r.data.map((v) => v.title)).toEqual([
      'Beach dance',
      'Morning yoga',
      'Girls night',
      'Cooking show',
      'Beach dancing at sunset',
    ]);
    expect(r).toMatchObject({ current_page: 1, last_page: 1, total: 5, more: false });
    expect((await videoTitles('', 'de'))[0]).toBe('Tanz am Strand');
  });

  it('sorts by rating, duration and price', async () => {
    expect(await videoTitles('sort=rating')).toEqual([
      'Beach dance',
      'Beach dancing at sunset',
      'Girls night',
      'Morning yoga',
      'Cooking show',
    ]);
    expect((await videoTitles('sort=duration'))[0]).toBe('Morning yoga');
    expect(await videoTitles('sort=price')).toEqual([
      'Cooking show',
      'Beach dancing at sunset',
      'Beach dance',
      'Girls night',
      'Morning yoga',
    ]);
  });

  it("lists a show's videos by its universalId; an unknown one gives an empty page", async () => {
    expect(await videoTitles(`showid=${c.shows.annabella.universalId}`)).toEqual(['Beach dance', 'Morning yoga']);
    const unknown = await getOk<VideosResponse>('/api/search/videos?showid=no-such-show');
    expect(unknown).toEqual({ current_page: 1, last_page: 1, total: 0, data: [], more: false });
  });

  it('filters by all given tags and by the category of the show', async () => {
    expect(await videoTitles('tags=dance,beach')).toEqual(['Beach dance', 'Beach dancing at sunset']);
    expect(await videoTitles('tags=dance,yoga')).toEqual([]);
    expect(await videoTitles('cat=8')).toEqual(['Beach dance', 'Morning yoga', 'Beach dancing at sunset']);
    expect(await videoTitles('cat=9&sort=rating')).toEqual(['Girls night', 'Cooking show']);
    await expectInvalid(t, () => t.client().get('/api/search/videos?cat=4242'), {
      cat: ['errors.validations.invalid_category'],
    });
  });

  it('searches titles and descriptions in German and English, by relevance unless a sort is asked for', async () => {
    expect((await videoTitles('search=strand')).sort()).toEqual(['Beach dance', 'Beach dancing at sunset']);
    expect(await videoTitles('search=beach&sort=rating')).toEqual(['Beach dance', 'Beach dancing at sunset']);
    expect(await videoTitles('search=sunset')).toEqual(['Beach dancing at sunset']);
    expect(await videoTitles('search=tomatoes')).toEqual(['Cooking show']);
    expect(await videoTitles('search=madchenabend')).toEqual(['Girls night']);
    expect(await videoTitles('search=cookng')).toEqual(['Cooking show']);
    expect(await videoTitles(`search=beach&showid=${c.shows.lena.universalId}`)).toEqual(['Beach dancing at sunset']);
  });

  it('pages, and a page past the last is empty with the right last_page', async () => {
    const r = await getOk<VideosResponse>('/api/search/videos?limit=2&page=2');
    expect(r).toMatchObject({ current_page: 2, last_page: 3, total: 5, more: true });
    expect(r.data.map((v) => v.title)).toEqual(['Girls night', 'Cooking show']);
    expect(await getOk('/api/search/videos?limit=2&page=4')).toEqual({
      current_page: 4,
      last_page: 3,
      total: 5,
      data: [],
      more: false,
    });
  });

  it('survives metacharacters and refuses bad input with 422', async () => {
    for (const input of METACHARACTERS) {
      expect({ input, titles: await videoTitles(`search=${encodeURIComponent(input)}`) }).toEqual({
        input,
        titles: [],
      });
    }
    const get = (query: string) => () => t.client().get(`/api/search/videos?${query}`);
    await expectInvalid(t, get(`search=${'y'.repeat(10_000)}`), { search: ['errors.validations.too_long'] });
    await expectInvalid(t, get(`showid=${'1'.repeat(41)}`), { showid: ['errors.validations.too_long'] });
    for (const bad of ['sort=cheap', 'limit=49', 'page=0', 'page=x', 'tags=%25', 'cat=-1']) {
      await expectRefused(t, get(bad), 422, 'validation_failed');
    }
  });
});

describe('GET /api/search/videos/{ccid}/mlt', () => {
  it('puts videos with the same tags and show first, then similar titles, never the video itself', async () => {
    const r = await getOk<{ data: { ccid: number; title: string }[] }>(
      `/api/search/videos/${c.videos.beachDance.ccid}/mlt`,
    );
    const titles = r.data.map((v) => v.title);
    expect(titles.slice(0, 2)).toEqual(['Beach dancing at sunset', 'Morning yoga']);
    expect(r.data.map((v) => v.ccid)).not.toContain(c.videos.beachDance.ccid);
    const limited = await getOk<{ data: unknown[] }>(`/api/search/videos/${c.videos.beachDance.ccid}/mlt?limit=1`);
    expect(limited.data).toHaveLength(1);
  });

  it('answers 404 for an unknown video and 422 for a malformed id or limit', async () => {
    await expectRefused(t, () => t.client().get('/api/search/videos/99999999/mlt'), 404, 'not_found');
    for (const bad of ['abc', '-1', '0', '1e99', "1'--"]) {
      await expectRefused(
        t,
        () => t.client().get(`/api/search/videos/${encodeURIComponent(bad)}/mlt`),
        422,
        'validation_failed',
      );
    }
    const url = `/api/search/videos/${c.videos.beachDance.ccid}/mlt?limit=13`;
    await expectRefused(t, () => t.client().get(url), 422, 'validation_failed');
  });
});

describe('GET /api/search/galleries', () => {
  it('lists, sorts, filters by show and by the tags of the show, and searches titles', async () => {
    expect(await galleryTitles('')).toEqual(['Summer beach', 'Portraits', 'Beach walk', 'Yoga poses']);
    expect(await galleryTitles('sort=rating')).toEqual(['Yoga poses', 'Summer beach', 'Beach walk', 'Portraits']);
    expect(await galleryTitles('sort=price')).toEqual(['Portraits', 'Beach walk', 'Summer beach', 'Yoga poses']);
    expect(await galleryTitles(`showid=${c.shows.annabella.universalId}`)).toEqual(['Summer beach', 'Portraits']);
    expect(await galleryTitles('showid=unknown')).toEqual([]);
    expect(await galleryTitles('tags=blonde')).toEqual(['Summer beach', 'Portraits', 'Beach walk']);
    expect((await galleryTitles('search=strand')).sort()).toEqual(['Beach walk', 'Summer beach']);
    expect(await galleryTitles('search=portrats')).toEqual(['Portraits']);
    expect(await galleryTitles(`search=${encodeURIComponent('Porträts')}`)).toEqual(['Portraits']);
  });

  it('marks the free gallery and pages', async () => {
    const r = await getOk<GalleriesResponse>('/api/search/galleries?limit=3&page=2');
    expect(r).toMatchObject({ current_page: 2, last_page: 2, total: 4, more: false });
    expect(r.data.map((g) => g.title)).toEqual(['Yoga poses']);
    const free = (await getOk<GalleriesResponse>('/api/search/galleries?search=portraits')).data[0];
    expect(free).toMatchObject({ id: c.galleries.portraits.id, free: true, imageCount: 3 });
    expect((await getOk<GalleriesResponse>('/api/search/galleries?page=3&limit=3')).data).toEqual([]);
  });

  it('survives metacharacters and refuses bad input with 422', async () => {
    for (const input of METACHARACTERS) {
      expect({ input, titles: await galleryTitles(`search=${encodeURIComponent(input)}`) }).toEqual({
        input,
        titles: [],
      });
    }
    for (const bad of ['sort=duration', 'limit=49', 'page=0', `search=${'z'.repeat(10_000)}`]) {
      await expectRefused(t, () => t.client().get(`/api/search/galleries?${bad}`), 422, 'validation_failed');
    }
  });
});

describe('GET /api/search/galleries/{id}/mlt', () => {
  it("puts the show's galleries first, then those of shows with the same tags, never the gallery itself", async () => {
    const r = await getOk<GalleriesResponse>(`/api/search/galleries/${c.galleries.summerBeach.id}/mlt`);
    expect(r.data.map((g) => g.title)).toEqual(['Portraits', 'Beach walk']);
  });

  it('answers 404 for an unknown gallery and 422 for a malformed id', async () => {
    await expectRefused(t, () => t.client().get('/api/search/galleries/99999999/mlt'), 404, 'not_found');
    await expectRefused(t, () => t.client().get('/api/search/galleries/x/mlt'), 422, 'validation_failed');
  });
});

// Last: its show and items would change the lists the tests above compare whole.
describe('more like this of an untagged show', () => {
  it('answers for a video and a gallery whose show has no tags (nothing to share is no error)', async () => {
    const plain = await createShow(t.db, { showName: 'Untagged' });
    const video = await createVideo(t.db, plain.id, { titleEn: 'Plain clip', titleDe: 'Einfacher Clip' });
    const gallery = await createGallery(t.db, plain.id, { titleEn: 'Plain set', titleDe: 'Einfache Serie' });
    expect((await getOk<{ data: unknown[] }>(`/api/search/videos/${video.ccid}/mlt`)).data).toBeInstanceOf(Array);
    expect((await getOk<GalleriesResponse>(`/api/search/galleries/${gallery.id}/mlt`)).data).toBeInstanceOf(Array);
  });
});
