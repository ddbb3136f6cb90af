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

/**
 * An item's average rating. Members' ratings are rows, one per member and item; the votes an item
 * arrived with (the demo seed, an import from elsewhere) are kept as a base of their count and sum.
 * The average covers both, so one member's rating moves it by one vote, and a member rating again
 * replaces her row rather than adding a vote.
 */
export type Votes = { votes: number; sum: number };
export type RatingAggregate = { rating: number; ratingCount: number };

/** The base that stands for an aggregate known only as a percent and a count. */
export function votesOf(aggregate: RatingAggregate): Votes {
  const votes = Math.max(0, Math.floor(aggregate.ratingCount));
  const percent = Math.min(100, Math.max(0, aggregate.rating));
  return { votes, sum: Math.round(percent * votes) };
}

/** The percent (whole numbers, 0 without votes) and count of the base and the members' votes together. */
export function aggregateRating(base: Votes, members: Votes): RatingAggregate {
  const ratingCount = Math.max(0, base.votes) + Math.max(0, members.votes);
  if (ratingCount === 0) return { rating: 0, ratingCount: 0 };
  const sum = Math.max(0, base.sum) + Math.max(0, members.sum);
  return { rating: Math.min(100, Math.round(sum / ratingCount)), ratingCount };
}
