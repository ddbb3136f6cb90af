import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { siteHosts } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { galleries, type PublicationStatus, shows, videos } from '#server/db/schema/catalog.ts';
import {
  type ComplaintParty,
  type NoticeAction,
  type NoticeGround,
  noticeComplaints,
  noticeTargets,
  statementsOfReasons,
  takedownNotices,
} from '#server/db/schema/content.ts';
import { recordAudit } from '#server/features/admin/audit.ts';
import { type NoticeTargetRow, noticeTargetRows } from './data.ts';
import { mailComplaintDecision, mailNoticeDecision, mailStatements } from './mails.ts';
import { resolveNoticeUrl } from './resolve.ts';

/** A party may complain within this many months of the decision (DSA Art. 20(1)). */
export const COMPLAINT_MONTHS = 6;

/**
 * The last moment a complaint is accepted about a decision a party learnt of at `at`: the
 * performer's statement of reasons, the notifier's decision (the studio shows it, fileComplaint checks it).
 */
export function complaintUntil(at: Date): Date {
  const until = new Date(at);
  until.setUTCMonth(until.getUTCMonth() + COMPLAINT_MONTHS);
  return until;
}

/** Stores a notice as it arrives, open, with what each of its URLs points at. */
export async function storeNotice(
  ctx: Pick<AppContext, 'db' | 'config'>,
  n: {
    userId: number | null;
    name: string | null;
    email: string | null;
    urls: string[];
    category: string;
    explanation: string;
    locale: Locale;
  },
): Promise<{ id: number }> {
  const hosts = siteHosts(ctx.config);
  const targets = await Promise.all(n.urls.map((url) => resolveNoticeUrl(ctx.db, url, hosts)));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(takedownNotices)
      .values({ ...n, goodFaith: true })
      .returning({ id: takedownNotices.id });
    if (!row) throw new Error('notice insert returned nothing');
    await tx.insert(noticeTargets).values(targets.map((t) => ({ ...t, noticeId: row.id })));
    return row;
  });
}

/**
 * Resolves the stored URLs of a notice that has no targets yet (one that arrived before targets
 * were kept): when the console opens it and before it is decided. Twice at once resolves once.
 */
export async function ensureNoticeTargets(ctx: Pick<AppContext, 'db' | 'config'>, noticeId: number): Promise<number> {
  const missing = sql`not exists (select 1 from notice_targets nt where nt.notice_id = ${takedownNotices.id})`;
  const [notice] = await ctx.db
    .select({ urls: takedownNotices.urls })
    .from(takedownNotices)
    .where(and(eq(takedownNotices.id, noticeId), missing));
  if (!notice || notice.urls.length === 0) return 0;
  const hosts = siteHosts(ctx.config);
  const targets = await Promise.all(notice.urls.map((url) => resolveNoticeUrl(ctx.db, url, hosts)));
  return ctx.db.transaction(async (tx) => {
    // The notice's row locked first, then looked at again: a second opening waits and finds them stored.
    await tx
      .select({ id: takedownNotices.id })
      .from(takedownNotices)
      .where(eq(takedownNotices.id, noticeId))
      .for('update');
    const [stored] = await tx
      .select({ id: noticeTargets.id })
      .from(noticeTargets)
      .where(eq(noticeTargets.noticeId, noticeId))
      .limit(1);
    if (stored) return 0;
    await tx.insert(noticeTargets).values(targets.map((t) => ({ ...t, noticeId })));
    return targets.length;
  });
}

type Restricted = { kind: NoticeTargetRow['kind']; id: number; title: string; showId: number };

/** A show a decision withheld: after the commit its broadcast and chat sessions are stopped. */
export type WithheldShow = { id: number; universalId: string; free: boolean };

/**
 * Takes a notice's resolved content off the site: videos and galleries `removed` (the status each
 * had kept on the notice's target, for a restore), shows withheld and taken offline.
 */
async function restrict(tx: Tx, targets: NoticeTargetRow[], now: Date): Promise<Restricted[]> {
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
async function restore(tx: Tx, noticeId: number, targets: NoticeTargetRow[]): Promise<Restricted[]> {
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
async function withheldShows(tx: Tx, restricted: Restricted[]): Promise<WithheldShow[]> {
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

/** One statement of reasons per show whose content was restricted; their ids. */
async function writeStatements(
  tx: Tx,
  noticeId: number,
  restricted: Restricted[],
  decision: { ground: NoticeGround; reasoning: string },
  now: Date,
): Promise<number[]> {
  const byShow = new Map<number, Restricted[]>();
  for (const r of restricted) byShow.set(r.showId, [...(byShow.get(r.showId) ?? []), r]);
  const ids: number[] = [];
  for (const [showId, items] of byShow) {
    const [row] = await tx
      .insert(statementsOfReasons)
      .values({
        noticeId,
        showId,
        restricted: items.map(({ kind, id, title }) => ({ kind, id, title })),
        ground: decision.ground,
        reasoning: decision.reasoning,
        automated: false,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: statementsOfReasons.id });
    if (row) ids.push(row.id);
  }
  return ids;
}

export type NoticeDecision = { action: NoticeAction; ground: NoticeGround; reasoning: string };

/**
 * Decides an open notice: the content is removed (or kept), a statement of reasons written for each
 * show that lost content, the decision audited, all in one transaction that only an open notice
 * passes (a second submit finds it decided). Then the notifier and the performers are mailed.
 */
export async function decideNotice(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'live' | 'chat' | 'presence'>,
  input: { noticeId: number; operatorId: number; decision: NoticeDecision; now?: Date },
): Promise<'decided' | 'already_decided' | 'not_found'> {
  const now = input.now ?? new Date();
  const { decision } = input;
  await ensureNoticeTargets(ctx, input.noticeId);
  const result = await ctx.db.transaction(async (tx) => {
    const [notice] = await tx
      .update(takedownNotices)
      .set({
        status: 'decided',
        decidedAt: now,
        decidedBy: input.operatorId,
        ...decision,
        automated: false,
        effect: decision.action === 'remove' ? 'removed' : 'kept',
      })
      .where(and(eq(takedownNotices.id, input.noticeId), eq(takedownNotices.status, 'open')))
      .returning();
    if (!notice) {
      const [exists] = await tx
        .select({ id: takedownNotices.id })
        .from(takedownNotices)
        .where(eq(takedownNotices.id, input.noticeId));
      return exists ? ('already_decided' as const) : ('not_found' as const);
    }
    const targets = await noticeTargetRows(tx, notice.id);
    const restricted = decision.action === 'remove' ? await restrict(tx, targets, now) : [];
    const statementIds = await writeStatements(tx, notice.id, restricted, decision, now);
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: `notice.${decision.action}`,
      subjectType: 'notice',
      subjectId: notice.id,
      before: { status: 'open' },
      after: {
        status: 'decided',
        action: decision.action,
        ground: decision.ground,
        restricted: restricted.map((r) => `${r.kind}:${r.id}`),
      },
      reason: decision.reasoning,
    });
    return { notice, statementIds, withheld: await withheldShows(tx, restricted) };
  });
  if (typeof result === 'string') return result;
  await stopWithheldShows(ctx, result.withheld);
  await mailNoticeDecision(ctx, result.notice);
  await mailStatements(ctx, result.statementIds);
  return 'decided';
}

/**
 * Files a complaint about a decided notice (DSA Art. 20), once per party (and, for performers, per
 * show): the notifier within COMPLAINT_MONTHS of the decision, the performer within as many of her
 * statement of reasons (which a complaint upheld later may have written).
 */
export async function fileComplaint(
  db: DbOrTx,
  input: { noticeId: number; party: ComplaintParty; showId: number | null; text: string; now?: Date },
): Promise<{ id: number } | 'not_decided' | 'too_late' | 'exists'> {
  const now = input.now ?? new Date();
  const [notice] = await db
    .select({ decidedAt: takedownNotices.decidedAt })
    .from(takedownNotices)
    .where(eq(takedownNotices.id, input.noticeId));
  if (!notice?.decidedAt) return 'not_decided';
  let from = notice.decidedAt;
  if (input.party === 'performer' && input.showId !== null) {
    const [statement] = await db
      .select({ createdAt: statementsOfReasons.createdAt })
      .from(statementsOfReasons)
      .where(and(eq(statementsOfReasons.noticeId, input.noticeId), eq(statementsOfReasons.showId, input.showId)));
    if (statement) from = statement.createdAt;
  }
  if (now > complaintUntil(from)) return 'too_late';
  try {
    const [row] = await db
      .insert(noticeComplaints)
      .values({ noticeId: input.noticeId, party: input.party, showId: input.showId, text: input.text, createdAt: now })
      .returning({ id: noticeComplaints.id });
    if (!row) throw new Error('complaint insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'notice_complaints_once')) return 'exists';
    throw err;
  }
}

export type ComplaintOutcome = 'upheld' | 'rejected';

/**
 * Decides an open complaint. The moderator who decided the notice may not decide the complaint
 * about it (DSA Art. 20(6): not solely by the same person). Upheld reverses the decision: removed
 * content is published again, kept content is removed (with a statement of reasons). Both parties
 * are told.
 */
export async function decideComplaint(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'live' | 'chat' | 'presence'>,
  input: { complaintId: number; operatorId: number; outcome: ComplaintOutcome; reasoning: string; now?: Date },
): Promise<'decided' | 'already_decided' | 'not_found' | 'same_moderator'> {
  const now = input.now ?? new Date();
  const result = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ complaint: noticeComplaints, notice: takedownNotices })
      .from(noticeComplaints)
      .innerJoin(takedownNotices, eq(takedownNotices.id, noticeComplaints.noticeId))
      .where(eq(noticeComplaints.id, input.complaintId))
      .for('update');
    if (!found) return 'not_found' as const;
    if (found.complaint.status !== 'open') return 'already_decided' as const;
    if (found.notice.decidedBy === input.operatorId) return 'same_moderator' as const;
    const [complaint] = await tx
      .update(noticeComplaints)
      .set({ status: input.outcome, decidedAt: now, decidedBy: input.operatorId, reasoning: input.reasoning })
      .where(and(eq(noticeComplaints.id, input.complaintId), eq(noticeComplaints.status, 'open')))
      .returning();
    if (!complaint) return 'already_decided' as const;
    let changed: Restricted[] = [];
    let statementIds: number[] = [];
    let withheld: WithheldShow[] = [];
    if (input.outcome === 'upheld') {
      const targets = await noticeTargetRows(tx, found.notice.id);
      // The notice's current effect (not its first action) decides: kept, then removed on the
      // notifier's complaint, is restored on the performer's.
      const effect = found.notice.effect === 'removed' ? 'kept' : 'removed';
      await tx.update(takedownNotices).set({ effect }).where(eq(takedownNotices.id, found.notice.id));
      if (effect === 'kept') {
        changed = await restore(tx, found.notice.id, targets);
      } else {
        changed = await restrict(tx, targets, now);
        const ground = found.notice.ground === 'none' || !found.notice.ground ? 'illegal' : found.notice.ground;
        statementIds = await writeStatements(tx, found.notice.id, changed, { ground, reasoning: input.reasoning }, now);
        withheld = await withheldShows(tx, changed);
      }
    }
    await recordAudit(tx, {
      operatorId: input.operatorId,
      action: `notice.complaint_${input.outcome}`,
      subjectType: 'notice_complaint',
      subjectId: complaint.id,
      before: { status: 'open' },
      after: { status: input.outcome, changed: changed.map((r) => `${r.kind}:${r.id}`) },
      reason: input.reasoning,
    });
    return { complaint, notice: found.notice, statementIds, withheld };
  });
  if (typeof result === 'string') return result;
  await stopWithheldShows(ctx, result.withheld);
  await mailComplaintDecision(ctx, result.notice, result.complaint);
  await mailStatements(ctx, result.statementIds);
  return 'decided';
}
