import { z } from 'zod';
import { MESSAGE_ATTACHMENT_COINS_MAX } from '../constants.ts';
import { expects } from './fields.ts';
import { messageBody } from './messages.ts';
import { paged } from './shows.ts';
import { WHOLE_NUMBER_RANGE } from './studio.ts';

/**
 * The studio inbox (/api/studio/conversations/*): the performer's side of her show's
 * conversations with members (the member's side is common/api/messages.ts). She sees every
 * message, also those the member deleted for herself. Times are unix seconds.
 */

/** One of her show's conversations: the member by the nickname he last wrote under. */
export const studioConversation = z.object({
  id: z.number().int(),
  /** null when the member's nickname is gone. */
  nickname: z.string().nullable(),
  /** The member closed her account (decision 069): shown as a closed account, never by a name. */
  closedAccount: z.boolean(),
  lastMessage: z
    .object({
      body: z.string(),
      time: z.number().int(),
      fromMember: z.boolean(),
    })
    .nullable(),
  /** The member's messages she has not read. */
  unread: z.number().int(),
  /** The member blocked her show: she cannot answer. */
  blockedByMember: z.boolean(),
  /** She blocked the member: he cannot write to her show. */
  blockedByShow: z.boolean(),
});
export type StudioConversation = z.infer<typeof studioConversation>;

export const studioConversationsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
export const studioConversationsResponse = paged(studioConversation);
export const studioConversationResponse = z.object({ data: studioConversation });

/** GET studio/conversations/count: her unread messages in all, for the badge. */
export const studioUnreadResponse = z.object({ unread: z.number().int() });

/** A picture she attached: the member sees it blurred until unlocked (free ones never are locked). */
export const studioAttachment = z.object({
  imageId: z.number().int(),
  coins: z.number().int(),
  unlocked: z.boolean(),
  /** Her own thumbnail of it. */
  thumb: z.string(),
});

export const studioMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  /** `show`: hers. */
  author: z.enum(['member', 'show']),
  /** Plain text: never rendered as HTML. */
  body: z.string(),
  time: z.number().int(),
  /** The recipient read it. */
  read: z.boolean(),
  /** What the member paid for it, and tipped with it. */
  coins: z.number().int(),
  tip: z.number().int(),
  /** The member deleted it for himself (she still sees it). */
  deletedByMember: z.boolean(),
  attachment: studioAttachment.nullable(),
});
export type StudioMessage = z.infer<typeof studioMessage>;

/** GET studio/conversations/{id}/messages: the newest page first, each page in time order. */
export const studioMessagesQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
export const studioMessagesResponse = paged(studioMessage);

/**
 * POST studio/conversations/{id}/reply. `attachment`: a picture of her show's galleries and the
 * coins the member pays to unlock it (0: free). The optional `Idempotency-Key` header names one
 * send, as for the member's.
 */
export const studioReplyBody = z.strictObject(
  {
    body: messageBody,
    attachment: z
      .strictObject(
        {
          imageId: z.number(expects('integer')).int().positive().max(2_147_483_647),
          coins: z
            .number({ error: WHOLE_NUMBER_RANGE })
            .int(WHOLE_NUMBER_RANGE)
            .min(0, WHOLE_NUMBER_RANGE)
            .max(MESSAGE_ATTACHMENT_COINS_MAX, WHOLE_NUMBER_RANGE),
        },
        { error: 'errors.validations.invalid' },
      )
      .optional(),
  },
  { error: 'errors.validations.invalid' },
);
export type StudioReplyBody = z.infer<typeof studioReplyBody>;
export const studioReplyResponse = z.object({ data: studioMessage });

/** One picture of her galleries she can attach. */
export const studioPicture = z.object({
  imageId: z.number().int(),
  gallery: z.string(),
  thumb: z.string(),
});
export type StudioPicture = z.infer<typeof studioPicture>;
export const studioPicturesQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
export const studioPicturesResponse = paged(studioPicture);
