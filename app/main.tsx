import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n, initialLocale, loadLocale } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { applyLayout } from './shell/layout.ts';
import { useShellStore } from './shell/store.ts';
import { appTheme } from './theme/themes.ts';

function App() {
  const layout = useShellStore((s) => s.layout);
  return (
    <ThemeProvider theme={appTheme(layout)}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}

applyLayout(useShellStore.getState().layout);
// The router's loader (session, config) runs meanwhile: it started when router.tsx was evaluated.
await loadLocale(initialLocale());
document.documentElement.lang = i18n.language;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
