import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Locale } from '#common/constants.ts';
import { escapeHtml } from './escape-html.ts';
import { SANDBOX_STYLESHEET } from './sandbox-kit.css.ts';

/**
 * The page kit of the sandbox providers' hosted pages (payment, age and ID checks, phone lines,
 * captcha, partner chat, studio, SMS outbox). They stand in for other companies' pages, so they
 * stay plain server HTML: this writes their one shell (document, head, the shared stylesheet)
 * around a body each page builds with escapeHtml, and answers it. No page has an inline script:
 * the CSP forbids them, so a script is a file this server serves, named in `scripts`.
 */

export const SANDBOX_STYLESHEET_PATH = '/sandbox/kit.css';

/** Whose look a page wears (the stylesheet's `data-look`): each simulated company its own colours. */
export type SandboxLook = 'avs' | 'idcheck' | 'psp' | 'phone' | 'studio' | 'partner' | 'captcha' | 'outbox';

export type SandboxPageOptions = {
  look: SandboxLook;
  /** The simulated company's name, at the top of the page (plain text). */
  provider?: string;
  /** The strip above the page that says what this stand-in is (plain text). */
  banner?: string;
  /** `card` (a form, the default), `wide` (tables), `full` (fills a frame), `widget` (a framed widget, no card). */
  layout?: 'card' | 'wide' | 'full' | 'widget';
  /** Script files of this server the page loads at its end. */
  scripts?: readonly string[];
  /** The page loads itself again after so many seconds (following a call without a script). */
  refreshSeconds?: number;
};

/** A whole sandbox page: `title` and the options' texts are plain text; `body` is HTML already escaped. */
export function sandboxPage(locale: Locale, title: string, body: string, opts: SandboxPageOptions): string {
  const layout = opts.layout && opts.layout !== 'card' ? ` class="${opts.layout}"` : '';
  const refresh = opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : '';
  const banner = opts.banner ? `<div class="banner" role="note">${escapeHtml(opts.banner)}</div>` : '';
  const provider = opts.provider ? `<p class="provider">${escapeHtml(opts.provider)}</p>` : '';
  const scripts = (opts.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}"></script>`).join('');
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">${refresh}<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}"></head>
<body data-look="${opts.look}"${layout}>${banner}<main>${provider}${body}</main>${scripts}</body></html>`;
}

export type SendOptions = {
  /**
   * The page is framed by this site (the captcha widget, the partner's chat page): its own CSP
   * (these source directives, plus the kit's stylesheet and "this site only" as frame ancestor)
   * and X-Frame-Options SAMEORIGIN instead of the site's "never framed".
   */
  framedHere?: readonly string[];
};

/** Answers a sandbox page: never cached (they hold tokens and one-time state). */
export function sendHtml(reply: FastifyReply, status: number, html: string, opts: SendOptions = {}) {
  if (opts.framedHere) {
    const policy = [
      "default-src 'none'",
      "style-src 'self'",
      ...opts.framedHere,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'self'",
    ];
    reply.header('content-security-policy', policy.join('; ')).header('x-frame-options', 'SAMEORIGIN');
  }
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** The kit's stylesheet, served with the sandbox pages. */
export const sandboxPageKit: FastifyPluginAsync = async (app) => {
  app.get(SANDBOX_STYLESHEET_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(SANDBOX_STYLESHEET),
  );
};
