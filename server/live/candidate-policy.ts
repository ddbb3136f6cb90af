import { isIP } from 'node:net';
import { ipv6Groups } from '#server/http/client-address.ts';

/**
 * Which remote ICE candidates the SFU checks (decision 016, "Remote candidates"). A candidate names an address the SFU
 * is to send STUN checks to; a viewer or performer writes it, so without a rule any browser could
 * have the server send packets to its own loopback, its private network or anyone's link-local
 * devices. Candidates outside the public internet are refused unless the server itself runs on
 * such a network (LIVE_PEER_NETWORKS), and each session takes at most MAX_REMOTE_CANDIDATES.
 */

/** Where an address sits (RFC 6890 and its IPv6 counterparts); `mdns` is a browser's `.local` name. */
export type NetworkClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'unspecified'
  | 'reserved'
  | 'mdns'
  | 'invalid';

/** The non-public kinds of peer an operator may admit; the rest (multicast, reserved, …) never are. */
export const PEER_NETWORKS = ['loopback', 'private', 'link-local', 'shared', 'mdns'] as const;
export type PeerNetwork = (typeof PEER_NETWORKS)[number];

/** Remote candidates one peer connection takes: a browser offers a handful (per interface, IPv4 and IPv6, relay). */
export const MAX_REMOTE_CANDIDATES = 16;

/** An IPv4 address's class, by its four octets. */
function ipv4Class([a, b, c]: number[]): NetworkClass {
  if (a === undefined || b === undefined || c === undefined) return 'invalid';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  // IETF protocol assignments, the three documentation nets, benchmarking.
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'reserved';
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'reserved';
  if (a === 198 && (b === 18 || b === 19)) return 'reserved';
  return 'public';
}

const ipv4Of = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

/** An IPv6 address's class, by its eight groups; IPv4 inside it (mapped, NAT64, 6to4) by that address. */
function ipv6Class(g: number[]): NetworkClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0xffff) return ipv4Class(ipv4Of(g6, g7));
    if (g5 === 0 && g6 === 0) return g7 === 0 ? 'unspecified' : g7 === 1 ? 'loopback' : 'reserved';
    return 'reserved';
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Class(ipv4Of(g6, g7));
  if (g0 === 0x2002) return ipv4Class(ipv4Of(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved';
  // Global unicast is 2000::/3; everything else is unassigned or special.
  return (g0 & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** Classifies an address as a candidate names it: an IPv4 or IPv6 literal, or a `.local` name. */
export function classifyAddress(host: string): NetworkClass {
  const address = host.trim();
  if (/^[a-z0-9-]{1,63}\.local\.?$/i.test(address)) return 'mdns';
  const version = isIP(address.replace(/%.*$/, ''));
  if (version === 4) return ipv4Class(address.split('.').map(Number));
  if (version === 6) {
    const groups = ipv6Groups(address);
    return groups ? ipv6Class(groups) : 'invalid';
  }
  return 'invalid';
}

/** The address a candidate line names (its fifth field), without a leading `a=`. */
export function candidateAddress(line: string): string | null {
  const fields = line.replace(/^a=/, '').trim().split(/\s+/);
  return fields[0]?.startsWith('candidate:') && fields.length >= 8 ? (fields[4] ?? null) : null;
}

/** Whether the SFU may check a remote candidate: a public address, or a network the operator admits. */
export function candidateAllowed(line: string, allowed: ReadonlySet<PeerNetwork>): boolean {
  const address = candidateAddress(line);
  if (address === null) return false;
  const kind = classifyAddress(address);
  return kind === 'public' || (allowed as ReadonlySet<string>).has(kind);
}

/**
 * What the operator's LIVE_PEER_NETWORKS means here: a list as it is; `auto` admits the networks
 * the SFU itself offers candidates on, so a server on loopback or a LAN (development, the tests, a
 * studio LAN) still connects its local peers, and one on a public address admits only the internet.
 * `interfaces`: the machine's non-internal addresses (werift's `lan` choice offers them).
 */
export function peerNetworks(
  setting: 'auto' | readonly PeerNetwork[],
  hosts: { lan: boolean; addresses: readonly string[] },
  interfaces: readonly string[],
): ReadonlySet<PeerNetwork> {
  if (setting !== 'auto') return new Set(setting);
  // werift offers no link-local candidates of the machine's interfaces (only listed ones).
  const lan = hosts.lan ? interfaces.map(classifyAddress).filter((kind) => kind !== 'link-local') : [];
  const own = [...hosts.addresses.map(classifyAddress), ...lan];
  const admitted = new Set(PEER_NETWORKS.filter((network) => own.includes(network)));
  // Browsers name their host addresses by `.local` names, which only a server on the same machine
  // or LAN can reach: a server on loopback or a private network takes them as it did before.
  if (admitted.has('loopback') || admitted.has('private')) admitted.add('mdns');
  return admitted;
}

/**
 * An SDP without the candidate lines the SFU will not check: each `a=candidate` line goes through
 * `admit` (which also counts against the session's cap); every other line stays as it is.
 */
export function withAdmittedCandidates(sdp: string, admit: (line: string) => boolean): string {
  const lines = sdp.split(/(?<=\n)/);
  return lines.filter((line) => !/^a=candidate:/i.test(line) || admit(line.trimEnd())).join('');
}

/**
 * The SFU's gate for remote candidates: each peer connection's candidates, from its SDP and
 * trickled, pass the network rule and count against MAX_REMOTE_CANDIDATES; what fails is dropped
 * without an error (browsers name their LAN addresses as a matter of course).
 */
export class CandidateGate {
  private readonly counts = new WeakMap<object, number>();

  constructor(readonly allowed: ReadonlySet<PeerNetwork>) {}

  admit(peer: object, line: string): boolean {
    if (!candidateAllowed(line, this.allowed)) return false;
    const taken = this.counts.get(peer) ?? 0;
    if (taken >= MAX_REMOTE_CANDIDATES) return false;
    this.counts.set(peer, taken + 1);
    return true;
  }

  /** The SDP with only the candidates admitted for this peer. */
  sdp(peer: object, sdp: string): string {
    return withAdmittedCandidates(sdp, (line) => this.admit(peer, line));
  }
}
