import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '#server/errors.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with the SPA, whose router shows its own 404 page.
 */
export async function registerSpa(app: FastifyInstance) {
  const { appDir } = app.ctx.config;
  const indexFile = path.join(appDir, 'index.html');
  const hasApp = existsSync(indexFile);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const index = hasApp ? readFileSync(indexFile, 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const isFile = request.url.startsWith('/api/') || request.url.startsWith('/assets/');
    if (isFile || request.method !== 'GET' || !index) throw notFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
}
