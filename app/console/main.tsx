import { QueryCache, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api-error.ts';
import { startLocale } from './locale.tsx';
import { ConsoleProviders } from './providers.tsx';
import { consoleRoutes } from './routes.tsx';
import { sessionQuery } from './session.ts';

const queryClient = new QueryClient({
  // A 401 anywhere means the session ended (expired, signed out elsewhere, disabled): the frame
  // sees the session gone and sends her to the sign-in, which brings her back.
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (query.queryKey[1] === sessionQuery.queryKey[1]) return;
      if (err instanceof ApiError && err.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      }
    },
  }),
  defaultOptions: {
    queries: {
      retry: (count, err) => count < 2 && (!(err instanceof ApiError) || err.status === 0 || err.status >= 500),
      refetchOnWindowFocus: true,
    },
  },
});
const router = createBrowserRouter(consoleRoutes);

const locale = startLocale();
document.documentElement.lang = locale;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleProviders locale={locale} client={queryClient}>
        <RouterProvider router={router} />
      </ConsoleProviders>
    </StrictMode>,
  );
}
