import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { singleLine } from './fields.ts';
import { limitField, paged, pageField, searchField, showTile, tag, tagsField } from './shows.ts';

/**
 * Videos, galleries and the archive (spec part 2 sections 3 and 7). Image URLs are ready to use
 * (served by this server or the configured image hosts); clips only through the signed URL of
 * GET /videos/play, which only a buyer (or anyone, for a free part) gets.
 */

export const VIDEO_SORTS = ['new', 'rating', 'duration', 'price'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/** A `<source>` of a `<picture>`: a format's MIME type and its widths (common/domain/images.ts). */
export const imageSource = z.object({ type: z.string(), srcSet: z.string() });

export const videoTile = z.object({
  id: z.number().int(),
  ccid: z.number().int(),
  universalId: z.string(),
  showName: z.string(),
  slugName: z.string(),
  title: z.string(),
  /** Seconds, all parts. */
  duration: z.number().int(),
  rating: z.number().int(),
  ratingCount: z.number().int(),
  parts: z.number().int(),
  /** Coins for all parts together; 0 when every part is free. */
  price: z.number().int(),
  /** Whether some part is free to watch. */
  free: z.boolean(),
  /** Poster image URL (GET /videos/image/{id}/1). */
  image: z.string(),
  /** The poster's responsive renditions (GET /videos/image/{id}/1.<width>w.webp); `image` is the fallback. */
  imageSources: z.array(imageSource),
  tags: z.array(z.string()),
});
export type VideoTile = z.infer<typeof videoTile>;

export const videoPart = z.object({
  part: z.number().int(),
  duration: z.number().int(),
  price: z.number().int(),
  free: z.boolean(),
  /** Bought by this member, or free: GET /videos/play answers. */
  unlocked: z.boolean(),
  /** This member's own rating in percent, 0 when not rated. */
  myRating: z.number().int(),
});
export type VideoPart = z.infer<typeof videoPart>;

/** GET /videos/{id} */
export const videoDetail = videoTile.omit({ parts: true, tags: true }).extend({
  description: z.string(),
  parts: z.array(videoPart),
  tags: z.array(tag),
  show: showTile,
  /** VIDEO voucher coupons the member could use (0 when logged out). */
  vouchers: z.number().int(),
});
export type VideoDetail = z.infer<typeof videoDetail>;

/** GET /search/videos: the videos list, a show's videos, a tag or category, a text search. */
export const videosQuery = z.object({
  page: pageField,
  limit: limitField(PAGE_SIZES.videos, PAGE_SIZES.videos),
  showid: singleLine().max(40).optional(),
  tags: tagsField.optional(),
  sort: z.enum(VIDEO_SORTS).default('new'),
  cat: z.coerce.number().int().min(0).max(1_000_000).optional(),
  search: searchField.optional(),
});
export const videosResponse = paged(videoTile);
export type VideosResponse = z.infer<typeof videosResponse>;

export const mltQuery = z.object({ limit: limitField(PAGE_SIZES.moreLikeThis, PAGE_SIZES.moreLikeThis) });
export const mltVideosResponse = z.object({ data: z.array(videoTile) });

export const buyBody = z.object({ use_voucher: z.union([z.literal(0), z.literal(1)]).default(0) });
/** Rating in percent (the dialog's stars x 10, or 10 per star of 10). */
export const rateBody = z.object({ rating: z.number().int().min(1, 'errors.validations.rating').max(100) });
export const rateResponse = z.object({
  rating: z.number().int(),
  ratingCount: z.number().int(),
  myRating: z.number().int(),
});
export type RateResponse = z.infer<typeof rateResponse>;

/** POST /videos/buy/{ccid}/{part}: the video as the buyer now sees it and the new balance. */
export const buyVideoResponse = z.object({ video: videoDetail, coins: z.number().int() });
export type BuyVideoResponse = z.infer<typeof buyVideoResponse>;

/** GET /videos/play/{ccid}/{part}: a short-lived signed clip URL (HTTP ranges) and the view URL to POST once playback starts. */
export const playResponse = z.object({ url: z.string(), view_url: z.string(), expires: z.number().int() });
export type PlayResponse = z.infer<typeof playResponse>;

export const galleryTile = z.object({
  id: z.number().int(),
  universalId: z.string(),
  showName: z.string(),
  slugName: z.string(),
  title: z.string(),
  price: z.number().int(),
  free: z.boolean(),
  rating: z.number().int(),
  ratingCount: z.number().int(),
  imageCount: z.number().int(),
  /** Cover picture URL (the blurred variant while the gallery is locked for this visitor). */
  cover: z.string(),
  /** The cover's responsive renditions (signed like `cover` when it is); empty without a cover. */
  coverSources: z.array(imageSource),
});
export type GalleryTile = z.infer<typeof galleryTile>;

export const galleryImage = z.object({
  id: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** 320x240 preview: blurred while locked. */
  thumb: z.string(),
  /** The full picture; null while locked. */
  url: z.string().nullable(),
});

/** GET /galleries/{universalId}/{id} and GET /galleries/free/{universalId} */
export const galleryDetail = galleryTile.extend({
  unlocked: z.boolean(),
  myRating: z.number().int(),
  images: z.array(galleryImage),
  show: showTile,
  vouchers: z.number().int(),
});
export type GalleryDetail = z.infer<typeof galleryDetail>;

export const galleriesQuery = z.object({
  page: pageField,
  limit: limitField(PAGE_SIZES.galleries, PAGE_SIZES.galleries),
  showid: singleLine().max(40).optional(),
  tags: tagsField.optional(),
  sort: z.enum(['new', 'rating', 'price']).default('new'),
  search: searchField.optional(),
});
export const galleriesResponse = paged(galleryTile);
export type GalleriesResponse = z.infer<typeof galleriesResponse>;
export const mltGalleriesResponse = z.object({ data: z.array(galleryTile) });

export const buyGalleryResponse = z.object({ gallery: galleryDetail, coins: z.number().int() });
export type BuyGalleryResponse = z.infer<typeof buyGalleryResponse>;

/** Archive: what the member bought, latest first. */
export const archiveVideo = videoTile.extend({ part: z.number().int(), bought_at: z.string() });
export type ArchiveVideo = z.infer<typeof archiveVideo>;
export const archiveGallery = galleryTile.extend({ bought_at: z.string() });
export type ArchiveGallery = z.infer<typeof archiveGallery>;
export const archivePageQuery = z.object({ page: pageField });
export const archiveVideosResponse = paged(archiveVideo);
export const archiveGalleriesResponse = paged(archiveGallery);
/** GET /archive/latest: the latest 4 of each; *_count how many are in `data`, *_total how many were bought in all. */
export const archiveLatestResponse = z.object({
  data: z.object({ videos: z.array(archiveVideo), galleries: z.array(archiveGallery) }),
  video_count: z.number().int(),
  gallery_count: z.number().int(),
  video_total: z.number().int(),
  gallery_total: z.number().int(),
});
export type ArchiveLatest = z.infer<typeof archiveLatestResponse>;

/** A picture the member unlocked from a performer's message: signed URLs for her, and whose show it is. */
export const archivePicture = z.object({
  id: z.number().int(),
  universalId: z.string(),
  showName: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumb: z.string(),
  url: z.string(),
  bought_at: z.string(),
});
export type ArchivePicture = z.infer<typeof archivePicture>;
/** GET /archive/pictures: the unlocked pictures, the latest first. */
export const archivePicturesResponse = paged(archivePicture);
