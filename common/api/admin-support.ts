import { z } from 'zod';
import { consoleOutcome } from './admin.ts';
import { idParam } from './fields.ts';
import { messageBody } from './messages.ts';

/**
 * The console's support desk (/api/admin/support, capability `support`): the members' support
 * conversations, those the desk has not read first, and the desk's replies.
 */

export const SUPPORT_PAGE_SIZE_MAX = 100;
/** The latest messages a conversation shows. */
export const SUPPORT_THREAD_LIMIT = 500;

/** GET /api/admin/support: a page of the conversations, unread first, then the newest. */
export const supportListQuery = z.object({
  /** Only the conversations with messages the desk has not read. */
  unread: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUPPORT_PAGE_SIZE_MAX).default(25),
});
export type SupportListQuery = z.input<typeof supportListQuery>;

export const supportConversation = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  /** The latest message (null: none). */
  lastBody: z.string().nullable(),
  /** The latest message is the desk's. */
  lastFromDesk: z.boolean(),
  lastMessageAt: z.string().nullable(),
  /** The member's messages the desk has not read. */
  unread: z.number().int(),
});
export type SupportConversation = z.infer<typeof supportConversation>;

export const supportList = z.object({
  conversations: z.array(supportConversation),
  total: z.number().int(),
  /** Of all conversations (not only this page), those with unread messages. */
  unread: z.number().int(),
});
export type SupportList = z.infer<typeof supportList>;

export const supportMessage = z.object({
  id: z.number().int(),
  author: z.enum(['member', 'staff']),
  body: z.string(),
  createdAt: z.string(),
  /** The operator who answered (null for the member's messages, or an operator since removed). */
  operatorName: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessage>;

/** GET /api/admin/support/:id: the conversation and its latest messages, oldest first (reading marks it read). */
export const supportThread = z.object({
  conversation: supportConversation,
  messages: z.array(supportMessage),
  /** All the conversation's messages; more than `messages` holds when older ones are left out. */
  total: z.number().int(),
});
export type SupportThread = z.infer<typeof supportThread>;

export const supportParams = idParam;

/** POST /api/admin/support/:id/reply: the desk's answer, plain text. */
export const supportReplyBody = z.object({
  body: messageBody.transform((b) => b.replace(/\r\n?/g, '\n')),
});
export type SupportReplyBody = z.input<typeof supportReplyBody>;

/** The reply sent (or, under a key used already, the one that key sent). */
export const supportReplied = z.object({ outcome: consoleOutcome, message: supportMessage });
export type SupportReplied = z.infer<typeof supportReplied>;
