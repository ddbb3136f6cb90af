import type { NoticeDetail, NoticeTarget } from '#common/api/admin-notices.ts';
import type { ComplaintRow, NoticeRow, NoticeTargetRow } from '#server/features/notices/data.ts';

/** A notice as the console shows it, from its rows. */

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The public page of what a target names, on this site. */
function publicPath(target: NoticeTargetRow): string | null {
  if (target.targetId === null) return null;
  if (target.kind === 'video') return `/videos/clip/${target.targetId}`;
  if (target.kind === 'gallery' && target.showUniversalId)
    return `/chat/${encodeURIComponent(target.showUniversalId)}/galleries/${target.targetId}`;
  if (target.kind === 'show' && target.showUniversalId) return `/chat/${encodeURIComponent(target.showUniversalId)}`;
  return null;
}

export const presentTarget = (t: NoticeTargetRow): NoticeTarget => ({
  id: t.id,
  url: t.url,
  kind: t.kind,
  targetId: t.targetId,
  title: t.title,
  status: t.status,
  showName: t.showName,
  publicPath: publicPath(t),
});

export function presentNotice(
  notice: NoticeRow,
  targets: NoticeTargetRow[],
  complaints: ComplaintRow[],
  names: Map<number, string>,
  operatorId: number,
): NoticeDetail {
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: notice.id,
    status: notice.status,
    createdAt: notice.createdAt.toISOString(),
    category: notice.category,
    name: notice.name,
    email: notice.email,
    explanation: notice.explanation,
    targets: targets.map(presentTarget),
    decidedAt: iso(notice.decidedAt),
    decidedByName: name(notice.decidedBy),
    action: notice.action,
    ground: notice.ground,
    reasoning: notice.reasoning,
    automated: notice.automated,
    effect: notice.effect,
    complaints: complaints.map((c) => ({
      id: c.id,
      party: c.party,
      text: c.text,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
      decidedAt: iso(c.decidedAt),
      decidedByName: name(c.decidedBy),
      reasoning: c.reasoning,
    })),
    mayDecideComplaints: notice.decidedBy !== operatorId,
  };
}
