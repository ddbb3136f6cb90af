import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { pageViews } from '#server/db/schema/analytics.ts';

export type PageViewKey = { day: string; websiteId: number; webid: number; host: string };
type Pending = PageViewKey & { views: number; memberViews: number };

/** Keys held before a flush is due anyway (days x sites x hosts: a handful in practice). */
const MAX_PENDING_KEYS = 5_000;

export type PageViewCounter = {
  /** Counts one view in memory; nothing touches the database here. */
  count(key: PageViewKey, member: boolean): void;
  /** Writes the counts so far as one upsert; on failure they stay for the next flush. */
  flush(): Promise<void>;
  pending(): number;
};

/**
 * Page views are counted in this process and written in batches: one statement adding the
 * deltas per day, site and host, however many views came in. Several processes each add their
 * own deltas, so the sums stay right without any coordination.
 */
export function pageViewCounter(db: () => DbOrTx, onOverflow: () => void = () => {}): PageViewCounter {
  let pending = new Map<string, Pending>();
  let flushing: Promise<void> | null = null;

  const merge = (into: Map<string, Pending>, row: Pending) => {
    const k = `${row.day}|${row.websiteId}|${row.webid}|${row.host}`;
    const had = into.get(k);
    if (had) {
      had.views += row.views;
      had.memberViews += row.memberViews;
    } else into.set(k, { ...row });
  };

  const write = async () => {
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    try {
      await db()
        .insert(pageViews)
        .values([...batch.values()])
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.websiteId, pageViews.webid, pageViews.host],
          set: {
            views: sql`${pageViews.views} + excluded.views`,
            memberViews: sql`${pageViews.memberViews} + excluded.member_views`,
          },
        });
    } catch (err) {
      for (const row of batch.values()) merge(pending, row);
      throw err;
    }
  };

  const flush = async () => {
    // One write at a time; a flush asked for meanwhile writes what came after.
    while (flushing) await flushing;
    flushing = write().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  return {
    count(key, member) {
      merge(pending, { ...key, views: 1, memberViews: member ? 1 : 0 });
      if (pending.size >= MAX_PENDING_KEYS) onOverflow();
    },
    flush,
    pending: () => [...pending.values()].reduce((sum, row) => sum + row.views, 0),
  };
}
