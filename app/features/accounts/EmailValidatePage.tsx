import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { apiErrorKey, isLinkExpired } from '#app/features/auth/errors.ts';
import { LinkExpired } from '#app/features/auth/LinkExpired.tsx';
import { useSetUser, useUser } from '#app/features/session/api.ts';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { LoadState } from '#app/ui/LoadState.tsx';
import { PageCard } from '#app/ui/PageCard.tsx';
import { useEmailValidate } from './api.ts';

/** /users/email_validate?token=: confirms a changed address once, on arrival. */
export function EmailValidatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = useUser();
  const setUser = useSetUser();
  const validate = useEmailValidate();
  const sent = useRef(false);
  const userId = user?.id;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    // The link may be opened logged out or in another account: only the owner's cache changes.
    validate.mutate(token, { onSuccess: (answer) => answer.user.id === userId && setUser(answer.user) });
  }, [validate, token, userId, setUser]);

  let body = <LoadState kind="loading" text={t('users.email_validate.checking')} sx={{ py: 2 }} />;
  if (validate.isSuccess) {
    body = (
      <FormAlert severity="success" message="users.email_validate.done" values={{ email: validate.data.user.email }} />
    );
  } else if (!token || isLinkExpired(validate.error)) {
    const steps = user ? [{ to: '/users/profile/settings', label: 'profile.title' }] : [];
    body = <LinkExpired next="link_expired.email_change" steps={steps} />;
  } else if (validate.isError) {
    body = <FormAlert message={apiErrorKey(validate.error)} />;
  }
  return (
    <PageCard title={t('users.email_validate.title')} width="xs">
      <Stack spacing={2}>
        {body}
        <Button component={RouterLink} to="/" variant="contained">
          {t('common.home')}
        </Button>
      </Stack>
    </PageCard>
  );
}
