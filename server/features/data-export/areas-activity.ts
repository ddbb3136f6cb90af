import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { galleries, galleryImages, shows, videos } from '#server/db/schema/catalog.ts';
import { chatSessions, chatTranscript } from '#server/db/schema/chat.ts';
import { contactMessages, takedownNotices } from '#server/db/schema/content.ts';
import { favorites, purchases, ratings, showHistory } from '#server/db/schema/member-catalog.ts';
import { conversations, messages } from '#server/db/schema/messages.ts';
import { type Area, iso, onePage, PAGE_ROWS, pagesById, type ReadScope, titleIn } from './read-kit.ts';

/** What she did: purchases, ratings, favourites, history, chats, messages, notices and contact. */

const purchaseList = ({ db, userId, locale }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select({
        p: purchases,
        videoEn: videos.titleEn,
        videoDe: videos.titleDe,
        galleryEn: galleries.titleEn,
        galleryDe: galleries.titleDe,
      })
      .from(purchases)
      .leftJoin(videos, eq(videos.id, purchases.videoId))
      .leftJoin(galleries, eq(galleries.id, purchases.galleryId))
      .where(and(eq(purchases.userId, userId), gt(purchases.id, after)))
      .orderBy(asc(purchases.id))
      .limit(limit)
      .then((rows) =>
        rows.map(({ p, ...t }) => ({
          id: p.id,
          item: p.item,
          video: p.videoId ? titleIn(locale, { titleEn: t.videoEn, titleDe: t.videoDe }) : null,
          video_part: p.part,
          gallery: p.galleryId ? titleIn(locale, { titleEn: t.galleryEn, titleDe: t.galleryDe }) : null,
          coins: p.coins,
          paid_with_voucher: p.couponId !== null,
          bought_at: iso(p.createdAt),
        })),
      ),
  );

const ratingList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select()
      .from(ratings)
      .where(eq(ratings.userId, userId))
      .orderBy(asc(ratings.item))
      .then((rows) => rows.map((r) => ({ item: r.item, rating_percent: r.rating, rated_at: iso(r.updatedAt) }))),
  );

const favouriteList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select({ f: favorites, show: shows.showName })
      .from(favorites)
      .innerJoin(shows, eq(shows.id, favorites.showId))
      .where(eq(favorites.userId, userId))
      .orderBy(asc(favorites.id))
      .then((rows) =>
        rows.map(({ f, show }) => ({
          performer: show,
          notify_from: f.infoStart,
          notify_until: f.infoEnd,
          notify_time_zone: f.infoTimeZone,
          last_online_notice_at: iso(f.noticedAt),
          added_at: iso(f.createdAt),
        })),
      ),
  );

const historyList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select({ show: shows.showName, at: showHistory.visitedAt })
      .from(showHistory)
      .innerJoin(shows, eq(shows.id, showHistory.showId))
      .where(eq(showHistory.userId, userId))
      .orderBy(asc(showHistory.visitedAt))
      .then((rows) => rows.map((r) => ({ performer: r.show, last_visit_at: iso(r.at) }))),
  );

/** Chat sessions are keyed by uuid: pages by start time and id. */
async function* chatSessionList({ db, userId }: ReadScope) {
  const rows = await db
    .select({ c: chatSessions, show: shows.showName })
    .from(chatSessions)
    .innerJoin(shows, eq(shows.id, chatSessions.showId))
    .where(eq(chatSessions.userId, userId))
    .orderBy(asc(chatSessions.startedAt), asc(chatSessions.id));
  for (let i = 0; i < rows.length; i += PAGE_ROWS) {
    yield rows.slice(i, i + PAGE_ROWS).map(({ c, show }) => ({
      session_id: c.id,
      performer: show,
      my_nickname: c.nickname,
      kind: c.kind,
      coins_per_minute: c.pricePerMinute,
      minutes_paid: c.billedMinutes,
      started_at: iso(c.startedAt),
      ended_at: iso(c.endedAt),
      end_reason: c.endReason,
      my_rating_percent: c.rating,
      my_rating_comment: c.ratingComment,
      rated_at: iso(c.ratedAt),
    }));
  }
}

/** What she wrote in the shows' chats (the lines of others are theirs). */
const chatLines = ({ db, userId }: ReadScope) =>
  pagesById((after, limit) =>
    db
      .select({
        id: chatTranscript.id,
        show: shows.showName,
        nickname: chatTranscript.nickname,
        body: chatTranscript.body,
        at: chatTranscript.createdAt,
        session: chatTranscript.chatSessionId,
      })
      .from(chatTranscript)
      .innerJoin(shows, eq(shows.id, chatTranscript.showId))
      .where(and(eq(chatTranscript.userId, userId), gt(chatTranscript.id, after)))
      .orderBy(asc(chatTranscript.id))
      .limit(limit)
      .then((rows) =>
        rows.map((r) => ({
          id: r.id,
          performer: r.show,
          my_nickname: r.nickname,
          text: r.body,
          private_session_id: r.session,
          written_at: iso(r.at),
        })),
      ),
  );

/** Her conversations' messages both ways, as she saw them; a picture only by its gallery and place. */
const messageList = ({ db, userId, locale }: ReadScope) =>
  pagesById(async (after, limit) => {
    const mine = db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId));
    const rows = await db
      .select({
        m: messages,
        kind: conversations.kind,
        show: shows.showName,
        galleryEn: galleries.titleEn,
        galleryDe: galleries.titleDe,
        position: galleryImages.position,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(shows, eq(shows.id, conversations.showId))
      .leftJoin(galleryImages, eq(galleryImages.id, messages.attachmentImageId))
      .leftJoin(galleries, eq(galleries.id, galleryImages.galleryId))
      .where(and(inArray(messages.conversationId, mine), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(limit);
    return rows.map(({ m, kind, show, ...pic }) => {
      const other = kind === 'support' ? 'support' : (show ?? null);
      return {
        id: m.id,
        conversation_id: m.conversationId,
        with: other,
        from: m.author === 'member' ? 'me' : other,
        text: m.body,
        coins: m.coins,
        tip_coins: m.tip,
        attachment:
          m.attachmentImageId !== null && pic.position !== null
            ? `${titleIn(locale, { titleEn: pic.galleryEn, titleDe: pic.galleryDe })} #${pic.position + 1}`
            : null,
        attachment_coins: m.attachmentCoins,
        read_at: iso(m.readAt),
        deleted_by_me: m.memberDeleted,
        sent_at: iso(m.createdAt),
      };
    });
  });

const noticeList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select()
      .from(takedownNotices)
      .where(eq(takedownNotices.userId, userId))
      .orderBy(asc(takedownNotices.id))
      .then((rows) =>
        rows.map((n) => ({
          notice_id: n.id,
          my_name: n.name,
          my_email: n.email,
          urls: n.urls,
          category: n.category,
          explanation: n.explanation,
          in_good_faith: n.goodFaith,
          language: n.locale,
          status: n.status,
          decision: n.action,
          ground: n.ground,
          reasoning: n.reasoning,
          sent_at: iso(n.createdAt),
          decided_at: iso(n.decidedAt),
        })),
      ),
  );

const contactList = ({ db, userId }: ReadScope) =>
  onePage(
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.id))
      .then((rows) =>
        rows.map((c) => ({
          my_name: c.name,
          my_email: c.email,
          subject: c.subject,
          message: c.message,
          sent_at: iso(c.createdAt),
        })),
      ),
  );

export const activityAreas: Area[] = [
  { file: 'purchases.json', kind: 'list', read: purchaseList },
  { file: 'ratings.json', kind: 'list', read: ratingList },
  { file: 'favourites.json', kind: 'list', read: favouriteList },
  { file: 'history.json', kind: 'list', read: historyList },
  { file: 'chat-sessions.json', kind: 'list', read: chatSessionList },
  { file: 'show-chat-lines.json', kind: 'list', read: chatLines },
  { file: 'messages.json', kind: 'list', read: messageList },
  { file: 'notices.json', kind: 'list', read: noticeList },
  { file: 'contact-messages.json', kind: 'list', read: contactList },
];
