import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { configQuery } from '#app/features/session/api.ts';
import { logClientError } from '#app/platform/client-log.ts';
import { isStaleChunkError, reloadForStaleChunk } from '#app/platform/stale-chunk.ts';
import { useTitle } from '#app/platform/use-title.ts';
import { LOG_LEVELS } from '#common/constants.ts';
import { ErrorPageBoundary } from './ErrorPageBoundary.tsx';
import { type ErrorPageKind, errorPageKind, errorStatus } from './error-status.ts';

/** Error page by status (spec part 1 section 8): 401, 404, and maintenance for anything else. */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageBoundary>
      <ErrorContent error={error} />
    </ErrorPageBoundary>
  );
}

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'route error';

function ErrorContent({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const kind = errorPageKind(status);
  useEffect(() => {
    if (isStaleChunkError(error) && reloadForStaleChunk()) return;
    if (kind === 'maintenance') logClientError(`${status}: ${errorMessage(error)}`, LOG_LEVELS.ERROR, [error]);
  }, [error, kind, status]);
  return (
    <Box
      component="section"
      aria-labelledby="error-title"
      sx={{ px: 3, py: { xs: 6, md: 10 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}
    >
      <Typography variant="overline" sx={{ color: 'text.secondary', fontSize: 14 }}>
        {status}
      </Typography>
      <ErrorBody kind={kind} />
    </Box>
  );
}

function ErrorBody({ kind }: { kind: ErrorPageKind }) {
  const { t } = useTranslation();
  const email = useQuery(configQuery).data?.supportEmail ?? '';
  useTitle(`error_page.${kind}.title`);
  return (
    <>
      <Typography id="error-title" variant="h4" component="h1" sx={{ mb: 2, fontWeight: 700 }}>
        {t(`error_page.${kind}.title`)}
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>
        {kind === 'logged_out' ? (
          <Trans
            i18nKey="error_page.logged_out.body"
            values={{ email }}
            components={{ mail: <Link href={`mailto:${email}`} /> }}
          />
        ) : (
          t(`error_page.${kind}.body`)
        )}
      </Typography>
      {kind === 'maintenance' ? (
        <Button variant="outlined" onClick={() => window.location.reload()}>
          {t('error_page.retry')}
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to="/">
          {t('error_page.home')}
        </Button>
      )}
    </>
  );
}
