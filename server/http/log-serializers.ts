import type { FastifyRequest } from 'fastify';

/** Routes whose last path segment is a signed media token (a credential of its own). */
const TOKEN_ROUTES = new Set(['/media/clips/*', '/media/pictures/*', '/api/videos/view/*']);
/** The same paths by their spelling, for requests logged before (or without) a matched route. */
const TOKEN_PATH = /^(\/(?:media\/(?:clips|pictures)|api\/videos\/view)\/).+$/i;

/** The path of a request with any media token replaced by `[token]`. */
function loggedPath(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  const route = request.routeOptions?.url;
  if (route !== undefined && TOKEN_ROUTES.has(route)) return route.replace('*', '[token]');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is logged as it came, after the token check on the raw path.
  }
  return TOKEN_PATH.test(decoded) ? decoded.replace(TOKEN_PATH, '$1[token]') : path;
}

/**
 * What a request looks like in the logs: method, path and client, never the query string
 * (mailed links carry single-use tokens there: /users/activate?token=…), signed media tokens in
 * the path (/media/clips/<token>, /media/pictures/<token>, /api/videos/view/<token>) nor headers.
 */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedPath(request),
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}
