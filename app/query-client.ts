import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQuery } from './features/session/api.ts';
import { ApiError } from './http.ts';
import { globalErrorAction } from './shell/global-errors.ts';
import { navigateTo } from './shell/navigation.ts';

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
    await fetch('/api/auth/csrf-cookie', { credentials: 'same-origin' }).catch(() => undefined);
    navigateTo('/logout');
  } finally {
    loggingOut = false;
  }
}

/** One client for the app; 4xx answers are final, so only network and 5xx failures retry. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => void handleGlobalError(error) }),
  mutationCache: new MutationCache({ onError: (error) => void handleGlobalError(error) }),
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
