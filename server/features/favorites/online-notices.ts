import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '#common/constants.ts';
import { DEFAULT_WINDOW_ZONE, inWindow, wallClock } from '#common/domain/favorite-time.ts';
import type { FavoriteOnlineNotice } from '#common/realtime.ts';
import type { AppContext } from '#server/context.ts';
import { shows } from '#server/db/schema/catalog.ts';
import { favorites } from '#server/db/schema/member-catalog.ts';
import { users } from '#server/db/schema/users.ts';
import { hasPushTargets } from '#server/features/push/data.ts';
import { favoriteOnlineOptions, favoriteOnlinePush, showPath } from '#server/features/push/notices.ts';
import type { PresenceChange } from '#server/features/shows/presence.ts';

export type OnlineNoticeDeps = Pick<AppContext, 'db' | 'realtime' | 'mailer' | 'push' | 'config'>;

/** Favorites read and handled at a time: a show with many fans never holds one huge answer. */
export const NOTICE_BATCH = 500;
/**
 * A show that comes online again this soon after a notice is no news: a performer whose
 * connection drops and returns would otherwise pop up for her fans again and again.
 */
export const NOTICE_COOLDOWN_MS = 30 * 60_000;

type OnlineShow = { id: number; universalId: string; showName: string; slugName: string };

const candidateColumns = {
  id: favorites.id,
  userId: favorites.userId,
  showId: favorites.showId,
  start: favorites.infoStart,
  end: favorites.infoEnd,
  zone: favorites.infoTimeZone,
  email: users.email,
  locale: users.locale,
  wantsMail: users.favoriteMail,
  verified: users.isVerified,
  status: users.status,
};
type Candidate = { [K in keyof typeof candidateColumns]: (typeof candidateColumns)[K]['_']['data'] } & {
  start: string;
  end: string;
};

/**
 * Tells the members whose favorite just came online, when now lies inside their window for it
 * (daily: all day), on their clocks: a `user:favorite_online` to their sockets and, to one who has
 * no socket open, a push to her devices when she has any (decision 067), else (or when no device
 * took it) a mail in her language if she wants these mails and has confirmed her address: at most
 * one of them per favorite and her day. The favorites are read in id batches over an index of the ones with a window; each notice
 * is claimed with one conditional update per batch (none within NOTICE_COOLDOWN_MS of the last),
 * and the mail's day likewise, so two comings online at once tell and mail once.
 */
export async function noticeFavoritesOnline(
  deps: OnlineNoticeDeps,
  universalIds: string[],
  now: Date,
  batchSize = NOTICE_BATCH,
): Promise<{ notified: number; mailed: number; pushed: number }> {
  const counts = { notified: 0, mailed: 0, pushed: 0 };
  if (universalIds.length === 0) return counts;
  // Still online when this runs: a show that went off again meanwhile is no news.
  const online: OnlineShow[] = await deps.db
    .select({ id: shows.id, universalId: shows.universalId, showName: shows.showName, slugName: shows.slugName })
    .from(shows)
    .where(and(inArray(shows.universalId, universalIds), eq(shows.online, true)));
  if (online.length === 0) return counts;
  const byId = new Map(online.map((s) => [s.id, s]));
  let after = 0;
  for (;;) {
    const rows = await deps.db
      .select(candidateColumns)
      .from(favorites)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(and(inArray(favorites.showId, [...byId.keys()]), isNotNull(favorites.infoStart), gt(favorites.id, after)))
      .orderBy(asc(favorites.id))
      .limit(batchSize);
    const inside = rows.filter(
      (r): r is Candidate =>
        r.status === 'active' &&
        r.start !== null &&
        r.end !== null &&
        inWindow({ start: r.start, end: r.end, zone: r.zone ?? DEFAULT_WINDOW_ZONE }, now),
    );
    const claimed = await claimNotices(
      deps,
      inside.map((r) => r.id),
      now,
    );
    const due = inside.filter((r) => claimed.has(r.id));
    const told = await Promise.all(
      due.map((r) => {
        const show = byId.get(r.showId) as OnlineShow;
        const notice: FavoriteOnlineNotice = {
          show: { universalId: show.universalId, showName: show.showName, slugName: show.slugName },
        };
        deps.realtime.toUser(r.userId, 'user:favorite_online', notice);
        return tellIfAway(deps, r, show, now);
      }),
    );
    counts.notified += due.length;
    counts.mailed += told.filter((x) => x === 'mail').length;
    counts.pushed += told.filter((x) => x === 'push').length;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return counts;
    after = last.id;
  }
}

/** The favorites among `ids` not noticed within the cool-down, marked as noticed now. */
async function claimNotices(deps: OnlineNoticeDeps, ids: number[], now: Date): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const since = new Date(now.getTime() - NOTICE_COOLDOWN_MS);
  const rows = await deps.db
    .update(favorites)
    .set({ noticedAt: now })
    .where(and(inArray(favorites.id, ids), or(isNull(favorites.noticedAt), lt(favorites.noticedAt, since))))
    .returning({ id: favorites.id });
  return new Set(rows.map((r) => r.id));
}

async function tellIfAway(
  deps: OnlineNoticeDeps,
  r: Candidate,
  show: OnlineShow,
  now: Date,
): Promise<'push' | 'mail' | null> {
  // Mail only to a confirmed address: anyone can sign up with someone else's, and these mails name
  // an adult site. The event above reaches only the account's own sockets, so it stays; a push
  // reaches only the devices she subscribed herself.
  const mailable = r.wantsMail && r.verified;
  const pushable = await hasPushTargets(deps.db, r.userId);
  if (!mailable && !pushable) return null;
  if (await deps.realtime.isConnected(r.userId)) return null;
  const today = wallClock(r.zone ?? DEFAULT_WINDOW_ZONE, now).date;
  const claimed = await deps.db
    .update(favorites)
    .set({ mailedOn: today })
    .where(and(eq(favorites.id, r.id), sql`${favorites.mailedOn} is distinct from ${today}::date`))
    .returning({ id: favorites.id });
  if (!claimed.length) return null;
  if (pushable) {
    const push = favoriteOnlinePush(show, deps.config.site.name);
    if ((await deps.push.toMember(r.userId, push, favoriteOnlineOptions(show.universalId))) > 0) return 'push';
  }
  if (!mailable) return null;
  const locale: Locale = r.locale === 'de' ? 'de' : 'en';
  await deps.mailer.send({
    to: r.email,
    template: 'favorite_online',
    locale,
    vars: {
      name: show.showName,
      link: `${deps.config.publicUrl}${showPath(show)}`,
    },
  });
  return 'mail';
}

/**
 * The presence listener: shows that came online are looked at after the change, in the
 * background, so that turning a show online never waits for its fans.
 */
export function favoriteOnlineListener(
  deps: OnlineNoticeDeps & Pick<AppContext, 'background'>,
  now: () => Date = () => new Date(),
): (change: PresenceChange) => void {
  return (change) => {
    const cameOnline = Object.entries(change)
      .filter(([, update]) => update.online === true)
      .map(([universalId]) => universalId);
    if (cameOnline.length === 0) return;
    const at = now();
    deps.background.run('favorite online notices', () => noticeFavoritesOnline(deps, cameOnline, at));
  };
}
