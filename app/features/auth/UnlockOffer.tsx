import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '#app/ui/FormAlert.tsx';
import { useSendUnlock } from './api.ts';
import { apiErrorKey } from './errors.ts';

/**
 * Offered when a login is refused for too many attempts: a mailed link that makes this browser
 * a known device of the account, so the right password passes again. The answer is the same
 * whether the name has an account.
 */
export function UnlockOffer({ username }: { username: string }) {
  const { t } = useTranslation();
  const send = useSendUnlock();
  if (send.isSuccess) return <FormAlert severity="info" message="login.unlock.sent" values={{ name: username }} />;
  return (
    <Stack spacing={1}>
      {send.isError && <FormAlert message={apiErrorKey(send.error)} />}
      <Button variant="outlined" loading={send.isPending} onClick={() => send.mutate({ username })}>
        {t('login.unlock.send')}
      </Button>
    </Stack>
  );
}
