import type { FastifyRequest } from 'fastify';

/** The site a request is for: the name of its Host, without the port. */
export const requestDomain = (request: FastifyRequest) => hostOnly(request.hostname);

/** A Host value's name without its port, in lower case; an IPv6 address keeps its brackets ([::1]). */
export function hostOnly(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}
