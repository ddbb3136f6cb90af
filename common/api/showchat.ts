import { z } from 'zod';
import { SHOW_CHAT_TEXT_MAX } from '../constants.ts';
import { CONTROL_CHARACTERS, expects, REQUIRED, singleLine } from './fields.ts';

/**
 * The show's text chat over the socket (server/features/showchat/): what a client sends with
 * `chat:join`, `chat:leave` and `chat:send`, what it is answered (acknowledgements) and what every
 * socket in the show's room hears (`chat:message`). The server parses every payload with these
 * schemas; a client's types are no promise.
 */

/** `chat:join` and `chat:leave`: the show by its universal id. */
export const showChatRoom = z.object({ showId: singleLine().min(1).max(40) });
export type ShowChatRoom = z.infer<typeof showChatRoom>;

/** `chat:send`: one line of text, trimmed, 1 to SHOW_CHAT_TEXT_MAX characters, no control characters. */
const TOO_LONG = 'errors.validations.too_long';
export const showChatText = singleLine(expects('text')).trim().min(1, REQUIRED).max(SHOW_CHAT_TEXT_MAX, TOO_LONG);
/** What a refused text is answered: the field keys of the forms. */
export const SHOW_CHAT_TEXT_REFUSALS: readonly string[] = [REQUIRED, TOO_LONG, CONTROL_CHARACTERS];
export const showChatSend = showChatRoom.extend({ text: showChatText });
export type ShowChatSend = z.infer<typeof showChatSend>;

/** `chat:message`: a message as everybody in the show's chat sees it; `time` in Unix seconds. */
export type ShowChatMessage = {
  id: string;
  showId: string;
  nickname: string;
  text: string;
  time: number;
  from: 'performer' | 'viewer';
  /**
   * Who wrote it, for the performer's moderation (mute, kick, ban): the same for every message of
   * one person in this show, and different in every other show; it says nothing about the person
   * (a keyed hash on the server). Null for the performer's own messages.
   */
  author: string | null;
  /** A tip: the writer tipped this many coins (the text is empty; the page words it). */
  tip?: number;
};

/**
 * Why someone may not write (an i18n key under `showchat.errors`), or `errors.throttle`,
 * `errors.unknown_error` and the text's validation keys (`errors.validations.…`).
 */
export const SHOW_CHAT_ERRORS = {
  invalid: 'showchat.errors.invalid',
  noShow: 'showchat.errors.no_show',
  tooManyRooms: 'showchat.errors.too_many_rooms',
  notJoined: 'showchat.errors.not_joined',
  signUp: 'showchat.errors.sign_up',
  offline: 'showchat.errors.offline',
  nickname: 'showchat.errors.nickname',
  notVerified: 'showchat.errors.not_verified',
  notYourShow: 'showchat.errors.not_your_show',
  inPrivate: 'showchat.errors.in_private',
  /** A visitor's socket without a browser session (none of the site's pages leave it so). */
  noSession: 'showchat.errors.no_session',
  /** The page's address is not one of the site's (the server refused the socket's Origin). */
  originRefused: 'showchat.errors.origin_refused',
  /** The server refused the connection for another reason (too many open, unavailable). */
  refused: 'showchat.errors.refused',
  /** The message contains a word of the operator's word filter. */
  wordFilter: 'showchat.errors.word_filter',
  muted: 'showchat.errors.muted',
  banned: 'showchat.errors.banned',
  /** Moderation is for the show's performer, from her studio. */
  notAllowed: 'showchat.errors.not_allowed',
  /** The person behind a message is no longer known to the server (a restart since): nothing was done. */
  unknownPerson: 'showchat.errors.unknown_person',
  throttle: 'errors.throttle',
  unknown: 'errors.unknown_error',
} as const;

/** Who the joiner writes as in this show now, or why they may not (a key of SHOW_CHAT_ERRORS). */
export type ShowChatWriter = { nickname: string } | { refused: string };

/** The answer to `chat:join`: the recent messages (oldest first) and whether the joiner may write. */
export type ShowChatJoinAnswer =
  | { ok: true; messages: ShowChatMessage[]; writer: ShowChatWriter }
  | { ok: false; error: string };
/** The answer to `chat:send`. */
export type ShowChatSendAnswer = { ok: true } | { ok: false; error: string };

/**
 * The performer's moderation of her show's chat, from her studio's socket only: `chat:mute`
 * (muted false: unmute), `chat:kick`, `chat:ban` (kick, and never back until unbanned),
 * `chat:unban`, and `chat:moderation` (who is muted and banned now). A person is addressed by the
 * `author` of a message of theirs.
 */
export const showChatAuthor = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
export const showChatPerson = showChatRoom.extend({ author: showChatAuthor });
export type ShowChatPerson = z.infer<typeof showChatPerson>;
export const showChatMute = showChatPerson.extend({ muted: z.boolean() });
export type ShowChatMute = z.infer<typeof showChatMute>;
export const showChatUnban = showChatRoom.extend({ banId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export type ShowChatUnban = z.infer<typeof showChatUnban>;

/** The answer to `chat:mute`, `chat:kick`, `chat:ban` and `chat:unban`. */
export type ShowChatModerationAnswer = { ok: true } | { ok: false; error: string };

/** Muted until she unmutes them or her show goes offline; banned until she unbans them (`since`: ISO time). */
export type ShowChatModeration = {
  muted: Array<{ author: string; nickname: string }>;
  bans: Array<{ id: number; nickname: string; since: string }>;
};
/** The answer to `chat:moderation`. */
export type ShowChatModerationListAnswer = ({ ok: true } & ShowChatModeration) | { ok: false; error: string };

/** `chat:removed`: the performer removed this person from her show's chat (the socket left its room). */
export type ShowChatRemoved = { showId: string; reason: 'kicked' | 'banned' };
