import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasControlCharacters } from '#common/api/fields.ts';
import { safeEqual } from './safe-equal.ts';

/** Plain HTML forms post url-encoded bodies; a page's plugin reads them as a record of strings. */
export function acceptPageForms(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

const SINGLE_LINE = { multiline: false };

/**
 * The text fields of a parsed form body (other values, and a body that is no object, read as
 * absent), or null when a name or value holds control characters (C0 controls, DEL, lone
 * surrogates: common/api/fields.ts). Only the fields named `multiline` (a textarea) may hold tabs
 * and line breaks; PostgreSQL refuses U+0000, so such a post is no form of ours: the page answers
 * its usual failure.
 */
export function formFields(body: unknown, opts: { multiline?: readonly string[] } = {}): Record<string, string> | null {
  const fields: Record<string, string> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') continue;
    const lines = { multiline: opts.multiline?.includes(name) ?? false };
    if (hasControlCharacters(name, SINGLE_LINE) || hasControlCharacters(value, lines)) return null;
    fields[name] = value;
  }
  return fields;
}

/**
 * What makes a form post foreign, or null when it comes from this site's own pages (`origins`,
 * config.ts siteOrigins): an Origin not among them, or a Sec-Fetch-Site other than same-origin
 * (browsers send both with every form post). Named, so a page can say which address was refused.
 */
export function refusedOrigin(request: FastifyRequest, origins: ReadonlySet<string>): string | null {
  const from = request.headers.origin;
  if (from !== undefined && !origins.has(from)) return from;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `${from ?? 'Sec-Fetch-Site'} (${site})`;
  return null;
}

/** Whether a form post comes from this site's own pages (refusedOrigin finds nothing foreign). */
export const fromOwnSite = (request: FastifyRequest, origins: ReadonlySet<string>) =>
  refusedOrigin(request, origins) === null;

/**
 * Form tokens for the server's own pages that hold no session of ours (double submit): the page
 * sets a random HttpOnly, SameSite=Strict cookie and puts the HMAC of it in its forms; a post must
 * carry both and come from this site. A foreign site can read neither the cookie nor the token.
 */
export function pageFormGuard(opts: {
  secret: string;
  publicUrl: string;
  /** The site's own origins (config.ts siteOrigins). */
  origins: ReadonlySet<string>;
  cookie: string;
  path: string;
  purpose: string;
}) {
  const { origins } = opts;
  const secure = opts.publicUrl.startsWith('https://');
  const tokenOf = (cookie: string) =>
    createHmac('sha256', opts.secret).update(`${opts.purpose}:${cookie}`).digest('base64url');
  return {
    /** The token for the page's forms; the cookie is set when the browser has none yet. */
    issue(request: FastifyRequest, reply: FastifyReply): string {
      const existing = request.cookies[opts.cookie];
      if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return tokenOf(existing);
      const value = randomBytes(32).toString('base64url');
      reply.setCookie(opts.cookie, value, { path: opts.path, httpOnly: true, sameSite: 'strict', secure });
      return tokenOf(value);
    },
    /** The foreign origin a post came from (refusedOrigin), to say so instead of "expired". */
    refused: (request: FastifyRequest) => refusedOrigin(request, origins),
    /** Whether a posted token belongs to this browser's cookie and the post to this site. */
    verify(request: FastifyRequest, token: unknown): boolean {
      const cookie = request.cookies[opts.cookie];
      const foreign = refusedOrigin(request, origins);
      // Said in the log by name: a site opened at an address not configured as its own looks
      // like an expired form to the person, and this line tells the operator why.
      if (foreign)
        request.log.warn({ origin: foreign, accepted: [...origins] }, 'form post from a foreign origin refused');
      if (foreign || !cookie || typeof token !== 'string' || !token) return false;
      return safeEqual(token, tokenOf(cookie));
    },
  };
}
