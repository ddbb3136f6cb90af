import { describe, expect, it } from 'vitest';
import { CLIP } from '#server/media/clip.ts';
import { planCatalog, slugify } from './catalog-plan.ts';

const now = new Date('2026-05-01T12:00:00Z');
const plan = planCatalog({ shows: 120, now, seed: 20_260_401 });
const share = (n: number) => n / plan.length;

describe('planCatalog (the full demo catalogue)', () => {
  it('has 120 performers with unique ids, names and slugs, aged 18 to 55', () => {
    expect(plan).toHaveLength(120);
    expect(new Set(plan.map((p) => p.row.universalId)).size).toBe(120);
    expect(new Set(plan.map((p) => p.row.showName.toLowerCase())).size).toBe(120);
    for (const p of plan) {
      expect(p.row.age).toBeGreaterThanOrEqual(18);
      expect(p.row.age).toBeLessThanOrEqual(55);
      expect(p.row.universalId).toMatch(new RegExp(`^${p.row.contentproviderId}\\d{5}$`));
      expect(p.previews).toBeGreaterThanOrEqual(2);
      expect(p.previews).toBeLessThanOrEqual(4);
    }
  });

  it('mixes providers, online states, flags and places as a real site would', () => {
    expect(share(plan.filter((p) => p.row.contentproviderId === 1).length)).toBeGreaterThan(0.7);
    expect(share(plan.filter((p) => p.row.contentproviderId === 1).length)).toBeLessThan(0.9);
    const online = share(plan.filter((p) => p.row.online).length);
    expect(online).toBeGreaterThan(0.18);
    expect(online).toBeLessThan(0.36);
    expect(new Set(plan.map((p) => p.row.exclusive))).toEqual(new Set([0, 1, 2]));
    expect(plan.some((p) => p.row.free)).toBe(true);
    expect(share(plan.filter((p) => ['DE', 'AT', 'CH'].includes(p.row.country)).length)).toBeGreaterThan(0.7);
    expect(plan.filter((p) => now.getTime() - p.row.createdAt.getTime() < 14 * 86_400_000).length).toBeGreaterThan(5);
  });

  it('fills every bar and search category', () => {
    for (const id of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 1001, 1013, 1024, 1051, 1052, 1054, 1062]) {
      expect(plan.filter((p) => p.categories.includes(id)).length, `category ${id}`).toBeGreaterThan(0);
    }
  });

  it('has 300+ videos of 1-3 parts with clip-length durations and 100+ paid galleries', () => {
    const videos = plan.flatMap((p) => p.videos);
    expect(videos.length).toBeGreaterThanOrEqual(300);
    expect(new Set(videos.map((v) => v.ccid)).size).toBe(videos.length);
    for (const v of videos) {
      expect(v.parts.length).toBeGreaterThanOrEqual(1);
      expect(v.parts.length).toBeLessThanOrEqual(3);
      for (const part of v.parts) {
        expect(part.duration).toBeGreaterThanOrEqual(CLIP.minSeconds);
        expect(part.duration).toBeLessThanOrEqual(CLIP.maxSeconds);
        if (!part.free) expect(part.price).toBeGreaterThanOrEqual(10);
      }
    }
    expect(videos.filter((v) => v.parts[0]?.free).length).toBeGreaterThan(videos.length / 4);
    const paid = plan.flatMap((p) => p.galleries.filter((g) => !g.free));
    expect(paid.length).toBeGreaterThanOrEqual(100);
    for (const p of plan) expect(p.galleries.filter((g) => g.free)).toHaveLength(1);
  });

  it('runs about ten promos, one of them ending within 20 minutes', () => {
    const running = plan.flatMap((p) => (p.promo ? [p.promo] : []));
    expect(running).toHaveLength(10);
    const left = running.map((p) => p.stopsAt.getTime() - now.getTime());
    expect(Math.min(...left)).toBeLessThanOrEqual(20 * 60_000);
    expect(Math.max(...left)).toBeLessThanOrEqual(48 * 3_600_000);
    expect(left.every((ms) => ms > 0)).toBe(true);
  });

  it('comes out the same for the same seed', () => {
    expect(planCatalog({ shows: 120, now, seed: 20_260_401 })).toEqual(plan);
  });
});

describe('slugify', () => {
  it('turns stage names into URL slugs', () => {
    expect(slugify('Lena & Tom')).toBe('lena-tom');
    expect(slugify('Miss_Jördis')).toBe('miss-joerdis');
    expect(slugify('Zoë Süß')).toBe('zoe-suess');
  });
});
