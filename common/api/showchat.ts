import { z } from 'zod';
import { SHOW_CHAT_TEXT_MAX } from '../constants.ts';
import { CONTROL_CHARACTERS, REQUIRED, singleLine } from './fields.ts';

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
export const showChatText = singleLine({ error: REQUIRED }).trim().min(1, REQUIRED).max(SHOW_CHAT_TEXT_MAX, TOO_LONG);
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
