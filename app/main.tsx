import { hydrate, useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers.tsx';
import { PENDING_SESSION, sessionQuery } from './features/session/api.ts';
import { i18n, initialLocale, loadLocale, rememberLocale } from './i18n.ts';
import { replayHeldTap } from './platform/held-taps.ts';
import { applyLayout } from './platform/layout.ts';
import { registerServiceWorker } from './platform/service-worker.ts';
import { useShellStore } from './platform/store.ts';
import { queryClient } from './query-client.ts';
import { browserRoutes, createAppRouter, loadMatchedRoutes } from './router.tsx';
import { queryPreferences } from './shell/middleware.ts';
import { decodeQueryErrors, readSsrState } from './ssr-state.ts';
import { isThemeName } from './theme/themes.ts';

/**
 * Marks the page as taken over once it is hydrated and knows whose it is (the visitor's session has
 * come, or could not be had), then plays the tap the page held meanwhile: a click never acts as a
 * stand-in visitor's, and none is lost.
 */
function TakenOver() {
  const client = useQueryClient();
  const session = useQuery(sessionQuery);
  const known = !session.data?.pending || session.isError;
  useEffect(() => {
    // Asked once hydration has committed: an answer arriving meanwhile would change what hydrates.
    client.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => {
      // No session to be had (offline, refused): the page goes on as a visitor's, splash included.
      client.setQueryData(sessionQuery.queryKey, { session: PENDING_SESSION.session, user: null });
    });
  }, [client]);
  useEffect(() => {
    if (!known) return;
    delete document.documentElement.dataset.hydrating;
    // After this effect, outside React's commit: a tap on a part still hydrating makes React
    // hydrate that part at once, which it cannot do from within an effect (the tap would be lost).
    setTimeout(replayHeldTap, 0);
  }, [known]);
  return null;
}

const root = document.getElementById('root');
const ssr = readSsrState();
const routes = browserRoutes();

if (root && ssr) {
  // A server-rendered page: the same language, answers and route modules as the server had, then
  // hydrate; the visitor's own session (the server drew a visitor's page) is asked for right after.
  await Promise.all([loadLocale(ssr.locale), loadMatchedRoutes(routes, window.location.pathname)]);
  // The language first: a change of language drops cached content that no view uses yet, which
  // the page's answers are until it hydrates.
  if (i18n.language !== ssr.locale) await i18n.changeLanguage(ssr.locale);
  hydrate(queryClient, decodeQueryErrors(ssr.queries));
  const router = createAppRouter(routes, ssr.router);
  // In a transition, hydration yields to the browser every few milliseconds instead of blocking
  // the main thread for all of the page at once (a phone's taps and paints come in between).
  startTransition(() => {
    hydrateRoot(
      root,
      <AppProviders i18n={i18n} client={queryClient}>
        <RouterProvider router={router} />
        <TakenOver />
      </AppProviders>,
    );
  });
  // What the query asked for is remembered as the browser's own choice (the server applied it already).
  const prefs = queryPreferences(new URLSearchParams(window.location.search));
  if (prefs.lang === ssr.locale) rememberLocale(ssr.locale);
  if (isThemeName(prefs.layout)) applyLayout(prefs.layout);
} else if (root) {
  applyLayout(useShellStore.getState().layout);
  // The router's loader (session, config) runs meanwhile: it started when the router was created.
  const router = createAppRouter(routes);
  await loadLocale(initialLocale());
  document.documentElement.lang = i18n.language;
  createRoot(root).render(
    <AppProviders i18n={i18n} client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}
registerServiceWorker();
