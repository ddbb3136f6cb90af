import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { galleryTile, videoTile } from './media.ts';
import { limitField, paged, pageField, searchField, showTile, tagsField } from './shows.ts';

/**
 * Search (spec part 1 "Quick search", "Geo search", part 2 "Search result"): full text in German
 * and English, trigram similarity for typos and partial names, distance for lat/lon.
 */

/** GET /search/all: the quick search (limit 6 each); extend 1 also matches texts, not only names and titles. */
export const searchAllQuery = z.object({
  search: searchField.pipe(z.string().min(1, 'errors.validations.required')),
  page: pageField,
  limit: limitField(36, PAGE_SIZES.quickSearch),
  extend: z.coerce.number().int().min(0).max(1).default(0),
});
const section = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().int() });
export const searchAllResponse = z.object({
  shows: section(showTile),
  videos: section(videoTile),
  galleries: section(galleryTile),
});
export type SearchAllResponse = z.infer<typeof searchAllResponse>;

export const SHOW_FILTERS = ['online', 'free', 'new'] as const;

/**
 * GET /search/shows: text, geo (lat and lon together: nearest first, `distance` in km), tags,
 * a search category `cat` (unknown: 422 "Invalid category"), a filter.
 */
export const searchShowsQuery = z
  .object({
    search: searchField.optional(),
    page: pageField,
    limit: limitField(PAGE_SIZES.shows, PAGE_SIZES.shows),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lon: z.coerce.number().min(-180).max(180).optional(),
    tags: tagsField.optional(),
    cat: z.coerce.number().int().min(0).max(1_000_000).optional(),
    filter: z.enum(SHOW_FILTERS).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lon === undefined), {
    path: ['lat'],
    message: 'errors.validations.position',
  });
export const searchShowsResponse = paged(showTile);
export type SearchShowsResponse = z.infer<typeof searchShowsResponse>;
