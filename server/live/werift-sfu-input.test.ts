import { afterEach, describe, expect, it } from 'vitest';
import { closePeers, startPublisher } from '#server/test/live-peers.ts';
import type { SessionEvent } from './sfu.ts';
import { WeriftSfu } from './werift-sfu.ts';

let sfu: WeriftSfu;
const ignore = (_: SessionEvent) => undefined;

function newSfu() {
  sfu = new WeriftSfu({ iceServers: [], hostAddresses: { lan: false, addresses: ['127.0.0.1'] }, udpPortRange: null });
  return sfu;
}

afterEach(async () => {
  await sfu?.close();
  await closePeers();
});

/** Enough to pass the shape check, but no ICE credentials, no fingerprint, no codec werift knows. */
const HOLLOW_OFFER = 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 120\r\n';
const DATA_ONLY =
  'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n';

describe('the werift SFU with bad input', () => {
  it('refuses garbage and unusable offers with invalid_sdp, and keeps the show free', async () => {
    newSfu();
    const publish = (sdp: unknown, type = 'offer') =>
      // biome-ignore lint/suspicious/noExplicitAny: the point is input that breaks the types
      sfu.publish({ showId: 'show-1', offer: { type, sdp } as any, onEvent: ignore });
    for (const sdp of ['garbage', '', 42, DATA_ONLY, 'x'.repeat(100_000), HOLLOW_OFFER]) {
      await expect(publish(sdp)).rejects.toMatchObject({ name: 'SfuError', code: 'invalid_sdp' });
    }
    await expect(publish(HOLLOW_OFFER, 'answer')).rejects.toMatchObject({ code: 'invalid_sdp' });
    expect(sfu.isLive('show-1')).toBe(false);
    // A good offer still works afterwards.
    const publisher = await startPublisher(sfu, 'show-1');
    expect(sfu.isLive('show-1')).toBe(true);
    await expect(publish(publisher.offerSdp)).rejects.toMatchObject({ code: 'already_publishing' });
  });

  it('refuses unknown shows, shows without a publisher and unknown sessions clearly', async () => {
    newSfu();
    await expect(sfu.subscribe({ showId: 'nobody', viewerId: 'v', onEvent: ignore })).rejects.toMatchObject({
      code: 'no_publisher',
    });
    await expect(sfu.subscribe({ showId: '', viewerId: 'v', onEvent: ignore })).rejects.toMatchObject({
      code: 'no_publisher',
    });
    await expect(sfu.stopPublication('nobody')).rejects.toMatchObject({ code: 'no_publisher' });
    expect(() => sfu.requestKeyframe('nobody')).toThrow(expect.objectContaining({ code: 'no_publisher' }));
    expect(() => sfu.stats('nobody')).toThrow(expect.objectContaining({ code: 'no_publisher' }));
    await expect(sfu.acceptAnswer('nope', { type: 'answer', sdp: HOLLOW_OFFER })).rejects.toMatchObject({
      code: 'unknown_session',
    });
    await expect(sfu.addIceCandidate('nope', null)).rejects.toMatchObject({ code: 'unknown_session' });
    // Unsubscribing someone unknown or gone is not an error: the server may end a viewer twice.
    await expect(sfu.unsubscribe('nope')).resolves.toBeUndefined();
  });

  it('refuses bad answers and candidates for a known session', async () => {
    newSfu();
    const publisher = await startPublisher(sfu, 'show-1');
    const { subscriptionId } = await sfu.subscribe({ showId: 'show-1', viewerId: 'v', onEvent: ignore });
    await expect(sfu.acceptAnswer(subscriptionId, { type: 'answer', sdp: 'garbage' })).rejects.toMatchObject({
      code: 'invalid_sdp',
    });
    await expect(
      sfu.acceptAnswer(publisher.publicationId, { type: 'answer', sdp: HOLLOW_OFFER }),
    ).rejects.toMatchObject({ code: 'wrong_state' });
    for (const candidate of [{ candidate: 'rubbish' }, { candidate: 7 }, 'candidate:1 1 udp 1 1.2.3.4 9 typ host']) {
      // biome-ignore lint/suspicious/noExplicitAny: the point is input that breaks the types
      await expect(sfu.addIceCandidate(subscriptionId, candidate as any)).rejects.toMatchObject({
        code: 'invalid_candidate',
      });
    }
    // The end of candidates, in both spellings, is fine.
    await sfu.addIceCandidate(subscriptionId, null);
    await sfu.addIceCandidate(subscriptionId, { candidate: '' });
    expect(sfu.stats('show-1').subscribers).toBe(1);
  });
});
