import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#app/http.ts';
import type {
  ChatSessionState,
  ChatStartAnswer,
  ChatStartBody,
  CheckRatingAnswer,
  chatHeartbeatAnswer,
} from '#common/api/chat.ts';

/** The chat session calls (common/api/chat.ts); every POST carries the XSRF header through api(). */

export type ChatHeartbeatAnswer = z.infer<typeof chatHeartbeatAnswer>;

const id = encodeURIComponent;

/** POST /chatsession/{universalId}: starts a session; refusals answer the spec's chat error keys. */
export const startChatSession = (universalId: string, body: ChatStartBody) =>
  api<ChatStartAnswer>('POST', `chatsession/${id(universalId)}`, body);

/** POST /chatsession/heartbeat/{sessionId}: keeps it open; answers its state and a fresh join credential. */
export const heartbeatChatSession = (sessionId: string) =>
  api<ChatHeartbeatAnswer>('POST', `chatsession/heartbeat/${id(sessionId)}`, {});

/** POST /chatsession/stop/{sessionId} */
export const stopChatSession = (sessionId: string) =>
  api<{ session: ChatSessionState }>('POST', `chatsession/stop/${id(sessionId)}`, {});

/**
 * POST /chatsession/gone/{sessionId} as a beacon, while the page goes away: no minute is billed
 * until a page of hers beats again (a reload), and the session ends if none does. A beacon cannot
 * carry the CSRF header, so it is a form with beacon=1 (the server checks it another way).
 */
export function beaconChatGone(sessionId: string): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(`/api/chatsession/gone/${id(sessionId)}`, new URLSearchParams({ beacon: '1' }));
}

/** POST /chatsession/check_rating/{universalId}: whether the member may rate her last session with the show. */
export const checkChatRating = (universalId: string) =>
  api<CheckRatingAnswer>('POST', `chatsession/check_rating/${id(universalId)}`, {});

export type RateChatVars = {
  contentProviderId: number;
  showId: string;
  sessionId: string;
  /** 1 to 100 percent. */
  rating: number;
  comment: string;
};

/** POST /chatsession/rate_chat/{contentProviderId}-{showId}/{sessionId} */
export const rateChatSession = ({ contentProviderId, showId, sessionId, rating, comment }: RateChatVars) =>
  api<{ ok: true }>('POST', `chatsession/rate_chat/${contentProviderId}-${id(showId)}/${id(sessionId)}`, {
    rating,
    comment,
  });

export const useStartChat = () =>
  useMutation({
    mutationFn: ({ universalId, body }: { universalId: string; body: ChatStartBody }) =>
      startChatSession(universalId, body),
  });
export const useRateChat = () => useMutation({ mutationFn: rateChatSession });
