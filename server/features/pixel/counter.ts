import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { pageViews } from '#server/db/schema/analytics.ts';

export type PageViewKey = { day: string; websiteId: number; webid: number; host: string };
type Pending = PageViewKey & { views: number; memberViews: number };

/** Keys held before a flush is due anyway (days x sites x hosts: a handful in practice). */
export const MAX_PENDING_KEYS = 5_000;
/**
 * Keys held at most. Only while writes fail can the map grow past MAX_PENDING_KEYS (the early
 * flush empties it otherwise); from here on the views of new keys are dropped, so an outage of
 * the database costs some counts rather than the process's memory.
 */
export const MAX_HELD_KEYS = 20_000;

export type PageViewCounterEvents = {
  /** MAX_PENDING_KEYS reached: a flush is wanted before the timer's. */
  onOverflow?: () => void;
  /** Views were dropped at MAX_HELD_KEYS: told once, and again only after a write succeeded. */
  onDrop?: () => void;
};

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
export function pageViewCounter(db: () => DbOrTx, events: PageViewCounterEvents = {}): PageViewCounter {
  let pending = new Map<string, Pending>();
  let flushing: Promise<void> | null = null;
  let dropping = false;

  /** Adds the row's counts; false when it was a new key and the map is full. */
  const merge = (into: Map<string, Pending>, row: Pending): boolean => {
    const k = `${row.day}|${row.websiteId}|${row.webid}|${row.host}`;
    const had = into.get(k);
    if (had) {
      had.views += row.views;
      had.memberViews += row.memberViews;
      return true;
    }
    if (into.size >= MAX_HELD_KEYS) {
      if (!dropping) events.onDrop?.();
      dropping = true;
      return false;
    }
    into.set(k, { ...row });
    return true;
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
      dropping = false;
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
      const before = pending.size;
      merge(pending, { ...key, views: 1, memberViews: member ? 1 : 0 });
      // Asked once as the threshold is crossed: while writes fail, every further view asking
      // again would only hammer the database; the timer keeps retrying.
      if (before < MAX_PENDING_KEYS && pending.size >= MAX_PENDING_KEYS) events.onOverflow?.();
    },
    flush,
    pending: () => [...pending.values()].reduce((sum, row) => sum + row.views, 0),
  };
}
