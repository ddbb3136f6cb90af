import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { siteHosts } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx, Tx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { auditLog } from '#server/db/schema/audit.ts';
import {
  type ComplaintParty,
  type NoticeAction,
  type NoticeGround,
  noticeComplaints,
  noticeTargets,
  statementsOfReasons,
  takedownNotices,
} from '#server/db/schema/content.ts';
import { recordAudit } from '#server/features/admin/audit/mutations.ts';
import { consoleChanged } from '#server/features/admin/live.ts';
import { noticeTargetRows } from './data.ts';
import { type Restricted, restore, restrict, stopWithheldShows, type WithheldShow, withheldShows } from './effects.ts';
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
  ctx: Pick<AppContext, 'db' | 'config' | 'realtime'>,
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
  const stored = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(takedownNotices)
      .values({ ...n, goodFaith: true })
      .returning({ id: takedownNotices.id });
    if (!row) throw new Error('notice insert returned nothing');
    await tx.insert(noticeTargets).values(targets.map((t) => ({ ...t, noticeId: row.id })));
    return row;
  });
  // The moderators' queue and dashboard read again: a new notice waits.
  consoleChanged(ctx.realtime, ['notices']);
  return stored;
}

/** Whether a console action under this key was recorded already (its audit entry keeps the key). */
async function keyUsed(db: DbOrTx, formKey: string | undefined): Promise<boolean> {
  if (!formKey) return false;
  const [used] = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.formKey, formKey)).limit(1);
  return used !== undefined;
}

/**
 * Runs a console decision under its action key: a key that acted already answers `repeat` and
 * changes nothing, also when two requests under one key race (the log's unique key lets one commit,
 * and the other, which found the thing decided, learns that it was its own key).
 */
async function underKey<T extends string>(
  db: DbOrTx,
  formKey: string | undefined,
  run: () => Promise<T>,
): Promise<T | 'repeat'> {
  if (await keyUsed(db, formKey)) return 'repeat';
  try {
    const result = await run();
    if (result === 'already_decided' && (await keyUsed(db, formKey))) return 'repeat';
    return result;
  } catch (err) {
    if (isUniqueViolation(err, 'audit_log_form_key_unique')) return 'repeat';
    throw err;
  }
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
  input: { noticeId: number; operatorId: number; decision: NoticeDecision; now?: Date; formKey?: string },
): Promise<'decided' | 'already_decided' | 'not_found' | 'repeat'> {
  return underKey(ctx.db, input.formKey, () => decideNoticeOnce(ctx, input));
}

async function decideNoticeOnce(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'live' | 'chat' | 'presence'>,
  input: { noticeId: number; operatorId: number; decision: NoticeDecision; now?: Date; formKey?: string },
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
      formKey: input.formKey ?? null,
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
  input: ComplaintDecisionInput,
): Promise<'decided' | 'already_decided' | 'not_found' | 'same_moderator' | 'repeat'> {
  return underKey(ctx.db, input.formKey, () => decideComplaintOnce(ctx, input));
}

type ComplaintDecisionInput = {
  complaintId: number;
  operatorId: number;
  outcome: ComplaintOutcome;
  reasoning: string;
  now?: Date;
  formKey?: string;
};

async function decideComplaintOnce(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config' | 'live' | 'chat' | 'presence'>,
  input: ComplaintDecisionInput,
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
      formKey: input.formKey ?? null,
    });
    return { complaint, notice: found.notice, statementIds, withheld };
  });
  if (typeof result === 'string') return result;
  await stopWithheldShows(ctx, result.withheld);
  await mailComplaintDecision(ctx, result.notice, result.complaint);
  await mailStatements(ctx, result.statementIds);
  return 'decided';
}
