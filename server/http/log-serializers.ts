import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { queryFailure } from '#server/db/errors.ts';
import { routeConfigOf } from './api-request.ts';

/** Routes whose last path segment is a signed media token (a credential of its own). */
const TOKEN_ROUTES = new Set(['/media/clips/*', '/media/pictures/*', '/api/videos/view/*']);
/** The same paths by their spelling, for requests logged before (or without) a matched route. */
const TOKEN_PATH = /^(\/(?:media\/(?:clips|pictures)|api\/videos\/view)\/).+$/i;

/** The path of a request with any media token replaced by `[token]`. */
function loggedPath(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  const route = routeConfigOf(request).url;
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

/** The call stack of an error without its first line, which repeats the message; none when that cannot be told apart. */
function framesOf(err: Error): string | undefined {
  const header = `${err.name}: ${err.message}`;
  return err.stack?.startsWith(header) ? `${err.name}${err.stack.slice(header.length)}` : undefined;
}

/**
 * What an error looks like in the logs: pino's usual form, except for a failed query, which is
 * logged with its statement, SQLSTATE and constraint only. Its message, cause and own fields
 * are left out: Drizzle's message lists the query's parameters (login names, e-mail addresses,
 * tokens), and the database's own message and detail can quote them.
 */
export function logError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const failure = queryFailure(err);
  if (!failure) return stdSerializers.err(err);
  return { type: err.constructor.name, message: 'database query failed', ...failure, stack: framesOf(err) ?? '' };
}
