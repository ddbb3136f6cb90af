import { MutationCache, type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQuery } from './features/session/api.ts';
import { ApiError } from './http.ts';
import { i18n } from './i18n.ts';
import { globalErrorAction } from './platform/global-errors.ts';
import { navigateTo } from './platform/navigation.ts';

let loggingOut = false;

/** Applies the global error rules to a failed query or mutation. */
export async function handleGlobalError(error: unknown) {
  const loggedIn = Boolean(queryClient.getQueryData(sessionQuery.queryKey)?.user);
  const action = globalErrorAction(error, loggedIn);
  if (!action) return;
  if (action.kind === 'navigate') {
    if (window.location.pathname !== action.to) navigateTo(action.to);
    return;
  }
  if (loggingOut) return;
  loggingOut = true;
  try {
    // A call answered for a session that was replaced while it ran (the activation link or a
    // sign-in hands this browser a new one) says nothing about the new one: ask before ending it.
    if (await stillSignedIn()) return;
    await fetch('/api/auth/csrf-cookie', { credentials: 'same-origin' }).catch(() => undefined);
    navigateTo('/logout');
  } finally {
    loggingOut = false;
  }
}

/** Whether this browser's session, read afresh, still has a member (the cached one is updated). */
async function stillSignedIn(): Promise<boolean> {
  const fresh = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0, retry: false }).catch(() => null);
  return Boolean(fresh?.user);
}

/** One client for the app; 4xx answers are final, so only network and 5xx failures retry. */
export const queryClient = new QueryClient({
  // The studio's calls speak for a performer: her 401 must not sign a member of this browser out.
  queryCache: new QueryCache({
    onError: (error, query) => void (query.meta?.audience === 'performer' || handleGlobalError(error)),
  }),
  mutationCache: new MutationCache({
    onError: (error, _v, _c, mutation) => void (mutation.meta?.audience === 'performer' || handleGlobalError(error)),
  }),
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/**
 * Queries whose answers hold no words of the interface language (or that must not be sent twice:
 * the incentive and the voucher check are posts); every other query is server content.
 */
const LANGUAGE_NEUTRAL = new Set(['session', 'config', 'version', 'incentive', 'mailcheck', 'voucher']);

/** Whether a query's answer is in the interface language (server content with words). */
const inLanguage = (query: Query) => !LANGUAGE_NEUTRAL.has(String(query.queryKey[0]));

/**
 * Makes cached server content follow the interface language. When it changes, content that no
 * view uses is dropped, so a page opened later waits for its new-language answer instead of
 * showing the old one first (which stays on screen for good when that refetch fails); content in
 * use is invalidated, so what is on screen refetches at once and keeps its place until the answer
 * comes. Returns the unsubscribe.
 */
export function followLanguage(client: QueryClient): () => void {
  let current = i18n.language;
  const changed = (language: string) => {
    if (language === current) return;
    current = language;
    client.removeQueries({ predicate: (q) => inLanguage(q) && q.getObserversCount() === 0 });
    void client.invalidateQueries({ predicate: inLanguage });
  };
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}

followLanguage(queryClient);
