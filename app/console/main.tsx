import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ApiError } from '../api-error.ts';
import { appTheme } from '../theme/themes.ts';
import { setConsoleLanguage } from './api.ts';
import { LocaleProvider, startLocale, useLocale } from './locale.tsx';
import { consoleRoutes } from './routes.tsx';
import { sessionQuery } from './session.ts';
import { NotifierProvider } from './ui/Notifier.tsx';

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

function Languaged({ children }: { children: React.ReactNode }) {
  setConsoleLanguage(useLocale().locale);
  return children;
}

const locale = startLocale();
document.documentElement.lang = locale;
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider initial={locale}>
        <Languaged>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider theme={appTheme()}>
              <CssBaseline />
              <NotifierProvider>
                <RouterProvider router={router} />
              </NotifierProvider>
            </ThemeProvider>
          </QueryClientProvider>
        </Languaged>
      </LocaleProvider>
    </StrictMode>,
  );
}
