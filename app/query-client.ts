import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/** One client for the app; 4xx answers are final, so only network and 5xx failures retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
