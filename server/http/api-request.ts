import type { FastifyRequest } from 'fastify';

/**
 * Whether a request is for the API, by the route it matched: the router decodes paths, so
 * `/%61pi/...` reaches an /api route and must be treated as one. Unmatched requests go by URL.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  // Asked by several hooks of every request; Fastify builds routeOptions anew on each read.
  request.isApi ??= (request.routeOptions.url ?? request.url).startsWith('/api/');
  return request.isApi;
}
