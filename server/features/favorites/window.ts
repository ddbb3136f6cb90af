import type { FavoriteWindowBody } from '#common/api/favorites.ts';
import { FAVORITE_MINUTE_STEP } from '#common/constants.ts';
import {
  canonicalTimeZone,
  DEFAULT_WINDOW_ZONE,
  formatOffset,
  localTimeIn,
  parseIsoTime,
  type ZonedWindow,
} from '#common/domain/favorite-time.ts';
import { invalidField } from '#server/errors.ts';

/** A 422 naming the field, like every other validation error: what came is no ISO time (or no time zone). */
const badTime = (field: string) => invalidField(field, 'errors.validations.invalid');

/**
 * The window a PUT asks for, as it is stored (decision record 026): her local times of day in her
 * zone, or null for off. The zone is the body's `time_zone` in its canonical spelling, else the
 * offset the start was written with, else the zone stored before, else the default. Both ends are
 * required together (the contract checks that); each must be an ISO time on the 15-minute grid
 * (422 for either, with the field named).
 */
export function windowOf(body: FavoriteWindowBody, storedZone: string | null, now: Date): ZonedWindow | null {
  if (body.info_start === null || body.info_end === null) return null;
  const bodyZone = body.time_zone === undefined ? undefined : canonicalTimeZone(body.time_zone);
  if (bodyZone === null) throw badTime('time_zone');
  const start = parseIsoTime(body.info_start);
  if (!start) throw badTime('info_start');
  const end = parseIsoTime(body.info_end);
  if (!end) throw badTime('info_end');
  const zone = bodyZone ?? (start.offset !== null ? formatOffset(start.offset) : (storedZone ?? DEFAULT_WINDOW_ZONE));
  const local = { info_start: localTimeIn(start, zone, now), info_end: localTimeIn(end, zone, now) };
  for (const [field, time] of Object.entries(local)) {
    const minute = Number(time.hhmm.slice(3));
    if (time.second !== 0 || minute % FAVORITE_MINUTE_STEP !== 0) {
      throw invalidField(field, 'errors.validations.time_step');
    }
  }
  return { start: local.info_start.hhmm, end: local.info_end.hhmm, zone };
}
