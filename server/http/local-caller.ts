import type { FastifyRequest } from 'fastify';
import { FORWARDED_HEADER } from './forwarded-call.ts';

/**
 * Forwarding headers the dev server's proxy never sends: with one of them, whoever is behind is
 * unknown (a call a sibling process passed on comes from loopback for a browser anywhere).
 */
const OTHER_FORWARDING_HEADERS = ['forwarded', 'x-real-ip', FORWARDED_HEADER] as const;

/** Names a browser on this machine uses for it (any port); PUBLIC_URL's host is added per server. */
const LOCAL_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'];

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether an address (or a listen host) is this machine's loopback: 127.0.0.0/8, ::1, the
 * IPv4-mapped ::ffff:127.x.y.z, or the name localhost.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (a === 'localhost' || a === '::1') return true;
  return IPV4_LOOPBACK.test(a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a);
}

/** The host name of a Host header value: lower case, without the port, an IPv6 address in brackets. */
function hostName(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  return v.split(':')[0] ?? '';
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * Whether a request comes from a person on this machine. The TCP peer is loopback; every hop of
 * X-Forwarded-For is loopback too (the dev server's proxy appends the address it was reached
 * from, so a remote caller through it is refused), and no other forwarding header is present
 * (a reverse proxy on this host would otherwise make every caller local). And the browser asked
 * for this machine by name: Host (and X-Forwarded-Host) is localhost, 127.0.0.1 or [::1] on any
 * port, or PUBLIC_URL's host, so a foreign page whose name was made to resolve to 127.0.0.1 (DNS
 * rebinding) is refused too. X-Forwarded-For is never believed for who the caller is (anyone can
 * send it), only for where the request passed. The development outboxes answer nobody else; the
 * studio console and the demo operator ask them for an operator's sign-in.
 */
export function isLocalCaller(request: FastifyRequest, publicUrl: string): boolean {
  const { headers } = request;
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (OTHER_FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) return false;
  const forwardedFor = single(headers['x-forwarded-for']);
  if (forwardedFor !== undefined) {
    const hops = forwardedFor.split(',').map((hop) => hop.trim());
    if (!hops.every((hop) => isLoopbackAddress(hop))) return false;
  }
  const names = [...LOCAL_HOST_NAMES, new URL(publicUrl).hostname.toLowerCase()];
  const hosts = [single(headers.host), single(headers['x-forwarded-host'])].filter((h) => h !== undefined);
  return hosts.length > 0 && hosts.every((host) => host.split(',').every((h) => names.includes(hostName(h))));
}
