import type { StudioConversation, StudioMessage } from '#common/api/studio-messages.ts';
import type { GalleryUrls } from '#server/features/galleries/urls.ts';
import type { attachmentsOf } from './attachments.ts';
import type { MessageRow } from './data.ts';
import type { StudioConversationRow } from './studio-data.ts';

const unix = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

/** A conversation as the show's performer sees it: the member by nickname, never his account. */
export function presentStudioConversation(row: StudioConversationRow): StudioConversation {
  return {
    id: row.id,
    // A closed account shows no name, also in the grace period (her nickname is gone once erased).
    nickname: row.closedAccount ? null : row.nickname,
    closedAccount: row.closedAccount,
    lastMessage:
      row.lastMessageAt !== null && row.lastBody !== null
        ? { body: row.lastBody, time: unix(row.lastMessageAt), fromMember: row.lastAuthor === 'member' }
        : null,
    unread: row.staffUnread,
    blockedByMember: row.memberBlocked,
    blockedByShow: row.staffBlocked,
  };
}

/**
 * A message as the show's performer sees it. `attachments` are read for the conversation's member
 * (whether he unlocked them); `urls` sign her own thumbnails.
 */
export function presentStudioMessage(
  row: MessageRow,
  attachments: Awaited<ReturnType<typeof attachmentsOf>>,
  urls: GalleryUrls,
): StudioMessage {
  const picture = row.attachmentImageId === null ? undefined : attachments.get(row.attachmentImageId);
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author === 'member' ? 'member' : 'show',
    body: row.body,
    time: unix(row.createdAt),
    read: row.readAt !== null,
    coins: row.coins,
    tip: row.tip,
    deletedByMember: row.memberDeleted,
    attachment:
      picture && row.attachmentImageId !== null
        ? {
            imageId: row.attachmentImageId,
            coins: row.attachmentCoins,
            unlocked: row.attachmentCoins === 0 || picture.bought,
            thumb: urls.thumb(picture.galleryId, row.attachmentImageId),
          }
        : null,
  };
}
