import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from '#server/errors.ts';

/** The console's page in the build (vite.config.ts builds it beside the site's index.html). */
export const CONSOLE_PAGE = 'console.html';

/**
 * The site's policy with scripts from this server only: the console's page has no inline script
 * (the held tap of the server-rendered pages is not there) and loads no outside sign-in.
 */
export const consolePolicy = (sitePolicy: string) => sitePolicy.replace(/script-src [^;]*/, "script-src 'self'");

type Stored = { plain: Buffer; br: Buffer | null; gzip: Buffer | null };

function readPage(appDir: string): Stored | null {
  const file = path.join(appDir, CONSOLE_PAGE);
  if (!existsSync(file)) return null;
  const copy = (ext: string) => (existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`) : null);
  return { plain: readFileSync(file), br: copy('br'), gzip: copy('gz') };
}

/**
 * The operators' console (/admin and every path beneath it): one page, the console's own React
 * application (app/console/), whose screens call /api/admin/*. It is never cached, never framed,
 * and runs under a policy without inline script. Without a build (tests, `npm run dev`, where Vite
 * serves it) there is no page here.
 */
export const consolePage: FastifyPluginAsync = async (app) => {
  const page = readPage(app.ctx.config.appDir);
  const send = async (accepts: string, reply: FastifyReply) => {
    if (!page) throw notFound();
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', consolePolicy(policy));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (page.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.plain);
  };
  for (const url of ['/admin', '/admin/*']) {
    app.get(url, async (request, reply) => send(String(request.headers['accept-encoding'] ?? ''), reply));
  }
};
