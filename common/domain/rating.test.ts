import { describe, expect, it } from 'vitest';
import {
  aggregateRating,
  canSaveRating,
  percentToStars,
  starsToPercent,
  thumbsDown,
  thumbsUp,
  votesOf,
} from './rating.ts';

describe('rating percent', () => {
  it('turns stars of 10 into percent and back', () => {
    for (let stars = 0; stars <= 10; stars++) {
      expect(starsToPercent(stars, 10)).toBe(stars * 10);
      expect(percentToStars(starsToPercent(stars, 10), 10)).toBe(stars);
    }
  });

  it('turns stars of 5 (phones) into percent and back', () => {
    expect([1, 2, 3, 4, 5].map((s) => starsToPercent(s, 5))).toEqual([20, 40, 60, 80, 100]);
    for (let stars = 0; stars <= 5; stars++) expect(percentToStars(starsToPercent(stars, 5), 5)).toBe(stars);
  });

  it('reads a percent saved on one scale on the other', () => {
    expect(percentToStars(70, 5)).toBe(4);
    expect(percentToStars(60, 10)).toBe(6);
    expect(percentToStars(100, 5)).toBe(5);
  });

  it('shows any rating above 0 as at least one step, and 0 or nonsense as none', () => {
    expect(percentToStars(1, 10)).toBe(1);
    expect(percentToStars(1, 5, 0.5)).toBe(0.5);
    expect(percentToStars(0, 10)).toBe(0);
    expect(percentToStars(-5, 10)).toBe(0);
    expect(percentToStars(Number.NaN, 10)).toBe(0);
  });

  it('rounds to half stars for display and clamps out-of-range input', () => {
    expect(percentToStars(87, 5, 0.5)).toBe(4.5);
    expect(percentToStars(93, 5, 0.5)).toBe(4.5);
    expect(percentToStars(96, 5, 0.5)).toBe(5);
    expect(percentToStars(250, 10)).toBe(10);
    expect(starsToPercent(12, 10)).toBe(100);
    expect(starsToPercent(-1, 10)).toBe(0);
    expect(starsToPercent(Number.NaN, 10)).toBe(0);
  });

  it('thumbs down sets 1 star, thumbs up the maximum; save needs a rating above 0', () => {
    expect(thumbsDown()).toBe(1);
    expect(thumbsUp(10)).toBe(10);
    expect(thumbsUp(5)).toBe(5);
    expect(canSaveRating(0)).toBe(false);
    expect(canSaveRating(1)).toBe(true);
  });
});

describe('aggregate rating', () => {
  it('adds a member vote to the votes an item arrived with', () => {
    const base = votesOf({ rating: 90, ratingCount: 269 });
    expect(base).toEqual({ votes: 269, sum: 24_210 });
    // 24,270 / 270 = 89.9 %
    expect(aggregateRating(base, { votes: 1, sum: 60 })).toEqual({ rating: 90, ratingCount: 270 });
    expect(aggregateRating({ votes: 1, sum: 90 }, { votes: 1, sum: 60 })).toEqual({ rating: 75, ratingCount: 2 });
  });

  it('is the members’ average without a base, and 0 from 0 without any vote', () => {
    expect(aggregateRating({ votes: 0, sum: 0 }, { votes: 3, sum: 191 })).toEqual({ rating: 64, ratingCount: 3 });
    expect(aggregateRating({ votes: 0, sum: 0 }, { votes: 0, sum: 0 })).toEqual({ rating: 0, ratingCount: 0 });
    expect(votesOf({ rating: 0, ratingCount: 0 })).toEqual({ votes: 0, sum: 0 });
  });

  it('keeps the result within 0-100 and ignores negative input', () => {
    expect(aggregateRating({ votes: 2, sum: 500 }, { votes: 0, sum: 0 })).toEqual({ rating: 100, ratingCount: 2 });
    expect(aggregateRating({ votes: -4, sum: -10 }, { votes: 1, sum: 40 })).toEqual({ rating: 40, ratingCount: 1 });
    expect(votesOf({ rating: 140, ratingCount: 2.7 })).toEqual({ votes: 2, sum: 200 });
  });
});
