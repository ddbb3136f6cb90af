import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSessionState } from '#app/features/session/api.ts';
import { PageCard } from '#app/ui/PageCard.tsx';
import { AvsCheckStatus } from './AvsCheckStatus.tsx';
import { destinationFor, startBodyFor } from './destination.ts';
import { StartCheckButton } from './StartCheckButton.tsx';

const checkIdOf = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * /avs: the age check. Explains why (youth protection, JMStV; with kjm=1 the KJM note), starts
 * the provider's check, and on the way back (`check=<id>`) follows it to its result. A passed
 * check leads to the voice call (target=voicecall), the page that asked, or home.
 */
export function AvsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { session } = useSessionState();
  const kjm = params.get('kjm') === '1';
  const target = params.get('target');
  const checkId = checkIdOf(params.get('check'));
  const destination = destinationFor(target);
  const startBody = startBodyFor(target, kjm);

  let body: ReactNode;
  if (checkId !== null) {
    body = <AvsCheckStatus checkId={checkId} destination={destination} startBody={startBody} />;
  } else if (session.agechecked) {
    body = (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {t('avs.verified')}
        </Alert>
        <Button component={RouterLink} to={destination} variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {t('avs.continue')}
        </Button>
      </Stack>
    );
  } else {
    body = <StartCheckButton body={startBody} label="avs.start" />;
  }

  const explanation = (
    <Stack spacing={2}>
      <Typography>{t('avs.why')}</Typography>
      {target === 'voicecall' && <Typography>{t('avs.why_voicecall')}</Typography>}
      {kjm && (
        <Alert severity="info" variant="outlined" role="note">
          {t('avs.kjm')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('avs.privacy')}
      </Typography>
    </Stack>
  );
  // Back from the provider, the result comes first (on a phone it would be below the fold).
  return (
    <PageCard title={t('avs.title')}>
      <Stack spacing={3}>
        {checkId !== null ? body : explanation}
        {checkId !== null ? explanation : body}
      </Stack>
    </PageCard>
  );
}
