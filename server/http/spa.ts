import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '#server/errors.ts';
import { createPageServer } from '#server/render/pages.ts';
import { loadBuiltRenderer, type PageRenderer } from '#server/render/renderer.ts';

/** A renderer and the page template, handed in by tests (production loads the build's). */
export type PageRendering = { renderer: PageRenderer; template: string };

/**
 * First path segments the SPA never answers: the API, built files, media, and the server's own
 * pages (sandbox providers, development outboxes, the operator console), which are a plain 404
 * wherever they are not served.
 */
const NOT_SPA = new Set(['api', 'assets', 'sandbox', 'dev', 'media', 'admin', 'sitemaps']);

/** The first segment of a request path, decoded (`/media/%2e%2e/x` -> `media`). */
function firstSegment(url: string): string {
  const segment = url.split(/[/?#]/, 2)[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with the SPA, whose router shows its own 404 page.
 */
export async function registerSpa(app: FastifyInstance, rendering?: PageRendering) {
  const { appDir } = app.ctx.config;
  const indexFile = path.join(appDir, 'index.html');
  const hasApp = existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside the text assets (vite.config.ts).
      preCompressed: true,
      cacheControl: false,
    });
    // Set here rather than in the plugin's setHeaders, which precompressed copies skip.
    // Synchronous (done, no promise): it runs for every answer, the API's too.
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (!request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        const hashed = request.url.startsWith('/assets/') && reply.statusCode < 400;
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      done();
    });
  }
  const index = hasApp ? readFileSync(indexFile) : null;
  const brotli = hasApp && existsSync(`${indexFile}.br`) ? readFileSync(`${indexFile}.br`) : null;
  const gzip = hasApp && existsSync(`${indexFile}.gz`) ? readFileSync(`${indexFile}.gz`) : null;
  // Public pages are rendered on the server when a server build is there (or a test hands one in).
  const renderer = rendering?.renderer ?? (hasApp ? await loadBuiltRenderer(appDir, (m) => app.log.warn(m)) : null);
  const template = rendering?.template ?? index?.toString('utf8');
  const servePage = renderer && template ? createPageServer(app, renderer, template) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isServerPath = NOT_SPA.has(firstSegment(request.url));
    if (isServerPath || (request.method !== 'GET' && request.method !== 'HEAD')) throw notFound();
    if (servePage) {
      // A page that fails to render is still served: as the application, which draws it in the browser.
      const served = await servePage(request, reply).catch((err: unknown) => {
        request.log.error({ err }, 'server rendering failed; sending the application instead');
        return false;
      });
      if (served) return reply;
    }
    const shell = index ?? (template ? Buffer.from(template) : null);
    if (!shell) throw notFound();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (brotli && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(brotli);
    if (gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(shell);
  });
}
