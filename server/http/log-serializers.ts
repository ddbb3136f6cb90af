import type { FastifyRequest } from 'fastify';

/**
 * What a request looks like in the logs: method, path and client, never the query string
 * (mailed links carry single-use tokens there: /users/activate?token=…) nor headers.
 */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}
