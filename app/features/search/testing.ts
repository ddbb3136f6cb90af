import { showTileRow } from '#app/features/favorites/testing.ts';
import type { GalleryTile, VideoTile } from '#common/api/media.ts';
import type { SearchAllResponse } from '#common/api/search.ts';
import { imageSources } from '#common/domain/images.ts';

/** A video tile as the server presents it, for tests. */
export const videoTileRow = (over: Partial<VideoTile> = {}): VideoTile => ({
  id: 501,
  ccid: 9001,
  universalId: 'u-anna',
  showName: 'Anna',
  slugName: 'anna',
  title: 'Anna at the beach',
  duration: 300,
  rating: 80,
  ratingCount: 4,
  parts: 2,
  price: 40,
  free: false,
  image: '/api/videos/image/501/1',
  imageSources: imageSources('/api/videos/image/501/1'),
  tags: [],
  ...over,
});

/** A gallery tile as the server presents it, for tests. */
export const galleryTileRow = (over: Partial<GalleryTile> = {}): GalleryTile => ({
  id: 301,
  universalId: 'u-anna',
  showName: 'Anna',
  slugName: 'anna',
  title: 'Anna in Berlin',
  price: 20,
  free: false,
  rating: 70,
  ratingCount: 3,
  imageCount: 12,
  cover: '/media/galleries/301/1_320x240_b.jpg',
  coverSources: imageSources('/media/galleries/301/1_320x240_b.jpg'),
  ...over,
});

/** A GET /search/all answer with one of each, or the given sections. */
export const searchAllAnswer = (over: Partial<SearchAllResponse> = {}): SearchAllResponse => ({
  shows: { data: [showTileRow({ online: true })], total: 7 },
  videos: { data: [videoTileRow()], total: 1 },
  galleries: { data: [galleryTileRow()], total: 2 },
  ...over,
});

export const emptySearchAll: SearchAllResponse = {
  shows: { data: [], total: 0 },
  videos: { data: [], total: 0 },
  galleries: { data: [], total: 0 },
};

export { showTileRow };
