import { z } from 'zod';
import {
  CONVERSATION_NAME_FILTER_MIN,
  CONVERSATION_ORDERS,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_BODY_MAX,
} from '../constants.ts';
import { expects, REQUIRED, requiredString, singleLine, universalIdField } from './fields.ts';
import { paged } from './shows.ts';

/**
 * Messages (spec part 2 sections 2-9 "Messages", part 1 "Messages pop-up"): a member's
 * conversations with shows and with support. Times are unix seconds. The other end of a show's
 * conversation is her performer (the studio inbox, common/api/studio-messages.ts); of support,
 * the operators' desk.
 */

/** A picture a performer attached: locked (blurred) until the member unlocked it for `coins`. */
export const messageAttachment = z.object({
  coins: z.number().int(),
  unlocked: z.boolean(),
  /** The picture itself when unlocked (or free), else its blurred preview. */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

export const MESSAGE_AUTHOR_NAMES = ['member', 'show', 'support'] as const;

export const message = z.object({
  /** -1 for the client's own draft while it is being sent. */
  messageid: z.number().int(),
  conversationid: z.number().int(),
  author: z.enum(MESSAGE_AUTHOR_NAMES),
  /** Plain text: never rendered as HTML. */
  message: z.string(),
  time: z.number().int(),
  /** The member has not read it (only the other end's messages are ever unread for her). */
  unread: z.boolean(),
  /** Coins this message cost the member, and her tip with it. */
  coins: z.number().int(),
  tip: z.number().int(),
  attachment: messageAttachment.nullable(),
});
export type Message = z.infer<typeof message>;

export const conversation = z.object({
  id: z.number().int(),
  kind: z.enum(['show', 'support']),
  /** The show's universalId; null for support. */
  showid: z.string().nullable(),
  /** The key of this conversation in the counts: the show's universalId, or "support". */
  masterreferenceid: z.string(),
  /** The latest message; null while the conversation has none the member can see. */
  messageid: z.number().int().nullable(),
  showprofile: z.object({
    showname: z.string(),
    online: z.boolean(),
    /** The show's small preview picture; null for support. */
    preview: z.string().nullable(),
    /** Coins per message she asks now (0: free). */
    messageprice: z.number().int(),
  }),
  /** memberstatus 1: the member blocked the show. `blocked_by_show`: the show blocked the member. */
  block: z.object({ memberstatus: z.union([z.literal(0), z.literal(1)]), blocked_by_show: z.boolean() }),
  messagedate: z.number().int().nullable(),
  messagebody: z.string().nullable(),
  /** The nickname the member last wrote under, and its id. */
  memberpseudo: z.string().nullable(),
  pseudoid: z.number().int().nullable(),
  unread: z.number().int(),
  /** When the member last chatted with the show (unix seconds), if ever. */
  lastchatdate: z.number().int().nullable(),
});
export type Conversation = z.infer<typeof conversation>;

/** GET conversations/count: `all`, and per conversation keyed by masterreferenceid. */
export const conversationCounts = z.object({ all: z.number().int() }).catchall(z.number().int());
export type ConversationCounts = z.infer<typeof conversationCounts>;

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * GET conversations. Lenient where the spec says so: a show-name filter under 3 characters is
 * ignored; a nickname filter that is not a number counts as 0 (none).
 */
export const conversationsQuery = z.object({
  unread: flag.optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_SIZE).optional(),
  order_by: z.enum(CONVERSATION_ORDERS, { error: 'errors.validations.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  showname: singleLine()
    .max(100, 'errors.validations.too_long')
    .transform((v) => v.trim())
    .transform((v) => (v.length >= CONVERSATION_NAME_FILTER_MIN ? v : ''))
    .optional(),
  nickname: singleLine()
    .max(20, 'errors.validations.too_long')
    .transform((v) => (/^\d{1,9}$/.test(v) ? Number(v) : 0))
    .optional(),
  /** Conversation ids left out (the latest list leaves out the unread ones shown above it). */
  conversations_not: z
    .union([singleLine().max(1000, 'errors.validations.too_long'), z.array(singleLine().max(12)).max(100)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^\d{1,9}$/, 'errors.validations.invalid')
            .transform(Number),
        )
        .max(100),
    )
    .optional(),
});

export const conversationsResponse = paged(conversation);

/**
 * GET conversations/conversation: the member's conversation with a show (`showid`), with support
 * (`support`), or by its `id` (a link to /messages/{id}); exactly one of them.
 */
export const conversationLookupQuery = z
  .object({
    showid: singleLine().min(1).max(40).optional(),
    support: z.enum(['1', 'true']).optional(),
    id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((q) => [q.showid, q.support, q.id].filter((v) => v !== undefined).length === 1, {
    message: REQUIRED,
    path: ['showid'],
  });
export const conversationLookupResponse = z.object({ data: conversation.nullable() });

/** GET conversations/{id}/messages: the newest page first; a later page holds older messages. */
export const messagesQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
export const messagesResponse = paged(message);

export const messageResponse = z.object({ data: message });
export const conversationResponse = z.object({ data: conversation });

/** POST conversations/read and unread: conversation ids. */
const conversationIds = z.array(z.number().int().positive().max(2_147_483_647)).min(1, REQUIRED).max(100);
export const readBody = z.object({ ids: conversationIds });
export const unreadBody = z.object({ ids: conversationIds, unread: z.boolean(expects('boolean')) });
/** POST conversations/read_all answers how many stay unread: the client repeats it until that stops changing. */
export const readAllResponse = z.object({ remaining: z.number().int() });

export const messageBody = requiredString(MESSAGE_BODY_MAX, { multiline: true });

/** POST conversations/support */
export const supportMessageBody = z.object({ body: messageBody });

/**
 * POST conversations/show. `coins` is the price per message the member saw: when the show's price
 * changed meanwhile, nothing is sent or charged (409 messages.price_changed). The optional
 * `Idempotency-Key` header names one send: a retry with it answers the first send.
 */
export const showMessageBody = z.object({
  body: messageBody,
  showid: universalIdField,
  pseudoid: z.number(expects('integer')).int().positive().max(2_147_483_647),
  coins: z.number(expects('integer')).int().min(0).max(1_000_000),
  tip: z.number().int().min(0).max(1_000_000).optional(),
});

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'errors.validations.invalid');

/** What a send answers: the message, its conversation and the member's balance afterwards. */
export const sentResponse = z.object({
  data: z.object({ message, conversation, coins: z.number().int() }),
});
export type SentAnswer = z.infer<typeof sentResponse>['data'];

export const showIdParam = z.object({ showid: singleLine().min(1).max(40) });

/** POST conversations/message/{id}/unlock: buys the picture attached to the message. */
export const unlockResponse = z.object({ data: z.object({ message, coins: z.number().int() }) });
