import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The page renderer's in-process API calls carry this process's secret: they are the server's own
 * reads for a page shared by every visitor, so they are not counted against the address of
 * whoever happened to cause the render (one visitor's used-up limit must not put error states
 * into everyone's cached page). Nothing outside this process knows the value.
 */
const KEY = randomBytes(18).toString('base64url');
export const RENDER_CALL_HEADER = 'x-render-call';

export const renderCallHeaders = (): Record<string, string> => ({ [RENDER_CALL_HEADER]: KEY });

export const isRenderCall = (request: FastifyRequest) => request.headers[RENDER_CALL_HEADER] === KEY;
