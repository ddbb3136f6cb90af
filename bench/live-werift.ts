import { randomUUID } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, useVP8 as vp8Codec } from 'werift';
import type { ChatSessionState, ChatStartAnswer } from '#common/api/chat.ts';
import type { PublishAnswer, StudioLiveState, WatchAnswer } from '#common/api/live.ts';
import { BrowserClient } from './live-http.ts';
import { startVp8Stream, Vp8Follower } from './live-vp8.ts';

/**
 * Headless stand-ins for the studio and the show page: werift peers that speak to the real API
 * over HTTP with whole session descriptions, as the browsers do.
 */

/**
 * Host candidates on this one address only: a loopback one for werift's SFU (all of 127.0.0.0/8 is
 * loopback on Linux), the machine's network address for Janus, which offers no loopback candidates.
 */
const peerOn = (address: string) =>
  new RTCPeerConnection({
    codecs: { video: [vp8Codec()] },
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: [address],
    iceInterfaceAddresses: { udp4: address },
  });

/** Resolves when `ready` holds (checked every 5 ms), or rejects after `ms`. */
export function waitFor(ready: () => boolean, what: string, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (ready()) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
      }
    }, 5);
  });
}

/** The performer's camera: signs in to the studio, publishes the synthetic stream, keeps her heartbeat. */
export async function startPublisher(base: string, email: string, password: string, address = '127.0.0.2') {
  const studio = new BrowserClient(base);
  await studio.post('/api/studio/login', { email, password });
  const pc = peerOn(address);
  const track = new MediaStreamTrack({ kind: 'video' });
  const { sender } = pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const { answer } = await studio.post<PublishAnswer>('/api/studio/live', {
    offer: { type: 'offer', sdp: pc.localDescription?.sdp ?? '' },
  });
  await pc.setRemoteDescription(answer);
  await waitFor(() => pc.connectionState === 'connected', 'the publisher to connect', 10_000);
  const began = performance.now();
  /** What happened to her connection and her heartbeat, for the report when the show goes off air. */
  const events: string[] = [];
  const note = (what: string) => events.push(`${((performance.now() - began) / 1000).toFixed(1)} s: ${what}`);
  pc.connectionStateChange.subscribe((connection) => note(`connection ${connection}`));
  const stream = startVp8Stream(track);
  let plis = 0;
  sender.onPictureLossIndication.subscribe(() => {
    plis += 1;
    stream.keyframeNow();
  });
  // The studio polls its state; a studio that stops asking is taken off air after 10 s.
  let state: StudioLiveState | null = null;
  const heartbeat = setInterval(() => {
    studio
      .get<StudioLiveState>('/api/studio/live')
      .then((s) => {
        if (state?.live && !s.live) note('the studio reports the show off air');
        state = s;
      })
      .catch((error: unknown) => note(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`));
  }, 2000);
  return {
    counts: stream.counts,
    plis: () => plis,
    state: () => state,
    events,
    async stop() {
      clearInterval(heartbeat);
      stream.stop();
      await studio.post('/api/studio/live/stop').catch(() => undefined);
      await pc.close().catch(() => undefined);
    },
  };
}

export type Viewer = Awaited<ReturnType<typeof watchShow>>;

/** How often a watching page beats its chat session (the app's client: every 10 s; 25 s without one ends it). */
const CHAT_HEARTBEAT_MS = 10_000;

/**
 * A new visitor watching the show: her own session and visitor id, a free chat session kept alive
 * by its heartbeat as the show page keeps it, the watch call, the answer. `startedAt` is taken
 * before the chat start, `follower.firstKeyframeAt` when the first whole keyframe is in.
 */
export async function watchShow(base: string, universalId: string, address = '127.0.0.3') {
  const client = new BrowserClient(base);
  await client.get('/api/auth/csrf-cookie');
  // Every visitor here comes from 127.0.0.1: her own visitor id keeps her free time her own (decision 041).
  await client.post('/api/session/vid', { vid: `bench-${randomUUID()}`, confidence: 1 });
  const startedAt = performance.now();
  // A free chat session opens the stream (decision 020): part of what a viewer waits for.
  const chat = await client.post<ChatStartAnswer>(`/api/chatsession/${universalId}`, { type: 'free' });
  const watch = await client.post<WatchAnswer>(`/api/live/${universalId}/watch`, {
    login: chat.login,
    password: chat.password,
  });
  /** Why her chat session ended while she watched (its end ends her stream), or why a beat failed. */
  let chatEnded: string | null = null;
  const heartbeat = setInterval(() => {
    client
      .post<{ session: ChatSessionState }>(`/api/chatsession/heartbeat/${chat.login}`)
      .then(({ session }) => {
        if (!session.open) chatEnded ??= session.endReason ?? 'stopped';
      })
      .catch((error: unknown) => {
        chatEnded ??= `heartbeat failed: ${error instanceof Error ? error.message : String(error)}`;
      });
  }, CHAT_HEARTBEAT_MS);
  const pc = peerOn(address);
  // Once a whole keyframe has been decrypted and read (the picture is there), the viewer counts
  // packets by the sequence numbers of their headers, which SRTP leaves in the clear: decrypting
  // each payload again in JavaScript would make the measuring viewers, not the SFU, the limit on
  // two cores. The SFU still encrypts every packet for every viewer, as it would for a browser.
  const follower = new Vp8Follower(() => {
    for (const { receiver } of pc.getTransceivers()) receiver.dtlsTransport.srtp.decrypt = (packet) => packet;
  });
  pc.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe((rtp) => {
      const h = rtp.header;
      follower.packet(h.sequenceNumber, h.timestamp, h.marker, rtp.payload);
    });
  });
  await pc.setRemoteDescription(watch.offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await client.post(`/api/live/subscriptions/${watch.subscriptionId}/answer`, {
    answer: { type: 'answer', sdp: pc.localDescription?.sdp ?? '' },
  });
  return {
    startedAt,
    follower,
    /** The viewer's own view of her connection: a viewer whose peer went away ends failed or closed. */
    state: () => pc.connectionState,
    chatEnded: () => chatEnded,
    connected: () => waitFor(() => pc.connectionState === 'connected', 'a viewer to connect', 20_000),
    async leave() {
      clearInterval(heartbeat);
      await client.post(`/api/live/subscriptions/${watch.subscriptionId}/leave`).catch(() => undefined);
      await client.post(`/api/chatsession/stop/${chat.login}`).catch(() => undefined);
      await pc.close().catch(() => undefined);
    },
  };
}
