import type { DbOrTx } from '#server/db/client.ts';
import { createGallery, createShow, createVideo } from '#server/test/catalog.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

/**
 * A small catalogue for the search tests: German and English texts, names that typos and
 * partial names should find, umlauts, tags, categories and three cities (plus a show without a
 * position).
 */
export async function seedSearchCatalog(db: DbOrTx) {
  const annabella = await createShow(db, {
    showName: 'Annabella',
    online: true,
    city: 'Berlin',
    lat: 52.52,
    lon: 13.405,
    sloganEn: 'The sweet girl next door',
    sloganDe: 'Das süße Mädchen von nebenan',
    descriptionEn: 'I love dancing',
    descriptionDe: 'Ich liebe das Tanzen',
    tags: ['blonde', 'dance'],
    categories: [8, 1013],
    createdAt: daysAgo(2),
  });
  const lena = await createShow(db, {
    showName: 'Lena',
    city: 'München',
    lat: 48.137,
    lon: 11.575,
    sloganEn: 'Dancing is my life',
    sloganDe: 'Tanzen ist mein Leben',
    tags: ['blonde'],
    categories: [8],
    createdAt: daysAgo(3),
  });
  const jasmin = await createShow(db, {
    showName: 'Jasmin',
    online: true,
    free: true,
    city: 'Hamburg',
    lat: 53.551,
    lon: 9.993,
    sloganEn: 'Yoga every morning',
    sloganDe: 'Jeden Morgen Yoga',
    tags: ['brunette'],
    categories: [9, 1013],
    createdAt: daysAgo(4),
  });
  const annika = await createShow(db, {
    showName: 'Annika',
    city: 'Berlin',
    lat: 52.5,
    lon: 13.3,
    categories: [1013],
    createdAt: daysAgo(5),
  });
  const kim = await createShow(db, {
    showName: "Kim O'Brien",
    city: '',
    country: '',
    lat: null,
    lon: null,
    createdAt: daysAgo(400),
  });
  const shows = { annabella, lena, jasmin, annika, kim };

  const beachDance = await createVideo(db, annabella.id, {
    titleEn: 'Beach dance',
    titleDe: 'Tanz am Strand',
    tags: ['dance', 'beach'],
    rating: 90,
    parts: [
      { price: 0, free: true, duration: 20 },
      { price: 20, duration: 40 },
    ],
    createdAt: daysAgo(1),
  });
  const morningYoga = await createVideo(db, annabella.id, {
    titleEn: 'Morning yoga',
    titleDe: 'Yoga am Morgen',
    tags: ['yoga'],
    rating: 50,
    parts: [{ price: 50, duration: 300 }],
    createdAt: daysAgo(2),
  });
  const sunset = await createVideo(db, lena.id, {
    titleEn: 'Beach dancing at sunset',
    titleDe: 'Strandtanz bei Sonnenuntergang',
    tags: ['dance', 'beach'],
    rating: 70,
    parts: [{ price: 5, duration: 10 }],
    createdAt: daysAgo(30),
  });
  const girlsNight = await createVideo(db, jasmin.id, {
    titleEn: 'Girls night',
    titleDe: 'Mädchenabend',
    tags: ['party'],
    rating: 60,
    parts: [{ price: 30, duration: 100 }],
    createdAt: daysAgo(3),
  });
  const cooking = await createVideo(db, jasmin.id, {
    titleEn: 'Cooking show',
    titleDe: 'Kochshow',
    descriptionEn: 'Pasta with fresh tomatoes',
    descriptionDe: 'Nudeln mit frischen Tomaten',
    rating: 10,
    parts: [{ price: 0, free: true, duration: 50 }],
    createdAt: daysAgo(4),
  });
  const videos = { beachDance, morningYoga, sunset, girlsNight, cooking };

  const summerBeach = await createGallery(db, annabella.id, {
    titleEn: 'Summer beach',
    titleDe: 'Sommer am Strand',
    price: 25,
    rating: 80,
    createdAt: daysAgo(1),
  });
  const portraits = await createGallery(db, annabella.id, {
    titleEn: 'Portraits',
    titleDe: 'Porträts',
    free: true,
    price: 0,
    createdAt: daysAgo(2),
  });
  const beachWalk = await createGallery(db, lena.id, {
    titleEn: 'Beach walk',
    titleDe: 'Strandspaziergang',
    price: 10,
    rating: 40,
    createdAt: daysAgo(3),
  });
  const yogaPoses = await createGallery(db, jasmin.id, {
    titleEn: 'Yoga poses',
    titleDe: 'Yoga-Posen',
    price: 40,
    rating: 90,
    createdAt: daysAgo(4),
  });
  const galleries = { summerBeach, portraits, beachWalk, yogaPoses };
  return { shows, videos, galleries };
}

export type SearchCatalog = Awaited<ReturnType<typeof seedSearchCatalog>>;

/** The input every search must survive: SQL, regex, tsquery and LIKE metacharacters. */
export const METACHARACTERS = [
  "'",
  '\\',
  ':',
  '&',
  '|',
  '!',
  '(',
  ')',
  '*',
  '%',
  '_',
  '%%',
  "' OR 1=1 --",
  '\\x00',
  ':*',
  '!(',
  '&|!',
  '.*',
  '[a-z]+',
  '$1',
  '<->',
];
