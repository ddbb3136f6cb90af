import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Locale } from '#common/constants.ts';
import { appTheme } from '../theme/themes.ts';
import { setConsoleLanguage } from './api.ts';
import { LocaleProvider, useLocale } from './locale.tsx';
import { NotifierProvider } from './ui/Notifier.tsx';

function Languaged({ children }: { children: ReactNode }) {
  setConsoleLanguage(useLocale().locale);
  return children;
}

/** What every console screen sits in, in the browser and in tests: language, server state, theme, feedback. */
export function ConsoleProviders(props: { locale: Locale; client: QueryClient; children: ReactNode }) {
  return (
    <LocaleProvider initial={props.locale}>
      <Languaged>
        <QueryClientProvider client={props.client}>
          <ThemeProvider theme={appTheme()}>
            <CssBaseline />
            <NotifierProvider>{props.children}</NotifierProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </Languaged>
    </LocaleProvider>
  );
}
