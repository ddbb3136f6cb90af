import type { Conversation, Message } from '#common/api/messages.ts';
import { previewUrl } from '#common/domain/previews.ts';
import { blurredThumbUrl, type GalleryUrls } from '#server/features/galleries/urls.ts';
import type { attachmentsOf } from './attachments.ts';
import type { ConversationRow, MessageRow } from './data.ts';

const unix = (d: Date | string | null): number | null => (d === null ? null : Math.floor(new Date(d).getTime() / 1000));

/** The name a support conversation shows in place of a show's (translated by the client when it is this). */
export const SUPPORT_NAME = 'Support';

/** A conversation as the member sees it. */
export function presentConversation(row: ConversationRow, imageHosts: readonly string[]): Conversation {
  const support = row.kind === 'support';
  const visible = row.lastMessageId !== null && row.lastMessageId > row.memberClearedThrough;
  return {
    id: row.id,
    kind: row.kind,
    showid: row.universalId,
    masterreferenceid: row.universalId ?? 'support',
    messageid: visible ? row.lastMessageId : null,
    showprofile: {
      showname: support ? SUPPORT_NAME : (row.showName ?? ''),
      online: row.online ?? false,
      preview:
        row.showId !== null && row.previewImageId !== null
          ? previewUrl(imageHosts, {
              contentproviderId: row.contentproviderId ?? 1,
              showId: row.showId,
              imageId: row.previewImageId,
              size: '45x34',
            })
          : null,
      messageprice: row.messagePrice ?? 0,
    },
    block: { memberstatus: row.memberBlocked ? 1 : 0, blocked_by_show: row.staffBlocked },
    messagedate: visible ? unix(row.lastMessageAt) : null,
    // A message she deleted is not shown as the latest.
    messagebody: visible && !row.lastDeleted ? row.lastBody : null,
    memberpseudo: row.nickname,
    pseudoid: row.nicknameId,
    unread: row.memberUnread,
    lastchatdate: unix(row.lastChatAt),
  };
}

type Attachments = Awaited<ReturnType<typeof attachmentsOf>>;

/** A message as the member sees it; `kind` names the other end. */
export function presentMessage(
  row: MessageRow,
  kind: 'show' | 'support',
  attachments: Attachments,
  urls: GalleryUrls,
): Message {
  const fromMember = row.author === 'member';
  const picture = row.attachmentImageId === null ? undefined : attachments.get(row.attachmentImageId);
  const unlocked = picture !== undefined && (row.attachmentCoins === 0 || picture.bought);
  return {
    messageid: row.id,
    conversationid: row.conversationId,
    author: fromMember ? 'member' : kind,
    message: row.body,
    time: unix(row.createdAt) ?? 0,
    unread: !fromMember && row.readAt === null,
    coins: row.coins,
    tip: row.tip,
    attachment:
      picture && row.attachmentImageId !== null
        ? {
            coins: row.attachmentCoins,
            unlocked,
            url: unlocked
              ? urls.picture(picture.galleryId, row.attachmentImageId)
              : blurredThumbUrl(picture.galleryId, row.attachmentImageId),
            width: picture.width,
            height: picture.height,
          }
        : null,
  };
}
