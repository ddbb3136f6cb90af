import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { useDevice, useLayoutName } from './platform/prefs.tsx';
import { appTheme } from './theme/themes.ts';

function Themed({ children }: { children: ReactNode }) {
  const theme = appTheme(useLayoutName(), useDevice());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** What every page sits in, in the browser and on the server alike: texts, server state, theme. */
export function AppProviders({ i18n, client, children }: { i18n: I18n; client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Themed>{children}</Themed>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
