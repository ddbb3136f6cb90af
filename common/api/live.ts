import { z } from 'zod';
import { studioChatSession } from './chat.ts';

/**
 * Live video signalling over HTTP (decision 018): the SFU's and the browser's session descriptions
 * are exchanged whole (every candidate gathered first), so no candidate trickles and no push is
 * needed to connect. Show states reach open pages through `show:bulkupdate` (online, paused, free).
 */

/** A browser session description holds a few KB; the server refuses anything longer. */
export const LIVE_SDP_MAX = 32 * 1024;

const sdpText = z.string().min(1).max(LIVE_SDP_MAX);
export const sdpOffer = z.object({ type: z.literal('offer'), sdp: sdpText });
export const sdpAnswer = z.object({ type: z.literal('answer'), sdp: sdpText });

/** A STUN/TURN server for the browser's RTCPeerConnection (ICE_SERVERS). */
export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/**
 * POST /api/live/{universalId}/watch: the chat session's login and password (common/api/chat.ts,
 * POST /api/chatsession/{universalId}) open the stream; nobody watches without a session.
 */
export const watchBody = z.object({ login: z.uuid(), password: z.string().min(1).max(200) });

/** POST /api/live/{universalId}/watch: the SFU's offer for this viewer, to be answered within LIVE_ANSWER_WITHIN_MS. */
export const watchAnswer = z.object({
  subscriptionId: z.uuid(),
  offer: sdpOffer,
  iceServers: z.array(iceServer),
  /** The performer paused: the connection stands, the picture comes back when she resumes. */
  paused: z.boolean(),
  /** What the stream carries: without audio there is no sound to switch on. */
  kinds: z.array(z.enum(['audio', 'video'])),
});
export type WatchAnswer = z.infer<typeof watchAnswer>;

/** POST /api/live/subscriptions/{id}/answer */
export const subscriptionAnswerBody = z.object({ answer: sdpAnswer });
export const subscriptionParams = z.object({ id: z.uuid() });

/** POST /api/studio/live: her camera's offer; the answer puts her show on air. */
export const publishBody = z.object({ offer: sdpOffer });
export const publishAnswer = z.object({ answer: sdpAnswer, iceServers: z.array(iceServer) });
export type PublishAnswer = z.infer<typeof publishAnswer>;

/** POST /api/studio/live/pause */
export const pauseBody = z.object({ paused: z.boolean() });

/** GET /api/studio/live: her stream as the server sees it; polled, and each poll says she is still there. */
export const studioLiveState = z.object({
  live: z.boolean(),
  paused: z.boolean(),
  /** Viewers connected now, by nickname (guests as `guest`), in the order they came. */
  viewers: z.array(z.object({ nickname: z.string() })),
  /** The private (or exclusive) running in her show, with its member's nickname, minutes and her earnings. */
  session: studioChatSession.nullable(),
  /** The media server carrying her stream went away while she was on air: publish again. */
  republish: z.literal(true).optional(),
});
export type StudioLiveState = z.infer<typeof studioLiveState>;
