import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadState } from '#app/ui/LoadState.tsx';
import { studioMeQuery } from './api.ts';
import { StudioFrame } from './StudioFrame.tsx';
import { StudioStatementCard } from './StudioStatementCard.tsx';
import { studioStatementsQuery } from './statements-api.ts';

function Statements() {
  const { t } = useTranslation();
  const list = useQuery(studioStatementsQuery);
  return (
    <StudioFrame title={t('studio.statements.title')} wide nav>
      <Typography sx={{ mb: 2 }}>{t('studio.statements.intro')}</Typography>
      {list.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {list.isError && <LoadState kind="error" text={t('errors.unknown_error')} />}
      {list.data && list.data.data.length === 0 && <LoadState kind="empty" text={t('studio.statements.empty')} />}
      <Stack spacing={2}>
        {list.data?.data.map((s) => (
          <StudioStatementCard key={s.id} statement={s} />
        ))}
      </Stack>
    </StudioFrame>
  );
}

/** /studio/statements: her statements of reasons and her complaints about them. Needs her session. */
export function StudioStatementsPage() {
  const { t } = useTranslation();
  const me = useQuery(studioMeQuery);
  if (me.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (me.isError) {
    return (
      <StudioFrame title={t('studio.statements.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!me.data) return <Navigate to="/studio/login" replace />;
  return <Statements />;
}
