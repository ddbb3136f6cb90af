import { networkInterfaces } from 'node:os';
import { useOPUS as opusCodec, type RTCPeerConnectionConfig, RTCRtpCodecParameters, useVP8 as vp8Codec } from 'werift';
import type { PeerNetwork } from './candidate-policy.ts';

/** A STUN or TURN server as browsers take it (RTCIceServer); ICE_SERVERS holds a JSON array of them. */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

export type LiveIceSettings = {
  /**
   * STUN/TURN servers the SFU's own ICE agent uses: ICE_SERVERS, and the TURN relay with a
   * credential of its own when TURN_FOR_SFU asks (turn/credentials.ts). Browsers get ICE_SERVERS
   * and a fresh relay credential per signalling answer instead.
   */
  iceServers: IceServer[];
  /**
   * Where the SFU offers host candidates: every LAN address of the machine (werift's choice: not
   * loopback, not link-local, no VPN/virtual interfaces) and/or listed addresses such as 127.0.0.1.
   */
  hostAddresses: { lan: boolean; addresses: string[] };
  /** UDP ports the SFU's sockets use, both ends included (open them in the firewall); null: any. */
  udpPortRange: [number, number] | null;
  /**
   * Networks besides the public internet whose remote candidates the SFU checks
   * (LIVE_PEER_NETWORKS, candidate-policy.ts); `auto` (the default): those it offers candidates on.
   */
  peerNetworks?: 'auto' | readonly PeerNetwork[];
};

/** The machine's own non-internal addresses (what werift's `lan` choice offers candidates on). */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).filter((entry) => !entry.internal).map((entry) => entry.address),
  );
}

/**
 * The codecs the SFU negotiates: Opus and VP8, which every browser sends and receives, so one
 * incoming stream fits every viewer without transcoding. VP8 comes with NACK, PLI and REMB
 * feedback and an RTX stream for resent packets. Fresh objects per peer connection: werift writes
 * the payload types into them.
 */
function codecs(): RTCPeerConnectionConfig['codecs'] {
  return {
    audio: [opusCodec()],
    video: [vp8Codec(), new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90_000 })],
  };
}

/** werift settings for one of the SFU's peer connections (a publisher's or a viewer's). */
export function peerConfig(settings: LiveIceSettings): RTCPeerConnectionConfig {
  const { lan, addresses } = settings.hostAddresses;
  const ipv4 = addresses.filter((a) => !a.includes(':'));
  return {
    codecs: codecs(),
    iceServers: settings.iceServers,
    // Without LAN, werift's own address discovery is off and only the listed addresses are used.
    iceUseIpv4: lan,
    iceUseIpv6: lan,
    iceAdditionalHostAddresses: addresses,
    // A single listed IPv4 address and no LAN: bind the socket to it, not to every interface.
    iceInterfaceAddresses: !lan && ipv4.length === 1 ? { udp4: ipv4[0] } : undefined,
    icePortRange: settings.udpPortRange ?? undefined,
    bundlePolicy: 'max-bundle',
  };
}
