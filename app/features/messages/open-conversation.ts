import type { To } from 'react-router';
import { HASH } from '#app/platform/hash-dialogs.ts';

/**
 * Router state that names the show whose conversation #open-conversation opens, when the page is
 * not hers (a latest contact in the messages menu). On a show's page the page names her.
 */
type OpenConversationState = { openConversationShow: string };

/**
 * A link that adds #open-conversation to the page she is on (path and query kept), for the show of
 * the page or for `showid`. Visitors following it get the sign-in dialog instead.
 */
export function openConversationLink(
  page: { pathname: string; search: string },
  showid?: string,
): { to: To; state?: OpenConversationState } {
  const to = { pathname: page.pathname, search: page.search, hash: HASH.openConversation };
  return showid ? { to, state: { openConversationShow: showid } } : { to };
}

/** The show a link named in the router state, if any. */
export function showOfState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('openConversationShow' in state)) return null;
  const showid = state.openConversationShow;
  return typeof showid === 'string' && showid !== '' ? showid : null;
}
