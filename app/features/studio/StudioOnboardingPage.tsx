import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#app/api-error.ts';
import type { StudioApplication } from '#common/api/onboarding.ts';
import { useStudioLogout } from './api.ts';
import { DocumentUpload } from './DocumentUpload.tsx';
import { applicationQuery, useConfirmEmail, useStartIdCheck } from './onboarding-api.ts';
import { StudioFrame } from './StudioFrame.tsx';

function Step({ title, done, children }: { title: string; done: boolean; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack component="li" spacing={1} sx={{ listStyle: 'none' }}>
      <Typography component="h2" variant="h6">
        {title}{' '}
        <Typography component="span" variant="body2" color={done ? 'success.main' : 'text.secondary'}>
          ({t(done ? 'studio.onboarding.done' : 'studio.onboarding.todo')})
        </Typography>
      </Typography>
      {children}
    </Stack>
  );
}

/** The words for a refused start: every attempt used, or the provider could not open the check. */
const startErrorKey = (error: unknown) =>
  error instanceof ApiError && error.body?.error === 'id_check_attempts_used'
    ? 'errors.id_check_attempts_used'
    : 'studio.onboarding.checkFailed';

/**
 * The identity check: its state (with the provider's reason after a failure, in words), and while
 * she may start one the button, which opens a new session at the provider each time.
 */
function CheckStep({ a }: { a: StudioApplication['application'] }) {
  const { t } = useTranslation();
  const start = useStartIdCheck();
  const { state, reason, attemptsLeft, mayStart } = a.idCheck;
  const ready = a.emailConfirmed && a.documents.id_front && a.documents.selfie;
  const retry = state !== 'none';
  const text =
    state === 'failed'
      ? t('studio.onboarding.check_failed', { reason: t(`studio.onboarding.reasons.${reason ?? 'unknown'}`) })
      : t(`studio.onboarding.check_${state}`);
  return (
    <Step title={t('studio.onboarding.step_check')} done={state === 'passed'}>
      <Typography role="status" data-testid="check-state">
        {text}
      </Typography>
      {state === 'failed' && (
        <Typography color="text.secondary" data-testid="check-retry">
          {attemptsLeft > 0
            ? t('studio.onboarding.retryHint', { count: attemptsLeft })
            : t('studio.onboarding.noAttemptsLeft')}
        </Typography>
      )}
      {mayStart && (
        <>
          {!ready && <Typography color="text.secondary">{t('studio.onboarding.checkNeeds')}</Typography>}
          <Button
            variant="contained"
            disabled={!ready}
            loading={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: ({ link }) => window.location.assign(link) })}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(retry ? 'studio.onboarding.retryCheck' : 'studio.onboarding.startCheck')}
          </Button>
          {start.isError && <Alert severity="error">{t(startErrorKey(start.error))}</Alert>}
        </>
      )}
    </Step>
  );
}

/** The confirmation link of her mail (`?confirm=`): sent once, then dropped from the address. */
function useConfirmFromLink() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmEmail();
  const token = params.get('confirm');
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSettled: () => setParams({}, { replace: true }) });
  }, [token, confirm, setParams]);
  return confirm;
}

/** /studio/onboarding: a pending performer's application: her state, what is missing, and nothing else of the studio. */
export function StudioOnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const application = useQuery({
    ...applicationQuery,
    // While the ID provider decides, look again now and then.
    refetchInterval: (q) =>
      ['started', 'pending'].includes(q.state.data?.application.idCheck.state ?? '') ? 3000 : false,
  });
  const confirm = useConfirmFromLink();
  const logout = useStudioLogout();
  if (application.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (application.isError) {
    return (
      <StudioFrame title={t('studio.onboarding.title')}>
        <Alert severity="error">{t('errors.unknown_error')}</Alert>
      </StudioFrame>
    );
  }
  if (!application.data) return <Navigate to="/studio/login" replace />;
  const { performer, application: a } = application.data;
  if (performer.status === 'active') return <Navigate to="/studio" replace />;
  const pending = performer.status === 'pending';
  const signOut = () =>
    logout.mutate(undefined, { onSettled: () => void navigate('/studio/login', { replace: true }) });
  return (
    <StudioFrame title={t('studio.onboarding.title')}>
      <Stack spacing={3}>
        <Typography>{t('studio.onboarding.intro', { show: a.showName })}</Typography>
        <Alert severity={pending ? 'info' : 'error'} role="status" data-testid="application-status">
          {t(`studio.onboarding.status_${performer.status}`)}
          {a.rejectionReason && <> {t('studio.onboarding.rejectedReason', { reason: a.rejectionReason })}</>}
        </Alert>
        {confirm.isPending && <Alert severity="info">{t('studio.onboarding.confirming')}</Alert>}
        {confirm.isError && <Alert severity="error">{t('studio.onboarding.confirmFailed')}</Alert>}
        {pending && a.submitted && a.idCheck.state === 'passed' && (
          <Alert severity="success">{t('studio.onboarding.waiting')}</Alert>
        )}
        {pending && (
          <Stack component="ol" spacing={3} sx={{ p: 0, m: 0 }} aria-label={t('studio.onboarding.steps')}>
            <Step
              title={t(a.emailConfirmed ? 'studio.onboarding.step_email_done' : 'studio.onboarding.step_email')}
              done={a.emailConfirmed}
            >
              {!a.emailConfirmed && (
                <Typography color="text.secondary">{t('studio.onboarding.step_email_hint')}</Typography>
              )}
            </Step>
            <Step title={t('studio.onboarding.step_documents')} done={a.documents.id_front && a.documents.selfie}>
              {(['id_front', 'id_back', 'selfie'] as const).map((kind) => (
                <DocumentUpload
                  key={kind}
                  kind={kind}
                  uploaded={a.documents[kind]}
                  disabled={!['none', 'failed'].includes(a.idCheck.state)}
                />
              ))}
            </Step>
            <CheckStep a={a} />
          </Stack>
        )}
        <Divider />
        <Stack direction="row" spacing={2}>
          <Button onClick={() => void application.refetch()}>{t('studio.onboarding.refresh')}</Button>
          <Button onClick={signOut} loading={logout.isPending}>
            {t('studio.onboarding.signOut')}
          </Button>
        </Stack>
      </Stack>
    </StudioFrame>
  );
}
