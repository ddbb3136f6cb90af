import { z } from 'zod';
import { CHAT_RATING_COMMENT_MAX } from '#common/constants.ts';

/**
 * Chat sessions (spec part 2 section 4 "Chat", section 7): starting a free, voyeur, private or
 * exclusive session with a show, keeping it alive, stopping it, tipping, rating it afterwards, and
 * the member's chat history. A refusal answers `{ message, errors: { <key>: [<key>] } }` with the
 * spec's chat error keys (CHAT_START_ERRORS); the client shows the first key's message.
 */

/** The session kinds of a running session; `exclusive` is asked for as `type: 'exclusive'`. */
export const CHAT_KINDS = ['free', 'voyeur', 'private', 'exclusive'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** The spec's chat start errors (part 2 section 8), and ours beyond them. */
export const CHAT_START_ERRORS = [
  'chat.not_verfified',
  'chat.show_paused',
  'chat.show_not_available',
  'chat.show_not_available_private',
  'chat.show_not_available_exclusive_in_use',
  'chat.show_not_available_free',
  'chat.show_not_available_exclusive',
  'chat.free_expired',
  'chat.no_coins',
  'chat.invalid_session_type',
  /** A voyeur asked to watch, but the show runs no private (or an exclusive one). */
  'chat.show_not_available_voyeur',
  /** The performer banned this member or guest from her show. */
  'chat.banned',
  /** A member needs a nickname (the nickname dialog opens). */
  'chat.no_nickname',
  /** A guest asked for a paid session (the client sends guests to sign-up first). */
  'chat.sign_up_required',
  /** The member has a paid session with another show running. */
  'chat.session_running',
] as const;
export type ChatStartError = (typeof CHAT_START_ERRORS)[number];

/** Why a session ended, as the message key the member sees (null: she stopped it herself). */
export const CHAT_END_REASONS = [
  'chat.no_coins',
  'chat.free_expired',
  'chat.ended_timeout',
  'chat.ended_by_performer',
  'chat.kicked',
  'chat.show_offline',
  'chat.ended_private',
  'chat.ended_interrupted',
] as const;
export type ChatEndReason = (typeof CHAT_END_REASONS)[number];

/** POST /api/chatsession/{universalId}: `type` is checked by the server (chat.invalid_session_type). */
export const chatStartBody = z.object({
  type: z.string().max(20),
  /** The nickname the client shows; the server uses the member's current one (guests: `guest`). */
  nickname: z.string().max(40).nullish(),
});
export type ChatStartBody = z.infer<typeof chatStartBody>;

/** A session as its member (or guest) sees it: answered by start, heartbeat and stop, and pushed as `chat:session`. */
export const chatSessionState = z.object({
  id: z.uuid(),
  universalId: z.string(),
  kind: z.enum(CHAT_KINDS),
  nickname: z.string(),
  open: z.boolean(),
  /** Coins per minute (0 for free chat). */
  pricePerMinute: z.number().int(),
  /** Minutes paid so far, the running one included. */
  minutes: z.number().int(),
  /** Coins this session cost so far. */
  coins: z.number().int(),
  /** Seconds until the next minute is debited (null: free, or ended). */
  nextMinuteIn: z.number().int().nullable(),
  /** A guest's free chat ends in this many seconds (null otherwise). */
  freeEndsIn: z.number().int().nullable(),
  /** The coins will not pay for the next minute: top up now or the session ends then. */
  lowCoins: z.boolean(),
  /** Why it ended (null while open, or when the member stopped it). */
  endReason: z.enum(CHAT_END_REASONS).nullable(),
});
export type ChatSessionState = z.infer<typeof chatSessionState>;

/**
 * The spec's session response (realm, login, password, session_type, buddyaddr), ours: the room
 * of the session's chat, the session id and a short-lived join credential for the stream and the
 * room, the session type, and the show whose stream the credential unlocks.
 */
export const chatStartAnswer = z.object({
  realm: z.string(),
  login: z.uuid(),
  password: z.string(),
  session_type: z.enum(CHAT_KINDS),
  buddyaddr: z.string(),
  session: chatSessionState,
});
export type ChatStartAnswer = z.infer<typeof chatStartAnswer>;

export const chatSessionParams = z.object({ sessionId: z.uuid() });

/** POST /api/chatsession/heartbeat/{sessionId}: keeps it open; answers its state and a fresh credential. */
export const chatHeartbeatAnswer = z.object({ session: chatSessionState, password: z.string() });

/**
 * POST /api/chatsession/gone/{sessionId}: the page is going away (`pagehide`). JSON with the CSRF
 * header, or a beacon's form with beacon=1 (a leaving page can send nothing else for sure).
 */
export const chatGoneBody = z.object({ beacon: z.literal('1').optional() }).optional();

/** POST /api/chatsession/tip/{sessionId}: `key` makes a double click one tip. */
export const chatTipBody = z.object({
  amount: z.number().int().min(1).max(100_000),
  key: z.string().min(8).max(64),
});
export const chatTipAnswer = z.object({ ok: z.literal(true), coins: z.number().int() });

/** POST /api/chatsession/check_rating/{universalId} */
export const checkRatingAnswer = z.object({
  rating: z.boolean(),
  sessionId: z.uuid().nullable(),
  contentProviderId: z.number().int().nullable(),
  showId: z.string().nullable(),
});
export type CheckRatingAnswer = z.infer<typeof checkRatingAnswer>;

/** POST /api/chatsession/rate_chat/{contentProviderId}-{showId}/{sessionId}: rating in percent. */
export const rateChatParams = z.object({
  target: z.string().regex(/^\d{1,3}-[A-Za-z0-9_-]{1,40}$/),
  sessionId: z.uuid(),
});
export const rateChatBody = z.object({
  rating: z.number().int().min(1, 'errors.validations.required').max(100),
  comment: z.string().trim().max(CHAT_RATING_COMMENT_MAX).optional().default(''),
});

/** POST /api/ruf/stream: a referral code opens the show's stream as a free session. */
export const rufBody = z.object({ code: z.string().trim().min(3).max(40) });
export const rufAnswer = z.object({ result: z.literal('ok'), universalId: z.string(), session: chatStartAnswer });

/** The performer's view of the session running in her show (GET /api/studio/live). */
export const studioChatSession = z.object({
  id: z.uuid(),
  kind: z.enum(['private', 'exclusive']),
  nickname: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  minutes: z.number().int(),
  /** Her share of this session so far, in coins: its minutes and its tips. */
  earnings: z.number().int(),
  voyeurs: z.number().int(),
});
export type StudioChatSession = z.infer<typeof studioChatSession>;

/** The show's mode for everyone else while a private runs: voyeurs may watch a private, nobody an exclusive. */
export const PRIVATE_MODES = ['private', 'exclusive'] as const;
export type PrivateMode = (typeof PRIVATE_MODES)[number];
