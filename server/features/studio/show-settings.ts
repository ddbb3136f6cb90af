import { eq } from 'drizzle-orm';
import type { StudioShowSettingsBody } from '#common/api/studio.ts';
import type { ShowSettings } from '#common/domain/show-settings.ts';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';

const settingsColumns = {
  universalId: shows.universalId,
  free: shows.free,
  pricePerMinute: shows.pricePerMinute,
  priceFactorExclusive: shows.priceFactorExclusive,
  exclusive: shows.exclusive,
};

export type SettingsChange = { universalId: string; before: ShowSettings; after: ShowSettings };

/**
 * Writes the settings she sent (the message price too: no open page shows it, so it is not part
 * of the before and after that go out) to her show (by its internal id, from her session, never from
 * the request) and answers them before and after, or null when the show is gone. The row is
 * locked between reading and writing, so two saves at once each see what the other left.
 */
export async function updateShowSettings(
  db: Db,
  showId: number,
  changes: StudioShowSettingsBody,
): Promise<SettingsChange | null> {
  const { free, pricePerMinute, priceFactorExclusive, exclusive, messagePrice } = changes;
  const set = Object.fromEntries(
    Object.entries({ free, pricePerMinute, priceFactorExclusive, exclusive, messagePrice }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return db.transaction(async (tx) => {
    const [before] = await tx.select(settingsColumns).from(shows).where(eq(shows.id, showId)).for('update');
    if (!before) return null;
    const [after] = await tx.update(shows).set(set).where(eq(shows.id, showId)).returning(settingsColumns);
    if (!after) return null;
    const { universalId, ...rest } = before;
    const { universalId: _, ...now } = after;
    return { universalId, before: rest, after: now };
  });
}
