import type { z } from 'zod';
import { api } from '#app/http.ts';
import type { WatchAnswer, watchBody } from '#common/api/live.ts';

/** What opens the stream: the chat session's id and its newest join password. */
export type WatchBody = z.infer<typeof watchBody>;

/**
 * The live stream's signalling for viewers (decision 018): whole session descriptions over HTTP.
 * Watching needs the chat session's login and join password (POST /chatsession/{universalId}).
 */
export const watchShow = (universalId: string, credentials: WatchBody) =>
  api<WatchAnswer>('POST', `/live/${encodeURIComponent(universalId)}/watch`, credentials);

export const answerSubscription = (subscriptionId: string, sdp: string) =>
  api<{ ok: true }>('POST', `/live/subscriptions/${subscriptionId}/answer`, { answer: { type: 'answer', sdp } });

export const leaveSubscription = (subscriptionId: string) =>
  api<{ ok: true }>('POST', `/live/subscriptions/${subscriptionId}/leave`, {});
