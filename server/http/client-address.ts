import { BlockList, isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address (TRUST_PROXY): a number of hops in front of the
 * server (0: none, the TCP peer is the client), or the proxies' own addresses and CIDR ranges.
 * X-Forwarded-For is read from the right: each proxy appends the address it saw, and only what
 * trusted proxies wrote is believed; whatever the client wrote itself stays on the left.
 */
export type TrustProxy = number | readonly string[];

/** The most hops TRUST_PROXY may name (more would be a misunderstanding, not a deployment). */
export const MAX_PROXY_HOPS = 10;

/** Decides whether the address at `hop` (0: the TCP peer, 1: the last X-Forwarded-For entry, …) is a proxy of ours. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as written: unset, empty or `false` trusts nobody, `true` one hop (what a single
 * load balancer needs), a number that many hops, anything else a comma-separated list of
 * addresses and CIDR ranges. Null when it is none of these.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return 0;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_PROXY_HOPS ? hops : null;
  }
  const entries = v.split(',').map((entry) => entry.trim());
  return entries.every((entry) => subnetOf(entry) !== null) ? entries : null;
}

/** An address or CIDR range as [network, prefix length, family]; null when it is neither. */
function subnetOf(entry: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [address = '', prefix, ...rest] = entry.split('/');
  const plain = plainAddress(address);
  const version = isIP(plain);
  if (rest.length || version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (prefix === undefined) return [plain, max, version === 4 ? 'ipv4' : 'ipv6'];
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) < 1 || Number(prefix) > max) return null;
  return [plain, Number(prefix), version === 4 ? 'ipv4' : 'ipv6'];
}

/**
 * The trust rule for Fastify (`trustProxy`, which reads request.ip with it) and for the socket
 * handshake (clientAddress): false when nobody is trusted.
 */
export function proxyTrust(trust: TrustProxy): ProxyTrust | false {
  if (typeof trust === 'number') return trust > 0 ? (_address, hop) => hop < trust : false;
  const proxies = new BlockList();
  for (const entry of trust) {
    const subnet = subnetOf(entry);
    if (subnet) proxies.addSubnet(...subnet);
  }
  return (address) => {
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && proxies.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address as request.ip gives it under the same rule: starting at the TCP peer, each
 * trusted address hands over to the X-Forwarded-For entry left of it; the first untrusted one (or
 * the left-most entry) is the client.
 */
export function clientAddress(peer: string, forwardedFor: string | string[] | undefined, trust: TrustProxy): string {
  const trusted = proxyTrust(trust);
  if (!trusted) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = [
    peer,
    ...header
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .reverse(),
  ];
  let hop = 0;
  while (hop < hops.length - 1 && trusted(hops[hop] ?? '', hop)) hop += 1;
  return hops[hop] ?? peer;
}

/** The eight 16-bit groups of an IPv6 address (zone and embedded IPv4 tail allowed); null otherwise. */
export function ipv6Groups(address: string): number[] | null {
  let a = address.toLowerCase();
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (isIP(a) !== 6) return null;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number) as [number, number, number, number];
    a = `${a.slice(0, v4.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const [head = '', tail] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => Number.parseInt(g, 16));
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d, as a dual-stack socket reports IPv4 peers) as plain IPv4. */
export function plainAddress(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return address;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/**
 * What per-address throttles and caps count under: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: anyone given one has 2^64 addresses to rotate through).
 */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (isIP(plain) === 4) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
