import { api } from '#app/http.ts';
import type { WatchAnswer } from '#common/api/live.ts';

/** The live stream's signalling for viewers (decision 018): whole session descriptions over HTTP. */
export const watchShow = (universalId: string) =>
  api<WatchAnswer>('POST', `/live/${encodeURIComponent(universalId)}/watch`, {});

export const answerSubscription = (subscriptionId: string, sdp: string) =>
  api<{ ok: true }>('POST', `/live/subscriptions/${subscriptionId}/answer`, { answer: { type: 'answer', sdp } });

export const leaveSubscription = (subscriptionId: string) =>
  api<{ ok: true }>('POST', `/live/subscriptions/${subscriptionId}/leave`, {});
