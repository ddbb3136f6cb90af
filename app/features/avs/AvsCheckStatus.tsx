import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { sessionQuery } from '#app/features/session/api.ts';
import { LoadState } from '#app/ui/LoadState.tsx';
import type { StartBody } from '#common/api/avs.ts';
import { avsStatusQuery } from './api.ts';
import { StartCheckButton } from './StartCheckButton.tsx';

/** How long a passed check stays on screen before the page moves on. */
const FORWARD_AFTER_MS = 2000;

/**
 * Back from the provider with `check=<id>`: polls the status (every `intervalMs`, at most
 * `maxPolls` times) and shows passed (then moves on), failed with the reason and a retry, or
 * still processing with a way to look again.
 */
export function AvsCheckStatus({
  checkId,
  destination,
  startBody,
  intervalMs = 1000,
  maxPolls = 30,
}: {
  checkId: number;
  destination: string;
  startBody: StartBody;
  intervalMs?: number;
  maxPolls?: number;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const options = avsStatusQuery(checkId);
  const status = useQuery({
    ...options,
    refetchInterval: (q) =>
      q.state.data?.check?.state === 'pending' && q.state.dataUpdateCount < maxPolls ? intervalMs : false,
  });
  const check = status.data?.check ?? null;
  // Reading dataUpdatedAt subscribes to every answer, even one equal to the last.
  const polls = status.dataUpdatedAt ? (client.getQueryState(options.queryKey)?.dataUpdateCount ?? 0) : 0;
  const passed = check?.state === 'passed';

  useEffect(() => {
    if (!passed) return;
    void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
    const timer = setTimeout(() => navigate(destination, { replace: true }), FORWARD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [passed, client, navigate, destination]);

  const lookAgain = () => void client.resetQueries({ queryKey: options.queryKey, exact: true });

  if (status.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {t('errors.unknown_error')}
        </Alert>
        <Button onClick={lookAgain} sx={{ alignSelf: 'flex-start' }}>
          {t('avs.check_again')}
        </Button>
      </Stack>
    );
  }
  if (status.isPending || (check?.state === 'pending' && polls < maxPolls)) {
    return <LoadState kind="loading" row size={28} text={t('avs.checking')} sx={{ py: 2 }} />;
  }
  if (!check) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{t('avs.not_found')}</Alert>
        <StartCheckButton body={startBody} label="avs.start" />
      </Stack>
    );
  }
  if (passed) {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('avs.passed')} {t('avs.forwarding')}
        </Alert>
        <Button component={RouterLink} to={destination} replace variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {t('avs.continue')}
        </Button>
      </Stack>
    );
  }
  if (check.state === 'failed') {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          <strong>{t('avs.failed')}</strong> {t(`avs.failures.${check.failure ?? 'unknown'}`)}
        </Alert>
        <StartCheckButton body={startBody} label="avs.retry" />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info" role="status">
        {t('avs.processing')}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button onClick={lookAgain} variant="contained">
          {t('avs.check_again')}
        </Button>
        <StartCheckButton body={startBody} label="avs.retry" variant="outlined" />
      </Stack>
    </Stack>
  );
}
