import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAllResponse } from '#common/api/search.ts';
import { createShow } from '#server/test/catalog.ts';
import { expectInvalid, registerAndVerify } from '#server/test/fixtures.ts';
import { createTestApp, type TestContext } from '#server/test/harness.ts';
import { METACHARACTERS, type SearchCatalog, seedSearchCatalog } from './testing.ts';

let t: TestContext;
let c: SearchCatalog;

beforeAll(async () => {
  t = await createTestApp();
  c = await seedSearchCatalog(t.db);
});
afterAll(() => t.close());

const searchAll = async (query: string, lang = 'en'): Promise<SearchAllResponse> => {
  const res = await t.client(lang).get(`/api/search/all?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (r: SearchAllResponse) => r.shows.data.map((s) => s.showName);
const titles = (r: SearchAllResponse) => ({
  videos: r.videos.data.map((v) => v.title),
  galleries: r.galleries.data.map((g) => g.title),
});

describe('GET /api/search/all', () => {
  it('finds a performer despite a typo ("anabela" finds Annabella)', async () => {
    const r = await searchAll('search=anabela');
    expect(names(r)[0]).toBe('Annabella');
    expect(r.shows.total).toBe(r.shows.data.length);
  });

  it('finds partial names, online shows first', async () => {
    expect(names(await searchAll('search=Annab'))[0]).toBe('Annabella');
    expect(names(await searchAll('search=ann'))).toEqual(['Annabella', 'Annika']);
    expect(names(await searchAll('search=brien'))).toEqual(["Kim O'Brien"]);
    expect(names(await searchAll(`search=${encodeURIComponent("o'brien")}`))).toEqual(["Kim O'Brien"]);
  });

  it('answers the three sections as tiles with totals', async () => {
    const r = await searchAll('search=beach');
    expect(titles(r)).toEqual({
      videos: expect.arrayContaining(['Beach dance', 'Beach dancing at sunset']),
      galleries: expect.arrayContaining(['Summer beach', 'Beach walk']),
    });
    expect(r.videos.total).toBe(2);
    expect(r.galleries.total).toBe(2);
    expect(r.shows).toEqual({ data: [], total: 0 });
    const video = r.videos.data.find((v) => v.title === 'Beach dance');
    expect(video).toMatchObject({
      ccid: c.videos.beachDance.ccid,
      universalId: c.shows.annabella.universalId,
      showName: 'Annabella',
      duration: 60,
      parts: 2,
      price: 20,
      free: true,
    });
    expect(r.galleries.data.find((g) => g.title === 'Summer beach')).toMatchObject({
      id: c.galleries.summerBeach.id,
      price: 25,
      imageCount: 3,
    });
  });

  it('matches German titles and umlauts with or without them, in the request language', async () => {
    const de = await searchAll('search=strand', 'de');
    expect(titles(de).videos.sort()).toEqual(['Strandtanz bei Sonnenuntergang', 'Tanz am Strand']);
    expect(titles(de).galleries.sort()).toEqual(['Sommer am Strand', 'Strandspaziergang']);
    for (const word of ['Mädchenabend', 'madchenabend', 'MÄDCHEN']) {
      expect(titles(await searchAll(`search=${encodeURIComponent(word)}`)).videos).toEqual(['Girls night']);
    }
  });

  it('extend=0 looks at names and titles only, extend=1 also at texts', async () => {
    expect(names(await searchAll('search=sweet'))).toEqual([]);
    expect(names(await searchAll('search=sweet&extend=1'))).toEqual(['Annabella']);
    expect(names(await searchAll(`search=${encodeURIComponent('süße Mädchen')}&extend=1`))).toEqual(['Annabella']);
    expect(names(await searchAll('search=madchen&extend=1'))).toEqual(['Annabella']);
    expect(titles(await searchAll('search=pasta')).videos).toEqual([]);
    expect(titles(await searchAll('search=pasta&extend=1')).videos).toEqual(['Cooking show']);
    expect(titles(await searchAll('search=tomaten&extend=1')).videos).toEqual(['Cooking show']);
    // Stemming: "dancing" finds "dance" (English), "tanzen" finds "Tanz" (German).
    expect(names(await searchAll('search=dancing&extend=1')).sort()).toEqual(['Annabella', 'Lena']);
  });

  it('limits each section (default 6) and pages; a page past the end is empty with the totals', async () => {
    const first = await searchAll('search=ann&limit=1');
    expect(names(first)).toEqual(['Annabella']);
    expect(first.shows.total).toBe(2);
    expect(names(await searchAll('search=ann&limit=1&page=2'))).toEqual(['Annika']);
    const past = await searchAll('search=ann&limit=1&page=50');
    expect(past.shows).toEqual({ data: [], total: 2 });
  });

  it('survives metacharacters: no error, and no match for input without words', async () => {
    for (const input of METACHARACTERS) {
      const r = await searchAll(`search=${encodeURIComponent(input)}&extend=1`);
      expect({ input, ...r }).toEqual({
        input,
        shows: { data: [], total: 0 },
        videos: { data: [], total: 0 },
        galleries: { data: [], total: 0 },
      });
    }
    // Operators between words are only separators.
    const plain = await searchAll('search=annabella%20lena');
    expect(await searchAll(`search=${encodeURIComponent('annabella | lena')}`)).toEqual(plain);
    expect(await searchAll(`search=${encodeURIComponent("annabella' & !lena")}`)).toEqual(plain);
    expect(await searchAll(`search=${encodeURIComponent('annab:*')}`)).toEqual(await searchAll('search=annab'));
    expect(await searchAll(`search=${encodeURIComponent('%anna_')}`)).toEqual(await searchAll('search=anna'));
  });

  it('shows a member the same results (gallery covers as that member may see them)', async () => {
    const { client } = await registerAndVerify(t, 'search-all-member@example.com');
    const res = await client.get('/api/search/all?search=portraits');
    expect(res.statusCode).toBe(200);
    expect(res.json().galleries.data).toMatchObject([{ id: c.galleries.portraits.id, free: true }]);
  });

  it('refuses a missing, empty or 10 kB search, and bad pages and limits, with 422', async () => {
    const visitor = t.client();
    await expectInvalid(t, () => visitor.get('/api/search/all'), { search: ['errors.validations.required'] });
    await expectInvalid(t, () => visitor.get('/api/search/all?search=%20%20'), {
      search: ['errors.validations.required'],
    });
    await expectInvalid(t, () => visitor.get(`/api/search/all?search=${'a'.repeat(10_000)}`), {
      search: ['errors.validations.too_long'],
    });
    for (const bad of ['page=0', 'page=-1', 'page=abc', 'page=10001', 'limit=0', 'limit=37', 'extend=2']) {
      const body = await (async () => {
        const res = await visitor.get(`/api/search/all?search=anna&${bad}`);
        expect(res.statusCode, bad).toBe(422);
        return res.json();
      })();
      expect(body.error).toBe('validation_failed');
    }
  });
});

describe('GET /api/search/all: words inside names', () => {
  beforeAll(async () => {
    await createShow(t.db, { showName: 'MoonSophie' });
    await createShow(t.db, { showName: 'CandyJasmin' });
  });

  it('finds a name that holds the term later in the word, after the names that start with it', async () => {
    expect(names(await searchAll('search=sophi'))).toEqual(['MoonSophie']);
    expect(names(await searchAll('search=SOPHIE'))).toEqual(['MoonSophie']);
    expect(names(await searchAll('search=jasmin'))).toEqual(['Jasmin', 'CandyJasmin']);
    expect(names(await searchAll('search=jasmin&extend=1'))).toEqual(['Jasmin', 'CandyJasmin']);
  });

  it('tolerates a typo inside a name too', async () => {
    expect(names(await searchAll('search=sophei'))).toEqual(['MoonSophie']);
    expect(names(await searchAll('search=jasmni'))).toEqual(['Jasmin', 'CandyJasmin']);
    expect(names(await searchAll(`search=${encodeURIComponent('moon sophei')}`))).toEqual(['MoonSophie']);
  });
});
