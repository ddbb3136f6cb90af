import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { isPartnerProvider } from '#common/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { shows, videoParts, videos } from '#server/db/schema/catalog.ts';
import { chatSessions } from '#server/db/schema/chat.ts';
import { EXTERNAL_NODE_PREFIX } from '#server/features/chat/data.ts';

/**
 * The `node` of an external session: the partner holds its media, not one of our processes, so
 * no process settles it on its own restart; it ends by the member, a beacon, or missed extends
 * (the chat module's sweep ends it like any silent session).
 */
export const externalNode = (partner: string) => `${EXTERNAL_NODE_PREFIX}${partner}`;

export type ExternalShow = { id: number; universalId: string; showName: string; contentproviderId: number };

/** A show whose chat a partner runs (content provider above 1); null for any other. */
export async function externalShow(db: DbOrTx, universalId: string): Promise<ExternalShow | null> {
  const [row] = await db
    .select({
      id: shows.id,
      universalId: shows.universalId,
      showName: shows.showName,
      contentproviderId: shows.contentproviderId,
    })
    .from(shows)
    .where(eq(shows.universalId, universalId));
  return row && isPartnerProvider(row.contentproviderId) ? row : null;
}

/** The open external sessions this browser session has with the show, newest first. */
export async function openExternalSessions(
  db: DbOrTx,
  key: { showId: number; webSessionId: string; partner: string },
): Promise<{ id: string; lastSeenAt: Date }[]> {
  return db
    .select({ id: chatSessions.id, lastSeenAt: chatSessions.lastSeenAt })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.showId, key.showId),
        eq(chatSessions.webSessionId, key.webSessionId),
        eq(chatSessions.node, externalNode(key.partner)),
        isNull(chatSessions.endedAt),
      ),
    )
    .orderBy(desc(chatSessions.startedAt));
}

/** An external session by id, as the partner's page needs it. */
export async function externalSessionById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: chatSessions.id,
      showId: chatSessions.showId,
      endedAt: chatSessions.endedAt,
      node: chatSessions.node,
    })
    .from(chatSessions)
    .where(eq(chatSessions.id, id));
  return row ?? null;
}

/**
 * What the partner's page shows of her: name, preview image, and the clip that stands in for her
 * live picture there, as the demo broadcasts use one for ours: a free part if she has one, else
 * the first part of her first video (null without any).
 */
export async function partnerPageShow(db: DbOrTx, showId: number) {
  const [show] = await db
    .select({
      id: shows.id,
      showName: shows.showName,
      contentproviderId: shows.contentproviderId,
      mainImageId: shows.mainImageId,
    })
    .from(shows)
    .where(eq(shows.id, showId));
  if (!show) return null;
  const [clip] = await db
    .select({ storageKey: videoParts.storageKey, duration: videoParts.duration })
    .from(videoParts)
    .innerJoin(videos, eq(videos.id, videoParts.videoId))
    .where(and(eq(videos.showId, showId), eq(videos.status, 'published'), isNotNull(videoParts.storageKey)))
    .orderBy(desc(videoParts.free), asc(videos.createdAt), asc(videos.id), asc(videoParts.part))
    .limit(1);
  return { ...show, clip: clip?.storageKey ? { storageKey: clip.storageKey, duration: clip.duration } : null };
}
