import { describe, expect, it } from 'vitest';
import { canSaveRating, percentToStars, starsToPercent, thumbsDown, thumbsUp } from './rating.ts';

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
