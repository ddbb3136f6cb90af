/**
 * Who may watch a show's live stream without a paid session (spec part 2 section 4 "Chat": free
 * chat is open to guests and members alike). The paid session types (private, voyeur, exclusive)
 * open the stream through their own session instead.
 *
 * The answer is the spec's chat error key, or null when she may watch.
 */
export type FreeWatchRefusal = 'chat.show_not_available' | 'chat.show_not_available_free';

export function freeWatchRefusal(show: { online: boolean; free: boolean; onAir: boolean }): FreeWatchRefusal | null {
  // Offline, or online with no stream (her camera is connecting): nothing to watch yet.
  if (!show.online || !show.onAir) return 'chat.show_not_available';
  if (!show.free) return 'chat.show_not_available_free';
  return null;
}

/** The name a viewer has in a show (viewer lists, chat): her current nickname, else the reserved `guest`. */
export const GUEST_NICKNAME = 'guest';
export const viewerNickname = (nickname: string | null | undefined) => nickname || GUEST_NICKNAME;
