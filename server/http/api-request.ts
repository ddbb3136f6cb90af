import type { FastifyContextConfig, FastifyRequest } from 'fastify';

/** A route's config as the request sees it: the options it states, and its url and method (none when unmatched). */
export type RouteConfig = FastifyContextConfig & { url?: string; method?: string };

/**
 * The config of the route a request matched, read once: several hooks of every request ask, and
 * Fastify builds `request.routeOptions` anew (a dozen fields and a router call) on each read.
 */
export function routeConfigOf(request: FastifyRequest): RouteConfig {
  request.routeConfig ??= (request.routeOptions.config ?? {}) as RouteConfig;
  return request.routeConfig;
}

/**
 * Whether a request is for the API, by the route it matched: the router decodes paths, so
 * `/%61pi/...` reaches an /api route and must be treated as one. Unmatched requests go by URL.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  request.isApi ??= (routeConfigOf(request).url ?? request.url).startsWith('/api/');
  return request.isApi;
}
