import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logClientError } from '#app/platform/client-log.ts';
import { LOG_LEVELS } from '#common/constants.ts';

function ErrorPageFailed() {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {t('error_page.failed')}
      </Typography>
      <Link href="/">{t('error_page.home')}</Link>
    </Box>
  );
}

/** Catches an error thrown while the error page itself renders. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logClientError(`error page failed: ${error.message}`, LOG_LEVELS.ERROR, [error, info.componentStack ?? null]);
  }

  override render() {
    return this.state.failed ? <ErrorPageFailed /> : this.props.children;
  }
}
