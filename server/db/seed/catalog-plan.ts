import { nextFreeExtension } from '#common/domain/phone-chat.ts';
import { type Random, seededRandom } from '#server/media/random.ts';
import {
  CLOSINGS,
  FIRST_NAMES,
  FREE_TAGS,
  fill,
  HOBBIES,
  INTROS,
  MALE_NAMES,
  MIDDLES,
  NAME_WORDS,
  type Pair,
  PLACES,
  type Place,
  PROMO_TITLES,
  REGION_WEIGHTS,
  SLOGANS,
} from './catalog-data.ts';
import { type GalleryPlan, planGallery, planVideos, spread, type VideoPlan, weighted } from './catalog-plan-items.ts';

export type { GalleryPlan, VideoPlan };

/**
 * The demo catalogue as plain data, drawn from a seeded random source: performers with their
 * categories, tags, previews, videos, galleries and promos. catalog.ts writes it to the database.
 */
export type ShowPlan = {
  row: {
    universalId: string;
    slugName: string;
    showName: string;
    contentproviderId: number;
    online: boolean;
    sloganEn: string;
    sloganDe: string;
    descriptionEn: string;
    descriptionDe: string;
    free: boolean;
    exclusive: number;
    pricePerMinute: number;
    priceFactorExclusive: number;
    age: number;
    languages: string[];
    city: string;
    country: string;
    lat: number;
    lon: number;
    rating: number;
    ratingCount: number;
    sound: boolean;
    phoneChat: boolean;
    phoneExtension: string | null;
    phoneChatOn: boolean;
    position: number;
    createdAt: Date;
  };
  categories: number[];
  tags: string[];
  previews: number;
  videos: VideoPlan[];
  galleries: GalleryPlan[];
  promo: PromoPlan | null;
};

export type PromoPlan = { title: Pair; percent: number; startsAt: Date; stopsAt: Date };

export type PlanOptions = { shows: number; now: Date; seed: number };

const DAY = 86_400_000;
const HOUR = 3_600_000;
const HAIR = ['blonde', 'brunette', 'red', 'black'] as const;
export type Hair = (typeof HAIR)[number];
const HAIR_CATEGORY: Record<Hair, number | null> = { blonde: 8, brunette: 9, red: 10, black: null };
const HAIR_TAG: Record<Hair, string> = { blonde: 'blonde', brunette: 'brunette', red: 'redhead', black: 'black-hair' };
const DACH = new Set(['DE', 'AT', 'CH']);

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function stageName(r: Random, couple: boolean, taken: Set<string>): string {
  for (;;) {
    const first = r.pick(FIRST_NAMES);
    const word = r.pick(NAME_WORDS);
    const name = couple
      ? `${first} & ${r.pick(MALE_NAMES)}`
      : r.pick([`${first}${word}`, `${word}${first}`, `${first}_${word}`, `Miss${first}`, `${first}${r.int(18, 99)}`]);
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

function pickPlace(r: Random): Place {
  const countries = weighted(
    r,
    REGION_WEIGHTS.map((w) => ({ value: w.country, weight: w.weight })),
  );
  return r.pick(PLACES.filter((p) => countries.includes(p.country)));
}

function age(r: Random, couple: boolean): number {
  if (couple) return r.int(22, 40);
  const band = weighted(r, [
    { value: [18, 25], weight: 40 },
    { value: [26, 35], weight: 35 },
    { value: [36, 45], weight: 15 },
    { value: [46, 55], weight: 10 },
  ]);
  return r.int(band[0] as number, band[1] as number);
}

export function planCatalog({ shows: count, now, seed }: PlanOptions): ShowPlan[] {
  const r = seededRandom(seed);
  const taken = new Set<string>();
  const ids = new Set<string>();
  const extensions = new Set<string>();
  let nextCcid = 40_001;
  const ccid = () => nextCcid++;
  const videoCounts = spread(r, count, Math.ceil(count * 2.6), 1, 5);
  const paidGalleries = spread(r, count, Math.ceil(count * 0.9), 0, 2);
  const promoCount = Math.max(1, Math.round(count / 12));
  const promoShows = new Set(r.sample([...Array(count).keys()], promoCount));
  let promoIndex = 0;

  return Array.from({ length: count }, (_, i): ShowPlan => {
    const couple = r.chance(0.07);
    const showName = stageName(r, couple, taken);
    const provider = r.chance(0.8) ? 1 : 2;
    let universalId: string;
    do universalId = `${provider}${r.int(10_000, 99_999)}`;
    while (ids.has(universalId));
    ids.add(universalId);
    const place = pickPlace(r);
    const languages = new Set(place.languages);
    if (DACH.has(place.country)) languages.add('de');
    else if (r.chance(0.35)) languages.add('de');
    if (r.chance(DACH.has(place.country) ? 0.65 : 0.85)) languages.add('en');
    const years = age(r, couple);
    const hair = couple
      ? 'brunette'
      : weighted(
          r,
          HAIR.map((h, k) => ({ value: h, weight: [30, 40, 15, 15][k] ?? 0 })),
        );
    const isNew = r.chance(0.15) || i === 0;
    const createdAt = new Date(now.getTime() - (isNew ? r.float(0.5, 13.5) : r.float(15, 270)) * DAY);
    const rating = r.int(isNew ? 70 : 60, 99);
    const hobby = r.pick(HOBBIES);
    const ctx = { name: showName, age: years, city: place.city };
    const flags = {
      glasses: r.chance(0.12),
      tattoo: r.chance(0.22),
      piercing: r.chance(0.16),
      sporty: r.chance(0.2),
      cosplay: r.chance(0.1),
      curvy: r.chance(0.18),
    };
    const tags = new Set<string>([HAIR_TAG[hair], ...r.sample(FREE_TAGS, r.int(2, 4))]);
    for (const [flag, on] of Object.entries(flags)) if (on) tags.add(flag);
    if (couple) tags.add('couple');
    if (years >= 40) tags.add('mature');
    if (isNew) tags.add('newcomer');
    const extension = r.chance(0.25) ? nextFreeExtension(extensions) : null;
    if (extension) extensions.add(extension);
    const phoneChat = extension !== null;
    const online = count < 4 ? i % 2 === 0 : r.chance(0.27);
    const promo: PromoPlan | null = promoShows.has(i)
      ? {
          title: r.pick(PROMO_TITLES),
          percent: r.pick([0, 10, 15, 20, 25, 30, 40, 50]),
          startsAt: new Date(now.getTime() - r.float(1, 24) * HOUR),
          // The first promo ends soon after seeding, so the list's refresh on expiry can be seen.
          stopsAt: new Date(now.getTime() + (promoIndex++ === 0 ? 12 * 60_000 : r.float(1, 48) * HOUR)),
        }
      : null;

    const categories = new Set<number>([1]);
    const hairCategory = HAIR_CATEGORY[hair];
    if (hairCategory) categories.add(hairCategory);
    if (isNew) categories.add(2);
    if (rating >= 90) categories.add(3);
    if (years <= 25) categories.add(4);
    if (years >= 40) categories.add(5);
    if (couple) categories.add(6);
    if (flags.curvy) categories.add(7);
    if (tags.has('dance') || r.chance(0.15)) categories.add(11);
    if (tags.has('talkative') || r.chance(0.2)) categories.add(12);
    if (promo) categories.add(20);
    if (phoneChat) categories.add(1001);
    if (languages.has('de')) categories.add(1013);
    if (flags.tattoo) categories.add(1024);
    if (flags.glasses) categories.add(1051);
    if (flags.piercing) categories.add(1052);
    if (flags.sporty || tags.has('fitness')) categories.add(1054);
    if (flags.cosplay) categories.add(1062);

    const slogan = r.pick(SLOGANS);
    const intro = r.pick(INTROS);
    const middle = r.pick(MIDDLES);
    const closing = r.pick(CLOSINGS);
    const text = (lang: 'en' | 'de') =>
      [intro, middle, closing].map((p) => fill(p[lang], { ...ctx, hobby: hobby[lang] })).join(' ');
    const exclusive = weighted(r, [
      { value: 0, weight: 60 },
      { value: 1, weight: 30 },
      { value: 2, weight: 10 },
    ]);
    const tagList = [...tags];
    return {
      row: {
        universalId,
        slugName: slugify(showName),
        showName,
        contentproviderId: provider,
        online,
        sloganEn: fill(slogan.en, ctx),
        sloganDe: fill(slogan.de, ctx),
        descriptionEn: text('en'),
        descriptionDe: text('de'),
        // Most performers keep a free chat open (everyone watches; members tip and go private).
        free: r.chance(0.6),
        exclusive,
        pricePerMinute: r.int(4, 18) * 5,
        priceFactorExclusive: r.pick([150, 160, 175, 180, 200]),
        age: years,
        languages: [...languages],
        city: place.city,
        country: place.country,
        lat: place.lat + r.float(-0.03, 0.03),
        lon: place.lon + r.float(-0.03, 0.03),
        rating,
        ratingCount: r.int(isNew ? 3 : 20, isNew ? 60 : 900),
        sound: r.chance(0.85),
        phoneChat,
        // Stable and unique per show: the lowest free of the line's four-digit extensions.
        phoneExtension: extension,
        phoneChatOn: phoneChat && online,
        position: r.int(0, 1000),
        createdAt,
      },
      categories: [...categories],
      tags: tagList,
      previews: r.int(2, 4),
      videos: planVideos(r, videoCounts[i] ?? 1, ccid, createdAt, now, ctx, tagList),
      galleries: [
        planGallery(r, true, createdAt, now, ctx),
        ...Array.from({ length: paidGalleries[i] ?? 0 }, () => planGallery(r, false, createdAt, now, ctx)),
      ],
      promo,
    };
  });
}
