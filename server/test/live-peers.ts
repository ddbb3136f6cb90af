import {
  MediaStreamTrack,
  useOPUS as opusCodec,
  RTCPeerConnection,
  type RTCRtpReceiver,
  RtpHeader,
  RtpPacket,
  useVP8 as vp8Codec,
} from 'werift';
import type { IceCandidate, MediaSource, SessionEvent, Sfu } from '#server/live/sfu.ts';

/**
 * Browser stand-ins for the SFU's tests: werift peers on their own loopback addresses that publish
 * hand-made RTP or receive it, wired to the SFU the way signalling will wire browsers (SDP and
 * trickled candidates as plain data).
 */

/**
 * Resolves waits when something happened (checked on each event, and every few milliseconds for
 * state no event reports, such as the SFU's counters), or rejects them after a bounded time.
 */
export class Changes {
  private readonly waiters = new Set<() => void>();

  changed(): void {
    for (const check of [...this.waiters]) check();
  }

  until(condition: () => boolean, what: string, timeoutMs = 4000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      };
      const poll = setInterval(check, 5);
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

/** Gathers host candidates on this address only (127.0.0.0/8 is all loopback on Linux). */
export const peerOn = (address: string) =>
  new RTCPeerConnection({
    codecs: { audio: [opusCodec()], video: [vp8Codec()] },
    iceUseIpv4: false,
    iceUseIpv6: false,
    iceAdditionalHostAddresses: [address],
    iceInterfaceAddresses: { udp4: address },
  });

/** Every peer the tests opened, closed by closePeers. */
export const peers = new Set<RTCPeerConnection>();

export async function closePeers(): Promise<void> {
  await Promise.all([...peers].map((pc) => pc.close().catch(() => undefined)));
  peers.clear();
}

type Recorder = { events: SessionEvent[]; changes: Changes; candidateQueue: IceCandidate[] };

function recorder(): Recorder & { onEvent: (event: SessionEvent) => void; deliver: (pc: RTCPeerConnection) => void } {
  const state: Recorder = { events: [], changes: new Changes(), candidateQueue: [] };
  let target: RTCPeerConnection | null = null;
  return {
    ...state,
    onEvent(event) {
      state.events.push(event);
      if (event.type === 'ice-candidate' && event.candidate) {
        if (target) target.addIceCandidate(event.candidate).catch(() => undefined);
        else state.candidateQueue.push(event.candidate);
      }
      state.changes.changed();
    },
    /** From now on the SFU's candidates go straight to the peer (after its remote description). */
    deliver(pc) {
      target = pc;
      for (const c of state.candidateQueue.splice(0)) pc.addIceCandidate(c).catch(() => undefined);
    },
  };
}

export async function startPublisher(sfu: Sfu, showId: string, address = '127.0.0.2') {
  const pc = peerOn(address);
  peers.add(pc);
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const videoSender = pc.addTransceiver(video, { direction: 'sendonly' }).sender;
  pc.addTransceiver(audio, { direction: 'sendonly' });
  const rec = recorder();
  const own: IceCandidate[] = [];
  let plis = 0;
  videoSender.onPictureLossIndication.subscribe(() => {
    plis += 1;
    rec.changes.changed();
  });
  pc.connectionStateChange.subscribe(() => rec.changes.changed());
  await pc.setLocalDescription(await pc.createOffer());
  const offerSdp = pc.localDescription?.sdp ?? '';
  const { publicationId, answer } = await sfu.publish({
    showId,
    offer: { type: 'offer', sdp: offerSdp },
    onEvent: rec.onEvent,
  });
  pc.onIceCandidate.subscribe((c) => {
    if (!c) return;
    own.push(c.toJSON());
    sfu.addIceCandidate(publicationId, c.toJSON()).catch(() => undefined);
  });
  await pc.setRemoteDescription(answer);
  rec.deliver(pc);
  const seq = { video: 1000, audio: 5000 };
  return {
    pc,
    publicationId,
    offerSdp,
    events: rec.events,
    changes: rec.changes,
    plis: () => plis,
    connected: () => rec.changes.until(() => pc.connectionState === 'connected', 'the publisher to connect'),
    /** Sends one RTP packet whose payload is the label, so receivers can tell packets apart. */
    send(kind: 'audio' | 'video', label: string) {
      seq[kind] += 1;
      const header = new RtpHeader({
        payloadType: kind === 'video' ? 96 : 111,
        sequenceNumber: seq[kind] % 65_536,
        timestamp: seq[kind] * 3000,
        marker: true,
      });
      // VP8 payload descriptor: start of partition 0, then the frame bytes.
      const payload = kind === 'video' ? Buffer.concat([Buffer.from([0x10]), Buffer.from(label)]) : Buffer.from(label);
      (kind === 'video' ? video : audio).writeRtp(new RtpPacket(header, payload));
    },
  };
}

export async function startViewer(sfu: Sfu, showId: string, viewerId: string, address = '127.0.0.3') {
  const pc = peerOn(address);
  peers.add(pc);
  const rec = recorder();
  const received: { kind: string; label: string }[] = [];
  let videoReceiver: { receiver: RTCRtpReceiver; ssrc: number } | null = null;
  pc.onTrack.subscribe((track) => {
    const receiver = pc.getTransceivers().find((t) => t.receiver.tracks.includes(track))?.receiver;
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'video' && receiver && track.ssrc !== undefined)
        videoReceiver = { receiver, ssrc: track.ssrc };
      const payload = track.kind === 'video' ? rtp.payload.subarray(1) : rtp.payload;
      received.push({ kind: track.kind, label: payload.toString() });
      rec.changes.changed();
    });
  });
  pc.connectionStateChange.subscribe(() => rec.changes.changed());
  const { subscriptionId, offer } = await sfu.subscribe({ showId, viewerId, onEvent: rec.onEvent });
  await pc.setRemoteDescription(offer);
  rec.deliver(pc);
  await pc.setLocalDescription(await pc.createAnswer());
  pc.onIceCandidate.subscribe((c) => {
    if (c) sfu.addIceCandidate(subscriptionId, c.toJSON()).catch(() => undefined);
  });
  await sfu.acceptAnswer(subscriptionId, { type: 'answer', sdp: pc.localDescription?.sdp ?? '' });
  return {
    pc,
    subscriptionId,
    offer,
    events: rec.events,
    changes: rec.changes,
    received,
    labels: (kind: string) => received.filter((r) => r.kind === kind).map((r) => r.label),
    /** Connected as the SFU sees it: it forwards media from then on. */
    connected: () =>
      rec.changes.until(() => rec.events.some((e) => e.type === 'connected'), `${viewerId} to connect to the SFU`),
    ended: () => rec.changes.until(() => rec.events.some((e) => e.type === 'ended'), `${viewerId}'s session to end`),
    requestKeyframe() {
      if (!videoReceiver) throw new Error('no video received yet');
      return videoReceiver.receiver.sendRtcpPLI(videoReceiver.ssrc);
    },
  };
}

/**
 * A server-made stream for the SFU's tests (publishSource): records when the SFU starts and stops
 * it and asks it for keyframes, and while it runs sends hand-made VP8 packets whose payload is a
 * label, like the publisher's.
 */
export function fakeSource(kinds: ('audio' | 'video')[] = ['video']) {
  const changes = new Changes();
  const state = { starts: 0, stops: 0, keyframeRequests: 0 };
  let send: ((kind: 'audio' | 'video', rtp: Buffer) => void) | null = null;
  let seq = 2000;
  const source: MediaSource = {
    kinds,
    start(deliver) {
      state.starts += 1;
      send = deliver;
      changes.changed();
      return () => {
        state.stops += 1;
        send = null;
        changes.changed();
      };
    },
    requestKeyframe() {
      state.keyframeRequests += 1;
      changes.changed();
    },
  };
  return {
    source,
    state,
    changes,
    running: () => send !== null,
    /** Sends one packet if the SFU runs the source; answers whether it did. */
    send(kind: 'audio' | 'video', label: string): boolean {
      if (!send) return false;
      seq += 1;
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp: seq * 3000, marker: true });
      const payload = kind === 'video' ? Buffer.concat([Buffer.from([0x10]), Buffer.from(label)]) : Buffer.from(label);
      send(kind, new RtpPacket(header, payload).serialize());
      return true;
    },
  };
}
