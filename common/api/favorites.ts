import { z } from 'zod';
import { singleLine } from './fields.ts';
import { showTile } from './shows.ts';

/**
 * Favorites (spec part 1 "Favorite", "Favorite notification setting"). The notification window is
 * info_start/info_end as "HH:MM" (minutes in 15-minute steps) or null: both null = off,
 * 00:00-00:00 = daily, anything else a time span (common/domain/favorite-window.ts).
 */
const TIME = /^([01]\d|2[0-3]):(00|15|30|45)$/;
export const favoriteTime = singleLine().regex(TIME, 'errors.validations.time_step');

export const favorite = z.object({
  id: z.number().int(),
  universalId: z.string(),
  show: showTile,
  name: z.string(),
  online: z.boolean(),
  info_type: z.number().int(),
  show_id: z.number().int(),
  contentprovider_id: z.number().int(),
  info_start: z.string().nullable(),
  info_end: z.string().nullable(),
});
export type Favorite = z.infer<typeof favorite>;

/** GET /user/favorites: online ones first, then by name; `online` feeds the top bar's badge. */
export const favoritesResponse = z.object({ data: z.array(favorite), online: z.number().int() });
export type FavoritesResponse = z.infer<typeof favoritesResponse>;

/** GET|POST|PUT|DELETE /favorites/{universalId} */
export const favoriteParams = z.object({ id: singleLine().min(1).max(40) });
export const favoriteResponse = z.object({ data: favorite });

/** PUT /favorites/{id}: the window; both required together (errors.validations.required). */
export const favoriteWindowBody = z
  .object({ info_start: favoriteTime.nullable(), info_end: favoriteTime.nullable() })
  .superRefine((v, ctx) => {
    if (v.info_start !== null && v.info_end === null) {
      ctx.addIssue({ code: 'custom', path: ['info_end'], message: 'errors.validations.required' });
    }
    if (v.info_start === null && v.info_end !== null) {
      ctx.addIssue({ code: 'custom', path: ['info_start'], message: 'errors.validations.required' });
    }
  });
export type FavoriteWindowBody = z.infer<typeof favoriteWindowBody>;
