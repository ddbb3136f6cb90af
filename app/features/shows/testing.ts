import type { CategoriesResponse, ShowDetail, ShowsResponse, ShowTile } from '#common/api/shows.ts';

/** A show as the list answers it. */
export const showTile = (over: Partial<ShowTile> = {}): ShowTile => ({
  id: 11,
  universalId: 'u-anna',
  slugName: 'anna',
  showName: 'Anna',
  online: true,
  previews: [101, 102],
  contentproviderId: 1,
  texts: { slogan: 'Hello there', description: 'I love long talks.' },
  flags: { free: false, exclusive: 0 },
  pricePerMinute: 30,
  priceFactorExclusive: 150,
  age: 27,
  languages: ['de', 'en'],
  location: { city: 'Berlin', country: 'Germany' },
  distance: null,
  rating: 92,
  ratingCount: 14,
  features: { sound: true, phoneChat: false },
  phoneChat: false,
  phoneExtension: null,
  phoneChatOn: false,
  phoneChatConnecting: false,
  phoneChatBusy: false,
  ribbon: null,
  ...over,
});

/** A show as its page answers it. */
export const showDetail = (over: Partial<ShowDetail> = {}): ShowDetail => ({
  ...showTile(),
  isFavorite: false,
  categories: [2],
  tags: [{ id: 1, slug: 'blonde', name: 'Blonde' }],
  promo: null,
  videoCount: 3,
  galleryCount: 2,
  freeGalleryId: null,
  messagePrice: 0,
  privateMode: null,
  paused: false,
  ...over,
});

/** A page of the show list. */
export const showsPage = (data: ShowTile[], over: Partial<ShowsResponse> = {}): ShowsResponse => ({
  current_page: 1,
  last_page: 1,
  total: data.length,
  data,
  more: false,
  promos: [],
  ...over,
});

const category = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  description: `All about ${name}`,
});

/** The categories answer: 1 (hidden), 20 (special), a few more, and search categories. */
export const categoriesAnswer = (): CategoriesResponse => ({
  data: [
    category(1, 'Hidden'),
    category(2, 'Girls'),
    category(20, 'Special'),
    category(3, 'Couples'),
    category(4, 'Mature'),
    category(5, 'Trans'),
  ],
  search_categories: [category(1013, 'Tattoos'), category(1062, 'Outdoor'), category(1099, 'Unlisted')],
});
