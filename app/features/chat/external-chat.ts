import { api } from '#app/http.ts';

/**
 * An external provider's chat (spec part 2 section 4 "External session", section 7): its frame
 * loads /api/chat/external/vxm, which opens the session and sends the frame on to the partner;
 * the page keeps the session alive with extend calls and ends it when the chat closes.
 */
export const EXTERNAL_END_PATH = '/api/chat/external/end';

export const externalChatSrc = (universalId: string, lang: string) =>
  `/api/chat/external/vxm?${new URLSearchParams({ show: universalId, lang: lang === 'de' ? 'de' : 'en' })}`;

/** POST /chat/external/extend {show}: 200 while it runs, 422 once it has ended. */
export const extendExternalChat = (universalId: string) =>
  api<{ ok: true }>('POST', 'chat/external/extend', { show: universalId });

/** POST /chat/external/end {show}: the member closed the chat. */
export const endExternalChat = (universalId: string) =>
  api<{ ok: true }>('POST', 'chat/external/end', { show: universalId });

/**
 * The same end while the page goes away: a beacon is the only request a leaving page is sure to
 * send. It cannot carry the CSRF header, so it is a form with beacon=1 (the server checks it
 * another way).
 */
export function beaconEndExternalChat(universalId: string): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(EXTERNAL_END_PATH, new URLSearchParams({ show: universalId, beacon: '1' }));
}
