import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiErrorKey } from '#app/features/auth/errors.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { useStudioUnlock } from './api.ts';
import { StudioFrame } from './StudioFrame.tsx';

/**
 * /studio/unlock?token=: the mailed unlock link of a studio account, used once on arrival. This
 * browser becomes a known device of her account; she then signs in with her password.
 */
export function StudioUnlockPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unlock = useStudioUnlock();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (token) unlock.mutate({ token });
  }, [unlock, token]);

  const toLogin = { to: '/studio/login', label: 'studio.unlock.to_login' };
  let body: ReactNode;
  if (unlock.isSuccess) {
    body = <FormAlert severity="success" message="studio.unlock.done" link={toLogin} />;
  } else if (unlock.isError || !token) {
    const key = unlock.isError ? apiErrorKey(unlock.error, 'errors.unlock_invalid') : 'errors.unlock_invalid';
    body = <FormAlert message={key} link={toLogin} />;
  } else {
    body = <LoadState kind="loading" text={t('studio.unlock.checking')} sx={{ py: 2 }} />;
  }
  return <StudioFrame title={t('studio.unlock.title')}>{body}</StudioFrame>;
}
