import type { FastifyRequest } from 'fastify';
import { siteFor, siteHosts, siteOrigins } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { requestDomain } from '#server/http/request-domain.ts';

/**
 * The relying party of a request (decision 066): the site's own host name, PUBLIC_URL's or a
 * SITES domain's (or a loopback name when PUBLIC_URL is on this machine), with the origins our
 * pages have on it. A passkey is bound to the name it was made on, so each domain has its own.
 * An address (127.0.0.1) is no valid relying party id: passkeys are not offered there.
 */
export type RelyingParty = { id: string; name: string; origins: string[] };

const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[.*\])$/;

export const passkeysUnavailable = () => new AppError('bad_request', { message: 'passkey_unavailable' });

export function relyingParty(request: FastifyRequest): RelyingParty {
  const { config } = request.server.ctx;
  const host = requestDomain(request);
  const id = siteHosts(config).has(host) ? host : new URL(config.publicUrl).hostname;
  if (IP_LITERAL.test(id)) throw passkeysUnavailable();
  const origins = [...siteOrigins(config)].filter((origin) => new URL(origin).hostname === id);
  return { id, name: siteFor(config, id).name, origins };
}
