import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { livePublications } from '#server/db/schema/live.ts';

/** How long a holder's claim stands without renewal: a process that died is out of the way after this. */
export const PUBLICATION_LEASE_MS = 15_000;
/** How often the holder renews its leases (a third of the lease: two renewals may fail in a row). */
export const PUBLICATION_RENEW_MS = 5_000;

/** The process holding a show's publication: its NODE_NAME and where its siblings reach it. */
export type Holder = { node: string; internalUrl: string };

export type PublicationSource = 'camera' | 'demo';

export type LivePublicationsDeps = {
  db: Db;
  /** This process: NODE_NAME and INTERNAL_URL. */
  node: string;
  internalUrl: string;
  log: FastifyBaseLogger;
};

const lease = () => sql`now() + make_interval(secs => ${PUBLICATION_LEASE_MS / 1000})`;
const holderColumns = { node: livePublications.node, internalUrl: livePublications.internalUrl };
/** A lease that ran out holds nothing (the database's clock: the processes' clocks may differ). */
const standing = gt(livePublications.leaseUntil, sql`now()`);

/**
 * Which process holds which show's live publication (`live_publications`, decision 051). A
 * publication (her camera, a demo clip) lives in the embedded SFU of one process; this process
 * claims a show's row before it publishes, renews the leases of the shows it holds, and deletes a
 * row when its publication ends. A renewal that finds a row taken by another process (it thought
 * this one gone) tells `onLost`: that copy ends here, the other process's stands.
 */
export class LivePublications {
  private readonly held = new Set<string>();
  private onLost: (universalId: string) => void = () => {};

  constructor(private readonly deps: LivePublicationsDeps) {}

  get node(): string {
    return this.deps.node;
  }

  /** Who is told that a show's row was taken by another process (the live layer ends its copy). */
  whenLost(listener: (universalId: string) => void): void {
    this.onLost = listener;
  }

  /** The process holding the show's publication now; null when nobody does. */
  async holder(universalId: string): Promise<Holder | null> {
    return this.first(eq(livePublications.showUniversalId, universalId));
  }

  /** The same, by the show's numeric id (a subscription id carries it). */
  async holderOfShow(showId: number): Promise<Holder | null> {
    const [row] = await this.deps.db
      .select(holderColumns)
      .from(livePublications)
      .innerJoin(shows, eq(shows.universalId, livePublications.showUniversalId))
      .where(and(eq(shows.id, showId), standing))
      .limit(1);
    return row ?? null;
  }

  /**
   * Claims the show's publication for this process: when nobody holds it, this process does
   * already, its lease ran out, or its holder is `unanswered` (a process that did not answer a
   * call passed on: it is treated as gone). False when another process holds it. An interruption's
   * mark stays: this claim is her studio publishing again, and `resumed`, once that publish went
   * through, moves the waiting minutes on; should the show go offline instead, `release` deletes
   * the row, mark and all (its chat sessions end with the show: nothing to move on).
   */
  async claim(universalId: string, source: PublicationSource, unanswered: string | null = null): Promise<boolean> {
    const { db, node, internalUrl } = this.deps;
    const takeable: SQL[] = [eq(livePublications.node, node), sql`${livePublications.leaseUntil} <= now()`];
    if (unanswered) takeable.push(eq(livePublications.node, unanswered));
    const rows = await db
      .insert(livePublications)
      .values({ showUniversalId: universalId, node, internalUrl, source, paused: false, leaseUntil: lease() })
      .onConflictDoUpdate({
        target: livePublications.showUniversalId,
        set: {
          node: sql`excluded.node`,
          internalUrl: sql`excluded.internal_url`,
          source: sql`excluded.source`,
          paused: false,
          leaseUntil: sql`excluded.lease_until`,
        },
        setWhere: or(...takeable),
      })
      .returning({ node: livePublications.node });
    const claimed = rows.length > 0;
    if (claimed) this.held.add(universalId);
    return claimed;
  }

  /** The show held here was paused or resumed: processes answering for it elsewhere read it here. */
  async setPaused(universalId: string, paused: boolean): Promise<void> {
    await this.deps.db
      .update(livePublications)
      .set({ paused })
      .where(and(eq(livePublications.showUniversalId, universalId), eq(livePublications.node, this.deps.node)));
  }

  /** Whether the show is on air in any process, and paused; null when nobody holds it. */
  async state(universalId: string): Promise<{ paused: boolean } | null> {
    const [row] = await this.deps.db
      .select({ paused: livePublications.paused })
      .from(livePublications)
      .where(and(eq(livePublications.showUniversalId, universalId), standing))
      .limit(1);
    return row ?? null;
  }

  /** The show's publication here ended: its row goes (when it is still this process's). */
  async release(universalId: string): Promise<void> {
    this.held.delete(universalId);
    await this.deps.db
      .delete(livePublications)
      .where(and(eq(livePublications.showUniversalId, universalId), eq(livePublications.node, this.deps.node)));
  }

  /**
   * Her picture is interrupted (the media server carrying it was lost): the show's paid chat
   * minutes wait from now until `resumed` (billing.ts skips them). Only the holder marks its row,
   * and a mark already set keeps its start: two losses in a row are one interruption.
   */
  async interrupt(universalId: string): Promise<void> {
    await this.deps.db
      .update(livePublications)
      .set({ interruptedAt: sql`now()` })
      .where(
        and(
          eq(livePublications.showUniversalId, universalId),
          eq(livePublications.node, this.deps.node),
          isNull(livePublications.interruptedAt),
        ),
      );
  }

  /**
   * Her stream is back (her next publish went through): every open paid chat session of the show
   * has its next minute moved on by the time without a picture, and the mark goes, in one
   * statement. A session started during the interruption is moved on by the part it saw (from its
   * start). Nothing happens when the row is not this process's or carries no mark. Answers the
   * interruption's length in seconds and the sessions moved on, or null when there was none.
   */
  async resumed(universalId: string): Promise<{ seconds: number; sessions: number } | null> {
    const result = await this.deps.db.execute(sql`
      with mark as (
        select show_universal_id, interrupted_at from live_publications
        where show_universal_id = ${universalId} and node = ${this.deps.node} and interrupted_at is not null
        for update
      ), shifted as (
        update chat_sessions s
        set next_minute_at = s.next_minute_at + greatest(interval '0', now() - greatest(m.interrupted_at, s.started_at))
        from mark m join shows sh on sh.universal_id = m.show_universal_id
        where s.show_id = sh.id and s.ended_at is null and s.price_per_minute > 0 and s.next_minute_at is not null
        returning s.id
      ), cleared as (
        update live_publications p set interrupted_at = null
        from mark m where p.show_universal_id = m.show_universal_id
      )
      select extract(epoch from now() - m.interrupted_at)::float8 as seconds,
             (select count(*) from shifted)::int as sessions
      from mark m
    `);
    const [row] = (result as unknown as { rows: { seconds: number; sessions: number }[] }).rows;
    if (!row) return null;
    const resumed = { seconds: Number(row.seconds), sessions: Number(row.sessions) };
    this.deps.log.info({ show: universalId, ...resumed }, 'picture back: the show’s paid minutes moved on by the gap');
    return resumed;
  }

  /** Whether this process claimed the show and has not released or lost it. */
  holds(universalId: string): boolean {
    return this.held.has(universalId);
  }

  /** Renews the leases of the shows held here; a show whose row another process took is lost here. */
  async renew(): Promise<void> {
    const ids = [...this.held];
    if (!ids.length) return;
    const kept = await this.deps.db
      .update(livePublications)
      .set({ leaseUntil: lease() })
      .where(and(eq(livePublications.node, this.deps.node), inArray(livePublications.showUniversalId, ids)))
      .returning({ id: livePublications.showUniversalId });
    const still = new Set(kept.map((r) => r.id));
    for (const id of ids) {
      if (still.has(id) || !this.held.has(id)) continue;
      this.held.delete(id);
      this.deps.log.warn({ show: id }, 'another process took this show’s publication: its copy here ends');
      this.onLost(id);
    }
  }

  /**
   * The rows this process's NODE_NAME left behind (a crash, a kill): its publications died with it.
   * At the start, and on close for whatever is still held.
   */
  async releaseAll(): Promise<void> {
    this.held.clear();
    await this.deps.db.delete(livePublications).where(eq(livePublications.node, this.deps.node));
  }

  private async first(where: SQL): Promise<Holder | null> {
    const [row] = await this.deps.db.select(holderColumns).from(livePublications).where(and(where, standing)).limit(1);
    return row ?? null;
  }
}
