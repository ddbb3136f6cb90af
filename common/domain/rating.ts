import { RATING_STARS } from '../constants.ts';

/**
 * The rating scale (spec part 1 "Rating dialog"): members pick stars (10, or 5 on phones) and the
 * rating is stored as a percent, so both scales mean the same on the server.
 */

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Stars picked on a scale of `max` stars → percent (0..100, whole numbers). */
export function starsToPercent(stars: number, max: number = RATING_STARS): number {
  if (!Number.isFinite(stars) || max <= 0) return 0;
  return Math.round((clamp(stars, 0, max) / max) * 100);
}

/**
 * A stored percent → stars on a scale of `max`, rounded to `step` stars (1: whole stars for the
 * dialog; 0.5: half stars for the read-only display). Any rating above 0 shows at least one step.
 */
export function percentToStars(percent: number, max: number = RATING_STARS, step = 1): number {
  if (!Number.isFinite(percent) || percent <= 0 || max <= 0) return 0;
  const exact = (clamp(percent, 0, 100) / 100) * max;
  return clamp(Math.round(exact / step) * step, step, max);
}

/** Thumbs down: the lowest rating (one star). */
export const thumbsDown = (): number => 1;
/** Thumbs up: the highest rating (every star). */
export const thumbsUp = (max: number = RATING_STARS): number => max;
/** Save is allowed only with a rating above 0. */
export const canSaveRating = (stars: number): boolean => stars > 0;
