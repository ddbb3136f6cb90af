/**
 * coturn's configuration (`turnserver.conf`) for the live video's relay, rendered from plain
 * settings so tests, `npm run turn` and operators all run the same one (decision 054).
 *
 * A TURN relay sends packets wherever its client asks: without limits it is a way into the
 * networks behind it (SSRF: the database, Redis, the API's internal port, a cloud's metadata
 * address). So every private, loopback, link-local, shared and reserved range is denied as a peer,
 * TCP relaying (RFC 6062, a client opening TCP connections from the relay) is off, and only what
 * `allowedPeers` names explicitly is reachable among those ranges: on one machine the SFU on
 * loopback; in production nothing, or the one private address of an SFU that has no public one.
 */
export type CoturnSettings = {
  /** Addresses coturn listens on for clients (listening-ip). */
  listeningIps: string[];
  /** Addresses its relayed sockets are bound to (relay-ip). */
  relayIps: string[];
  /** The address clients reach it at when it sits behind a 1:1 NAT (external-ip), else none. */
  externalIp?: string;
  /** STUN/TURN over UDP and TCP (listening-port). */
  port: number;
  /** The relayed sockets' UDP ports, both ends included (min-port, max-port): open them in the firewall. */
  relayPorts: [number, number];
  /** TURN_SECRET (static-auth-secret): coturn checks the time-limited credentials with it. */
  secret: string;
  realm: string;
  /** A certificate for `turns:` (TLS on tlsPort); none: no TLS and no DTLS at all. */
  tls: { cert: string; key: string; port: number } | null;
  /** Peer addresses or ranges (`a.b.c.d`, `a.b.c.d-e.f.g.h`) let through although denied below. */
  allowedPeers: string[];
  /** More ranges to deny, e.g. the machine's own public address (its API and admin ports). */
  deniedPeers?: string[];
  /** Where coturn keeps its pid file and its (unused) user database, so it needs no root. */
  stateDir: string;
  /** Its log: `stdout`, or a file. */
  logFile: string;
};

/**
 * Peers no relay of ours may reach: IANA's special-purpose ranges (RFC 6890) for IPv4 and IPv6,
 * and the IPv4-mapped and NAT64 forms that would name an IPv4 address through IPv6.
 */
export const DENIED_PEER_RANGES: readonly string[] = [
  '0.0.0.0-0.255.255.255',
  '10.0.0.0-10.255.255.255',
  '100.64.0.0-100.127.255.255',
  '127.0.0.0-127.255.255.255',
  '169.254.0.0-169.254.255.255',
  '172.16.0.0-172.31.255.255',
  '192.0.0.0-192.0.0.255',
  '192.0.2.0-192.0.2.255',
  '192.88.99.0-192.88.99.255',
  '192.168.0.0-192.168.255.255',
  '198.18.0.0-198.19.255.255',
  '198.51.100.0-198.51.100.255',
  '203.0.113.0-203.0.113.255',
  '240.0.0.0-255.255.255.255',
  '::1',
  '::ffff:0.0.0.0-::ffff:255.255.255.255',
  '64:ff9b::-64:ff9b::ffff:ffff',
  '100::-100::ffff:ffff:ffff:ffff',
  '2001:db8::-2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
  'fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  'fe80::-febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
];

/** Loopback is refused by coturn unless switched on, whatever else allows it. */
const isLoopback = (range: string) => range.startsWith('127.') || range === '::1';

/** Every value goes on one line of the file: nothing may end it early or start another option. */
function checked(name: string, value: string): string {
  if (value === '' || /[\s#]/.test(value)) throw new Error(`coturn setting ${name} must be one word without #`);
  return value;
}

/** The text of `turnserver.conf` for these settings. */
export function renderCoturnConfig(settings: CoturnSettings): string {
  const { relayPorts, tls } = settings;
  const port = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > 65_535) throw new Error(`coturn port ${n} out of range`);
    return n;
  };
  if (port(relayPorts[0]) >= port(relayPorts[1])) throw new Error('coturn relay ports: min must be below max');
  if (settings.secret.length < 32) throw new Error('coturn static-auth-secret must have 32 characters or more');
  const option = (name: string, value: string) => `${name}=${checked(name, value)}`;
  const lines = [
    '# Rendered by server/live/turn/coturn-config.ts (decision 054); edit the settings, not this file.',
    ...settings.listeningIps.map((ip) => option('listening-ip', ip)),
    ...settings.relayIps.map((ip) => option('relay-ip', ip)),
    ...(settings.externalIp ? [option('external-ip', settings.externalIp)] : []),
    `listening-port=${port(settings.port)}`,
    `min-port=${relayPorts[0]}`,
    `max-port=${relayPorts[1]}`,
    '# Time-limited credentials: <expiry>:<id> signed with the shared secret (REST API scheme).',
    'use-auth-secret',
    option('static-auth-secret', settings.secret),
    option('realm', settings.realm),
    'fingerprint',
    'stale-nonce=600',
    ...(tls
      ? [
          `tls-listening-port=${port(tls.port)}`,
          option('cert', tls.cert),
          option('pkey', tls.key),
          'no-tlsv1',
          'no-tlsv1_1',
        ]
      : ['no-tls', 'no-dtls']),
    '# Media only: UDP relays to public peers, nothing else (SSRF through the relay).',
    'no-tcp-relay',
    'no-multicast-peers',
    ...(settings.allowedPeers.some(isLoopback) ? ['allow-loopback-peers'] : []),
    ...settings.allowedPeers.map((range) => option('allowed-peer-ip', range)),
    ...[...DENIED_PEER_RANGES, ...(settings.deniedPeers ?? [])].map((range) => option('denied-peer-ip', range)),
    'no-cli',
    'no-software-attribute',
    'no-rfc5780',
    'no-stun-backward-compatibility',
    option('pidfile', `${settings.stateDir}/turnserver.pid`),
    option('userdb', `${settings.stateDir}/turndb`),
    option('log-file', settings.logFile),
    'simple-log',
  ];
  return `${lines.join('\n')}\n`;
}
