import type { VideoDetail, VideoTile } from '#common/api/media.ts';
import type { ShowTile, Tag } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import { imageSources } from '#common/domain/images.ts';
import type { VideoPartRow, VideoRow } from './data.ts';

/** The poster of a video (GET /videos/image/{id}/1). */
export const videoImageUrl = (videoId: number) => `/api/videos/image/${videoId}/1`;

/** Coins for all parts together (free parts cost nothing) and whether some part is free. */
export function partTotals(parts: readonly Pick<VideoPartRow, 'price' | 'free'>[]) {
  return {
    price: parts.reduce((sum, p) => sum + (p.free ? 0 : p.price), 0),
    free: parts.some((p) => p.free),
  };
}

/** A video as a tile lists it, its texts in the request's language. */
export function presentVideoTile(
  row: VideoRow,
  locale: Locale,
  extras: { parts: readonly Pick<VideoPartRow, 'price' | 'free'>[]; tags: readonly string[] },
): VideoTile {
  return {
    id: row.id,
    ccid: row.ccid,
    universalId: row.universalId,
    showName: row.showName,
    slugName: row.slugName,
    title: locale === 'de' ? row.titleDe : row.titleEn,
    duration: row.duration,
    rating: row.rating,
    ratingCount: row.ratingCount,
    parts: extras.parts.length,
    ...partTotals(extras.parts),
    image: videoImageUrl(row.id),
    imageSources: imageSources(videoImageUrl(row.id)),
    tags: [...extras.tags],
  };
}

/**
 * The detail of a video as one visitor sees it: `unlocked` the parts they may play (free, or
 * bought), `ratings` their own rating per part, `vouchers` the coupons they could spend on it.
 */
export function presentVideoDetail(
  row: VideoRow,
  locale: Locale,
  extras: {
    parts: readonly VideoPartRow[];
    tags: readonly Tag[];
    show: ShowTile;
    unlocked: ReadonlySet<number>;
    ratings: ReadonlyMap<number, number>;
    vouchers: number;
  },
): VideoDetail {
  const {
    parts: _count,
    tags: _slugs,
    ...tile
  } = presentVideoTile(row, locale, {
    parts: extras.parts,
    tags: [],
  });
  return {
    ...tile,
    description: locale === 'de' ? row.descriptionDe : row.descriptionEn,
    parts: extras.parts.map((p) => ({
      part: p.part,
      duration: p.duration,
      price: p.free ? 0 : p.price,
      free: p.free,
      unlocked: p.free || extras.unlocked.has(p.part),
      myRating: extras.ratings.get(p.part) ?? 0,
    })),
    tags: [...extras.tags],
    show: extras.show,
    vouchers: extras.vouchers,
  };
}
