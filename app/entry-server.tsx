import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Locale } from '#common/constants.ts';
import { catalog as catalogDe } from '#common/i18n/catalog.de.ts';
import { catalog as catalogEn } from '#common/i18n/catalog.en.ts';
import legalDe from '#common/i18n/legal.de.json' with { type: 'json' };
import legalEn from '#common/i18n/legal.en.json' with { type: 'json' };
import { AppProviders } from './app-providers.tsx';
import { PENDING_SESSION, sessionQuery } from './features/session/api.ts';
import { type ApiTransport, setApiTransport } from './http.ts';
import { HeadCollector, type PageHead } from './platform/head.ts';
import { ServerPrefsProvider, type ShellPrefs } from './platform/prefs.tsx';
import { appRoutes } from './route-table.tsx';
import { SERVER_RENDERED_ROUTES } from './ssr-routes.ts';
import { encodeQueryErrors, type SsrState } from './ssr-state.ts';

export type { PageHead } from './platform/head.ts';
export type { ShellPrefs } from './platform/prefs.tsx';
export type { SsrState } from './ssr-state.ts';

export type PageRequest = {
  /** The page's absolute address. */
  url: string;
  locale: Locale;
  prefs: ShellPrefs;
  /** Answers the page's API calls in process, as a visitor (no cookies). */
  fetch: ApiTransport;
  /** Where a part that failed to render is reported (it is left to the browser). */
  log?: (err: unknown) => void;
};

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; styles: string; head: PageHead; state: SsrState };

// The browser runs the spec's middleware in the root loader; the server has run it before rendering.
const handler = createStaticHandler(appRoutes({ root: () => null, studio: () => null }));

/** The route name a path would render, or undefined; the server renders only SERVER_RENDERED_ROUTES. */
export function serverRouteName(pathname: string): string | undefined {
  // Matching ranks the whole route table each time (about a millisecond): asked on every page
  // request, its answers are kept per path (a bounded map, emptied when full).
  if (routeNames.has(pathname)) return routeNames.get(pathname);
  const matches = matchRoutes(handler.dataRoutes, pathname) ?? [];
  const name = (matches[matches.length - 1]?.route.handle as { name?: string } | undefined)?.name;
  if (routeNames.size >= ROUTE_NAMES_KEPT) routeNames.clear();
  routeNames.set(pathname, name);
  return name;
}
const routeNames = new Map<string, string | undefined>();
const ROUTE_NAMES_KEPT = 5_000;

export const isServerRendered = (pathname: string) =>
  SERVER_RENDERED_ROUTES.has(serverRouteName(pathname) ?? 'not-found');

// Each render's API calls go out through its own transport, whichever request is rendering.
const current = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = current.getStore();
  if (!transport) throw new Error('API call outside a server render');
  return transport(url, init);
});

/** One texts instance per language, with every catalog: the server renders any page in either. */
const texts = new Map<Locale, I18n>();
function textsFor(locale: Locale): I18n {
  const hit = texts.get(locale);
  if (hit) return hit;
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: {
      en: { translation: catalogEn, legal: legalEn },
      de: { translation: catalogDe, legal: legalDe },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  texts.set(locale, instance);
  return instance;
}

const RENDER_TIMEOUT_MS = 5_000;
/** Renders until no query the page asked for is left without an answer; pages nest at most this deep. */
const MAX_PASSES = 4;

/** Renders a tree to a string once everything in it has loaded (lazy modules, suspending queries). */
function renderComplete(tree: ReactNode, log: (err: unknown) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      onAllReady: () => stream.pipe(sink),
      // Whole boundaries inline: no completion scripts (the page's CSP allows no inline script) and
      // nothing the browser has to move into place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (err) => {
        clearTimeout(timer);
        reject(err);
      },
      // An error inside a Suspense boundary: React sends its fallback and the browser renders that part.
      onError: log,
    });
    timer = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
  });
}

/** Emotion's cache for one pass, recording each style it inserts (compat: kept out of the markup). */
function styleCache() {
  const cache: EmotionCache = createCache({ key: 'css' });
  cache.compat = true;
  const order: { name: string; global: boolean }[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (cache.inserted[serialized.name] === undefined) order.push({ name: serialized.name, global: selector === '' });
    return insert(selector, serialized, sheet, shouldCache);
  };
  /** The style tags of what was rendered, in the form Emotion adopts in the browser (no second insert). */
  const tags = () => {
    const css = (name: string) => {
      const rules = cache.inserted[name];
      return typeof rules === 'string' ? rules : '';
    };
    const globals = order
      .filter((s) => s.global)
      .map((s) => `<style data-emotion="css-global ${s.name}">${css(s.name)}</style>`);
    const scoped = order.filter((s) => !s.global);
    const names = scoped.map((s) => s.name).join(' ');
    return `${globals.join('')}<style data-emotion="css ${names}">${scoped.map((s) => css(s.name)).join('')}</style>`;
  };
  return { cache, tags };
}

const enabled = (query: Query) => {
  const option = (query.options as { enabled?: unknown }).enabled;
  return typeof option === 'function' ? Boolean(option(query)) : option !== false;
};

/** Queries a pass asked for that have no answer yet (plain `useQuery` does not fetch on the server). */
const unanswered = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && enabled(q));

/** A 404 from the API for what the page shows (an unknown show or clip) makes the page a 404. */
const answeredNotFound = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .some((q) => (q.state.error as { status?: unknown } | null)?.status === 404);

/**
 * Renders one public page as a visitor sees it: the router's static handler matches the route,
 * runs its loaders and redirects, then the page renders until every query it asked for has an
 * answer (each pass fetches what the last one asked for). Returns the markup, Emotion's styles,
 * the head, and the state the browser hydrates with.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  return current.run(request.fetch, async () => {
    const context = await handler.query(new Request(request.url, { headers: { accept: 'text/html' } }));
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const client = new QueryClient({
      defaultOptions: {
        queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
      },
    });
    client.setQueryData(sessionQuery.queryKey, PENDING_SESSION, { updatedAt: 1 });
    const i18n = textsFor(request.locale);
    const router = createStaticRouter(handler.dataRoutes, context);
    let head: PageHead = { title: '' };
    let html = '';
    let styles = '';
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      head = { title: '' };
      const emotion = styleCache();
      html = await renderComplete(
        <CacheProvider value={emotion.cache}>
          <HeadCollector.Provider value={head}>
            <ServerPrefsProvider value={request.prefs}>
              <AppProviders i18n={i18n} client={client}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </AppProviders>
            </ServerPrefsProvider>
          </HeadCollector.Provider>
        </CacheProvider>,
        request.log ?? (() => undefined),
      );
      styles = emotion.tags();
      const missing = unanswered(client);
      if (missing.length === 0) break;
      await Promise.all(missing.map((q) => q.fetch().catch(() => undefined)));
    }
    // A failed answer other than a 404 (the API busy, down or refusing) must not become a page
    // every visitor gets for the next seconds: the caller sends the application instead.
    const failed = client
      .getQueryCache()
      .getAll()
      .find((q) => q.state.status === 'error' && (q.state.error as { status?: unknown } | null)?.status !== 404);
    if (failed) {
      const status = (failed.state.error as { status?: unknown } | null)?.status ?? String(failed.state.error);
      throw new Error(`the API answered ${status} for ${JSON.stringify(failed.queryKey)} during a server render`);
    }
    if (context.errors) throw new Error('a route loader failed during a server render');
    const notFound = context.statusCode === 404 || serverRouteName(new URL(request.url).pathname) === 'not-found';
    return {
      kind: 'page',
      status: notFound || answeredNotFound(client) ? 404 : context.statusCode,
      html,
      styles,
      head,
      state: {
        locale: request.locale,
        router: { loaderData: context.loaderData, actionData: context.actionData },
        queries: encodeQueryErrors(
          dehydrate(client, {
            shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error',
          }),
        ),
      },
    };
  });
}

/** The spec's route rules, which the server applies with the visitor's real session before rendering. */
export { routeGuard } from './shell/middleware.ts';
