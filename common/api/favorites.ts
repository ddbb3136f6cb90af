import { z } from 'zod';
import { singleLine } from './fields.ts';
import { showTile } from './shows.ts';

/**
 * Favorites (spec part 1 "Favorite", "Favorite notification setting"). The notification window is
 * info_start/info_end as ISO times or null (decision record 026): both null = off, midnight to
 * midnight = daily, anything else a time span (common/domain/favorite-window.ts). The API answers
 * the time form with the offset of the member's zone now, "20:15:00+01:00".
 */

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

/**
 * PUT /favorites/{id}: the window; both required together (errors.validations.required). Each end
 * an ISO time ("20:15:00+01:00", "2026-11-24T20:15:00+01:00"; "20:15" without an offset is her
 * local time, as older clients sent it); what is no ISO time or no known zone, and minutes off the
 * 15-minute steps, answer 422 with the field named (server/features/favorites/window.ts).
 * `time_zone`: her IANA zone (stored in its canonical spelling), so the window follows her clock
 * across summer time; without it the offset of the times is kept.
 */
const isoTimeText = singleLine().max(40, 'errors.validations.too_long');
export const favoriteWindowBody = z
  .object({
    info_start: isoTimeText.nullable(),
    info_end: isoTimeText.nullable(),
    time_zone: singleLine().max(64, 'errors.validations.too_long').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.info_start !== null && v.info_end === null) {
      ctx.addIssue({ code: 'custom', path: ['info_end'], message: 'errors.validations.required' });
    }
    if (v.info_start === null && v.info_end !== null) {
      ctx.addIssue({ code: 'custom', path: ['info_start'], message: 'errors.validations.required' });
    }
  });
export type FavoriteWindowBody = z.infer<typeof favoriteWindowBody>;
