import { CLIP } from '#server/media/clip.ts';
import type { Random } from '#server/media/random.ts';
import {
  FREE_GALLERY_TITLE,
  fill,
  GALLERY_TITLES,
  type Pair,
  VIDEO_DESCRIPTIONS,
  VIDEO_TITLES,
} from './catalog-data.ts';

/** The videos and galleries of a planned performer (catalog-plan.ts). */
export type VideoPlan = {
  ccid: number;
  title: Pair;
  description: Pair;
  rating: number;
  ratingCount: number;
  views: number;
  createdAt: Date;
  tags: string[];
  parts: { duration: number; price: number; free: boolean }[];
};

export type GalleryPlan = {
  title: Pair;
  price: number;
  free: boolean;
  rating: number;
  ratingCount: number;
  createdAt: Date;
  images: { width: number; height: number }[];
};

export function weighted<T>(r: Random, items: { value: T; weight: number }[]): T {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  let roll = r.next() * total;
  for (const item of items) {
    roll -= item.weight;
    if (roll < 0) return item.value;
  }
  return (items[items.length - 1] as { value: T }).value;
}

export const between = (r: Random, from: Date, to: Date) =>
  new Date(from.getTime() + r.next() * (to.getTime() - from.getTime()));

export function planVideos(
  r: Random,
  count: number,
  ccid: () => number,
  created: Date,
  now: Date,
  ctx: Record<string, string | number>,
  tags: string[],
): VideoPlan[] {
  return r.sample(VIDEO_TITLES, count).map((title) => {
    const partCount = weighted(r, [
      { value: 1, weight: 35 },
      { value: 2, weight: 40 },
      { value: 3, weight: 25 },
    ]);
    const firstFree = r.chance(partCount > 1 ? 0.6 : 0.15);
    const rated = r.chance(0.9);
    return {
      ccid: ccid(),
      title: { en: fill(title.en, ctx), de: fill(title.de, ctx) },
      description: r.pick(VIDEO_DESCRIPTIONS),
      rating: rated ? r.int(55, 99) : 0,
      ratingCount: rated ? r.int(1, 400) : 0,
      views: r.int(0, 5000),
      createdAt: between(r, created, now),
      tags: r.sample(tags, r.int(2, 4)),
      parts: Array.from({ length: partCount }, (_, i) => {
        const free = i === 0 && firstFree;
        return { duration: r.int(CLIP.minSeconds, CLIP.maxSeconds), price: free ? 0 : r.int(2, 12) * 5, free };
      }),
    };
  });
}

export function planGallery(
  r: Random,
  free: boolean,
  created: Date,
  now: Date,
  ctx: Record<string, string | number>,
): GalleryPlan {
  const title = free ? FREE_GALLERY_TITLE : r.pick(GALLERY_TITLES);
  const rated = r.chance(0.85);
  return {
    title: { en: fill(title.en, ctx), de: fill(title.de, ctx) },
    price: free ? 0 : r.int(4, 16) * 5,
    free,
    rating: rated ? r.int(55, 99) : 0,
    ratingCount: rated ? r.int(1, 250) : 0,
    createdAt: free ? created : between(r, created, now),
    images: Array.from({ length: free ? r.int(3, 5) : r.int(6, 10) }, () =>
      r.chance(0.7) ? { width: 720, height: 540 } : { width: 540, height: 720 },
    ),
  };
}

/** Spreads `total` over `slots` counts of at least `min` and at most `max`, at random. */
export function spread(r: Random, slots: number, total: number, min: number, max: number): number[] {
  const counts = Array.from({ length: slots }, () => min);
  let left = Math.min(total, slots * max) - slots * min;
  while (left > 0) {
    const i = r.int(0, slots - 1);
    if ((counts[i] as number) < max) {
      counts[i] = (counts[i] as number) + 1;
      left--;
    }
  }
  return counts;
}
