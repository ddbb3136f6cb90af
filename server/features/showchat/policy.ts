import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { RESERVED_NICKNAMES } from '#common/constants.ts';

/** Who is at the keyboard, as resolved for this message (chat.ts). */
export type Chatter =
  | { kind: 'performer'; showUniversalId: string; showName: string }
  | { kind: 'member'; nickname: string | null; verified: boolean; active: boolean }
  | { kind: 'guest' }
  /** A performer's socket whose session has ended (signed out, expired, disabled). */
  | { kind: 'gone' };

/** The show's state that decides who may write. */
export type ChatShowState = { universalId: string; free: boolean; online: boolean };

export type ChatWriter = { nickname: string; from: 'performer' | 'viewer' };

/** The free chat's name for everyone without an account (spec part 2, "Chat"). */
export const GUEST_NICKNAME: string = RESERVED_NICKNAMES[0];

/**
 * Who may write in a show's chat, and as whom (spec part 2, sections 4 and 6): the performer in
 * her own show only, under her show name; a verified member with a current nickname, as it; a
 * visitor as `guest` only in a free show that is online. Otherwise the reason, a key of
 * SHOW_CHAT_ERRORS. Anyone may read (chat.ts).
 */
export function chatWriter(chatter: Chatter, show: ChatShowState): ChatWriter | { refused: string } {
  switch (chatter.kind) {
    case 'performer':
      return chatter.showUniversalId === show.universalId
        ? { nickname: chatter.showName, from: 'performer' }
        : { refused: SHOW_CHAT_ERRORS.notYourShow };
    case 'member':
      if (!chatter.active) return { refused: 'errors.user_blocked' };
      if (!chatter.verified) return { refused: SHOW_CHAT_ERRORS.notVerified };
      if (chatter.nickname === null) return { refused: SHOW_CHAT_ERRORS.nickname };
      return { nickname: chatter.nickname, from: 'viewer' };
    case 'guest':
      if (!show.free) return { refused: SHOW_CHAT_ERRORS.signUp };
      if (!show.online) return { refused: SHOW_CHAT_ERRORS.offline };
      return { nickname: GUEST_NICKNAME, from: 'viewer' };
    case 'gone':
      return { refused: 'errors.unauthenticated' };
  }
}
