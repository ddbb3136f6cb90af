import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#common/constants.ts';
import { siteFor } from '#server/config.ts';
import { onContentTextChanged } from '#server/features/content/text-changes.ts';
import { sessionFromToken } from '#server/features/session/request.ts';
import { acceptedEncoding, compressedOnce, createMemo, type Encoding } from '#server/http/cached-body.ts';
import { renderCallHeaders } from '#server/http/render-call.ts';
import { requestDomain } from '#server/http/request-domain.ts';
import { headTags, pageDocument, rootAttributes } from './document.ts';
import type { PageRenderer, PageRequest, ShellPrefs } from './renderer.ts';
import { pagePrefs } from './request-prefs.ts';

/** A rendered page is reused this long for every visitor who asks for it in the same language and layout. */
export const PAGE_CACHE_MS = 5_000;
/** Pages kept at most (the oldest dropped first): a flood of made-up addresses cannot fill memory. */
const PAGE_CACHE_ENTRIES = 500;

/**
 * The query parameters that select what a public page shows (page numbers, search words, sorting,
 * tags, the free filter). Every other one (preferences, trackers, made-up ones) is left out of the
 * page key and of the address the page is rendered for: they cannot multiply renders.
 */
const PAGE_PARAMS = new Set(['page', 'q', 'search', 'sort', 'tags', 'filter']);
/** Renders under way at once at most; a request beyond that gets the application, drawn in the browser. */
const MAX_RENDERS = 4;

type CachedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; encoded?: Partial<Record<Encoding, Buffer>> };

/** The headers of a rendered page, by the encoding it is sent in (the same for every page). */
const PAGE_BASE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  vary: 'accept-encoding, accept-language, cookie, user-agent, sec-ch-ua-mobile',
};
const PAGE_HEADERS: Record<Encoding | 'identity', Record<string, string>> = {
  br: { ...PAGE_BASE_HEADERS, 'content-encoding': 'br' },
  gzip: { ...PAGE_BASE_HEADERS, 'content-encoding': 'gzip' },
  identity: PAGE_BASE_HEADERS,
};

/** Visitors' address and header combinations whose page key is kept (the oldest dropped first). */
const PLANS_MAX = 1000;

/** A page request worked out: the page, the key it is cached under, and how it is sent. */
type Plan = {
  /** The SITES domain the page is for; '' for the main site (any other host name). */
  site: string;
  pathname: string;
  path: string;
  locale: PageRequest['locale'];
  prefs: ShellPrefs;
  key: string;
  encoding: Encoding | null;
};

/** The content API's paths (server/features/content/texts-routes.ts). */
const CONTENT_API = '/api/_content/';

type Guarded = { kind: 'continue' } | { kind: 'redirect' | 'leave'; to: string };

/**
 * The API answers a render needs, asked in process as a visitor would ask them: no cookies, the
 * page's language, and the site's host (the name, logo and webid of a SITES domain are its own).
 */
function visitorTransport(app: FastifyInstance, locale: string, host: string): PageRequest['fetch'] {
  return async (url, init) => {
    const target = new URL(url, 'http://render.invalid');
    // A page only reads; and only the API, whatever a path parameter held (`..` is resolved above).
    // The content API is a read asked by POST (the spec's calls), and the only POST a page may send.
    const method = init.method ?? 'GET';
    const contentRead = method === 'POST' && target.pathname.startsWith(CONTENT_API);
    if (!target.pathname.startsWith('/api/') || (method !== 'GET' && !contentRead)) {
      throw new Error(`a server render may only read the API (${init.method} ${target.pathname})`);
    }
    const res = await app.inject({
      method: contentRead ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        ...(host ? { host } : {}),
        accept: 'application/json',
        'accept-language': locale,
        ...(contentRead ? { 'content-type': 'application/json' } : {}),
        ...renderCallHeaders(),
      },
      ...(contentRead && typeof init.body === 'string' ? { payload: init.body } : {}),
      remoteAddress: '127.0.0.1',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (name !== 'set-cookie' && typeof value === 'string') headers.set(name, value);
    }
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
  };
}

/**
 * The page key: path, the parameters that change the page (sorted), and the preferences it was
 * rendered with. Nothing of the visitor's session is in it, and nothing of it is in the page.
 */
function pageKey(site: string, path: string, locale: string, prefs: ShellPrefs): string {
  return `${site}|${locale}|${prefs.layout}|${prefs.device}|${prefs.headerHidden ? 'h' : ''}|${path}`;
}

/** The path and the page parameters (sorted): what is rendered and cached. */
function pagePath(url: URL): string {
  const kept = [...url.searchParams].filter(([k]) => PAGE_PARAMS.has(k)).sort(([a], [b]) => a.localeCompare(b));
  return kept.length ? `${url.pathname}?${new URLSearchParams(kept).toString()}` : url.pathname;
}

/**
 * Serves the public pages as HTML rendered on the server (one route table with the browser), each
 * kept PAGE_CACHE_MS per page, language, layout and device, and compressed once. The spec's route
 * rules that depend on the visitor's session (voice call, splash address, unverified member) are
 * applied first, as real redirects. Answers false for a path it does not render.
 */
export function createPageServer(app: FastifyInstance, renderer: PageRenderer, template: string) {
  const { config } = app.ctx;
  const pages = createMemo<CachedPage>(PAGE_CACHE_MS, PAGE_CACHE_ENTRIES);
  // An operator changed a page's text: every page is rendered afresh (the texts show in few pages,
  // and a change is rare, so nothing finer is worth keeping track of).
  onContentTextChanged(app.ctx, () => pages.clear());

  async function guard(request: FastifyRequest, pathname: string): Promise<Guarded> {
    const token = request.cookies[SESSION_COOKIE];
    // A visitor without a live session has nothing the rules look at.
    if (!token || !(await sessionFromToken(app.ctx, token))) return { kind: 'continue' };
    const res = await app.inject({
      method: 'GET',
      url: '/api/session/init',
      headers: { accept: 'application/json', cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
      remoteAddress: request.ip,
    });
    if (res.statusCode !== 200) return { kind: 'continue' };
    const state = res.json() as Parameters<PageRenderer['routeGuard']>[0];
    return renderer.routeGuard({
      pathname,
      routeName: renderer.serverRouteName(pathname),
      session: state.session,
      user: state.user,
    });
  }

  /** A request's site: a SITES domain by its Host, else the main site (so made-up hosts share its pages). */
  const siteOf = (request: FastifyRequest) => {
    const domain = requestDomain(request);
    return Object.hasOwn(config.sites, domain) ? domain : '';
  };
  /** A site's own origin: PUBLIC_URL's, or a SITES domain's on PUBLIC_URL's scheme and port. */
  const originOf = (site: string) => {
    if (!site) return new URL(config.publicUrl).origin;
    const url = new URL(config.publicUrl);
    url.hostname = site;
    return url.origin;
  };

  let rendering = 0;
  async function render(request: FastifyRequest, plan: Plan) {
    const { site, path, locale, prefs } = plan;
    const origin = originOf(site);
    const page = await renderer.renderPage({
      url: `${origin}${path}`,
      locale,
      prefs,
      fetch: visitorTransport(app, locale, site),
      log: (err: unknown) => request.log.warn({ err }, 'a part of a page failed to render on the server'),
    });
    if (page.kind === 'redirect') return page;
    const url = new URL(path, 'http://page.invalid');
    const address = { origin, path: `${url.pathname}${canonicalQuery(url)}` };
    const html = pageDocument(template, {
      rootAttributes: rootAttributes(locale, prefs),
      head: headTags(page.head, address, locale, siteFor(config, site).name),
      styles: page.styles,
      html: page.html,
      state: page.state,
    });
    return { kind: 'page' as const, status: page.status, html };
  }

  /** What a request asks for, before the session's route rules: null for a path not rendered here. */
  function planFor(request: FastifyRequest): Plan | null {
    const url = new URL(request.url, 'http://page.invalid');
    if (!renderer.isServerRendered(url.pathname)) return null;
    const { locale, prefs } = pagePrefs(request);
    const path = pagePath(url);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const site = siteOf(request);
    return { site, pathname: url.pathname, path, locale, prefs, key: pageKey(site, path, locale, prefs), encoding };
  }

  // A visitor without cookies has no session for the route rules to look at and no remembered
  // choices: what she gets follows from the address and a few headers alone, so it is worked out
  // once per combination (most visitors share a handful) rather than parsed on every request.
  const plans = new Map<string, Plan | null>();
  function visitorPlan(request: FastifyRequest): Plan | null {
    const h = request.headers;
    const id = `${siteOf(request)}\n${request.url}\n${h['accept-language']}\n${h['sec-ch-ua-mobile']}\n${h['user-agent']}\n${h['accept-encoding']}`;
    let plan = plans.get(id);
    if (plan === undefined) {
      plan = planFor(request);
      // Maps keep insertion order: the first key is the oldest.
      if (plans.size >= PLANS_MAX) plans.delete(plans.keys().next().value as string);
      plans.set(id, plan);
    }
    return plan;
  }

  // Answers whether it sent the page (a boolean: a Fastify reply is thenable, so it cannot be returned through await).
  return async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const cookieless = request.headers.cookie === undefined;
    const plan = cookieless ? visitorPlan(request) : planFor(request);
    if (!plan) return false;
    if (!cookieless) {
      const decision = await guard(request, plan.pathname);
      if (decision.kind !== 'continue') {
        reply.header('cache-control', 'no-store').redirect(decision.to, 302);
        return true;
      }
    }
    const { key, encoding } = plan;
    if (!pages.has(key) && rendering >= MAX_RENDERS) return false;
    const page = await pages.get(key, async () => {
      rendering += 1;
      try {
        return await render(request, plan);
      } finally {
        rendering -= 1;
      }
    });
    if (page.kind === 'redirect') {
      reply.header('cache-control', 'no-cache').redirect(page.location, page.status);
      return true;
    }
    reply.code(page.status).headers(PAGE_HEADERS[encoding ?? 'identity']);
    reply.send(encoding ? compressedOnce(page, page.html, encoding) : page.html);
    return true;
  };
}

/** The query a page's canonical address keeps: what selects the content (a page number, a search term). */
function canonicalQuery(url: URL): string {
  const kept = [...url.searchParams].filter(([k]) => k === 'page' || k === 'q');
  return kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
}
