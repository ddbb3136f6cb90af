import type { FastifyRequest } from 'fastify';
import { fromOwnSite } from './page-forms.ts';

/**
 * navigator.sendBeacon cannot set a header, so what a leaving page sends carries no CSRF token.
 * It is let in on other grounds instead: a form post with beacon=1 (a foreign page cannot send
 * that with our session cookie: the cookie is SameSite=Lax, which browsers leave off cross-site
 * POSTs), whose Origin is one of this site's (`siteOrigins`: loopback names included when it runs there) (browsers send it with every POST, beacons included) and whose
 * Sec-Fetch-Site, when sent, is same-origin. A route that takes beacons lets them do only what the
 * caller's own session may, and nothing a replay could make worse.
 */
export function isOwnBeacon(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return false;
  const body = request.body as Record<string, unknown> | null | undefined;
  if (body?.beacon !== '1') return false;
  const { origin } = request.headers;
  return origin !== undefined && origins.has(origin) && fromOwnSite(request, origins) && Boolean(request.session);
}
