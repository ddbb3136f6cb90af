import type { ArchiveGallery, ArchivePicture, ArchiveVideo, GalleryTile, VideoTile } from '#common/api/media.ts';
import type { Paged } from '#common/api/shows.ts';
import type { GalleryUrls } from '#server/features/galleries/urls.ts';
import type { BoughtGallery, BoughtVideo, boughtPictures } from './data.ts';

/** The archive's video entries: each bought part with its video's tile (entries of vanished videos are left out). */
export function presentArchiveVideos(bought: readonly BoughtVideo[], tiles: readonly VideoTile[]): ArchiveVideo[] {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  return bought.flatMap((b) => {
    const tile = byId.get(b.videoId);
    return tile ? [{ ...tile, part: b.part, bought_at: b.boughtAt.toISOString() }] : [];
  });
}

export function presentArchiveGalleries(
  bought: readonly BoughtGallery[],
  tiles: readonly GalleryTile[],
): ArchiveGallery[] {
  const byId = new Map(tiles.map((t) => [t.id, t]));
  return bought.flatMap((b) => {
    const tile = byId.get(b.galleryId);
    return tile ? [{ ...tile, bought_at: b.boughtAt.toISOString() }] : [];
  });
}

/** The archive's unlocked pictures, through URLs signed for the member. */
export function presentArchivePictures(
  rows: Awaited<ReturnType<typeof boughtPictures>>,
  urls: GalleryUrls,
): ArchivePicture[] {
  return rows.map((r) => ({
    id: r.imageId,
    universalId: r.universalId,
    showName: r.showName,
    width: r.width,
    height: r.height,
    thumb: urls.thumb(r.galleryId, r.imageId),
    url: urls.picture(r.galleryId, r.imageId),
    bought_at: r.boughtAt.toISOString(),
  }));
}

/** A page of the archive (spec "Paged result"); a page past the end is empty. */
export function presentPage<T>(data: T[], page: number, perPage: number, total: number): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { current_page: page, last_page: lastPage, total, data, more: page < lastPage };
}
