import type { GalleryDetail, GalleryTile } from '#common/api/media.ts';
import type { ShowTile } from '#common/api/shows.ts';
import type { Locale } from '#common/constants.ts';
import { galleryImageKey } from '#server/media/keys.ts';
import type { GalleryImageRow, GalleryRow } from './data.ts';

/** The public 320x240 preview of a gallery picture; the blurred `_b` variant while it is locked. */
export const galleryThumbUrl = (galleryId: number, imageId: number, blurred: boolean) =>
  `/media/${galleryImageKey(galleryId, imageId, blurred ? 'thumb_blurred' : 'thumb')}`;

/** The storage key of a full picture (served only through a signed URL). */
export const pictureKey = (galleryId: number, imageId: number) => galleryImageKey(galleryId, imageId, 'full');

/** Whether a visitor sees the gallery unblurred: it is free, or they bought it. */
export const isUnlocked = (row: Pick<GalleryRow, 'free'>, bought: boolean) => row.free || bought;

/** A gallery as a tile lists it: the cover is its first picture, blurred while locked. */
export function presentGalleryTile(
  row: GalleryRow,
  locale: Locale,
  extras: { imageCount: number; coverImageId: number | null; unlocked: boolean },
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
    cover: extras.coverImageId === null ? '' : galleryThumbUrl(row.id, extras.coverImageId, !extras.unlocked),
  };
}

/**
 * The gallery as one visitor sees it: blurred thumbs and no picture URLs while locked; with it
 * unlocked, `pictureUrl` gives each picture's signed URL.
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
    pictureUrl: (image: GalleryImageRow) => string;
  },
): GalleryDetail {
  const { images, unlocked } = extras;
  return {
    ...presentGalleryTile(row, locale, {
      imageCount: images.length,
      coverImageId: images[0]?.id ?? null,
      unlocked,
    }),
    unlocked,
    myRating: extras.myRating,
    images: images.map((image) => ({
      id: image.id,
      width: image.width,
      height: image.height,
      thumb: galleryThumbUrl(row.id, image.id, !unlocked),
      url: unlocked ? extras.pictureUrl(image) : null,
    })),
    show: extras.show,
    vouchers: extras.vouchers,
  };
}
