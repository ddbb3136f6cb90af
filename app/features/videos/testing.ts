import type {
  ArchiveGallery,
  ArchiveVideo,
  GalleryDetail,
  GalleryTile,
  VideoDetail,
  VideoPart,
  VideoTile,
} from '#common/api/media.ts';
import type { ShowTile } from '#common/api/shows.ts';
import { imageSources } from '#common/domain/images.ts';

/** Catalogue rows as the server presents them, for component tests. */
export const testShow = (over: Partial<ShowTile> = {}): ShowTile => ({
  id: 11,
  universalId: 'u-anna',
  slugName: 'anna',
  showName: 'Anna',
  online: true,
  previews: [1],
  contentproviderId: 1,
  texts: { slogan: 'Hi', description: 'About me' },
  flags: { free: true, exclusive: 0 },
  pricePerMinute: 30,
  priceFactorExclusive: 150,
  age: 25,
  languages: ['en'],
  location: { city: 'Berlin', country: 'DE' },
  distance: null,
  rating: 90,
  ratingCount: 12,
  features: { sound: true, phoneChat: false },
  phoneChat: false,
  phoneExtension: null,
  phoneChatOn: false,
  phoneChatConnecting: false,
  phoneChatBusy: false,
  ribbon: null,
  ...over,
});

export const testVideoTile = (over: Partial<VideoTile> = {}): VideoTile => ({
  id: 5,
  ccid: 5005,
  universalId: 'u-anna',
  showName: 'Anna',
  slugName: 'anna',
  title: 'Beach day',
  duration: 125,
  rating: 80,
  ratingCount: 4,
  parts: 2,
  price: 50,
  free: true,
  image: '/api/videos/image/5/1',
  imageSources: imageSources('/api/videos/image/5/1'),
  tags: ['outdoor'],
  ...over,
});

export const testPart = (over: Partial<VideoPart> = {}): VideoPart => ({
  part: 1,
  duration: 60,
  price: 0,
  free: true,
  unlocked: true,
  myRating: 0,
  ...over,
});

export const testVideo = (over: Partial<VideoDetail> = {}): VideoDetail => {
  const { parts: _parts, tags: _tags, ...tile } = testVideoTile();
  return {
    ...tile,
    description: 'A sunny day at the sea.',
    parts: [testPart(), testPart({ part: 2, duration: 65, price: 50, free: false, unlocked: false })],
    tags: [{ id: 1, slug: 'outdoor', name: 'Outdoor' }],
    show: testShow(),
    vouchers: 0,
    ...over,
  };
};

export const testGalleryTile = (over: Partial<GalleryTile> = {}): GalleryTile => ({
  id: 9,
  universalId: 'u-anna',
  showName: 'Anna',
  slugName: 'anna',
  title: 'Summer set',
  price: 40,
  free: false,
  rating: 0,
  ratingCount: 0,
  imageCount: 3,
  cover: '/media/galleries/9/91_320x240_b.jpg',
  coverSources: imageSources('/media/galleries/9/91_320x240_b.jpg'),
  ...over,
});

export const testGallery = (unlocked: boolean, over: Partial<GalleryDetail> = {}): GalleryDetail => ({
  ...testGalleryTile(),
  unlocked,
  myRating: 0,
  images: [91, 92, 93].map((id) => ({
    id,
    width: 1200,
    height: 900,
    thumb: `/media/galleries/9/${id}_320x240${unlocked ? '' : '_b'}.jpg`,
    url: unlocked ? `/media/pictures/token-${id}` : null,
  })),
  show: testShow(),
  vouchers: 0,
  ...over,
});

export const testArchiveVideo = (over: Partial<ArchiveVideo> = {}): ArchiveVideo => ({
  ...testVideoTile(),
  part: 2,
  bought_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const testArchiveGallery = (over: Partial<ArchiveGallery> = {}): ArchiveGallery => ({
  ...testGalleryTile({ cover: '/media/galleries/9/91_320x240.jpg' }),
  bought_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const paged = <T>(data: T[], page = 1, lastPage = 1) => ({
  current_page: page,
  last_page: lastPage,
  total: data.length + (lastPage - 1) * 48,
  data,
  more: page < lastPage,
});
