import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiResponse } from '#app/http.ts';
import { clientBuildId } from '#app/platform/build.ts';
import { UPDATE_NOTICE_DELAY_MS, UPDATE_NOTICE_SNOOZE_MS } from '#common/constants.ts';
import { versionQuery } from './api.ts';

/** Both builds must be known to compare them. */
export const versionsDiffer = (server: string | undefined, client: string) =>
  Boolean(server && client && server !== client);

/** The server's build: from every answer's x-version header, and polled every 30 s. */
function useServerVersion(): string | undefined {
  const client = useQueryClient();
  useEffect(() => {
    const stop = onApiResponse(({ version }) => {
      if (version && client.getQueryData(versionQuery.queryKey) !== version) {
        client.setQueryData(versionQuery.queryKey, version);
      }
    });
    return () => {
      stop();
    };
  }, [client]);
  return useQuery(versionQuery).data;
}

type Phase = 'waiting' | 'shown' | 'snoozed';

/**
 * When the server runs another build than this page, a persistent notice offers a reload after
 * 10 s; "Later" hides it for 5 minutes.
 */
export function UpdateBanner({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const { t } = useTranslation();
  const differ = versionsDiffer(useServerVersion(), clientBuildId());
  const [phase, setPhase] = useState<Phase>('waiting');

  useEffect(() => {
    if (!differ || phase === 'shown') return;
    const wait = phase === 'waiting' ? UPDATE_NOTICE_DELAY_MS : UPDATE_NOTICE_SNOOZE_MS;
    const timer = setTimeout(() => setPhase('shown'), wait);
    return () => clearTimeout(timer);
  }, [differ, phase]);

  return (
    <Snackbar
      open={differ && phase === 'shown'}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72 }, zIndex: (theme) => theme.zIndex.drawer - 1 }}
    >
      <Alert
        severity="info"
        variant="filled"
        role="alert"
        sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-action': { pt: 0 } }}
        action={
          <>
            <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setPhase('snoozed')}>
              {t('update.later')}
            </Button>
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              sx={{ whiteSpace: 'nowrap', ml: 1 }}
              onClick={onReload}
            >
              {t('update.reload')}
            </Button>
          </>
        }
      >
        {t('update.message')}
      </Alert>
    </Snackbar>
  );
}
