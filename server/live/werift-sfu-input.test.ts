import { afterEach, describe, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import { closePeers, fakeSource, peerOn, peers, startPublisher } from '#server/test/live-peers.ts';
import { MAX_REMOTE_CANDIDATES } from './candidate-policy.ts';
import type { SessionEvent } from './sfu.ts';
import { WeriftSfu } from './werift-sfu.ts';

let sfu: WeriftSfu;
const ignore = (_: SessionEvent) => undefined;

/** The SFU on loopback only: by default it admits loopback, mDNS names and public candidates, nothing else. */
function newSfu(peerNetworks: 'auto' | [] = 'auto') {
  sfu = new WeriftSfu({
    iceServers: [],
    hostAddresses: { lan: false, addresses: ['127.0.0.1'] },
    udpPortRange: null,
    peerNetworks,
  });
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

describe('the remote candidates the werift SFU checks', () => {
  const line = (address: string, port = 50_000) => `candidate:9 1 udp 2130706431 ${address} ${port} typ host`;
  const REFUSED = [
    '10.1.2.3',
    '172.20.0.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.7',
    '224.0.0.251',
    '0.0.0.0',
    'fe80::1',
    'fd00::5',
    '::ffff:10.0.0.1',
    'example.com',
  ];
  const MDNS = 'a1b2c3d4-0000-4000-8000-000000000000.local';

  /** The addresses the SFU's ICE agent would send checks to for a session. */
  function remoteHosts(sessionId: string): string[] {
    const sessions = (sfu as unknown as { sessions: Map<string, { pc: RTCPeerConnection }> }).sessions;
    const pc = sessions.get(sessionId)?.pc;
    return pc ? pc.iceTransports.flatMap((t) => t.connection.remoteCandidates.map((c) => c.host)) : [];
  }

  /**
   * A viewer's subscription (of a stream the server makes: no publisher's connection to need
   * candidates) whose answer names the given candidates besides the peer's own, and leaves the
   * candidates open for trickling.
   */
  async function viewerWith(hosts: string[]) {
    sfu.publishSource({ showId: 'show-1', source: fakeSource().source });
    const { subscriptionId, offer } = await sfu.subscribe({ showId: 'show-1', viewerId: 'v', onEvent: ignore });
    const pc = peerOn('127.0.0.3');
    peers.add(pc);
    await pc.setRemoteDescription(offer);
    await pc.setLocalDescription(await pc.createAnswer());
    const extra = hosts.map((host, i) => `a=${line(host, 40_000 + i)}\r\n`).join('');
    const sdp = (pc.localDescription?.sdp ?? '')
      .replace(/a=end-of-candidates\r?\n/g, '')
      .replace(/(a=mid:[^\r\n]*\r?\n)/, `$1${extra}`);
    expect(sdp).toContain(extra);
    await sfu.acceptAnswer(subscriptionId, { type: 'answer', sdp });
    return subscriptionId;
  }

  it('never adds a candidate outside the internet and its own networks, from the answer or trickled', async () => {
    newSfu();
    const id = await viewerWith([...REFUSED, '127.0.0.9']);
    for (const host of REFUSED) await sfu.addIceCandidate(id, { candidate: line(host), sdpMLineIndex: 0 });
    await sfu.addIceCandidate(id, { candidate: line('127.0.0.10'), sdpMLineIndex: 0 });
    const hosts = remoteHosts(id);
    expect(hosts).toEqual(expect.arrayContaining(['127.0.0.9', '127.0.0.10']));
    for (const host of REFUSED) expect(hosts, host).not.toContain(host);
    expect(hosts.filter((h) => !h.startsWith('127.'))).toEqual([]);
  });

  it(`takes at most ${MAX_REMOTE_CANDIDATES} candidates from one peer`, async () => {
    newSfu();
    const id = await viewerWith(['127.0.0.9']);
    for (let i = 0; i < 3 * MAX_REMOTE_CANDIDATES; i += 1) {
      await sfu.addIceCandidate(id, { candidate: line(`127.0.1.${i + 1}`), sdpMLineIndex: 0 });
    }
    expect(remoteHosts(id)).toHaveLength(MAX_REMOTE_CANDIDATES);
  });

  it('refuses even loopback candidates when only the internet is admitted (LIVE_PEER_NETWORKS=public)', async () => {
    newSfu([]);
    const id = await viewerWith(['127.0.0.9', MDNS, ...REFUSED]);
    await sfu.addIceCandidate(id, { candidate: line('127.0.0.10'), sdpMLineIndex: 0 });
    expect(remoteHosts(id)).toEqual([]);
  });
});
