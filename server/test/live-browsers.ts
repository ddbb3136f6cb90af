import { MediaStreamTrack, RtpHeader, RtpPacket } from 'werift';
import { Changes, peerOn, peers } from './live-peers.ts';

/**
 * Browser stand-ins for the live API's tests: werift peers that exchange whole session
 * descriptions (every candidate gathered first) as the studio and the show page do over HTTP.
 */

export async function cameraPeer(address = '127.0.0.2') {
  const pc = peerOn(address);
  peers.add(pc);
  const changes = new Changes();
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const videoSender = pc.addTransceiver(video, { direction: 'sendonly' }).sender;
  pc.addTransceiver(audio, { direction: 'sendonly' });
  let plis = 0;
  videoSender.onPictureLossIndication.subscribe(() => {
    plis += 1;
    changes.changed();
  });
  pc.connectionStateChange.subscribe(() => changes.changed());
  await pc.setLocalDescription(await pc.createOffer());
  let seq = 1000;
  return {
    pc,
    changes,
    offer: { type: 'offer' as const, sdp: pc.localDescription?.sdp ?? '' },
    plis: () => plis,
    accept: (answer: { type: 'answer'; sdp: string }) => pc.setRemoteDescription(answer),
    connected: () => changes.until(() => pc.connectionState === 'connected', 'the camera to connect'),
    /** One video packet whose payload is the label. */
    send(label: string) {
      seq += 1;
      const header = new RtpHeader({ payloadType: 96, sequenceNumber: seq, timestamp: seq * 3000, marker: true });
      video.writeRtp(new RtpPacket(header, Buffer.concat([Buffer.from([0x10]), Buffer.from(label)])));
    },
  };
}

export function viewerPeer(address = '127.0.0.3') {
  const pc = peerOn(address);
  peers.add(pc);
  const changes = new Changes();
  const labels: string[] = [];
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp) => {
      if (track.kind === 'video') labels.push(rtp.payload.subarray(1).toString());
      changes.changed();
    });
  });
  pc.connectionStateChange.subscribe(() => changes.changed());
  return {
    pc,
    changes,
    labels,
    /** Takes the SFU's offer and answers it. */
    async answer(offer: { type: 'offer'; sdp: string }) {
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      return { type: 'answer' as const, sdp: pc.localDescription?.sdp ?? '' };
    },
    connected: () => changes.until(() => pc.connectionState === 'connected', 'the viewer to connect'),
    has: (label: string) => changes.until(() => labels.includes(label), `${label} at the viewer`),
  };
}
