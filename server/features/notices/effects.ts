import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { galleries, type PublicationStatus, shows, videos } from '#server/db/schema/catalog.ts';
import { noticeTargets, takedownNotices } from '#server/db/schema/content.ts';
import type { NoticeTargetRow } from './data.ts';

/**
 * What a notice decision does to content, and what an upheld complaint undoes: restricting
 * (videos and galleries removed, shows withheld) and restoring (each item back to the status it had).
 */
export type Restricted = { kind: NoticeTargetRow['kind']; id: number; title: string; showId: number };

/** A show a decision withheld: after the commit its broadcast and chat sessions are stopped. */
export type WithheldShow = { id: number; universalId: string; free: boolean };

/**
 * Takes a notice's resolved content off the site: videos and galleries `removed` (the status each
 * had kept on the notice's target, for a restore), shows withheld and taken offline.
 */
export async function restrict(tx: Tx, targets: NoticeTargetRow[], now: Date): Promise<Restricted[]> {
  const done: Restricted[] = [];
  for (const t of targets) {
    if (t.targetId === null || t.showId === null) continue;
    if (t.kind === 'video' || t.kind === 'gallery') {
      const table = t.kind === 'video' ? videos : galleries;
      const [before] = await tx
        .select({ status: table.status })
        .from(table)
        .where(and(eq(table.id, t.targetId), inArray(table.status, ['published', 'pending'])))
        .for('update');
      if (!before) continue;
      await tx.update(table).set({ status: 'removed' }).where(eq(table.id, t.targetId));
      await tx.update(noticeTargets).set({ priorStatus: before.status }).where(eq(noticeTargets.id, t.id));
      done.push({ kind: t.kind, id: t.targetId, title: t.title ?? '', showId: t.showId });
    } else if (t.kind === 'show') {
      const rows = await tx
        .update(shows)
        .set({ withheldAt: now, online: false, onlineChangedAt: now, phoneChatOn: false })
        .where(and(eq(shows.id, t.targetId), sql`${shows.withheldAt} is null`))
        .returning({ id: shows.id });
      if (rows.length) done.push({ kind: 'show', id: t.targetId, title: t.title ?? '', showId: t.showId });
    }
  }
  return done;
}

/** Whether another decided notice whose effect is `removed` still covers this target. */
async function coveredElsewhere(tx: Tx, noticeId: number, t: NoticeTargetRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: noticeTargets.id })
    .from(noticeTargets)
    .innerJoin(takedownNotices, eq(takedownNotices.id, noticeTargets.noticeId))
    .where(
      and(
        eq(noticeTargets.kind, t.kind),
        eq(noticeTargets.targetId, t.targetId ?? 0),
        ne(noticeTargets.noticeId, noticeId),
        eq(takedownNotices.effect, 'removed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The status a removed video or gallery goes back to: the one this notice took it from, or (when
 * another notice had removed it first) the one that notice took it from; null when no notice did.
 */
async function priorStatusOf(tx: Tx, t: NoticeTargetRow): Promise<PublicationStatus | null> {
  if (t.priorStatus) return t.priorStatus as PublicationStatus;
  const [row] = await tx
    .select({ priorStatus: noticeTargets.priorStatus })
    .from(noticeTargets)
    .where(
      and(
        eq(noticeTargets.kind, t.kind),
        eq(noticeTargets.targetId, t.targetId ?? 0),
        sql`${noticeTargets.priorStatus} is not null`,
      ),
    )
    .orderBy(asc(noticeTargets.id))
    .limit(1);
  return (row?.priorStatus as PublicationStatus | undefined) ?? null;
}

/**
 * Puts what a notice restricted back: a removed video or gallery returns to the status it had
 * (a pending one stays pending), a withheld show is listed again; but not while another notice
 * whose effect is `removed` covers it, and never what no notice removed.
 */
export async function restore(tx: Tx, noticeId: number, targets: NoticeTargetRow[]): Promise<Restricted[]> {
  const done: Restricted[] = [];
  for (const t of targets) {
    if (t.targetId === null || t.showId === null) continue;
    if (await coveredElsewhere(tx, noticeId, t)) continue;
    if (t.kind === 'video' || t.kind === 'gallery') {
      const prior = await priorStatusOf(tx, t);
      if (!prior || prior === 'removed') continue;
      const table = t.kind === 'video' ? videos : galleries;
      const rows = await tx
        .update(table)
        .set({ status: prior })
        .where(and(eq(table.id, t.targetId), eq(table.status, 'removed')))
        .returning({ id: table.id });
      if (rows.length) done.push({ kind: t.kind, id: t.targetId, title: t.title ?? '', showId: t.showId });
    } else if (t.kind === 'show') {
      const rows = await tx
        .update(shows)
        .set({ withheldAt: null })
        .where(and(eq(shows.id, t.targetId), sql`${shows.withheldAt} is not null`))
        .returning({ id: shows.id });
      if (rows.length) done.push({ kind: 'show', id: t.targetId, title: t.title ?? '', showId: t.showId });
    }
  }
  return done;
}

/** The shows among what was restricted, as the live and chat services stop them. */
export async function withheldShows(tx: Tx, restricted: Restricted[]): Promise<WithheldShow[]> {
  const ids = restricted.filter((r) => r.kind === 'show').map((r) => r.id);
  if (ids.length === 0) return [];
  return tx
    .select({ id: shows.id, universalId: shows.universalId, free: shows.free })
    .from(shows)
    .where(inArray(shows.id, ids));
}

/**
 * After a decision withheld shows: a running broadcast ends, every open chat session of the show
 * ends (the show is offline), and open pages hear that it went offline.
 */
export async function stopWithheldShows(
  ctx: Pick<AppContext, 'live' | 'chat' | 'presence'>,
  withheld: WithheldShow[],
): Promise<void> {
  for (const show of withheld) {
    await ctx.live.stop({ ...show, online: false });
    const change = { [show.universalId]: { online: false, phoneChatOn: false } };
    await ctx.chat.showsChanged(change);
    ctx.presence.queue(change);
  }
}
