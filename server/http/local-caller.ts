import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds: with one of them the TCP peer is the proxy, not the caller. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

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

/**
 * Whether a request comes from a person on this machine: the TCP peer itself is loopback (never
 * X-Forwarded-For, which anyone can send) and no proxy forwarded it (a reverse proxy on the same
 * host would otherwise make every remote caller look local). The development outboxes answer
 * nobody else.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopbackAddress(request.socket.remoteAddress);
}
