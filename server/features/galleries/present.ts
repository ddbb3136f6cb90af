import type { GalleryDetail, GalleryTile } from '#common/api/media.ts';
import type { ShowTile } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import { galleryImageKey } from '#server/media/keys.ts';
import type { GalleryImageRow, GalleryRow } from './data.ts';
import { blurredThumbSources, blurredThumbUrl, type GalleryUrls } from './urls.ts';

/**
 * The 320x240 preview of a gallery picture: the public blurred `_b` variant while it is locked,
 * the plain one through a signed URL once the viewer may see it.
 */
export const galleryThumbUrl = (urls: GalleryUrls, galleryId: number, imageId: number, unlocked: boolean) =>
  unlocked ? urls.thumb(galleryId, imageId) : blurredThumbUrl(galleryId, imageId);

/** The storage key of a full picture (served only through a signed URL). */
export const pictureKey = (galleryId: number, imageId: number) => galleryImageKey(galleryId, imageId, 'full');

/** Whether a visitor sees the gallery unblurred: it is free, or they bought it. */
export const isUnlocked = (row: Pick<GalleryRow, 'free'>, bought: boolean) => row.free || bought;

/** A gallery as a tile lists it: the cover is its first picture, blurred while locked. */
export function presentGalleryTile(
  row: GalleryRow,
  locale: Locale,
  extras: { imageCount: number; coverImageId: number | null; unlocked: boolean; urls: GalleryUrls },
): GalleryTile {
  return {
    id: row.id,
    universalId: row.universalId,
    showName: row.showName,
    slugName: row.slugName,
    title: locale === 'de' ? row.titleDe : row.titleEn,
    price: row.free ? 0 : row.price,
    free: row.free,
    rating: row.rating,
    ratingCount: row.ratingCount,
    imageCount: extras.imageCount,
    cover:
      extras.coverImageId === null ? '' : galleryThumbUrl(extras.urls, row.id, extras.coverImageId, extras.unlocked),
    coverSources:
      extras.coverImageId === null
        ? []
        : extras.unlocked
          ? extras.urls.thumbSources(row.id, extras.coverImageId)
          : blurredThumbSources(row.id, extras.coverImageId),
  };
}

/**
 * The gallery as one visitor sees it: blurred thumbs and no picture URLs while locked; with it
 * unlocked, `urls` gives each thumb's and picture's signed URL.
 */
export function presentGalleryDetail(
  row: GalleryRow,
  locale: Locale,
  extras: {
    images: readonly GalleryImageRow[];
    unlocked: boolean;
    myRating: number;
    show: ShowTile;
    vouchers: number;
    urls: GalleryUrls;
  },
): GalleryDetail {
  const { images, unlocked, urls } = extras;
  return {
    ...presentGalleryTile(row, locale, {
      imageCount: images.length,
      coverImageId: images[0]?.id ?? null,
      unlocked,
      urls,
    }),
    unlocked,
    myRating: extras.myRating,
    images: images.map((image) => ({
      id: image.id,
      width: image.width,
      height: image.height,
      thumb: galleryThumbUrl(urls, row.id, image.id, unlocked),
      url: unlocked ? urls.picture(row.id, image.id) : null,
    })),
    show: extras.show,
    vouchers: extras.vouchers,
  };
}
