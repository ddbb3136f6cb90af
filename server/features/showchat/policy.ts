import { SHOW_CHAT_ERRORS } from '#common/api/showchat.ts';
import { RESERVED_NICKNAMES } from '#common/constants.ts';

/** Who is at the keyboard, as resolved for this message (chat.ts). */
export type Chatter =
  | { kind: 'performer'; showUniversalId: string; showName: string }
  | { kind: 'member'; userId: number; nickname: string | null; verified: boolean; active: boolean }
  /**
   * A visitor; `session`: her browser session came with the socket (moderation tells guests apart
   * by it); `name`: her temporary name for this show visit, once her chat there started.
   */
  | { kind: 'guest'; session: boolean; name?: string | null }
  /** A performer's socket whose session has ended (signed out, expired, disabled). */
  | { kind: 'gone' };

/** The show's state that decides who may write. */
export type ChatShowState = {
  universalId: string;
  free: boolean;
  online: boolean;
  /** The member of the private (or exclusive) running in the show: then only she and the performer write. */
  privateUserId: number | null;
};

export type ChatWriter = { nickname: string; from: 'performer' | 'viewer' };

/** What the performer decided about a viewer in her show: banned (until unbanned), muted (for now). */
export type ChatModeration = { banned: boolean; muted: boolean };
const UNMODERATED: ChatModeration = { banned: false, muted: false };

/** The free chat's name for everyone without an account (spec part 2, "Chat"). */
export const GUEST_NICKNAME: string = RESERVED_NICKNAMES[0];

/**
 * Who may write in a show's chat, and as whom (spec part 2, sections 4 and 6): the performer in
 * her own show only, under her show name; a verified member with a current nickname, as it; a
 * visitor under her temporary name for the visit (`guest` before she has one), only in a free
 * show that is online, and only with a browser session (every page of the site has one), since
 * without it the performer could not mute or ban her. Nobody the performer banned or muted.
 * While a private runs, only its member (and the performer). Otherwise the reason, a key of
 * SHOW_CHAT_ERRORS. Anyone not banned may read (chat.ts).
 */
export function chatWriter(
  chatter: Chatter,
  show: ChatShowState,
  moderation: ChatModeration = UNMODERATED,
): ChatWriter | { refused: string } {
  if (chatter.kind === 'member' || chatter.kind === 'guest') {
    if (moderation.banned) return { refused: SHOW_CHAT_ERRORS.banned };
    if (moderation.muted) return { refused: SHOW_CHAT_ERRORS.muted };
  }
  switch (chatter.kind) {
    case 'performer':
      return chatter.showUniversalId === show.universalId
        ? { nickname: chatter.showName, from: 'performer' }
        : { refused: SHOW_CHAT_ERRORS.notYourShow };
    case 'member':
      if (!chatter.active) return { refused: 'errors.user_blocked' };
      if (!chatter.verified) return { refused: SHOW_CHAT_ERRORS.notVerified };
      if (chatter.nickname === null) return { refused: SHOW_CHAT_ERRORS.nickname };
      if (show.privateUserId !== null && show.privateUserId !== chatter.userId)
        return { refused: SHOW_CHAT_ERRORS.inPrivate };
      return { nickname: chatter.nickname, from: 'viewer' };
    case 'guest':
      if (show.privateUserId !== null) return { refused: SHOW_CHAT_ERRORS.inPrivate };
      if (!show.free) return { refused: SHOW_CHAT_ERRORS.signUp };
      if (!show.online) return { refused: SHOW_CHAT_ERRORS.offline };
      if (!chatter.session) return { refused: SHOW_CHAT_ERRORS.noSession };
      return { nickname: chatter.name || GUEST_NICKNAME, from: 'viewer' };
    case 'gone':
      return { refused: 'errors.unauthenticated' };
  }
}
